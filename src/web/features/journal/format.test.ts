import { describe, expect, it } from 'vitest';
import { formatMoney, formatPips, formatR, formatRate, MINUS, plain, signed } from './format';

describe('journal figures', () => {
  it('sign R, pips and money, and never print a negative zero', () => {
    expect(formatR(2)).toBe('+2.00 R');
    expect(formatR(-1)).toBe(`${MINUS}1.00 R`);
    expect(formatR(1.25, 'negative')).toBe('1.25 R');
    expect(signed(-0.0001, 2)).toBe('0.00');
    expect(plain(-1, 2)).toBe(`${MINUS}1.00`);
    expect(formatPips({ pips: 100, pipUnit: 'pips' })).toBe('+100.0 pips');
    expect(formatPips({ pips: -50, pipUnit: 'points' })).toBe(`${MINUS}50.0 points`);
    expect(formatMoney(75)).toBe('+75.00 USD');
    expect(formatMoney(-12.5, true)).toBe(`≈ ${MINUS}12.50 USD`);
    expect(formatRate(2 / 3)).toBe('67%');
  });
});
