import { afterAll, describe, expect, it } from 'vitest';
import { terminateOcr } from '../axis/index.js';
import type { PixelCandle, PlotLine } from '../bars/index.js';
import { readMetaTrader } from '../test/metatrader.js';
import { lineLabel } from './line-label.js';
import type { Tag } from './tags.js';

afterAll(async () => {
  await terminateOcr();
});

const LABEL_HEIGHT = 10;
const GOLD: PlotLine = { y: 104, colour: [201, 170, 107], dashed: false };
const GRID: PlotLine = { y: 104, colour: [128, 130, 130], dashed: true };
const BID: Tag = { y: 140, fill: [185, 185, 185], lines: 1 };

/** A bar at column x from row high to row low, opening and closing at the given rows. */
const bar = (x: number, high: number, low: number, open: number, close: number): PixelCandle => ({
  x,
  high,
  low,
  open,
  close,
});

/** Twenty bars, the last closing at the bid's row 140. */
function series(): PixelCandle[] {
  const bars: PixelCandle[] = [];
  for (let i = 0; i < 20; i++) bars.push(bar(10 + i * 12, 110 + (i % 5) * 4, 150 + (i % 3) * 5, 120, 135));
  bars.push(bar(250, 112, 150, 118, 140));
  return bars;
}

/** The glyphs of "Resistance 1.0862" above a line at row 104: pieces within one line of text. */
function glyphs(from: number, count: number, top = 93, bottom = 103): PixelCandle[] {
  return Array.from({ length: count }, (_, i) =>
    bar(from + i * 9, top + (i % 2), bottom - (i % 3), top + 2, bottom - 2),
  );
}

describe("an object's label past the latest bars", () => {
  it('is set aside when its glyphs stand on a line and the bid box marks the bar before them', () => {
    const candles = [...series(), ...glyphs(270, 12)];
    expect(lineLabel(candles, [GOLD], [BID], LABEL_HEIGHT)).toEqual({ pieces: 12, box: BID });
  });

  it('is a series of bars where no line runs under the pieces, or only a grid', () => {
    const candles = [...series(), ...glyphs(270, 6)];
    expect(lineLabel(candles, [], [BID], LABEL_HEIGHT)).toBeNull();
    expect(lineLabel(candles, [GRID], [BID], LABEL_HEIGHT)).toBeNull();
  });

  it('takes no piece taller than a line of text for a glyph', () => {
    const candles = [...series(), ...glyphs(270, 3), bar(300, 80, 103, 85, 100)];
    expect(lineLabel(candles, [GOLD], [BID], LABEL_HEIGHT)).toBeNull();
  });

  it('needs exactly one box at the bar before the pieces, apart from their rows and painted like no other', () => {
    const candles = [...series(), ...glyphs(270, 5)];
    const order: Tag = { y: 143, fill: [30, 144, 255], lines: 1 };
    expect(lineLabel(candles, [GOLD], [], LABEL_HEIGHT)).toBeNull();
    expect(lineLabel(candles, [GOLD], [BID, order], LABEL_HEIGHT)).toBeNull();
    // A box within the text's rows may be the price it names.
    const named: Tag = { y: 98, fill: [185, 185, 185], lines: 1 };
    const at = [...series().slice(0, -1), bar(250, 90, 120, 110, 98), ...glyphs(270, 5)];
    expect(lineLabel(at, [GOLD], [named], LABEL_HEIGHT)).toBeNull();
    // A band's values painted alike say nothing of the last close.
    const band: Tag[] = [BID, { y: 40, fill: [185, 185, 185], lines: 1 }, { y: 200, fill: [185, 185, 185], lines: 1 }];
    expect(lineLabel(candles, [GOLD], band, LABEL_HEIGHT)).toBeNull();
  });
});

describe("an object's label on a MetaTrader render", () => {
  // Design renders (docs/engine-lab-notes.md), each refused before: the text's glyphs were the
  // latest bars. `from`: the mark the last close is read from, the platform's box at the true close
  // beside the glyphs, or the series' tag that the bar before them reaches.
  it.each([
    { does: 'a terminal\'s "Resistance 0.8562" over a dashed stop line', seed: 1, picture: 5, from: 'box' },
    { does: 'a small JPEG\'s Murrey-math "4/8 193.760" on its dotted line', seed: 1, picture: 48, from: 'box' },
    // The label's glyphs, in the colour of the phone's red bars and tag, are more pieces than a
    // countdown's: they were taken for bars the tag does not reach.
    { does: 'a phone\'s "R1 1.07020" over its dashed line, past the last bar', seed: 1, picture: 70, from: 'tag' },
    { does: "a landscape phone's pivot label past the last bar", seed: 2, picture: 39, from: 'tag' },
    // Three levels' labels at the plot's right edge, in a larger type than the axis's: a glyph
    // joined to its level's line stood taller than an axis label and was taken for a bar.
    {
      does: "a landscape phone's three level labels past the last bar, set larger than the axis's",
      seed: 42,
      picture: 79,
      from: 'tag',
    },
  ])(
    'is set aside, the close read from the $from: $does',
    async ({ seed, picture, from }) => {
      const { reading, error } = await readMetaTrader(seed, picture);
      expect(error).toBeLessThan(0.01);
      expect(reading.evidence.lastSource).toBe(from);
    },
    60_000,
  );

  // Design render 2-006: a phone app's header prices ("158.958 158.987") run across the plot's top
  // past the last bar, over the series' red price line, the red tag at the bar before them. Their
  // glyphs were set aside as a label's while the plot took in the tag's edge past the axis's
  // border; within the border the last glyph reaches the tag's rows, and the tag, which prints the
  // same price, gives the close.
  it("reads a phone's header prices over the price line through the tag they reach", async () => {
    const { reading, error } = await readMetaTrader(2, 6);
    expect(error).toBeLessThan(0.01);
    expect(reading.evidence.lastSource).toBe('tag');
  }, 60_000);

  // Seed 21, picture 2 (read 11.7% off before): an order's stop tag in the red of the bars was
  // reached by the bar before the last, which was set aside as an object at the plot's edge,
  // though it stands in the series' step with MetaTrader's grey bid box at its close.
  it("keeps the last bar that a box of its own marks, beside an order's tag in the series' colour", async () => {
    const { reading, error } = await readMetaTrader(21, 2);
    expect(error).toBeLessThan(0.01);
    expect(reading.evidence.lastSource).toBe('box');
  }, 60_000);

  // Seed 36, picture 62 with zones (a phone in portrait, labels 30 px tall; read 33.6% off
  // before): the latest bars, no taller than a line of such text, passed for the glyphs of a
  // level's label, and an order's blue tag that a bar 18 pieces back reaches was taken for the
  // price. A label's glyphs stand on one line of text; the bars there step up and down.
  it("takes no run of bars that steps over more than a line of text for a label's glyphs", async () => {
    const { error } = await readMetaTrader(36, 62, { zones: 0.7 });
    expect(error).toBeLessThan(0.01);
  }, 60_000);
});
