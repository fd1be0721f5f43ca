import { describe, expect, it } from 'vitest';
import type { Raster } from '../raster.js';
import { word } from './test/pictures.js';
import { alignedColumn, isNumberLike, stripOf, textMask, textWords } from './words.js';

describe('isNumberLike', () => {
  it('takes a price label, its digits whole or broken into a few pieces', () => {
    expect(isNumberLike(word(966, 1010, 25, 32, 7))).toBe(true);
    expect(isNumberLike(word(966, 1010, 25, 32, 16))).toBe(true);
  });

  it('rejects a row of small candles chained into one word of hundreds of glyphs', () => {
    // Three such rows, lined up at the left, once made an axis half the image wide.
    expect(isNumberLike(word(704, 1252, 110, 159, 268))).toBe(false);
  });
});

describe('alignedColumn', () => {
  it("keeps 6 px price labels apart from a volume pane's 8 px labels sharing their left edge", () => {
    // Price labels '1.12800' right-aligned at 1274, six of them 6 px tall (two found whole, from
    // the left edge at 1236; four as '12800' from 1246); volume labels 8 px tall from 1236.
    const price = [53, 104, 155, 206].map((top) => word(1246, 1274, top, top + 5, 5));
    const whole = [256, 307].map((top) => word(1236, 1274, top, top + 5, 7));
    const volume = [527, 557, 587, 617, 647].map((top) => word(1236, 1252, top, top + 7, 3));
    const column = alignedColumn([...price, ...whole, ...volume]);
    expect(column.map((w) => w.top)).toEqual([53, 104, 155, 206, 256, 307]);
  });
});

describe('stripOf', () => {
  it("spans the labels' columns, not a date of the time axis under them that reaches towards the plot", () => {
    // MetaTrader's labels '0.67240' from x = 1660; the time axis's '24 Jul 2023' under the last
    // one from 1640, where the latest bars stand.
    const labels = [80, 113, 146, 179, 212].map((top) => word(1660, 1692, top, top + 6, 6));
    const shorter = word(1667, 1692, 245, 251, 5);
    const date = word(1640, 1694, 287, 293, 9);
    expect(stripOf([...labels, shorter, date], 1710, 'right')).toEqual({
      left: 1658,
      right: 1697,
      top: 80,
      bottom: 294,
    });
    // Side unknown (a column tried as a table's), the strip holds every word.
    expect(stripOf([...labels, shorter, date], 1710).left).toBe(1638);
  });
});

describe('textMask and textWords in a whole window', () => {
  // A platform's window: grey panels (the picture's commonest colour) round a black chart whose
  // price labels are light grey digits; black is farther from the panels' grey than text must be.
  const GREY = [60, 60, 60];
  const BLACK = [0, 0, 0];
  const LABEL = [150, 170, 200];
  const window = (): Raster => {
    const width = 640;
    const height = 400;
    const data = new Uint8Array(width * height * 3);
    const fill = (x0: number, x1: number, y0: number, y1: number, c: number[]): void => {
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) data.set(c, (y * width + x) * 3);
    };
    fill(0, width, 0, height, GREY);
    fill(0, 460, 20, 300, BLACK);
    // Four labels of five digits (each 5 x 9 px, 3 px apart) at x = 360, every 60 rows.
    for (const top of [40, 100, 160, 220])
      for (let k = 0; k < 5; k++) fill(360 + k * 8, 365 + k * 8, top, top + 9, LABEL);
    return { width, height, data };
  };

  it("finds the chart's labels as words: text stands out from its tile's fill, not only from the panels' grey", () => {
    const r = window();
    const words = textWords(textMask(r, [60, 60, 60], 300, 640), r, 300, 640, true);
    const labels = words.filter((w) => w.left >= 358 && w.right <= 400 && w.glyphs >= 3);
    expect(labels.map((w) => w.top)).toEqual([40, 100, 160, 220]);
  });
});
