import { describe, expect, it } from 'vitest';
import { removeBaselineRuns } from './baseline.js';

describe('removeBaselineRuns', () => {
  // A 400 px wide plot; a short series stands in columns 200-360 with its volume under it:
  // bars one pixel wide every 4 px, 10-25 px tall, on the bottom row. 41 runs end there: under
  // 15% of the plot's width, but in a quarter of the columns they span.
  const w = 400;
  const h = 60;
  const plot = (): Uint8Array => {
    const ink = new Uint8Array(w * h);
    for (let x = 200, k = 0; x <= 360; x += 4, k++) {
      for (let y = h - 10 - (k % 16); y < h; y++) ink[y * w + x] = 1;
    }
    // A candle above the volume: a body 5 px wide, rows 5-20.
    for (let y = 5; y <= 20; y++) for (let x = 300; x < 305; x++) ink[y * w + x] = 1;
    return ink;
  };
  const count = (ink: Uint8Array, y0: number, y1: number): number =>
    ink.slice(y0 * w, y1 * w).reduce((s, v) => s + v, 0);

  it("erases a short series's volume bars standing in part of a wide plot, and not its candle", () => {
    const ink = plot();
    removeBaselineRuns(ink, w, h);
    expect(count(ink, 30, h)).toBe(0);
    expect(count(ink, 5, 21)).toBe(80);
  });

  it('leaves the same runs alone higher up the plot: a row of legend text is erased as text later', () => {
    const ink = new Uint8Array(w * h);
    // 41 glyph stems 6-8 px tall ending on row 20, in columns 200-360.
    for (let x = 200, k = 0; x <= 360; x += 4, k++) for (let y = 14 - (k % 3); y <= 20; y++) ink[y * w + x] = 1;
    const before = count(ink, 0, h);
    removeBaselineRuns(ink, w, h);
    expect(count(ink, 0, h)).toBe(before);
  });

  it('leaves a few runs ending on one row alone: 8% of the plot at least', () => {
    const ink = new Uint8Array(w * h);
    // Ten bodies 2 px wide side by side, their bottoms on one row: 20 runs.
    for (let x = 100; x < 120; x++) for (let y = 30; y < 45; y++) ink[y * w + x] = 1;
    removeBaselineRuns(ink, w, h);
    expect(count(ink, 0, h)).toBe(20 * 15);
  });
});
