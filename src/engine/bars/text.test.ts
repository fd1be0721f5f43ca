import { describe, expect, it } from 'vitest';
import { grid, show } from './test/masks.js';
import type { Rgb } from '../raster.js';
import { eraseLabelBoxes, eraseWholeText } from './text.js';

describe('eraseWholeText', () => {
  it("erases a legend's 'ume: 591' whole, the digits run together too, and not the bar beside it", () => {
    // Three x-height letters (5 rows), a colon, '59' as one blob and '1' (8 rows, cap height) on
    // one baseline; then a bar a few columns after the text.
    const { cells, w, h } = grid([
      '...................................#....',
      '...................#######.##.....###...',
      '...................#..#..#.##.....###...',
      '...................#..#..#.##.....###...',
      '.###.#####.###.....#..#..#.##.....###...',
      '.#.#.#.#.#.#.#..#..#..#..#.##.....###...',
      '.#.#.#.#.#.###.....#..#..#.##.....###...',
      '.#.#.#.#.#.#.#.....#..#..#.##.....###...',
      '.###.#####.###..#..#######.##......#....',
      '...................................#....',
      '...................................#....',
      '...................................#....',
    ]);
    eraseWholeText(cells, w, h);
    expect(show(cells, w)).toEqual([
      '...................................#....',
      '..................................###...',
      '..................................###...',
      '..................................###...',
      '..................................###...',
      '..................................###...',
      '..................................###...',
      '..................................###...',
      '...................................#....',
      '...................................#....',
      '...................................#....',
      '...................................#....',
    ]);
  });

  it('leaves bars of different heights alone', () => {
    const { cells, w, h } = grid([
      '..#...........',
      '.###...#......',
      '.###..###..#..',
      '.###..###.###.',
      '..#...###.###.',
      '..#....#..###.',
      '.......#...#..',
      '...........#..',
    ]);
    const before = show(cells, w);
    eraseWholeText(cells, w, h);
    expect(show(cells, w)).toEqual(before);
  });

  it("erases a label on a fill (an object's price in a box) whole, with the line under it, and keeps a flat candle body and a volume profile's row", () => {
    // Black plot: a teal box 60 x 12 with light text inside, sitting on a grey line across the
    // plot; a red body 36 x 9 (as wide for its height as the box, but of one colour).
    const w = 120;
    const h = 30;
    const colour = (x: number, y: number): Rgb => {
      if (y >= 4 && y < 16 && x >= 4 && x < 64) {
        const glyph = y >= 7 && y < 13 && x >= 8 && x < 60 && (x % 5 === 0 || x % 5 === 1 || y === 7);
        return glyph ? [220, 220, 220] : [0, 128, 128];
      }
      if (y === 16) return [128, 128, 128];
      if (y >= 18 && y < 27 && x >= 70 && x < 106) return [200, 40, 40];
      // A volume profile's row: two colours side by side.
      if (y >= 18 && y < 28 && x >= 4 && x < 60) return x < 30 ? [200, 160, 40] : [40, 90, 200];
      return [0, 0, 0];
    };
    const data = new Uint8Array(w * h * 3);
    for (let p = 0; p < w * h; p++) data.set(colour(p % w, Math.floor(p / w)), p * 3);
    const cells = Uint8Array.from({ length: w * h }, (_, p) => (data[p * 3]! + data[p * 3 + 1]! > 0 ? 1 : 0));
    eraseLabelBoxes(cells, w, h, { width: w, height: h, data }, { left: 0, top: 0, right: w, bottom: h });
    const left = show(cells, w);
    expect(left.slice(3, 16).every((row) => !row.slice(4, 64).includes('#'))).toBe(true);
    expect(left.slice(18, 27).every((row) => row.slice(70, 106) === '#'.repeat(36))).toBe(true);
    expect(left.slice(18, 28).every((row) => row.slice(4, 60) === '#'.repeat(56))).toBe(true);
  });
});
