/**
 * The price line's tag a bar before the last pieces reaches (`lineTagBeforeObjects`): the pieces
 * past that bar are objects (a title's letters, an object's label), not the latest bars.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { terminateOcr } from '../axis/index.js';
import type { PixelCandle, PlotLine } from '../bars/index.js';
import { readMetaTrader } from '../test/metatrader.js';
import { lineTagBeforeObjects, type Tag } from './tags.js';

afterAll(async () => {
  await terminateOcr();
});

const LABEL_HEIGHT = 20;
const GREY = [120, 120, 120] as const;

/** Twelve bars climbing from row 400 to row 180, each touching the one before. */
function series(): PixelCandle[] {
  return Array.from({ length: 12 }, (_, i) => {
    const top = 400 - i * 20;
    return { x: 10 + i * 8, open: top + 30, high: top - 5, low: top + 35, close: top };
  });
}

const bid: Tag = { y: 182, top: 172, bottom: 192, fill: GREY, lines: 1 };
const solid: PlotLine = { y: 182, colour: GREY, dashed: false };
/** A glyph of the chart's title far above the bars, past the last one. */
const letter: PixelCandle = { x: 120, open: 40, high: 30, low: 52, close: 40 };

describe('lineTagBeforeObjects', () => {
  it('sets aside the pieces past the bar that reaches the tag on a solid line, when they stand apart from it', () => {
    const candles = [...series(), letter];
    expect(lineTagBeforeObjects(candles, [bid], [solid], LABEL_HEIGHT)).toEqual({ box: bid, pieces: 1 });
    const twoLetters = [...series(), letter, { ...letter, x: 128 }];
    expect(lineTagBeforeObjects(twoLetters, [bid], [solid], LABEL_HEIGHT)).toEqual({ box: bid, pieces: 2 });
  });

  it("takes no tag on a dashed line (an order's, a crosshair's) or with no line at its row", () => {
    const candles = [...series(), letter];
    expect(lineTagBeforeObjects(candles, [bid], [{ ...solid, dashed: true }], LABEL_HEIGHT)).toBeNull();
    expect(lineTagBeforeObjects(candles, [bid], [{ ...solid, y: 240 }], LABEL_HEIGHT)).toBeNull();
  });

  it('keeps a last piece that touches the bar before it: the next bar, the tag an earlier price', () => {
    const next: PixelCandle = { x: 106, open: 200, high: 190, low: 236, close: 230 };
    expect(lineTagBeforeObjects([...series(), next], [bid], [solid], LABEL_HEIGHT)).toBeNull();
  });

  it('does nothing where the last piece reaches a box, or two tags on solid lines are reached', () => {
    const candles = [...series(), letter];
    const atLetter: Tag = { ...bid, y: 40, top: 30, bottom: 50 };
    expect(lineTagBeforeObjects(candles, [bid, atLetter], [solid], LABEL_HEIGHT)).toBeNull();
    const other: Tag = { ...bid, y: 205, top: 195, bottom: 215 };
    expect(lineTagBeforeObjects(candles, [bid, other], [solid, { ...solid, y: 205 }], LABEL_HEIGHT)).toBeNull();
  });
});

describe("a MetaTrader chart with an object's label past its last bar", () => {
  it("is read at the bid's tag: the label's glyphs past the bar are set aside", async () => {
    // Seed 41, picture 22 (design): a phone in portrait, MetaTrader 5's white theme; the pivot's
    // 'PP 1.24661' box past the last bar broke into pieces, the grey bid tag on its solid line
    // stands at the bar before them.
    const { reading, error } = await readMetaTrader(41, 22);
    expect(error).toBeLessThan(0.01);
    expect(reading.evidence.lastSource).toBe('box');
  }, 60_000);
});
