import { describe, expect, it } from 'vitest';
import { computePositionSizing, pipSizeForPrecision, riskPercentForCapital } from './sizing.js';

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

describe('computePositionSizing', () => {
  it('sizes a EURUSD trade: $100 capital, 20 pip stop', () => {
    // 3% of 100 = $3; 20 pips x $10 = $200 per lot; 3 / 200 = 0.015 lots -> 0.01.
    const s = computePositionSizing(100, 0.05, 1.085, 1.083, 5);
    expect(s.riskPercent).toBe(3);
    expect(s.moneyAtRisk).toBeCloseTo(3);
    expect(s.stopPips).toBeCloseTo(20);
    expect(s.recommendedLots).toBe(0.01);
    // 0.05 lots x 20 pips x $10 = $10 = 10% of capital.
    expect(s.userLossAtStop).toBeCloseTo(10);
    expect(s.userRiskPercent).toBeCloseTo(10);
  });

  it('sizes a USDJPY trade: $5000 capital, 50 pip stop', () => {
    // 1% of 5000 = $50; 50 pips x $10 = $500 per lot -> 0.10 lots.
    const s = computePositionSizing(5000, 0.1, 151.5, 152.0, 3);
    expect(s.stopPips).toBeCloseTo(50);
    expect(s.recommendedLots).toBe(0.1);
    expect(s.userRiskPercent).toBeCloseTo(1);
  });
});
