import { describe, expect, it } from 'vitest';
import { dropBoxes, shrinkToInk, splitWide, weightedMedian, type Piece } from './pieces.js';

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

describe('shrinkToInk', () => {
  // A box drawn round the bars (a volume profile's): its top edge on row 2, its bottom on row 17,
  // one component with a candle that touches the bottom edge in columns 6-8.
  const rows = [
    '..............',
    '..............',
    '##############',
    '..............',
    '..............',
    '..............',
    '..............',
    '.......#......',
    '......###.....',
    '......###.....',
    '......###.....',
    '......###.....',
    '.......#......',
    '.......#......',
    '.......#......',
    '.......#......',
    '.......#......',
    '##############',
  ];
  const labels = new Int32Array(
    rows
      .join('')
      .split('')
      .map((c) => (c === '#' ? 0 : -1)),
  );
  const w = rows[0]!.length;
  const part = (left: number, right: number): Piece => ({
    left,
    right,
    top: 2,
    bottom: 17,
    pixels: 0,
    value: 1,
    ids: [0],
    split: true,
  });

  it("takes a part cut from the box for the longest run of rows its columns ink: not the box's height", () => {
    const empty = part(0, 4);
    shrinkToInk(empty, labels, w, 2);
    // Only the edges: a run a row tall, which the bars stage drops as no bar.
    expect(empty.bottom - empty.top).toBe(0);
    const candle = part(5, 9);
    shrinkToInk(candle, labels, w, 2);
    expect(candle).toMatchObject({ top: 7, bottom: 17, split: false });
  });

  it('bridges a gap no wider than an overlay line', () => {
    const cut = part(5, 9);
    shrinkToInk(cut, labels, w, 4);
    // Rows 3-6 (four rows) are bridged: the top edge joins the candle.
    expect(cut).toMatchObject({ top: 2, bottom: 17 });
  });
});

describe('dropBoxes', () => {
  // Parts cut from one wide piece share its ids.
  const partsOf = (extents: [top: number, bottom: number][]): Piece[] => {
    const ids = [7];
    return extents.map(([top, bottom], i) => ({
      left: i * 10,
      right: i * 10 + 8,
      top,
      bottom,
      pixels: 50,
      value: 1,
      ids,
    }));
  };

  it("drops the parts of a box of text (a tooltip's fill): they span its rows, a row or so apart", () => {
    const tooltip = partsOf([
      [100, 300],
      [100, 301],
      [101, 300],
      [100, 300],
      [100, 300],
    ]);
    expect(dropBoxes(tooltip, 1000)).toEqual([]);
  });

  it("keeps a bar drawn across a band's shading, and bars joined into one piece, which rise and fall", () => {
    const line = partsOf([
      [500, 512],
      [500, 512],
      [440, 560],
      [500, 512],
      [500, 512],
      [500, 512],
    ]);
    expect(dropBoxes(line, 1000)).toMatchObject([{ top: 440, bottom: 560 }]);
    const rally = partsOf([
      [500, 540],
      [480, 510],
      [450, 490],
      [430, 460],
    ]);
    expect(dropBoxes(rally, 1000)).toHaveLength(4);
  });

  it('drops the box where bars run behind it and stick out above and below (most parts are its own)', () => {
    const behind = partsOf([
      [100, 300],
      [60, 300],
      [100, 300],
      [100, 340],
      [100, 300],
      [100, 300],
      [80, 320],
    ]);
    expect(dropBoxes(behind, 1000)).toMatchObject([
      { top: 60, bottom: 300 },
      { top: 100, bottom: 340 },
      { top: 80, bottom: 320 },
    ]);
  });

  it('keeps touching flat bars of a quiet market, thinner than a box of text', () => {
    const quiet = partsOf([
      [400, 404],
      [400, 404],
      [400, 405],
      [400, 404],
      [401, 404],
    ]);
    expect(dropBoxes(quiet, 1000)).toHaveLength(5);
  });

  it("leaves a shaded time range nearly the plot's height alone: its bars show through it", () => {
    const session = partsOf([
      [10, 700],
      [10, 700],
      [10, 700],
      [10, 700],
    ]);
    expect(dropBoxes(session, 1000)).toHaveLength(4);
    expect(dropBoxes(session, 1200)).toEqual([]);
  });
});
