import { describe, expect, it } from 'vitest';
import {
  barPeriod,
  barSpacing,
  clearEdgeTags,
  clusterShapes,
  detectCandles,
  dropDetachedTail,
  dropStrayLast,
  evenPieces,
  eraseWholeText,
  growVertically,
  orientCandles,
  orientEach,
  removeBaselineRuns,
  removeLines,
  splitWide,
  restoreLineCrossings,
  weightedMedian,
  widestGap,
} from './candles.js';
import type { Piece } from './candles.js';
import type { Raster } from './raster.js';

/** A mask from rows of text: '#' (or a digit for a label map) is set, '.' is not. */
const grid = (rows: string[]): { cells: Uint8Array; w: number; h: number } => {
  const w = rows[0]?.length ?? 0;
  const cells = new Uint8Array(w * rows.length);
  rows.forEach((row, y) =>
    [...row].forEach((ch, x) => (cells[y * w + x] = ch === '#' ? 1 : ch === '.' ? 0 : Number(ch))),
  );
  return { cells, w, h: rows.length };
};
const show = (cells: Uint8Array, w: number): string[] =>
  Array.from({ length: cells.length / w }, (_, y) =>
    [...cells.subarray(y * w, (y + 1) * w)].map((v) => (v ? '#' : '.')).join(''),
  );

/** Column profile of pieces drawn as boxes of the given height. */
const profile = (pieces: { left: number; right: number; height?: number }[], width: number): number[] => {
  const columns = new Array<number>(width).fill(0);
  for (const p of pieces) for (let x = p.left; x <= p.right; x++) columns[x] = (columns[x] ?? 0) + (p.height ?? 10);
  return columns;
};

describe('barPeriod', () => {
  it('finds the bar spacing when bodies are broken into fragments', () => {
    // Bars every 10.5 px, each 6 px wide; about half of them broken into two thin fragments.
    let seed = 7;
    const random = (): number => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const pieces = Array.from({ length: 40 }, (_, i) => {
      const left = Math.round(5 + i * 10.5);
      return random() < 0.5
        ? [
            { left, right: left + 1 },
            { left: left + 4, right: left + 5 },
          ]
        : [{ left, right: left + 5 }];
    }).flat();
    expect(barPeriod(profile(pieces, 440))).toBeCloseTo(10.5, 0);
  });

  it('finds the spacing of OHLC bars whose ticks join them into one staircase', () => {
    // Stems 30 px tall every 6.6 px, ticks of 1 px filling the columns between them.
    const columns = Array.from({ length: 400 }, (_, x) => (Math.abs(((x + 0.5) % 6.6) - 3.3) < 0.5 ? 30 : 1));
    expect(barPeriod(columns)).toBeCloseTo(6.6, 0);
  });

  it('finds a fractional spacing, not the multiple where the rounding cancels', () => {
    // One-pixel stems every 12.57 px fall 12 or 13 columns apart.
    const pieces = Array.from({ length: 60 }, (_, i) => {
      const left = Math.round(6 + i * 12.57);
      return { left, right: left };
    });
    expect(barPeriod(profile(pieces, 770))).toBeCloseTo(12.57, 0);
  });

  it('finds the spacing of wide bodies, whose neighbouring columns are alike', () => {
    const pieces = Array.from({ length: 30 }, (_, i) => ({
      left: 4 + i * 31,
      right: 4 + i * 31 + 22,
      height: 10 + ((i * 7) % 13) * 5,
    }));
    expect(barPeriod(profile(pieces, 960))).toBeCloseTo(31, 0);
  });

  /** 20 px hollow bodies every 29 px: sides and wick 30 px tall, the inside only top and bottom edge. */
  const hollowColumns = (): number[] =>
    Array.from({ length: 900 }, (_, x) => {
      const at = x % 29;
      return at === 0 || at === 10 || at === 20 ? 30 : at < 20 ? 2 : 0;
    });

  it('finds the spacing of hollow bodies, not the distance between their sides and wick', () => {
    // The columns alone repeat every third of the spacing; each body is one piece.
    const columns = hollowColumns();
    const bodies = Array.from({ length: 31 }, (_, i) => ({
      left: i * 29,
      right: i * 29 + 20,
      top: 0,
      bottom: 29,
      pixels: 130,
    }));
    expect(barPeriod(columns)).toBeCloseTo(29 / 3, 0);
    expect(barSpacing(columns, [], bodies)).toBeCloseTo(29, 0);
  });

  it('finds the spacing of hollow bodies from the bodies, however many wick fragments lie between them', () => {
    // As above, and a wick cut off by an overlay line beside every other body: small pieces
    // three or four columns wide, which alone would make the widths look irregular.
    const columns = hollowColumns();
    const bodies = Array.from({ length: 31 }, (_, i) => ({ left: i * 29, right: i * 29 + 20, top: 0, bottom: 29 }));
    const pieces = bodies.flatMap((b, i) => [
      { ...b, pixels: 130 },
      ...(i % 2 ? [] : [{ left: b.left + 9, right: b.left + 11 + (i % 4 ? 1 : 0), top: 40, bottom: 44, pixels: 8 }]),
    ]);
    expect(barSpacing(columns, [], pieces)).toBeCloseTo(29, 0);
  });

  it('takes the wicks for the spacing when the edges repeat at no whole fraction of it', () => {
    // Touching bodies: their edges repeat every 4.7 px; a wick every 6.36 px, which the edges
    // also show.
    const spikes = (every: number, height: number, width: number): number[] => {
      const columns = new Array<number>(width).fill(0);
      for (let x = 2; x < width; x += every) columns[Math.round(x)] = height;
      return columns;
    };
    const edges = spikes(4.7, 30, 1200);
    const wicks = spikes(6.36, 20, 1200);
    const columns = edges.map((v, x) => v + (wicks[x] ?? 0) + 5);
    expect(barSpacing(columns, wicks, [])).toBeCloseTo(6.36, 1);
  });

  it('keeps the spacing of runs of touching bars as wide as their distance, however evenly they stand', () => {
    // A dense chart halved: bars every 9.25 px, joined four by four into pieces 36 px wide, 37 apart.
    const columns = Array.from({ length: 1200 }, (_, x) => (Math.abs((x % 9.25) - 4.6) < 0.6 ? 40 : 8));
    const pieces = Array.from({ length: 32 }, (_, i) => ({
      left: i * 37,
      right: i * 37 + 35,
      top: 0,
      bottom: 40,
      pixels: 900,
    }));
    expect(barSpacing(columns, [], pieces)).toBeCloseTo(9.25, 0);
  });

  it('keeps the spacing of touching bars, whose pieces hold several bars each', () => {
    // Stems every 8 px joined by ticks into pieces of 2 to 5 bars.
    const columns = Array.from({ length: 800 }, (_, x) => (x % 8 === 4 ? 40 : 3));
    const sizes = [2, 5, 3, 2, 4, 3, 5, 2, 3, 4, 2, 5, 3, 4, 2, 3, 5, 2, 4, 3];
    let left = 0;
    const pieces = sizes.map((bars) => {
      const piece = { left, right: left + bars * 8 - 2, top: 0, bottom: 40, pixels: bars * 60 };
      left += bars * 8;
      return piece;
    });
    expect(barSpacing(columns, [], pieces)).toBeCloseTo(8, 0);
  });

  it('finds the spacing of a zoomed-in chart of twelve candles from its pieces', () => {
    const bodies = Array.from({ length: 12 }, (_, i) => ({
      left: 10 + i * 60,
      right: 50 + i * 60,
      height: 40 + ((i * 17) % 5) * 30,
    }));
    const pieces = bodies.map((b) => ({ ...b, top: 0, bottom: b.height - 1, pixels: 41 * b.height }));
    expect(barSpacing(profile(bodies, 740), [], pieces)).toBeCloseTo(60, 0);
  });

  it('keeps the spacing of bars touching in runs, however evenly the runs stand', () => {
    // Eight runs of 30 touching bars 5 px apart (a dense chart halved), 155 px from run to run:
    // fewer pieces than a chart has bars, so their distance is no spacing.
    const bars = Array.from({ length: 8 }, (_, run) =>
      Array.from({ length: 30 }, (_, i) => ({
        left: 10 + run * 155 + i * 5,
        right: 13 + run * 155 + i * 5,
        height: 20 + ((i * 7 + run * 3) % 11) * 6,
      })),
    ).flat();
    const pieces = Array.from({ length: 8 }, (_, run) => ({
      left: 10 + run * 155,
      right: 158 + run * 155,
      top: 0,
      bottom: 79,
      pixels: 149 * 50,
    }));
    expect(barSpacing(profile(bars, 1260), [], pieces)).toBeCloseTo(5, 0);
  });

  it("takes the wicks' spacing when the edges repeat only every few bars", () => {
    // Touching bodies every 6.4 px, drawn on whole pixels: the edges' profile has a heavier
    // column every fifth bar, where the rounding repeats; the wicks stand in every bar.
    let seed = 11;
    const random = (): number => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const columns = new Array<number>(900).fill(0);
    const thin = new Array<number>(900).fill(0);
    let price = 150;
    for (let i = 0; i < 135; i++) {
      const left = Math.round(i * 6.4);
      const right = Math.round((i + 1) * 6.4) - 1;
      const close = Math.max(60, Math.min(240, price + (random() - 0.5) * 40));
      const body = Math.round(Math.abs(close - price)) + 2;
      const wick = Math.round(random() * 20) + Math.round(random() * 20);
      price = close;
      for (let x = left; x <= right; x++) columns[x] = (columns[x] ?? 0) + body;
      const mid = Math.round((left + right) / 2);
      columns[mid] = (columns[mid] ?? 0) + wick;
      thin[mid] = wick;
      if (i % 5 === 0) for (const x of [left, left + 1]) columns[x] = (columns[x] ?? 0) + 25;
    }
    expect(barPeriod(columns)).toBeCloseTo(32, 0);
    expect(barSpacing(columns, thin, [])).toBeCloseTo(6.4, 0);
  });

  it("keeps the edges' spacing when the thin strokes are the three of each outlined body", () => {
    // Bodies 21 px wide every 30 px; their sides and wick are thin strokes every 10 px, which
    // the edges' profile shows too, weaker than the bodies.
    const stroke = (x: number): boolean => x >= 5 && x <= 895 && (x - 5) % 10 === 0;
    const thin = Array.from({ length: 910 }, (_, x) => (stroke(x) ? 20 : 0));
    const columns = Array.from({ length: 910 }, (_, x) =>
      x < 5 || x > 895 ? 0 : ((x - 5) % 30 <= 20 ? 10 : 0) + (stroke(x) ? 8 : 0),
    );
    expect(barPeriod(thin)).toBeCloseTo(10, 0);
    expect(barSpacing(columns, thin, [])).toBeCloseTo(30, 0);
  });

  it('gives 0 when nothing repeats', () => {
    expect(barPeriod(profile([{ left: 0, right: 200 }], 220))).toBe(0);
  });
});

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

describe('clearEdgeTags', () => {
  it('clears a tag against the right edge and keeps the candle its price line joins to it', () => {
    const { cells, w } = grid([
      '..#...........',
      '..#...........',
      '.###......####',
      '.###......####',
      '.#############',
      '..#.......####',
      '..#.......####',
      '..#...........',
    ]);
    clearEdgeTags(cells, w, 8);
    expect(show(cells, w)).toEqual([
      '..#...........',
      '..#...........',
      '.###..........',
      '.###..........',
      '.#########....',
      '..#...........',
      '..#...........',
      '..#...........',
    ]);
  });

  it('does not follow a line that runs into the right edge across the plot', () => {
    // A line 60 px long reaching the edge: only the last 15% of the plot's width is cleared.
    const candle = ['..#', '.###', '#'.repeat(60), '.###', '..#'].map((r) => r.padEnd(60, '.'));
    const { cells, w } = grid(candle);
    clearEdgeTags(cells, w, 5);
    expect(show(cells, w)).toEqual(candle.map((r, y) => (y === 2 ? '#'.repeat(51).padEnd(60, '.') : r)));
  });

  it('leaves the plot alone when nothing touches the right edge', () => {
    const rows = ['..#......', '.###..#..', '.###.###.', '..#...#..'];
    const { cells, w } = grid(rows);
    clearEdgeTags(cells, w, 4);
    expect(show(cells, w)).toEqual(rows);
  });
});

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
});

describe('restoreLineCrossings', () => {
  it('puts back an outline edge erased with a dotted line of its colour, not the dots', () => {
    const before = grid([
      '..........................',
      '#.#.#.####.#.#.#.#.#.#.#.#',
      '.......#..#...............',
      '.......#..#...............',
    ]);
    const { w, h } = before;
    const ink = before.cells.slice();
    ink.fill(0, w, 2 * w); // the line row was removed
    restoreLineCrossings(ink, before.cells, [1], w, h, () => true);
    expect(show(ink, w)[1]).toBe('......####................');
  });

  it('leaves out a dash of another colour crossing a wick', () => {
    const before = grid(['....#....', '..#####..', '....#....']);
    const { w, h } = before;
    const ink = before.cells.slice();
    ink.fill(0, w, 2 * w);
    restoreLineCrossings(ink, before.cells, [1], w, h, () => false);
    expect(show(ink, w)[1]).toBe('.........');
  });
});

describe('removeLines', () => {
  /** Runs removeLines over the whole raster, `isInk(p)` marking the ink; the ink left and the lines. */
  const removeAll = (
    width: number,
    height: number,
    data: Uint8Array,
    bg: readonly [number, number, number],
    isInk: (p: number) => boolean,
  ): { ink: Uint8Array; lines: ReturnType<typeof removeLines> } => {
    const ink = Uint8Array.from({ length: width * height }, (_, p) => (isInk(p) ? 1 : 0));
    const box = { left: 0, top: 0, right: width, bottom: height };
    return { ink, lines: removeLines({ width, height, data }, box, [...bg], ink, width, height) };
  };

  it('removes a dashed line a JPEG spread over three and four rows, and keeps the bar it crosses', () => {
    const width = 200;
    const height = 60;
    const bg = [20, 22, 34] as const;
    const data = new Uint8Array(width * height * 3);
    const set = (x: number, y: number, c: readonly number[]): void => data.set(c, (y * width + x) * 3);
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) set(x, y, bg);
    // A bar from row 10 down to the bottom; the dashes cross it on rows 29 to 32.
    for (let y = 10; y < height; y++) for (let x = 100; x < 108; x++) set(x, y, [113, 60, 60]);
    for (let x = 0; x < width; x++) {
      if (x % 12 >= 6 || (x >= 100 && x < 108)) continue;
      set(x, 29, [60, 62, 74]);
      set(x, 30, [117, 119, 131]);
      set(x, 31, [117, 119, 131]);
      // The JPEG's blocks smear some dashes over a fourth row and not others.
      if (x % 24 < 12) set(x, 32, [60, 62, 74]);
    }
    const { ink, lines } = removeAll(
      width,
      height,
      data,
      bg,
      (p) => Math.hypot(...[0, 1, 2].map((k) => (data[p * 3 + k] ?? 0) - (bg[k] ?? 0))) > 60,
    );
    expect(lines.map((l) => l.y)).toEqual(expect.arrayContaining([30, 31]));
    const rowInk = (y: number, from: number, to: number): number => {
      let n = 0;
      for (let x = from; x < to; x++) n += ink[y * width + x] ?? 0;
      return n;
    };
    for (const y of [29, 30, 31, 32]) expect(rowInk(y, 0, 100) + rowInk(y, 108, width)).toBe(0);
    for (let y = 10; y < height; y++) expect(rowInk(y, 100, 108)).toBe(8);
  });

  it("removes a dotted vertical grid line through a bar's stem and keeps the stem, however long", () => {
    // Black chart; grey dots every fourth row down column 50; a green stem on rows 60-189 of
    // that column (more pixels than the dots), with one-pixel ticks.
    const width = 120;
    const height = 200;
    const data = new Uint8Array(width * height * 3);
    const set = (x: number, y: number, c: readonly number[]): void => data.set(c, (y * width + x) * 3);
    for (let y = 0; y < height; y += 4) set(50, y, [119, 136, 153]);
    for (let y = 60; y < 190; y++) set(50, y, [0, 255, 0]);
    set(49, 100, [0, 255, 0]);
    set(51, 70, [0, 255, 0]);
    const { ink } = removeAll(width, height, data, [0, 0, 0], (p) => (data[p * 3] ?? 0) + (data[p * 3 + 1] ?? 0) > 0);
    for (let y = 60; y < 190; y++) expect(ink[y * width + 50]).toBe(1);
    for (const y of [0, 4, 56, 192, 196]) expect(ink[y * width + 50]).toBe(0);
  });

  it("removes a dashed crosshair shrunk by keeping each block's strongest pixel: dashes with pale gaps", () => {
    // A 2880 px chart halved: four dash pixels (191) and two gap pixels (47, still ink on black)
    // every six columns, with a faint row above and below; the mean colour (143) is neither.
    const width = 240;
    const height = 40;
    const data = new Uint8Array(width * height * 3);
    const grey = (x: number, y: number, v: number): void => data.set([v, v, v], (y * width + x) * 3);
    for (let y = 5; y < height; y++) for (let x = 100; x < 106; x++) grey(x, y, 255);
    for (let x = 0; x < width; x++) {
      if (x >= 100 && x < 106) continue;
      const dash = x % 6 < 4;
      grey(x, 19, dash ? 63 : 15);
      grey(x, 20, dash ? 191 : 47);
      grey(x, 21, dash ? 63 : 15);
    }
    const { ink } = removeAll(width, height, data, [0, 0, 0], (p) => (data[p * 3] ?? 0) * Math.sqrt(3) > 60);
    const dashLeft = Array.from({ length: width }, (_, x) => x).filter(
      (x) => (x < 100 || x >= 106) && x % 6 < 4 && ink[20 * width + x],
    );
    expect(dashLeft).toEqual([]);
    for (let y = 5; y < height; y++) for (let x = 100; x < 106; x++) expect(ink[y * width + x]).toBe(1);
  });
});

describe('detectCandles', () => {
  const WHITE = [255, 255, 255] as const;
  const BLACK = [0, 0, 0] as const;
  /** A white 600×300 plot; `paint` sets pixels. */
  const plot = (): {
    r: Raster;
    paint: (x0: number, x1: number, y0: number, y1: number, c: readonly number[]) => void;
  } => {
    const width = 600;
    const height = 300;
    const data = new Uint8Array(width * height * 3).fill(255);
    const paint = (x0: number, x1: number, y0: number, y1: number, c: readonly number[]): void => {
      for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) data.set(c, (y * width + x) * 3);
    };
    return { r: { width, height, data }, paint };
  };
  /** A wave of 40 bars, 14 px apart, two up to one down; rows of their open, high, low and close. */
  const bars = Array.from({ length: 40 }, (_, i) => {
    const mid = 150 + 60 * Math.sin(i / 5);
    const up = i % 3 !== 0;
    const open = Math.round(mid + (up ? 20 : -20));
    const close = Math.round(mid + (up ? -20 : 20));
    return { x: 12 + i * 14, open, close, high: Math.min(open, close) - 25, low: Math.max(open, close) + 25, up };
  });

  it('drops an average line hidden under white bodies, which leaves it in pieces between the bars', () => {
    const { r, paint } = plot();
    // The line first (5 px thick, following the bars): the bars are drawn over it, so only its
    // pieces between them show, no column of them as tall as a tenth of a bar.
    const lineY = (x: number): number => Math.round(150 + 60 * Math.sin((x - 12) / 70));
    for (let x = 5; x < 590; x++)
      paint(x, x, Math.min(lineY(x), lineY(x + 1)) - 2, Math.max(lineY(x), lineY(x + 1)) + 2, [33, 150, 242]);
    for (const b of bars) {
      paint(b.x, b.x, b.high, b.low, BLACK);
      const top = Math.min(b.open, b.close);
      const bottom = Math.max(b.open, b.close);
      paint(b.x - 4, b.x + 4, top, bottom, BLACK);
      if (b.up) paint(b.x - 3, b.x + 3, top + 1, bottom - 1, WHITE);
    }
    const found = detectCandles(r, { left: 0, top: 0, right: 600, bottom: 300 });
    expect(found?.candles).toHaveLength(40);
    const last = found?.candles[39];
    expect(last?.close).toBeCloseTo(bars[39]!.close, -0.5);
  });

  it('turns each candle on its own when up and down bodies look alike (all outlined in one colour)', () => {
    const { r, paint } = plot();
    // A forex series: each bar opens where the last one closed; moves of 6 to 24 px.
    let close = 150;
    const series = Array.from({ length: 40 }, (_, i) => {
      const open = close;
      close = open + (i % 3 === 1 ? 1 : -1) * (6 + ((i * 7) % 4) * 6) * (i < 20 ? 1 : -1);
      return { x: 12 + i * 14, open, close, high: Math.min(open, close) - 10, low: Math.max(open, close) + 10 };
    });
    for (const b of series) {
      const top = Math.min(b.open, b.close);
      const bottom = Math.max(b.open, b.close);
      paint(b.x, b.x, b.high, b.low, BLACK);
      paint(b.x - 4, b.x + 4, top, bottom, BLACK);
      paint(b.x - 3, b.x + 3, top + 1, bottom - 1, WHITE);
    }
    const found = detectCandles(r, { left: 0, top: 0, right: 600, bottom: 300 });
    expect(found?.candles).toHaveLength(40);
    const wrong = found?.candles.filter((c, i) => Math.abs(c.close - series[i]!.close) > 2).length;
    expect(wrong).toBe(0);
  });

  /** Draws a bar's wick and its body outlined in black, filled white (up) or black (down). */
  const outlined = (paint: ReturnType<typeof plot>['paint'], b: (typeof bars)[number], half: number): void => {
    const top = Math.min(b.open, b.close);
    const bottom = Math.max(b.open, b.close);
    paint(b.x, b.x, b.high, b.low, BLACK);
    paint(b.x - half, b.x + half, top, bottom, BLACK);
    if (b.up) paint(b.x - half + 1, b.x + half - 1, top + 1, bottom - 1, WHITE);
  };

  it('keeps a last hollow body whose outline is broken in two, its wick no longer its tallest column', () => {
    const { r, paint } = plot();
    const series = bars.map((b, i) => (i === 39 ? { ...b, open: 200, close: 120, high: 110, low: 215, up: true } : b));
    for (const b of series) outlined(paint, b, 5);
    // The left edge is cut at the corner and where a line crossed it (a stub of the line is
    // left beside it): its upper part is a piece of its own, and the rest of the outline's
    // tallest column is the right edge, too far from the bar's place to be on the lattice.
    const last = series[39]!;
    paint(last.x - 5, last.x - 5, 120, 121, WHITE);
    paint(last.x - 5, last.x - 5, 160, 161, WHITE);
    paint(last.x - 6, last.x - 6, 158, 158, BLACK);
    const found = detectCandles(r, { left: 0, top: 0, right: 600, bottom: 300 });
    expect(found?.candles).toHaveLength(40);
    expect(found?.candles[39]?.x).toBeCloseTo(last.x, -0.5);
    expect(found?.candles[39]?.high).toBeCloseTo(110, -0.5);
    expect(found?.candles[39]?.low).toBeCloseTo(215, -0.5);
  });

  it("leaves out a stray beyond the last bar whose box, not its tallest column, stands on the bars' lattice", () => {
    const { r, paint } = plot();
    for (const b of bars.slice(0, 36)) outlined(paint, b, 5);
    // Four slots on: a crosshair's vertical line with a box against it.
    paint(577, 577, 60, 205, BLACK);
    paint(566, 577, 195, 205, BLACK);
    const found = detectCandles(r, { left: 0, top: 0, right: 600, bottom: 300 });
    expect(found?.candles).toHaveLength(36);
    expect(found?.candles[35]?.x).toBeCloseTo(bars[35]!.x, -0.5);
  });

  /** Twenty wide bodies, 23 px: most of an outlined body's columns hold only its top and bottom edge. */
  const wide = bars.slice(0, 20).map((b, i) => ({ ...b, x: 16 + i * 28 }));

  it('takes outlined bodies for candles, not a JPEG fringe beside a corner for the edge of an OHLC bar', () => {
    const { r, paint } = plot();
    for (const b of wide) {
      outlined(paint, b, 11);
      // Two pixels beside the body's bottom right corner, past its edge.
      const bottom = Math.max(b.open, b.close);
      paint(b.x + 12, b.x + 12, bottom - 1, bottom, [40, 40, 40]);
    }
    const found = detectCandles(r, { left: 0, top: 0, right: 600, bottom: 300 });
    expect(found?.kind).toBe('candles');
    expect(found?.candles).toHaveLength(20);
    expect(found?.candles[19]?.close).toBeCloseTo(wide[19]!.close, -0.5);
  });

  it('measures an outlined body between its edges, not to the stub of a grid line beside it', () => {
    const { r, paint } = plot();
    for (const b of wide) {
      outlined(paint, b, 11);
      // Three pixels of a grid line left beside the body's right edge, one row below its top.
      const top = Math.min(b.open, b.close);
      paint(b.x + 12, b.x + 14, top + 1, top + 1, [40, 40, 40]);
    }
    const found = detectCandles(r, { left: 0, top: 0, right: 600, bottom: 300 });
    expect(found?.kind).toBe('candles');
    expect(found?.candles.map((c) => c.close)).toEqual(wide.map((b) => b.close));
  });

  it('opens and closes a last doji with no body to see where the bar before it closed', () => {
    const { r, paint } = plot();
    for (const b of bars.slice(0, 39)) outlined(paint, b, 4);
    // Its body one row of the background's colour, drawn over its wick.
    const before = bars[38]!.close;
    paint(bars[39]!.x, bars[39]!.x, before - 20, before + 12, BLACK);
    const found = detectCandles(r, { left: 0, top: 0, right: 600, bottom: 300 });
    expect(found?.candles).toHaveLength(40);
    expect(found?.candles[39]).toMatchObject({ open: before, close: before, high: before - 20, low: before + 12 });
    paint(bars[39]!.x, bars[39]!.x, before + 5, before + 5, WHITE);
    expect(detectCandles(r, { left: 0, top: 0, right: 600, bottom: 300 })?.candles[39]?.close).toBe(before + 5);
  });

  it('reads thin bars whose stems and ticks are one pixel (a wide shot halved) as OHLC bars', () => {
    const { r, paint } = plot();
    for (const b of bars) {
      paint(b.x, b.x, b.high, b.low, [0, 200, 0]);
      paint(b.x - 1, b.x - 1, b.open, b.open, [0, 200, 0]);
      paint(b.x + 1, b.x + 1, b.close, b.close, [0, 200, 0]);
    }
    const found = detectCandles(r, { left: 0, top: 0, right: 600, bottom: 300 });
    expect(found?.kind).toBe('ohlc');
    expect(found?.candles).toHaveLength(40);
    expect(found?.candles[39]?.close).toBeCloseTo(bars[39]!.close, 0);
  });

  it('reads bars with 3 px stems and one-column ticks on both sides (a HiDPI shot halved) as OHLC bars', () => {
    const { r, paint } = plot();
    for (const b of bars) {
      paint(b.x - 1, b.x + 1, b.high, b.low, [0, 200, 0]);
      paint(b.x - 2, b.x - 2, b.open, b.open + 1, [0, 200, 0]);
      paint(b.x + 2, b.x + 2, b.close, b.close + 1, [0, 200, 0]);
    }
    const found = detectCandles(r, { left: 0, top: 0, right: 600, bottom: 300 });
    expect(found?.kind).toBe('ohlc');
    expect(found?.candles).toHaveLength(40);
    expect(found?.candles[39]?.close).toBeCloseTo(bars[39]!.close, -0.5);
  });
});

describe('dropStrayLast', () => {
  // Rows grow downwards: high < low. Twelve bars 30 rows tall, each opening at the last close.
  const series = (): { high: number; low: number }[] =>
    Array.from({ length: 12 }, (_, i) => ({ high: 300 + 10 * i, low: 330 + 10 * i }));

  it('drops a last piece standing well clear of the bar before it (a crosshair end at the axis)', () => {
    const bars = [...series(), { high: 100, low: 102 }];
    dropStrayLast(bars);
    expect(bars).toHaveLength(12);
  });

  it('keeps a last bar clear of the one before it when it is taller than a line (that one may be junk)', () => {
    const bars = [...series(), { high: 100, low: 130 }];
    dropStrayLast(bars);
    expect(bars).toHaveLength(13);
  });

  it('keeps a last bar that touches the one before it, however small', () => {
    const bars = [...series(), { high: 439, low: 440 }];
    dropStrayLast(bars);
    expect(bars).toHaveLength(13);
  });

  it('drops a last piece far right of the series, however tall (a crosshair line by the axis), and keeps one a few spacings on', () => {
    const placed = series().map((b, i) => ({ ...b, x: 100 + 5 * i }));
    const far = [...placed, { x: 240, high: 300, low: 500 }];
    dropStrayLast(far);
    expect(far).toHaveLength(12);
    // Three bars missed before the last one: still the series.
    const near = [...placed, { x: 175, high: 420, low: 450 }];
    dropStrayLast(near);
    expect(near).toHaveLength(13);
  });

  it("drops the few pieces past a hole at the end (a platform's buttons in the plot's corner), not a stretch of bars", () => {
    const placed = series().map((b, i) => ({ ...b, x: 100 + 5 * i }));
    const buttons = [
      { x: 240, high: 10, low: 16 },
      { x: 250, high: 10, low: 16 },
      { x: 258, high: 10, low: 16 },
    ];
    const withButtons = [...placed, ...buttons];
    dropStrayLast(withButtons);
    expect(withButtons).toEqual(placed);
    // Four bars past a hole are the series resuming (bars the detection missed), kept.
    const resumed = [...placed, ...[0, 1, 2, 3].map((k) => ({ x: 200 + 5 * k, high: 420, low: 450 }))];
    dropStrayLast(resumed);
    expect(resumed).toHaveLength(16);
  });
});

describe('dropDetachedTail', () => {
  // Rows grow downwards: high < low. A series wandering by touching bars 30 rows tall.
  const series = (n = 40): { high: number; low: number }[] =>
    Array.from({ length: n }, (_, i) => {
      const top = 400 + Math.round(60 * Math.sin(i / 4));
      return { high: top, low: top + 30 };
    });

  it("drops a run of pieces far clear of the series at its end (a toolbar's buttons in the plot's corner)", () => {
    const buttons = Array.from({ length: 8 }, () => ({ high: 5, low: 26 }));
    const bars = [...series(), ...buttons];
    dropDetachedTail(bars);
    expect(bars).toEqual(series());
  });

  it('drops text and a thin marker below the last bars together', () => {
    const bars = [...series(), { high: 900, low: 908 }, { high: 640, low: 643 }, { high: 902, low: 910 }];
    dropDetachedTail(bars);
    expect(bars).toEqual(series());
  });

  it("drops a long run of a box's stripes (a legend box at the plot's corner), up to two dozen pieces", () => {
    const stripes = Array.from({ length: 17 }, () => ({ high: 20, low: 68 }));
    const bars = [...series(), ...stripes];
    dropDetachedTail(bars);
    expect(bars).toEqual(series());
  });

  it('keeps a last bar that breaks out, however tall, while it starts near the bars before it', () => {
    const bars = [...series(), { high: 200, low: 460 }];
    dropDetachedTail(bars);
    expect(bars).toHaveLength(41);
  });

  it('keeps a gap the series itself is used to (a market that gaps at every session)', () => {
    // Every other bar 200 rows clear of its neighbours: a last bar 170 rows clear of the bars
    // before it is within the series' habits, though well past three bar heights.
    const gapping = series().map((b, i) => ({ high: b.high + (i % 2) * 230, low: b.low + (i % 2) * 230 }));
    const last = gapping[gapping.length - 1]!;
    const bars = [...gapping, { high: last.high - 230 - 200, low: last.low - 230 - 200 }];
    dropDetachedTail(bars);
    expect(bars).toHaveLength(41);
  });
});

describe('widestGap', () => {
  it('finds the widest run of missing rows between inked ones', () => {
    expect(widestGap([3, 4, 5, 7, 8, 12, 13])).toEqual([9, 11]);
    expect(widestGap([3, 4, 5])).toBeNull();
    expect(widestGap([])).toBeNull();
  });
});

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

describe('evenPieces', () => {
  /** Hollow bodies 7 px wide every 8.37 px, one piece each. */
  const bodies = Array.from({ length: 60 }, (_, i) => {
    const left = Math.round(4 + i * 8.37);
    return { left, right: left + 6, top: 0, bottom: 30, pixels: 60 };
  });

  it('takes the pieces for the spacing when the profile gave no whole multiple of it', () => {
    expect(evenPieces(31.8, bodies)).toBeCloseTo(8.37, 1);
  });

  it('keeps a whole multiple (a bar broken into evenly spaced parts) and a period the pieces do not contradict', () => {
    expect(evenPieces(25.1, bodies)).toBe(25.1);
    expect(evenPieces(8.4, bodies)).toBe(8.4);
    // Pieces at irregular distances say nothing.
    const uneven = bodies.map((b, i) => ({ ...b, left: b.left + (i % 3) * 2, right: b.right + (i % 3) * 2 }));
    expect(evenPieces(31.8, uneven)).toBe(31.8);
  });
});
