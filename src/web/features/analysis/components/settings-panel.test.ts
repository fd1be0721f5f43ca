import { describe, expect, it } from 'vitest';
import { normaliseLotSize, toggleStrategy } from './settings-panel';

describe('strategy selection', () => {
  it('keeps auto exclusive', () => {
    expect(toggleStrategy('scalping+swingTrading', 'auto')).toBe('auto');
    expect(toggleStrategy('auto', 'scalping')).toBe('scalping');
  });
  it('adds and removes others but always keeps one', () => {
    expect(toggleStrategy('scalping', 'swingTrading')).toBe('scalping+swingTrading');
    expect(toggleStrategy('scalping+swingTrading', 'scalping')).toBe('swingTrading');
    expect(toggleStrategy('scalping', 'scalping')).toBe('scalping');
    expect(toggleStrategy('auto', 'auto')).toBe('auto');
  });
});

describe('lot size on blur', () => {
  it('resets empty, non-numeric and non-positive values to 0.01', () => {
    for (const raw of ['', 'abc', '0', '-2']) expect(normaliseLotSize(raw)).toBe(0.01);
  });
  it('rounds others to 2 decimals', () => {
    expect(normaliseLotSize('0.256')).toBe(0.26);
    expect(normaliseLotSize('1.5')).toBe(1.5);
    expect(normaliseLotSize('0.001')).toBe(0.01);
  });
});
