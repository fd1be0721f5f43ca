import { describe, expect, it } from 'vitest';
import { word } from './test/pictures.js';
import { alignedColumn, isNumberLike } from './words.js';

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
