import { describe, expect, it } from 'vitest';
import { acceptsLotSizeTyping, nextTimeFrame, normaliseLotSize, toggleStrategy } from './settings-panel';

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

describe('lot size while typing', () => {
  it('accepts positive numbers and the steps that lead to them, nothing else', () => {
    for (const raw of ['', '0', '0.', '0.0', '0.05', '1.5', '12', '.5']) expect(acceptsLotSizeTyping(raw)).toBe(true);
    for (const raw of ['-1', '-', '1e3', '+2', 'abc', '1.2.3']) expect(acceptsLotSizeTyping(raw)).toBe(false);
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

describe('time frame keys', () => {
  it('moves through all time frames with the arrows, wrapping, and jumps with Home and End', () => {
    expect(nextTimeFrame('1h', 'ArrowRight')).toBe('2h');
    expect(nextTimeFrame('20m', 'ArrowDown')).toBe('1h');
    expect(nextTimeFrame('1m', 'ArrowLeft')).toBe('1d');
    expect(nextTimeFrame('1d', 'ArrowRight')).toBe('1m');
    expect(nextTimeFrame('4h', 'Home')).toBe('1m');
    expect(nextTimeFrame('4h', 'End')).toBe('1d');
    expect(nextTimeFrame('4h', 'Enter')).toBeNull();
  });
});
