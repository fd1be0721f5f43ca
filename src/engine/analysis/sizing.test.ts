import { describe, expect, it } from 'vitest';
import { assumedLotValue, findInstrument, instrumentMismatch, lotValue, resolveLotValue, type Instrument } from '../../shared/instruments.js';
import { computePositionSizing, describeSizing, pipSizeForPrecision, riskPercentForCapital } from './sizing.js';

describe('riskPercentForCapital', () => {
  it('follows the capital bands of SPEC §7', () => {
    expect(riskPercentForCapital(10)).toBe(4);
    expect(riskPercentForCapital(50)).toBe(4);
    expect(riskPercentForCapital(51)).toBe(3);
    expect(riskPercentForCapital(200)).toBe(3);
    expect(riskPercentForCapital(500)).toBe(2);
    expect(riskPercentForCapital(1000)).toBe(2);
    expect(riskPercentForCapital(5000)).toBe(1);
  });
});

describe('pipSizeForPrecision', () => {
  it('uses the fourth decimal for 4-5 decimal quotes and the second for 2-3', () => {
    expect(pipSizeForPrecision(5)).toBe(0.0001);
    expect(pipSizeForPrecision(4)).toBe(0.0001);
    expect(pipSizeForPrecision(3)).toBe(0.01);
    expect(pipSizeForPrecision(2)).toBe(0.01);
    expect(pipSizeForPrecision(0)).toBe(1);
  });
});

const instrument = (symbol: string): Instrument => {
  const found = findInstrument(symbol);
  if (!found) throw new Error(`no ${symbol}`);
  return found;
};

/**
 * Each case worked out by hand. Capital 100 USD risks 3% = 3.00 USD; capital 10,000 USD risks
 * 1% = 100.00 USD. Lots: the largest multiple of 0.01 whose loss at the stop is within that.
 */
const CASES = [
  {
    symbol: 'EURUSD',
    entry: 1.085,
    stop: 1.083,
    // 1 lot = 100,000 EUR; pip 0.0001; pip value 100,000 × 0.0001 = 10 USD. Stop 0.0020 = 20 pips.
    // Loss per lot 20 × 10 = 200 USD; per 0.01 lot 2.00 USD.
    contract: '100,000 EUR',
    pipValue: 10,
    stopPips: 20,
    lossPerLot: 200,
    // 3 / 200 = 0.015 → 0.01 lots; 100 / 200 = 0.5 → 0.50 lots.
    at100: 0.01,
    at10k: 0.5,
  },
  {
    symbol: 'USDJPY',
    entry: 150,
    stop: 149.5,
    // 1 lot = 100,000 USD; pip 0.01; 100,000 × 0.01 = 1,000 JPY per pip; at 150 JPY per USD 1000/150 = 6.6667 USD.
    // Stop 0.50 = 50 pips → 50 × 6.6667 = 333.33 USD per lot; per 0.01 lot 3.33 USD.
    contract: '100,000 USD',
    pipValue: 1000 / 150,
    stopPips: 50,
    lossPerLot: 50000 / 150,
    // 3 / 333.33 = 0.009 → none (too large); 100 / 333.33 = 0.30 → 0.30 lots.
    at100: 0,
    at10k: 0.3,
  },
  {
    symbol: 'EURGBP',
    entry: 0.8600,
    stop: 0.8585,
    // 1 lot = 100,000 EUR; pip 0.0001 → 10 GBP per pip; at the stated approximation 1 GBP = 1.30 USD: 13 USD.
    // Stop 0.0015 = 15 pips → 15 × 13 = 195 USD per lot.
    contract: '100,000 EUR',
    pipValue: 13,
    stopPips: 15,
    lossPerLot: 195,
    // 3 / 195 = 0.0154 → 0.01; 100 / 195 = 0.513 → 0.51.
    at100: 0.01,
    at10k: 0.51,
  },
  {
    symbol: 'XAUUSD',
    entry: 2650.0,
    stop: 2640.0,
    // 1 lot = 100 troy ounces; pip 0.10 → 100 × 0.1 = 10 USD per pip. Stop 10.00 = 100 pips → 1,000 USD per lot
    // (each ounce loses 10 USD, 100 ounces 1,000 USD); per 0.01 lot 10.00 USD.
    contract: '100 troy ounces',
    pipValue: 10,
    stopPips: 100,
    lossPerLot: 1000,
    // 3 / 1000 → none; 100 / 1000 = 0.10 lots.
    at100: 0,
    at10k: 0.1,
  },
  {
    symbol: 'XAGUSD',
    entry: 31.2,
    stop: 31.05,
    // 1 lot = 5,000 troy ounces; pip 0.001 → 5,000 × 0.001 = 5 USD per pip. Stop 0.15 = 150 pips → 750 USD per lot.
    contract: '5,000 troy ounces',
    pipValue: 5,
    stopPips: 150,
    lossPerLot: 750,
    // 3 / 750 = 0.004 → none; 100 / 750 = 0.133 → 0.13.
    at100: 0,
    at10k: 0.13,
  },
  {
    symbol: 'US30',
    entry: 44000,
    stop: 43880,
    // 1 lot = 1 USD per index point; pip = 1 point → 1 USD per pip. Stop 120 points → 120 USD per lot.
    contract: '1 USD per index point',
    pipValue: 1,
    stopPips: 120,
    lossPerLot: 120,
    // 3 / 120 = 0.025 → 0.02; 100 / 120 = 0.833 → 0.83.
    at100: 0.02,
    at10k: 0.83,
  },
  {
    symbol: 'BTCUSD',
    entry: 95000,
    stop: 94000,
    // 1 lot = 1 BTC; pip = 1 USD → 1 USD per pip. Stop 1,000 USD → 1,000 USD per lot; 0.01 BTC loses 10 USD.
    contract: '1 BTC',
    pipValue: 1,
    stopPips: 1000,
    lossPerLot: 1000,
    // 3 / 1000 → none; 100 / 1000 = 0.10.
    at100: 0,
    at10k: 0.1,
  },
] as const;

describe('position sizing per instrument, worked out by hand', () => {
  it.each(CASES)('$symbol at 100 and 10,000 USD capital', (c) => {
    const lot = lotValue(instrument(c.symbol), c.entry);
    expect(lot.contract).toBe(c.contract);
    expect(lot.pipValuePerLotUsd).toBeCloseTo(c.pipValue, 6);
    for (const [capital, expected, risk] of [
      [100, c.at100, 3],
      [10_000, c.at10k, 100],
    ] as const) {
      const s = computePositionSizing({ capital, userLots: 0.01, entry: c.entry, stop: c.stop, lot });
      expect(s.moneyAtRisk).toBeCloseTo(risk, 9);
      expect(s.stopPips).toBeCloseTo(c.stopPips, 6);
      expect(s.lossPerLot).toBeCloseTo(c.lossPerLot, 6);
      expect(s.recommendedLots).toBe(expected);
      expect(s.verdict).toBe(expected >= 0.01 ? 'fits' : 'too-large');
      const text = describeSizing(s);
      // The result states the contract size it assumed.
      expect(text).toContain(`1 lot = ${c.contract}`);
      if (expected >= 0.01) expect(text).toContain(`The largest lot size within your limit is ${expected.toFixed(2)}`);
      else expect(text).toContain(`Even the smallest lot (0.01) would lose ${(0.01 * c.lossPerLot).toFixed(2)} USD at the stop`);
    }
  });

  it('says a cross uses an approximate rate, and a USD-based pair the chart price', () => {
    expect(lotValue(instrument('EURGBP'), 0.86).basis).toMatch(/approximate rate/);
    expect(lotValue(instrument('USDJPY'), 150).basis).toMatch(/at the chart's price of 150/);
  });
});

describe('an instrument that does not fit the chart', () => {
  it("gives no lot size, and says why, when the symbol chosen cannot be the chart's (gold's sizes on a EURUSD chart)", () => {
    const settings = { symbol: 'XAUUSD' };
    // Gold's pip (0.1) on a 20-pip EURUSD stop would read 0.0 pips and advise 15 lots on 100 USD.
    expect(resolveLotValue(settings, 1.085, 5)).toBeNull();
    const reason = instrumentMismatch(settings, 1.085);
    expect(reason).toContain('do not fit XAUUSD');
    const s = computePositionSizing({ capital: 100, userLots: 0.01, entry: 1.085, stop: 1.083, lot: null, noLotReason: reason });
    expect(s.verdict).toBe('unknown');
    expect(s.recommendedLots).toBe(0);
    expect(describeSizing(s)).toContain("The chart's prices (around 1.085) do not fit XAUUSD (Gold / US Dollar)");
  });

  it('sizes every listed instrument at a price it trades at, and none at a price a hundred times off', () => {
    for (const [symbol, price] of [
      ['EURUSD', 1.085],
      ['USDJPY', 150],
      ['XAUUSD', 2650],
      ['XAGUSD', 31],
      ['US30', 42_000],
      ['BTCUSD', 95_000],
    ] as const) {
      expect(resolveLotValue({ symbol }, price, 2), symbol).not.toBeNull();
      expect(instrumentMismatch({ symbol }, price), symbol).toBeNull();
      expect(resolveLotValue({ symbol }, price / 100, 2), `${symbol} / 100`).toBeNull();
      expect(resolveLotValue({ symbol }, price * 100, 2), `${symbol} × 100`).toBeNull();
    }
  });
});

describe('a lot value assumed from the prices alone', () => {
  it('is the highest the class can be worth, so the advice stays within the limit whichever pair it is', () => {
    // GBPJPY at 190: a pip is 1,000 JPY, about 6.67 USD at 150 yen to the dollar, not 1000 / 190.
    expect(assumedLotValue(190, 3)?.pipValuePerLotUsd).toBeCloseTo(1000 / 150, 6);
    // USDJPY at 120: 1000 / 120 = 8.33 USD, more than the approximate rate gives.
    expect(assumedLotValue(120, 3)?.pipValuePerLotUsd).toBeCloseTo(1000 / 120, 6);
    // USDCHF at 0.88: 10 CHF is 11.36 USD; EURUSD at 1.085: 10 USD.
    expect(assumedLotValue(0.88, 5)?.pipValuePerLotUsd).toBeCloseTo(10 / 0.88, 6);
    expect(assumedLotValue(1.085, 5)?.pipValuePerLotUsd).toBe(10);
    expect(assumedLotValue(1.085, 5)?.basis).toMatch(/safe side/);
  });
});

describe('sizing advice that adds up', () => {
  const eurusd = lotValue(instrument('EURUSD'), 1.085);

  it('never tells a trader at 0.01 lots to reduce to 0.01', () => {
    // 40 pips × 10 USD = 400 USD per lot, 4 USD per 0.01 lot: more than 3 USD.
    const text = describeSizing(computePositionSizing({ capital: 100, userLots: 0.01, entry: 1.085, stop: 1.081, lot: eurusd }));
    expect(text).toContain('Even the smallest lot (0.01) would lose 4.00 USD at the stop, 4.0% of your capital, more than your 3% limit of 3.00 USD.');
    expect(text).not.toMatch(/reduce|use 0\.01 lots instead/i);
  });

  it('points a trader above the limit to the largest lot that fits', () => {
    // 10 pips × 10 = 100 USD per lot; 3 / 100 = 0.03 lots; 0.10 lots lose 10 USD = 10%.
    const text = describeSizing(computePositionSizing({ capital: 100, userLots: 0.1, entry: 1.085, stop: 1.084, lot: eurusd }));
    expect(text).toContain('The largest lot size within your limit is 0.03, which loses 3.00 USD at the stop.');
    expect(text).toContain('Your lot size of 0.10 would lose 10.00 USD (10.0% of capital), more than your limit: use 0.03 lots instead.');
  });

  it('gives no lot size when the instrument is unknown and the prices do not say', () => {
    const lot = resolveLotValue({}, 2650, 2);
    expect(lot).toBeNull();
    const s = computePositionSizing({ capital: 100, userLots: 0.01, entry: 2650, stop: 2640, lot });
    expect(s.verdict).toBe('unknown');
    expect(describeSizing(s)).toMatch(/choose the instrument in the settings/);
  });

  it('sizes an instrument outside the list from the pip and contract size given', () => {
    const lot = resolveLotValue({ symbol: 'OTHER', pipSize: 0.01, contractSize: 1000 }, 50, 2);
    // 1000 × 0.01 = 10 USD per pip per lot.
    expect(lot?.pipValuePerLotUsd).toBeCloseTo(10);
  });
});
