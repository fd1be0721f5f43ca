import { describe, expect, it } from 'vitest';
import { buildPlan } from './plan.js';

const base = { action: 'buy' as const, atr: 0.001, atrMultiple: 1.5, riskReward: 2, decimals: 5 };

describe('buildPlan', () => {
  it('puts a buy stop a quarter ATR below the last swing low and the target at exactly 1:R', () => {
    const plan = buildPlan({
      ...base,
      side: 'buy',
      lastPrice: 1.0852,
      swings: [{ index: 5, price: 1.0835, kind: 'low' }],
    });
    // Swing 17 pips below + 0.25 ATR (2.5 pips) = 19.5 pips, inside [0.9, 3.75] ATR.
    expect(plan.entry).toBe(1.0852);
    expect(plan.stop).toBeCloseTo(1.08325, 5);
    expect(plan.stopBasis).toBe('swing');
    expect(plan.target).toBeCloseTo(1.0852 + 2 * 0.00195, 5);
  });

  it('falls back to an ATR multiple when the swing is too far away', () => {
    const plan = buildPlan({
      ...base,
      side: 'sell',
      action: 'sell',
      lastPrice: 1.2,
      swings: [{ index: 3, price: 1.21, kind: 'high' }],
    });
    // 1.5 ATR = 15 pips above for a sell, target 30 pips below.
    expect(plan.stopBasis).toBe('atr');
    expect(plan.stop).toBeCloseTo(1.2015, 5);
    expect(plan.target).toBeCloseTo(1.197, 5);
  });

  it('keeps the ratio after rounding to the chart precision', () => {
    const plan = buildPlan({ ...base, side: 'buy', lastPrice: 151.237, atr: 0.137, decimals: 3, riskReward: 2.5, swings: [] });
    const ratio = (plan.target - plan.entry) / (plan.entry - plan.stop);
    expect(ratio).toBeCloseTo(2.5, 2);
  });
});
