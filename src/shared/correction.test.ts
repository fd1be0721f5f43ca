import { describe, expect, it } from 'vitest';
import { setByTraderNote } from './correction';

describe('the "set by you" sentence', () => {
  it('names the price scale alone when only the scale was set', () => {
    expect(setByTraderNote({ scale: true, lastPrice: null }, 5)).toBe(
      'Set by you: the price scale, from the two prices you marked on the axis. PipLens read the candles against it.',
    );
  });

  it('names the last price alone, with the chart’s decimals, when only it was set', () => {
    expect(setByTraderNote({ scale: false, lastPrice: 1.0825 }, 5)).toBe(
      'Set by you: the last price (1.08250). PipLens kept the price scale it read.',
    );
  });

  it('names both, the last price with the chart’s decimals, when both were set', () => {
    expect(setByTraderNote({ scale: true, lastPrice: 2345.678 }, 2)).toBe(
      'Set by you: the price scale (from the two prices you marked on the axis) and the last price (2345.68). PipLens read the candles against them.',
    );
  });
});
