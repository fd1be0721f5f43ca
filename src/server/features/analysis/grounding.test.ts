/**
 * Issue 25: numbers in a model's text are checked at the chart's own scale. An invented price
 * several times the chart's is a price (and off the chart); a distance in pips or points is
 * checked as a distance against the chart's visible range.
 */
import { describe, expect, it } from 'vitest';
import { AnalysisSettingsSchema, type ChartFacts, type ModelAnswer } from '../../../shared/analysis';
import { eurusdFacts } from '../../test/charts';
import { distanceUnits, groundAnswer } from './grounding';

/** A EURUSD chart showing 1.0800 to 1.0900 (100 pips), as the engine reads it. */
const chart: ChartFacts = eurusdFacts;
const settings = AnalysisSettingsSchema.parse({ riskReward: 2 });

const answer = (analysis: string, decisionRationales: string[] = []): ModelAnswer => ({
  trend: 'uptrend',
  entryPoint: '1.0850',
  stopLoss: '1.0820',
  takeProfit: '1.0910',
  confidence: 70,
  analysis,
  recommendedAction: 'buy',
  decisionRationales,
});

describe('the text of a model answer', () => {
  it('catches an invented price at six times the chart price', () => {
    const grounded = groundAnswer(
      answer('Price holds above 1.0820 with higher lows. The next target is 6.5100 after the breakout. Momentum is rising.', ['Target 6.51 in sight', 'Support at 1.0820 held']),
      chart,
      settings,
    );
    expect(grounded.ok).toBe(true);
    if (!grounded.ok) return;
    expect(grounded.dropped).toEqual([6.51]);
    expect(grounded.answer.analysis).not.toContain('6.51');
    expect(grounded.answer.decisionRationales).toEqual(['Support at 1.0820 held']);
  });

  it('keeps a distance in pips that fits the chart and drops one far longer than it', () => {
    const grounded = groundAnswer(
      answer('The stop is 30 pips below the entry. The target lies 3000 pips away. Higher lows support the trade.', ['A 60 pips target', 'Worth 25,000 points']),
      chart,
      settings,
    );
    expect(grounded.ok).toBe(true);
    if (!grounded.ok) return;
    expect(grounded.answer.analysis).toBe('The stop is 30 pips below the entry. Higher lows support the trade.');
    // 25,000 points at the chart's fifth decimal is 0.25: twenty-five times the chart's range.
    expect(grounded.answer.decisionRationales).toEqual(['A 60 pips target']);
    expect(grounded.dropped).toEqual([3000, 25000]);
  });

  it('counts pips in the instrument chosen or read on the chart, else from the decimals', () => {
    expect(distanceUnits(chart, settings)).toEqual({ pipSize: 0.0001, pointSize: 0.00001 });
    const yen = { ...chart, lastPrice: 150.2, precision: 3, symbol: 'USDJPY' };
    expect(distanceUnits(yen, settings).pipSize).toBe(0.01);
    const gold = { ...chart, lastPrice: 2650, precision: 2 };
    expect(distanceUnits(gold, AnalysisSettingsSchema.parse({ symbol: 'XAUUSD' })).pipSize).toBe(0.1);
    expect(distanceUnits(gold, AnalysisSettingsSchema.parse({ symbol: 'OTHER', pipSize: 0.5, contractSize: 10 })).pipSize).toBe(0.5);
  });
});
