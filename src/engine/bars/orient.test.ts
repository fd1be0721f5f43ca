import { describe, expect, it } from 'vitest';
import { orientCandles, orientEach } from './orient.js';

describe('orientEach', () => {
  it('turns each of a series of same-looking bodies so that every close meets the next open', () => {
    // Rows of body tops and bottoms: down, down, up, up (each opens where the last closed).
    const bodies = [
      { bodyTop: 10, bodyBottom: 20 },
      { bodyTop: 20, bodyBottom: 30 },
      { bodyTop: 15, bodyBottom: 30 },
      { bodyTop: 5, bodyBottom: 15 },
    ];
    expect(orientEach(bodies)).toEqual([false, false, true, true]);
  });

  it('settles a body by the ones after it when the one before fits both ways', () => {
    // The middle body's open is 20 either way round from the first; the third opens at 40.
    const bodies = [
      { bodyTop: 20, bodyBottom: 20 },
      { bodyTop: 20, bodyBottom: 40 },
      { bodyTop: 25, bodyBottom: 40 },
    ];
    expect(orientEach(bodies).slice(1)).toEqual([false, true]);
  });
});

describe('orientCandles', () => {
  /** Hollow bodies (rows top-bottom) going up then down, each opening where the last closed. */
  const series = (): { open: number; close: number; bodyTop: number; bodyBottom: number; signature: string }[] =>
    [
      [40, 50],
      [30, 40],
      [20, 30],
      [20, 35],
      [35, 45],
      [25, 45],
      [15, 25],
      [15, 30],
    ].map(([bodyTop = 0, bodyBottom = 0]) => ({ open: 0, close: 0, bodyTop, bodyBottom, signature: 'hollow0' }));

  it('turns same-looking bodies each by continuity, when one looks filled (a crosshair line down it)', () => {
    const candles = series();
    candles[4]!.signature = 'c0';
    orientCandles(candles);
    expect(candles.map((c) => c.close < c.open)).toEqual([true, true, true, false, false, true, true, false]);
  });

  it('turns bodies by their look when two looks each hold a share of the bodies', () => {
    // Up bodies white, down bodies black: the look decides, even against a gap between bars.
    const candles = series().map((c, i) => ({ ...c, signature: [3, 4, 7].includes(i) ? 'c1' : 'hollow0' }));
    orientCandles(candles);
    expect(candles.map((c) => c.close < c.open)).toEqual([true, true, true, false, false, true, true, false]);
  });
});
