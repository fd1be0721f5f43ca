import { describe, expect, it } from 'vitest';
import { clusterShapes, growVertically } from './shapes.js';
import { grid, show } from './test/masks.js';

describe('growVertically', () => {
  it('adds minor-colour and colourless ink touching kept ink or continuing it along the column', () => {
    // Label 1 is kept (in the mask), label 2 minor, label 3 a line colour; 0 is no colour.
    const { cells: label, w, h } = grid(['..2..', '..2..', '.111.', '.1.1.', '33333', '.111.']);
    const mask = label.map((v) => (v === 1 ? 1 : 0));
    const ink = label.map((v) => (v ? 1 : 0));
    growVertically(mask, ink, label, [false, false, true, false], w, h);
    expect(show(mask, w)).toEqual(['..#..', '..#..', '.###.', '.#.#.', '.....', '.###.']);
  });
});

describe('clusterShapes', () => {
  /** One colour (label 0) filling, per column, the rows from top(x) to bottom(x); 255 elsewhere. */
  const columns = (w: number, h: number, top: (x: number) => number, bottom: (x: number) => number): Uint8Array => {
    const label = new Uint8Array(w * h).fill(255);
    for (let x = 0; x < w; x++) for (let y = top(x); y <= bottom(x); y++) label[y * w + x] = 0;
    return label;
  };

  it('takes bars of one colour touching across the plot for candles: their columns jump bar to bar', () => {
    // A dense chart: bodies 8 px wide every 8 px, a wick in the middle of each, no gap anywhere.
    const body = (x: number): [number, number] => {
      const i = Math.floor(x / 8);
      const mid = 100 + Math.round(40 * Math.sin(i / 5));
      const half = 6 + ((i * 7) % 5) * 3;
      return x % 8 === 4 ? [mid - half - 25, mid + half + 20] : [mid - half, mid + half];
    };
    const label = columns(
      400,
      200,
      (x) => body(x)[0],
      (x) => body(x)[1],
    );
    expect(clusterShapes(label, 1, 400, 200)[0]).toMatchObject({ candleLike: true });
  });

  it('does not take a smooth filled band across the plot for candles', () => {
    const label = columns(
      400,
      200,
      (x) => 80 + Math.round(30 * Math.sin(x / 40)),
      (x) => 120 + Math.round(30 * Math.sin(x / 40)),
    );
    expect(clusterShapes(label, 1, 400, 200)[0]).toMatchObject({ candleLike: false });
  });

  it('takes a short series of touching bars at the right of a wide plot for candles, not a band there', () => {
    // Sixty bars 4 px apart in the last 17% of a 1400 px plot, touching: a 3 px body and a
    // wick column, bar heights jumping from bar to bar.
    const w = 1400;
    const start = 1160;
    const bar = (x: number): [number, number] => {
      if (x < start) return [1, 0];
      const i = Math.floor((x - start) / 4);
      const mid = 300 - i * 3 + Math.round(20 * Math.sin(i));
      const half = 4 + ((i * 7) % 5) * 3;
      return (x - start) % 4 === 1 ? [mid - half - 12, mid + half + 10] : [mid - half, mid + half];
    };
    const bars = columns(
      w,
      576,
      (x) => bar(x)[0],
      (x) => bar(x)[1],
    );
    expect(clusterShapes(bars, 1, w, 576)[0]).toMatchObject({ candleLike: true });
    const band = columns(
      w,
      576,
      (x) => (x < start ? 1 : 200 + Math.round(30 * Math.sin(x / 40))),
      (x) => (x < start ? 0 : 260 + Math.round(30 * Math.sin(x / 40))),
    );
    expect(clusterShapes(band, 1, w, 576)[0]).toMatchObject({ candleLike: false });
  });
});
