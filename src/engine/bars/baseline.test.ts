import { afterAll, describe, expect, it } from 'vitest';
import { terminateOcr } from '../axis/index.js';
import type { Rgb } from '../raster.js';
import { readMetaTrader } from '../test/metatrader.js';
import { eraseZones, removeBaselineRuns } from './baseline.js';

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

afterAll(async () => {
  await terminateOcr();
});

describe('eraseZones', () => {
  // A 400 x 200 plot on black: a zone filled dark red across columns 100-399, rows 60-119; a
  // green line crossing it from top left to bottom right, one pixel thick.
  const w = 400;
  const h = 200;
  const bg: Rgb = [0, 0, 0];
  const zoneFill: Rgb = [75, 16, 16];
  const lineInk: Rgb = [0, 230, 0];
  const draw = (): { ink: Uint8Array; colours: Rgb[] } => {
    const colours: Rgb[] = Array.from({ length: w * h }, () => bg);
    for (let y = 60; y < 120; y++) for (let x = 100; x < w; x++) colours[y * w + x] = zoneFill;
    for (let x = 0; x < w; x++) colours[Math.round(20 + x * 0.4) * w + x] = lineInk;
    const ink = new Uint8Array(colours.map((c) => (c === bg ? 0 : 1)));
    return { ink, colours };
  };
  const inkOf = (ink: Uint8Array, colours: Rgb[], colour: Rgb): number =>
    colours.reduce((n, c, p) => n + (c === colour && ink[p] ? 1 : 0), 0);

  it("erases a zone's fill and keeps the line crossing it", () => {
    const { ink, colours } = draw();
    const line = inkOf(ink, colours, lineInk);
    eraseZones(ink, w, h, { colourAt: (p) => colours[p]!, bg });
    expect(inkOf(ink, colours, zoneFill)).toBe(0);
    // Only the line's pixels along the zone's edges go with its outline (two rows at each edge).
    expect(inkOf(ink, colours, lineInk)).toBeGreaterThanOrEqual(line - 4 * 3);
  });

  it('takes a baseline for no zone: volume bars keep their ink, as their tops follow their values', () => {
    const ink = new Uint8Array(w * h);
    const colours: Rgb[] = Array.from({ length: w * h }, () => bg);
    for (let x = 0, k = 0; x < w; x += 4, k++) {
      for (let y = h - 10 - (k % 16) * 2; y < h; y++) {
        ink[y * w + x] = 1;
        colours[y * w + x] = [40, 90, 160];
      }
    }
    const before = ink.reduce((s, v) => s + v, 0);
    eraseZones(ink, w, h, { colourAt: (p) => colours[p]!, bg });
    expect(ink.reduce((s, v) => s + v, 0)).toBe(before);
  });

  it('takes boxes of two fills side by side for no zone (a one-click panel): their ink stays', () => {
    const ink = new Uint8Array(w * h);
    const colours: Rgb[] = Array.from({ length: w * h }, () => bg);
    for (let y = 20; y < 60; y++) {
      for (let x = 10; x < 210; x++) {
        ink[y * w + x] = 1;
        colours[y * w + x] = x < 110 ? [200, 40, 40] : [40, 80, 200];
      }
    }
    eraseZones(ink, w, h, { colourAt: (p) => colours[p]!, bg });
    expect(ink.reduce((s, v) => s + v, 0)).toBe(200 * 40);
  });

  it('takes a row of text-high boxes for no zone: a zone is taller than a line of text', () => {
    const ink = new Uint8Array(w * h);
    const colours: Rgb[] = Array.from({ length: w * h }, () => bg);
    for (let y = 100; y < 108; y++) {
      for (let x = 0; x < w; x++) {
        ink[y * w + x] = 1;
        colours[y * w + x] = zoneFill;
      }
    }
    eraseZones(ink, w, h, { colourAt: (p) => colours[p]!, bg });
    expect(ink.reduce((s, v) => s + v, 0)).toBe(8 * w);
  });

  it('reads the line chart across a zone filled behind it (design render 33-013)', async () => {
    const { error } = await readMetaTrader(33, 13, { zones: 0.7 });
    expect(error).toBeLessThan(0.01);
  }, 60_000);

  it('reads the bars beside a zone from a bar to the axis (design render 42-008, refused before)', async () => {
    const { error } = await readMetaTrader(42, 8, { zones: 0.7 });
    expect(error).toBeLessThan(0.01);
  }, 60_000);
});
