import { describe, expect, it } from 'vitest';
import { splitWide, weightedMedian, type Piece } from './pieces.js';

describe('weightedMedian', () => {
  it('goes by weight, so many light values do not outvote a few heavy ones', () => {
    expect(
      weightedMedian([
        [2, 10],
        [2, 10],
        [2, 10],
        [20, 500],
        [21, 400],
      ]),
    ).toBe(20);
  });
});

describe('splitWide', () => {
  const piece = (left: number, right: number, pixels: number): Piece => ({
    left,
    right,
    top: 0,
    bottom: 40,
    pixels,
    value: 1,
    ids: [left],
  });

  it('leaves a body no wider than the spacing whole, when fragments make the usual width small', () => {
    // Spacing 27: fourteen fragments 12 px wide outweigh the one hollow body 24 px wide.
    const pieces = [...Array.from({ length: 14 }, (_, i) => piece(i * 27, i * 27 + 11, 200)), piece(400, 423, 300)];
    const columns = new Array<number>(430).fill(2);
    expect(splitWide(pieces, 27, columns).filter((p) => p.left >= 400)).toMatchObject([{ left: 400, right: 423 }]);
    // Two bars joined, a spacing and a body wide, are still cut in two.
    const joined = [...pieces.slice(0, 14), piece(400, 450, 600)];
    expect(splitWide(joined, 27, new Array<number>(460).fill(2)).filter((p) => p.left >= 400)).toHaveLength(2);
  });
});
