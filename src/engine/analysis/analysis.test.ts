import { describe, expect, it } from 'vitest';
import { AnalysisSettingsSchema } from '../../shared/analysis.js';
import type { PriceCandle } from '../read-chart.js';
import { analyseSeries } from './index.js';

/** A clear uptrend: up 3, down 1, repeated, from `start` (two-decimal prices). */
const uptrend = (start = 100): PriceCandle[] => {
  const candles: PriceCandle[] = [];
  let price = start;
  for (let i = 0; i < 80; i++) {
    const open = price;
    price += i % 4 === 3 ? -0.6 : 0.8;
    candles.push({ open, close: price, high: Math.max(open, price) + 0.3, low: Math.min(open, price) - 0.3 });
  }
  return candles;
};

const settings = (overrides: Record<string, unknown>) => AnalysisSettingsSchema.parse({ timeFrame: '1h', riskReward: 2, ...overrides });

describe('the action agrees with the sizing', () => {
  it('a trend the account can take is a trade; one whose smallest lot risks too much is wait, with the reason', () => {
    // Gold's prices: the symbol must fit the chart to be sized.
    const large = analyseSeries(uptrend(2650), settings({ capitalSize: 5000, symbol: 'XAUUSD' }), 2).result;
    expect(large.recommendedAction).toBe('buy');
    expect(large.positionSizing).toMatch(/The largest lot size within your limit is/);

    // 10 USD risks 4% = 0.40 USD; gold at 10 USD per pip per lot loses more than that at 0.01 lots.
    const small = analyseSeries(uptrend(2650), settings({ capitalSize: 10, symbol: 'XAUUSD' }), 2).result;
    expect(small.recommendedAction).toBe('wait');
    expect(small.confidence).toBeLessThanOrEqual(60);
    expect(small.analysis).toMatch(/too far for your account size/);
    expect(small.positionSizing).toMatch(/Even the smallest lot \(0\.01\) would lose/);
    expect(small.positionSizing).not.toMatch(/reduce/i);
    // Same levels either way: only the verdict differs.
    expect([small.entryPoint, small.stopLoss, small.takeProfit]).toEqual([large.entryPoint, large.stopLoss, large.takeProfit]);
  });
});

describe('a lot value assumed from the prices', () => {
  it('gives sizing advice but does not turn a trade into wait (it is on the safe side, not the instrument)', () => {
    // Yen-like prices, no instrument chosen, 10 USD capital: even 0.01 lots risks more than 0.40 USD.
    const { result } = analyseSeries(uptrend(), settings({ capitalSize: 10 }), 2);
    expect(result.positionSizing).toMatch(/Even the smallest lot \(0\.01\) would lose/);
    expect(result.recommendedAction).toBe('buy');
  });
});

describe('reasons in plain words', () => {
  it('name a technical measure only in brackets', () => {
    const { result } = analyseSeries(uptrend(), settings({ capitalSize: 100 }), 2);
    const jargon = /R²|R-squared|average true range|\bATR\b|moving average|regression|\bSMA\b/i;
    for (const text of [result.analysis, ...result.decisionRationales]) {
      const outsideBrackets = text.replace(/\([^)]*\)/g, '');
      expect(outsideBrackets, text).not.toMatch(jargon);
    }
    expect(result.decisionRationales.length).toBeGreaterThanOrEqual(3);
  });
});

describe("a line chart's analysis", () => {
  it('speaks of the line, not of candles, and of the same prices', () => {
    const asCandles = analyseSeries(uptrend(), settings({ capitalSize: 1000 }), 2).result;
    const asLine = analyseSeries(uptrend(), settings({ capitalSize: 1000 }), 2, undefined, 'line').result;
    expect(asCandles.analysis).toMatch(/over the last 80 candles/);
    expect(asLine.analysis).toMatch(/across the line in view/);
    for (const text of [asLine.analysis, ...asLine.decisionRationales]) expect(text).not.toMatch(/candle/);
    expect(asLine.entryPoint).toBe(asCandles.entryPoint);
    expect(asLine.trend).toBe(asCandles.trend);
  });
});
