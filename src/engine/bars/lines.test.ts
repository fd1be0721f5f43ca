import { describe, expect, it } from 'vitest';
import { removeLines, restoreLineCrossings } from './lines.js';
import { grid, show } from './test/masks.js';

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

  it('tells a dashed line from a solid one that bars cross', () => {
    // A grey dashed line on row 20 (6 px dashes, 6 px gaps) and a solid grey line on row 40 that
    // ten bars cross, on black.
    const width = 300;
    const height = 60;
    const data = new Uint8Array(width * height * 3);
    const grey = (x: number, y: number): void => data.set([128, 128, 128], (y * width + x) * 3);
    for (let x = 0; x < width; x++) {
      if (x % 12 < 6) grey(x, 20);
      grey(x, 40);
    }
    for (let k = 0; k < 10; k++)
      for (let y = 30; y < 50; y++)
        for (let x = 20 + k * 14; x < 26 + k * 14; x++) data.set([0, 200, 0], (y * width + x) * 3);
    const { lines } = removeAll(width, height, data, [0, 0, 0], (p) => (data[p * 3] ?? 0) + (data[p * 3 + 1] ?? 0) > 0);
    expect(lines.map((l) => [l.y, l.dashed])).toEqual([
      [20, true],
      [40, false],
    ]);
  });
});
