import { describe, expect, it } from 'vitest';
import type { PixelCandle, PlotLine } from '../bars/index.js';
import {
  applyLastPriceTag,
  applyLoneBox,
  unexplainedMarks,
  applyPriceLine,
  applyTextTag,
  axisTags,
  reconcileWithTags,
  sameTint,
} from './tags.js';
import type { Box, Raster, Rgb } from '../raster.js';
import { readMetaTrader } from '../test/metatrader.js';

const BG: Rgb = [20, 22, 30];
const UP: Rgb = [38, 166, 154];
const GREY: Rgb = [80, 84, 96];
const WIDTH = 200;
const HEIGHT = 120;
const STRIP: Box = { left: 160, right: 196, top: 5, bottom: 115 };
const PLOT: Box = { left: 0, top: 0, right: 150, bottom: HEIGHT };
const LABEL_HEIGHT = 8;
/** The series' colours the price line's tests read with. */
const SERIES: Rgb[] = [UP];

function raster(): Raster {
  const data = new Uint8Array(WIDTH * HEIGHT * 3);
  for (let p = 0; p < WIDTH * HEIGHT; p++) data.set(BG, p * 3);
  return { width: WIDTH, height: HEIGHT, data };
}

function fill(r: Raster, box: Box, colour: Rgb): void {
  for (let y = box.top; y < box.bottom; y++)
    for (let x = box.left; x < box.right; x++) r.data.set(colour, (y * r.width + x) * 3);
}

/** A tag filled in `colour` centred on row `y`, 12 rows tall, with dark text across its middle. */
function tag(r: Raster, y: number, colour: Rgb): void {
  fill(r, { left: 156, right: 200, top: y - 6, bottom: y + 6 }, colour);
  for (let x = 164; x < 192; x += 4) fill(r, { left: x, right: x + 2, top: y - 4, bottom: y + 4 }, BG);
}

/**
 * A box filled in `colour` over rows `top`..`bottom` from the strip's plot side (to `right`), with
 * glyphs in `ink` every four columns on each band of rows [from, to): its lines of text.
 */
function linedBox(
  r: Raster,
  { top, bottom, right = 200 }: { top: number; bottom: number; right?: number },
  colour: Rgb,
  bands: [number, number][],
  ink: Rgb = BG,
): void {
  fill(r, { left: 156, right, top, bottom }, colour);
  for (let x = 164; x < right - 8; x += 4)
    for (const [from, to] of bands) fill(r, { left: x, right: x + 2, top: from, bottom: to }, ink);
}

/** Plain labels: text only, the strip's outer columns stay background. */
function label(r: Raster, y: number): void {
  for (let x = 163; x < 193; x += 3) fill(r, { left: x, right: x + 2, top: y - 4, bottom: y + 4 }, GREY);
}

describe('axisTags', () => {
  it('finds filled boxes with text on them and ignores plain labels', () => {
    const r = raster();
    label(r, 20);
    tag(r, 50, UP);
    label(r, 80);
    tag(r, 100, GREY);
    const tags = axisTags(r, BG, STRIP, 0, HEIGHT, LABEL_HEIGHT);
    expect(tags.map((t) => t.y)).toEqual([49.5, 99.5]);
    expect(tags[0]?.fill).toEqual(UP);
  });

  it("finds a box that stops short of the labels' far edge, or has a stray row in it", () => {
    const r = raster();
    // Only as wide as its text: it ends two columns before the strip does.
    fill(r, { left: 156, right: 194, top: 24, bottom: 36 }, UP);
    // A glyph of the label it hides peeks out at its plot-side edge on one row.
    fill(r, { left: 156, right: 200, top: 64, bottom: 76 }, UP);
    fill(r, { left: 156, right: 162, top: 70, bottom: 71 }, BG);
    // Nearly every row of this one is fill, but its plot-side column is background in three
    // rows (antialiased corner of the box it overlaps).
    fill(r, { left: 156, right: 200, top: 94, bottom: 106 }, GREY);
    fill(r, { left: 156, right: 161, top: 97, bottom: 100 }, BG);
    expect(axisTags(r, BG, STRIP, 0, HEIGHT, LABEL_HEIGHT).map((t) => t.y)).toEqual([29.5, 69.5, 99.5]);
  });

  it('finds a two-line tag (price over countdown) at the centre of its upper line', () => {
    const r = raster();
    // 32 rows, four label heights: the price's text in the upper half, the countdown's below.
    linedBox(r, { top: 40, bottom: 72 }, UP, [
      [44, 52],
      [60, 68],
    ]);
    label(r, 100);
    const tags = axisTags(r, BG, STRIP, 0, HEIGHT, LABEL_HEIGHT);
    expect(tags.map((t) => t.y)).toEqual([47.5]);
    expect(tags[0]?.fill).toEqual(UP);
  });

  it('finds a two-line tag no taller than three label heights by its two bands of text', () => {
    const r = raster();
    // 24 rows (TradingView's tag at a label height of 11 is 33 rows): the price's text on rows
    // 38-43, the countdown's on 50-55. Its centre (47.5) lies between the two lines.
    linedBox(r, { top: 36, bottom: 60 }, UP, [
      [38, 44],
      [50, 56],
    ]);
    tag(r, 90, GREY);
    const tags = axisTags(r, BG, STRIP, 0, HEIGHT, LABEL_HEIGHT);
    expect(tags.map((t) => [t.y, t.lines])).toEqual([
      [40.5, 2],
      [89.5, 1],
    ]);
  });

  it('takes a crosshair label touching the tag for two boxes, each at its own centre (two fills make no two-line tag)', () => {
    const r = raster();
    tag(r, 46, GREY);
    fill(r, { left: 156, right: 200, top: 52, bottom: 54 }, GREY);
    tag(r, 60, UP);
    const tags = axisTags(r, BG, STRIP, 0, HEIGHT, LABEL_HEIGHT);
    expect(tags.map((t) => [t.y, t.fill, t.lines])).toEqual([
      [46.5, GREY, 1],
      [59.5, UP, 1],
    ]);
  });

  it("splits the last price's two-line tag from an indicator's tag touching it, each at its own price", () => {
    const r = raster();
    const ORANGE: Rgb = [249, 150, 3];
    // The two-line tag on rows 30-53 (text on 32-37 and 44-49), the indicator's on 54-65.
    linedBox(r, { top: 30, bottom: 54 }, UP, [
      [32, 38],
      [44, 50],
    ]);
    tag(r, 60, ORANGE);
    const tags = axisTags(r, BG, STRIP, 0, HEIGHT, LABEL_HEIGHT);
    expect(tags.map((t) => [t.y, t.fill, t.lines])).toEqual([
      [34.5, UP, 2],
      [59.5, ORANGE, 1],
    ]);
  });

  it("splits an order's tag half hidden under the bid tag from it, though together they are a one-line box's height", () => {
    const r = raster();
    const RED: Rgb = [220, 30, 40];
    // MetaTrader: a stop's red tag on rows 30-41, the grey bid tag drawn over its lower part
    // from row 38: 20 rows in all (2.5 label heights), red above, grey below.
    tag(r, 36, RED);
    tag(r, 44, GREY);
    expect(axisTags(r, BG, STRIP, 0, HEIGHT, LABEL_HEIGHT).map((t) => [t.y, t.fill])).toEqual([
      [33.5, RED],
      [43.5, GREY],
    ]);
  });

  it('keeps a tag whose top edge a line of another colour crosses one box, at its centre', () => {
    const r = raster();
    // The bid line, red, two rows thick, runs across the axis at the grey tag's top.
    tag(r, 46, GREY);
    fill(r, { left: 156, right: 200, top: 38, bottom: 40 }, [220, 30, 40]);
    expect(axisTags(r, BG, STRIP, 0, HEIGHT, LABEL_HEIGHT).map((t) => [t.y, t.fill])).toEqual([[44.5, GREY]]);
  });

  it("finds the two lines of a tag that stops short of the strip's far edge", () => {
    const r = raster();
    // As in the three-label-height tag above, but only as wide as its text: the strip's last
    // two columns are background on every row.
    linedBox(r, { top: 36, bottom: 60, right: 194 }, UP, [
      [38, 44],
      [50, 56],
    ]);
    expect(axisTags(r, BG, STRIP, 0, HEIGHT, LABEL_HEIGHT).map((t) => [t.y, t.lines])).toEqual([[40.5, 2]]);
  });

  it('takes no tag from a zone too tall for one line, of two fills with no text (a drawing, a gradient)', () => {
    const r = raster();
    fill(r, { left: 156, right: 200, top: 20, bottom: 48 }, [200, 60, 60]);
    fill(r, { left: 156, right: 200, top: 48, bottom: 76 }, UP);
    expect(axisTags(r, BG, STRIP, 0, HEIGHT, LABEL_HEIGHT)).toEqual([]);
  });

  it('takes a box shorter than 2.5 label heights for one line, whatever bands its text makes', () => {
    const r = raster();
    // 18 rows (2.25 label heights), two bands of 5 rows.
    linedBox(r, { top: 30, bottom: 48 }, UP, [
      [32, 37],
      [40, 45],
    ]);
    expect(axisTags(r, BG, STRIP, 0, HEIGHT, LABEL_HEIGHT).map((t) => [t.y, t.lines])).toEqual([[38.5, 1]]);
  });

  it('keeps a one-line box whose thin strokes split its text into short bands one line, at its centre', () => {
    const r = raster();
    // 20 rows (2.5 label heights): text on rows 33-35 and 38-44, a glyph's thin stroke between.
    linedBox(r, { top: 30, bottom: 50 }, UP, [
      [33, 36],
      [38, 45],
    ]);
    expect(axisTags(r, BG, STRIP, 0, HEIGHT, LABEL_HEIGHT).map((t) => [t.y, t.lines])).toEqual([[39.5, 1]]);
  });

  it("finds a box whose text's first glyph covers the plot-side column, centred on the whole box", () => {
    const r = raster();
    // 20 rows tall: fill above and below, and the rows through its text blank at the strip's
    // first columns (a '1' in the background's colour) and between the glyphs.
    fill(r, { left: 156, right: 200, top: 40, bottom: 60 }, UP);
    fill(r, { left: 158, right: 163, top: 45, bottom: 55 }, BG);
    for (let x = 166; x < 192; x += 4) fill(r, { left: x, right: x + 2, top: 45, bottom: 55 }, BG);
    label(r, 90);
    expect(axisTags(r, BG, STRIP, 0, HEIGHT, LABEL_HEIGHT).map((t) => t.y)).toEqual([49.5]);
  });
});

describe('applyLastPriceTag', () => {
  // A doji whose body was lost on the price line: the wick was read as the body.
  const doji = (): PixelCandle => ({ x: 140, open: 58, high: 40, low: 58, close: 40 });

  function chartWithLastCandle(candle: PixelCandle, tagColour: Rgb, tagY: number): Raster {
    const r = raster();
    fill(r, { left: candle.x, right: candle.x + 1, top: candle.high, bottom: candle.low + 1 }, UP);
    label(r, 20);
    tag(r, tagY, tagColour);
    return r;
  }

  it('moves the close to the tag in the last candle colour', () => {
    const candles = [doji()];
    const used = applyLastPriceTag(
      chartWithLastCandle(candles[0]!, UP, 44),
      BG,
      BG,
      STRIP,
      PLOT,
      candles,
      LABEL_HEIGHT,
    );
    expect(used).not.toBeNull();
    expect(candles[0]).toEqual({ x: 140, open: 58, high: 40, low: 58, close: 43.5 });
  });

  it("takes the box at the last bar's body over a coloured one far out on its wick (an order's tag)", () => {
    // A bar closing up at row 60 from 80, its wick up to row 30; an order's tag at row 34, and
    // MetaTrader's grey bid tag at the close.
    const bar = (): PixelCandle => ({ x: 140, open: 80, high: 30, low: 85, close: 60 });
    const withBid = [bar()];
    const r = chartWithLastCandle(withBid[0]!, UP, 34);
    tag(r, 61, GREY);
    expect(applyLastPriceTag(r, BG, BG, STRIP, PLOT, withBid, LABEL_HEIGHT)).not.toBeNull();
    expect(withBid[0]!.close).toBeCloseTo(60.5, 5);
    // Without a box at the body, the coloured tag stands.
    const alone = [bar()];
    applyLastPriceTag(chartWithLastCandle(alone[0]!, UP, 34), BG, BG, STRIP, PLOT, alone, LABEL_HEIGHT);
    expect(alone[0]!.close).toBeCloseTo(33.5, 5);
    // A grey box at the bar's open is another mark (a crosshair's label): the tag stands.
    const atOpen = [bar()];
    const tv = chartWithLastCandle(atOpen[0]!, UP, 34);
    tag(tv, 80, GREY);
    applyLastPriceTag(tv, BG, BG, STRIP, PLOT, atOpen, LABEL_HEIGHT);
    expect(atOpen[0]!.close).toBeCloseTo(33.5, 5);
  });

  it("takes the box at the last bar's close over a coloured one at the other end of its body (the ask's)", () => {
    // A bar falling from row 40 to 60: MetaTrader's ask tag in the down colour at its open, a
    // spread above the grey bid at its close.
    const bar = (): PixelCandle => ({ x: 140, open: 40, high: 38, low: 62, close: 60 });
    const withBid = [bar()];
    const r = chartWithLastCandle(withBid[0]!, UP, 41);
    tag(r, 61, GREY);
    expect(applyLastPriceTag(r, BG, BG, STRIP, PLOT, withBid, LABEL_HEIGHT)).not.toBeNull();
    expect(withBid[0]!.close).toBeCloseTo(60.5, 5);
    // Without the box at the close, the tag stands (the body read upside down).
    const alone = [bar()];
    applyLastPriceTag(chartWithLastCandle(alone[0]!, UP, 41), BG, BG, STRIP, PLOT, alone, LABEL_HEIGHT);
    expect(alone[0]).toMatchObject({ open: 60, close: 40.5 });
  });

  it('swaps open and close when the tag sits at the open', () => {
    const candles = [doji()];
    applyLastPriceTag(chartWithLastCandle(candles[0]!, UP, 56), BG, BG, STRIP, PLOT, candles, LABEL_HEIGHT);
    expect(candles[0]).toMatchObject({ open: 40, close: 55.5 });
  });

  it('ignores a tag of another colour (a crosshair label) and a tag outside the candle', () => {
    const grey = [doji()];
    expect(
      applyLastPriceTag(chartWithLastCandle(grey[0]!, GREY, 50), BG, BG, STRIP, PLOT, grey, LABEL_HEIGHT),
    ).toBeNull();
    expect(grey[0]).toEqual(doji());
    const far = [doji()];
    expect(applyLastPriceTag(chartWithLastCandle(far[0]!, UP, 95), BG, BG, STRIP, PLOT, far, LABEL_HEIGHT)).toBeNull();
    expect(far[0]).toEqual(doji());
  });
});

describe('applyLastPriceTag with a paler last bar', () => {
  const GREEN: Rgb = [0, 230, 0];
  /** `k` of the way from the background to colour c, as a line covering part of a pixel is drawn. */
  const blend = (c: Rgb, k: number): Rgb => {
    const at = (i: 0 | 1 | 2): number => Math.round(BG[i] + k * (c[i] - BG[i]));
    return [at(0), at(1), at(2)];
  };
  const doji = (): PixelCandle => ({ x: 140, open: 58, high: 40, low: 58, close: 40 });

  it("takes a tag in the bar's colour at full strength when the bar's wick is drawn between two columns", () => {
    const r = raster();
    fill(r, { left: 140, right: 142, top: 40, bottom: 59 }, blend(GREEN, 0.7));
    tag(r, 44, GREEN);
    const candles = [doji()];
    expect(applyLastPriceTag(r, BG, BG, STRIP, PLOT, candles, LABEL_HEIGHT)).not.toBeNull();
    expect(candles[0]).toMatchObject({ close: 43.5 });
  });

  it('ignores a crosshair label that the crosshair line through the bar is a pale version of', () => {
    const r = raster();
    fill(r, { left: 140, right: 141, top: 40, bottom: 59 }, GREEN);
    fill(r, { left: 0, right: 150, top: 50, bottom: 51 }, GREY);
    tag(r, 50, blend(GREY, 2.2));
    const candles = [doji()];
    expect(applyLastPriceTag(r, BG, BG, STRIP, PLOT, candles, LABEL_HEIGHT)).toBeNull();
    expect(candles[0]).toEqual(doji());
  });
});

describe('applyLastPriceTag with the series colours', () => {
  const DOWN: Rgb = [239, 83, 80];
  // Thin bars in a JPEG: the up colour of their ink is paler than the tag's fill.
  const paleUp: Rgb = [29, 94, 92];
  // The last piece holds the last two bars, and a down bar's ink is its commonest colour.
  const merged = (): PixelCandle => ({ x: 140, open: 58, high: 30, low: 70, close: 40 });
  const chart = (tagColour: Rgb): Raster => {
    const r = raster();
    fill(r, { left: 138, right: 141, top: 30, bottom: 71 }, DOWN);
    fill(r, { left: 142, right: 143, top: 35, bottom: 60 }, paleUp);
    tag(r, 44, tagColour);
    return r;
  };

  it('takes a tag in a series colour, at the colour measured from the bars or stronger', () => {
    const candles = [merged()];
    const used = applyLastPriceTag(chart(UP), BG, BG, STRIP, PLOT, candles, LABEL_HEIGHT, [DOWN, paleUp]);
    expect(used).not.toBeNull();
    expect(candles[0]).toMatchObject({ close: 43.5 });
  });

  it('ignores a tag of a colour the series does not have', () => {
    const candles = [merged()];
    // An indicator's value tag, in its own colour.
    const ORANGE: Rgb = [255, 152, 0];
    expect(applyLastPriceTag(chart(ORANGE), BG, BG, STRIP, PLOT, candles, LABEL_HEIGHT, [DOWN, paleUp])).toBeNull();
    expect(applyLastPriceTag(chart(UP), BG, BG, STRIP, PLOT, candles, LABEL_HEIGHT, [DOWN])).toBeNull();
    expect(candles[0]).toEqual(merged());
  });

  it("ignores a grey crosshair label alone when every series colour has a hue, however grey the crosshair's line in the bar", () => {
    const LABEL_GREY: Rgb = [54, 58, 69];
    const r = chart(LABEL_GREY);
    // The crosshair's horizontal line, the label's grey, across the last bar at the label's row.
    fill(r, { left: 0, right: 150, top: 44, bottom: 45 }, LABEL_GREY);
    const candles = [merged()];
    expect(applyLastPriceTag(r, BG, BG, STRIP, PLOT, candles, LABEL_HEIGHT, [DOWN, UP])).toBeNull();
    expect(candles[0]).toEqual(merged());
    // A black-and-white series has grey among its colours: there the grey box may be the tag.
    const GREY_BAR: Rgb = [60, 62, 70];
    expect(applyLastPriceTag(r, BG, BG, STRIP, PLOT, candles, LABEL_HEIGHT, [GREY_BAR, DOWN])).not.toBeNull();
  });
});

describe('applyLastPriceTag on a MetaTrader chart in a JPEG', () => {
  const BLACK: Rgb = [0, 0, 0];
  const WHITE: Rgb = [253, 253, 253];
  // The one-pixel green outline has lost much of its colour, not its hue.
  const greyishGreen: Rgb = [91, 193, 94];
  const GREEN: Rgb = [0, 242, 0];
  // A white (down) body outlined in green, from row 30 to 80.
  const bar = (): PixelCandle => ({ x: 140, open: 30, high: 25, low: 90, close: 80 });
  const chart = (): Raster => {
    const r = raster();
    fill(r, { left: 0, right: WIDTH, top: 0, bottom: HEIGHT }, BLACK);
    fill(r, { left: 136, right: 145, top: 30, bottom: 81 }, greyishGreen);
    fill(r, { left: 137, right: 144, top: 31, bottom: 80 }, WHITE);
    fill(r, { left: 140, right: 141, top: 25, bottom: 91 }, greyishGreen);
    return r;
  };

  it('takes the green tag beside a white crosshair label, both within the bar', () => {
    const r = chart();
    tag(r, 36, WHITE);
    tag(r, 80, GREEN);
    const candles = [bar()];
    expect(
      applyLastPriceTag(r, BLACK, BLACK, STRIP, PLOT, candles, LABEL_HEIGHT, [WHITE, greyishGreen]),
    ).not.toBeNull();
    expect(candles[0]).toMatchObject({ open: 30, close: 79.5 });
  });

  it("ignores a crosshair label barely lighter than the chart, however near the grey beside the bar's wick", () => {
    const r = chart();
    fill(r, { left: 141, right: 143, top: 82, bottom: 91 }, [47, 47, 47]);
    tag(r, 60, [19, 23, 34]);
    const candles = [bar()];
    expect(applyLastPriceTag(r, BLACK, BLACK, STRIP, PLOT, candles, LABEL_HEIGHT, [WHITE, greyishGreen])).toBeNull();
    expect(candles[0]).toEqual(bar());
  });

  it('takes neither of two tags that both have a hue', () => {
    const r = chart();
    tag(r, 36, [40, 220, 40]);
    tag(r, 80, GREEN);
    const candles = [bar()];
    expect(applyLastPriceTag(r, BLACK, BLACK, STRIP, PLOT, candles, LABEL_HEIGHT, [WHITE, greyishGreen])).toBeNull();
    expect(candles[0]).toEqual(bar());
  });
});

describe('sameTint', () => {
  it('matches a fill to a paler line of the same hue, and not to another hue or a grey', () => {
    expect(sameTint([0, 242, 0], [91, 193, 94])).toBe(true);
    expect(sameTint([239, 83, 80], [170, 110, 105])).toBe(true);
    expect(sameTint([0, 242, 0], [200, 120, 60])).toBe(false);
    expect(sameTint([0, 242, 0], [120, 130, 120])).toBe(false);
    // The fill must be the stronger colour of the two.
    expect(sameTint([91, 193, 94], [0, 242, 0])).toBe(false);
  });
});

describe('applyLoneBox', () => {
  // The last bar found spans rows 30-70: an indicator's stripe painted over the candles (the
  // series' colours were taken from it), so the tag in the chart's own colour matched nothing.
  const stripe = (): PixelCandle => ({ x: 140, open: 30, high: 30, low: 70, close: 70 });
  const WHITE: Rgb = [255, 255, 255];
  // A black box on the dark grey axis, as far from it as a tag is (its outline is lighter).
  const OUTLINED: Rgb = [0, 0, 0];

  it('takes the one box on the axis within the last bar, whatever its fill', () => {
    for (const colour of [UP, WHITE, GREY]) {
      const r = raster();
      label(r, 20);
      tag(r, 52, colour);
      label(r, 100);
      const candles = [stripe()];
      expect(applyLoneBox(r, BG, STRIP, PLOT, candles, [], LABEL_HEIGHT)).not.toBeNull();
      expect(candles[0]?.close).toBe(51.5);
    }
  });

  it("takes the box at the last bar's close where several stand in its range (an order's beside the bid's)", () => {
    // A bar from row 30 to 70 closing at 66: an order's tag at 38 and the bid's grey tag at 65.
    const bar = (): PixelCandle => ({ x: 140, open: 40, high: 30, low: 70, close: 66 });
    const r = raster();
    label(r, 20);
    tag(r, 38, [33, 150, 243]);
    tag(r, 65, GREY);
    label(r, 100);
    const candles = [bar()];
    expect(applyLoneBox(r, BG, STRIP, PLOT, candles, [], LABEL_HEIGHT)).not.toBeNull();
    expect(candles[0]?.close).toBe(64.5);
    // Neither at the close: no box says where the bar closed.
    const far = raster();
    tag(far, 38, [33, 150, 243]);
    tag(far, 52, GREY);
    expect(applyLoneBox(far, BG, STRIP, PLOT, [bar()], [], LABEL_HEIGHT)).toBeNull();
  });

  it("keeps the bar's close within a box pushed against the plot's edge: its centre is not the price", () => {
    // A phone app keeps the bid's tag on the axis: rows 0-11 for a price at row 9 near the top.
    const bar = (): PixelCandle => ({ x: 140, open: 30, high: 4, low: 34, close: 9 });
    const r = raster();
    tag(r, 6, GREY);
    label(r, 60);
    const candles = [bar()];
    expect(applyLoneBox(r, BG, STRIP, PLOT, candles, [], LABEL_HEIGHT)).not.toBeNull();
    expect(candles[0]?.close).toBe(9);
    // A bar closing above the box's rows is brought to its top; a box off the edge is its centre.
    const above = [{ ...bar(), high: 0, close: 0 }];
    expect(applyLoneBox(r, BG, STRIP, PLOT, above, [], LABEL_HEIGHT)).not.toBeNull();
    expect(above[0]?.close).toBe(0);
    const off = raster();
    tag(off, 14, GREY);
    const inside = [{ ...bar(), close: 12 }];
    expect(applyLoneBox(off, BG, STRIP, PLOT, inside, [], LABEL_HEIGHT)).not.toBeNull();
    expect(inside[0]?.close).toBe(13.5);
  });

  it("reports a box of two lines (price over countdown), the platform's own tag", () => {
    const r = raster();
    linedBox(
      r,
      { top: 36, bottom: 60 },
      [157, 39, 176],
      [
        [38, 44],
        [50, 56],
      ],
      WHITE,
    );
    const candles = [stripe()];
    expect(applyLoneBox(r, BG, STRIP, PLOT, candles, [], LABEL_HEIGHT)?.lines).toBe(2);
    expect(candles[0]?.close).toBe(40.5);
    const one = raster();
    tag(one, 52, UP);
    expect(applyLoneBox(one, BG, STRIP, PLOT, [stripe()], [], LABEL_HEIGHT)?.lines).toBe(1);
  });

  it('takes a dark box drawn with an outline on a dark axis', () => {
    const r = raster();
    fill(r, { left: 156, right: 200, top: 46, bottom: 58 }, GREY);
    fill(r, { left: 157, right: 199, top: 47, bottom: 57 }, OUTLINED);
    const candles = [stripe()];
    expect(applyLoneBox(r, BG, STRIP, PLOT, candles, [], LABEL_HEIGHT)).not.toBeNull();
    expect(candles[0]?.close).toBe(51.5);
  });

  it("passes over a crosshair's label: a grey box with a grey line across the plot at its row", () => {
    const r = raster();
    tag(r, 52, GREY);
    const candles = [stripe()];
    const crosshair = [{ y: 51, colour: [117, 134, 150] as Rgb }];
    expect(applyLoneBox(r, BG, STRIP, PLOT, candles, crosshair, LABEL_HEIGHT)).toBeNull();
    // The line of a price line in the tag's own colour is no crosshair.
    const coloured = raster();
    tag(coloured, 52, UP);
    expect(applyLoneBox(coloured, BG, STRIP, PLOT, candles, [{ y: 51, colour: UP }], LABEL_HEIGHT)).not.toBeNull();
  });

  it('leaves the bar alone with two boxes in its range (entry and stop) or none', () => {
    const two = raster();
    tag(two, 40, UP);
    tag(two, 60, [200, 60, 60]);
    const candles = [stripe()];
    expect(applyLoneBox(two, BG, STRIP, PLOT, candles, [], LABEL_HEIGHT)).toBeNull();
    expect(candles[0]?.close).toBe(70);
    // A box far from the last bar (a drawing's tag higher up) says nothing of its close.
    const far = raster();
    tag(far, 100, UP);
    expect(applyLoneBox(far, BG, STRIP, PLOT, candles, [], LABEL_HEIGHT)).toBeNull();
  });

  it("takes the last price's box among an indicator's values painted alike", () => {
    const r = raster();
    for (const y of [12, 40, 92]) tag(r, y, UP);
    tag(r, 58, [0, 0, 0]);
    const candles = [stripe()];
    expect(applyLoneBox(r, BG, STRIP, PLOT, candles, [], LABEL_HEIGHT)?.fill).toEqual([0, 0, 0]);
    expect(candles[0]?.close).toBe(57.5);
  });

  it("passes over a box painted like others on the axis: an indicator's values (a band's lines)", () => {
    const band = raster();
    for (const y of [12, 52, 92]) tag(band, y, UP);
    const candles = [stripe()];
    expect(applyLoneBox(band, BG, STRIP, PLOT, candles, [], LABEL_HEIGHT)).toBeNull();
    expect(candles[0]?.close).toBe(70);
    // Nor is one taken for the series' own tag when the bars share the band's colour.
    const bar: PixelCandle = { x: 140, open: 70, high: 30, low: 72, close: 40 };
    fill(band, { left: 138, right: 143, top: 30, bottom: 72 }, UP);
    expect(applyLastPriceTag(band, BG, BG, STRIP, PLOT, [bar], LABEL_HEIGHT, [UP])).toBeNull();
  });
});

describe('unexplainedMarks', () => {
  it("counts a grey box on a solid grey line (MetaTrader's bid) unless another box marks the last close", () => {
    const bid = raster();
    tag(bid, 64, GREY);
    const solid = [{ y: 63, colour: GREY, dashed: false }];
    expect(unexplainedMarks(bid, BG, STRIP, PLOT, recent(), solid, LABEL_HEIGHT)).toBe(1);
    expect(unexplainedMarks(bid, BG, STRIP, PLOT, recent(), solid, LABEL_HEIGHT, undefined, true)).toBe(0);
  });

  // The latest bars span rows 40-70; the last one 40-50 (a short bar the price line hid was lost).
  const recent = (): PixelCandle[] => [
    { x: 120, open: 60, high: 55, low: 70, close: 65 },
    { x: 130, open: 50, high: 45, low: 62, close: 55 },
    { x: 140, open: 48, high: 40, low: 50, close: 45 },
  ];

  it('counts a box beside the latest bars that the last bar does not reach (a bid box under it)', () => {
    const r = raster();
    tag(r, 64, [255, 255, 255]);
    expect(unexplainedMarks(r, BG, STRIP, PLOT, recent(), [], LABEL_HEIGHT)).toBe(1);
  });

  it("leaves out boxes far from the latest bars, a crosshair's label and an axis of boxed labels", () => {
    const far = raster();
    tag(far, 105, UP);
    expect(unexplainedMarks(far, BG, STRIP, PLOT, recent(), [], LABEL_HEIGHT)).toBe(0);
    const crosshair = raster();
    tag(crosshair, 64, GREY);
    expect(unexplainedMarks(crosshair, BG, STRIP, PLOT, recent(), [{ y: 63, colour: GREY }], LABEL_HEIGHT)).toBe(0);
    const dashed = [{ y: 63, colour: GREY, dashed: true }];
    expect(unexplainedMarks(crosshair, BG, STRIP, PLOT, recent(), dashed, LABEL_HEIGHT)).toBe(0);
    // Every label in a box of one fill, from the axis's top to its foot.
    const boxed = raster();
    for (const y of [12, 38, 64, 90, 108]) tag(boxed, y, [60, 64, 80]);
    expect(unexplainedMarks(boxed, BG, STRIP, PLOT, recent(), [], LABEL_HEIGHT)).toBe(0);
  });
});

describe('applyPriceLine', () => {
  const doji = (): PixelCandle => ({ x: 140, open: 58, high: 40, low: 58, close: 40 });
  const chart = (candle: PixelCandle): Raster => {
    const r = raster();
    fill(r, { left: candle.x, right: candle.x + 1, top: candle.high, bottom: candle.low + 1 }, UP);
    return r;
  };

  it('moves the close to the price line in the last candle colour, two JPEG rows as one', () => {
    const candles = [doji()];
    const lines = [
      { y: 20, colour: GREY },
      { y: 44, colour: UP },
      { y: 45, colour: UP },
      { y: 50, colour: GREY },
    ];
    expect(applyPriceLine(chart(candles[0]!), BG, candles, lines, LABEL_HEIGHT, SERIES)).toBe(true);
    expect(candles[0]).toMatchObject({ open: 58, close: 44.5 });
  });

  it('ignores grid and crosshair lines of other colours, lines off the candle, and two candidates', () => {
    const grey = [doji()];
    expect(applyPriceLine(chart(grey[0]!), BG, grey, [{ y: 50, colour: GREY }], LABEL_HEIGHT, SERIES)).toBe(false);
    const far = [doji()];
    expect(applyPriceLine(chart(far[0]!), BG, far, [{ y: 90, colour: UP }], LABEL_HEIGHT, SERIES)).toBe(false);
    const two = [doji()];
    const lines = [
      { y: 44, colour: UP },
      { y: 52, colour: UP },
    ];
    expect(applyPriceLine(chart(two[0]!), BG, two, lines, LABEL_HEIGHT, SERIES)).toBe(false);
    expect([grey[0], far[0], two[0]]).toEqual([doji(), doji(), doji()]);
  });

  it("takes no line away from the ends of the bar's body and from its high and low: the close is at one of them", () => {
    // A falling bar from row 40 to 58: MetaTrader's ask line in its colour a spread above the
    // close, through the body or past its open; a line at either end is the close (read swapped).
    const falling = (): PixelCandle => ({ x: 140, open: 40, high: 30, low: 60, close: 58 });
    for (const y of [50, 34]) {
      const candles = [falling()];
      expect(applyPriceLine(chart(candles[0]!), BG, candles, [{ y, colour: UP }], LABEL_HEIGHT, SERIES)).toBe(false);
      expect(candles[0]).toEqual(falling());
    }
    for (const [y, open, close] of [
      [57, 40, 57],
      [41, 58, 41],
    ]) {
      const candles = [falling()];
      expect(applyPriceLine(chart(candles[0]!), BG, candles, [{ y: y!, colour: UP }], LABEL_HEIGHT, SERIES)).toBe(true);
      expect(candles[0]).toMatchObject({ open, close });
    }
    // A body's end misread 10 rows below the bar's high, where the line and the close are.
    const misread = [{ ...falling(), open: 58, close: 40 }];
    expect(applyPriceLine(chart(misread[0]!), BG, misread, [{ y: 30, colour: UP }], LABEL_HEIGHT, SERIES)).toBe(true);
    expect(misread[0]).toMatchObject({ open: 58, close: 30 });
  });

  it("takes no line through a last piece painted in none of the series' colours: an object's label at its line's end", () => {
    // MetaTrader's Fibonacci level writes "38.2 1.08703" in its line's colour past the last bar;
    // the line through those glyphs is the level's.
    const PINK: Rgb = [233, 30, 100];
    const glyph = (): PixelCandle => ({ x: 140, open: 52, high: 40, low: 52, close: 40 });
    const r = raster();
    fill(r, { left: 140, right: 142, top: 40, bottom: 53 }, PINK);
    const candles = [glyph()];
    expect(applyPriceLine(r, BG, candles, [{ y: 50, colour: PINK }], LABEL_HEIGHT, SERIES)).toBe(false);
    expect(candles[0]).toEqual(glyph());
    // The same piece in a series colour is the last candle, and the line its price line.
    expect(applyPriceLine(r, BG, candles, [{ y: 50, colour: PINK }], LABEL_HEIGHT, [PINK])).toBe(true);
  });

  it("takes no line away from the bar's close where a box on the axis stands at that close: the bid beside the ask", () => {
    // A falling bar from 40 to 58: the ask line in its colour at the open, the bid's grey box at
    // the close. Without the box, the line at an end of the body is taken (read swapped).
    const falling = (): PixelCandle => ({ x: 140, open: 40, high: 38, low: 60, close: 58 });
    const bid = { y: 57, fill: GREY, lines: 1 as const };
    const ask = { y: 41, fill: UP, lines: 1 as const };
    const candles = [falling()];
    expect(
      applyPriceLine(chart(candles[0]!), BG, candles, [{ y: 41, colour: UP }], LABEL_HEIGHT, SERIES, [ask, bid]),
    ).toBe(false);
    expect(candles[0]).toEqual(falling());
    expect(applyPriceLine(chart(candles[0]!), BG, candles, [{ y: 41, colour: UP }], LABEL_HEIGHT, SERIES, [ask])).toBe(
      true,
    );
    // A line at the close with its own box there is the price line.
    const atClose = [falling()];
    expect(
      applyPriceLine(chart(atClose[0]!), BG, atClose, [{ y: 57, colour: UP }], LABEL_HEIGHT, SERIES, [
        { ...bid, fill: UP },
      ]),
    ).toBe(true);
  });

  it('reads the bid, not the ask line at the open of a falling last bar: a terminal, white', async () => {
    // 7.7% of the bars' range off before: the ask line was read as the close.
    const { error } = await readMetaTrader(23, 73);
    expect(error).toBeLessThan(0.01);
  }, 60_000);

  // MetaTrader renders with a level's label past the last bar, the level's line through it
  // (20.7% and 10.9% of the bars' range off before: the level was read as the price line).
  it('reads the bid, not a level whose label ends the series: a chart window, green on black', async () => {
    const { reading, error } = await readMetaTrader(24, 16);
    expect(error).toBeLessThan(0.01);
    expect(reading.evidence.lastSource).not.toBe('price-line');
  }, 60_000);

  it('refuses rather than read a level for the price line: a portrait phone, white', async () => {
    await expect(readMetaTrader(23, 38)).rejects.toMatchObject({ code: 'UNSURE_READING' });
  }, 60_000);

  // MetaTrader renders whose ask line is the red of the falling last candle (1.4-2.3% of the
  // bars' range off before: the ask line was read as the close).
  it.each([
    { does: 'a terminal tile, green-red on black', seed: 22, picture: 37 },
    { does: 'a portrait phone, the ask line through the upper wick', seed: 22, picture: 26 },
    { does: 'a chart window, green-red on black', seed: 1, picture: 44 },
  ])(
    "reads the bid's close, not the ask line in the falling candle's red: $does",
    async ({ seed, picture }) => {
      const { reading, error } = await readMetaTrader(seed, picture);
      expect(error).toBeLessThan(0.01);
      expect(reading.evidence.lastSource).not.toBe('price-line');
    },
    60_000,
  );

  // Portrait phones whose bid tag the app keeps on the axis at the plot's top (3.1% and 3.2% of
  // the bars' range off before: the tag's centre was read as the price).
  it.each([{ does: 'the red tag of the dark look', seed: 22, picture: 54 }])(
    "reads the close within a tag pushed to the plot's top, not at its centre: $does",
    async ({ seed, picture }) => {
      const { error } = await readMetaTrader(seed, picture);
      expect(error).toBeLessThan(0.01);
    },
    60_000,
  );

  it('refuses a pushed tag whose printed price is far above its rows: the latest price is out of view (a box in grey on black)', async () => {
    // Read within the tag's rows before (the last bar in view); the tag prints the live price, 48%
    // of the bars' range above that bar's close: the bars in view are not the latest.
    await expect(readMetaTrader(21, 18)).rejects.toMatchObject({ rule: 'last-price/price-out-of-view' });
  }, 60_000);
});

describe('applyTextTag', () => {
  const doji = (): PixelCandle => ({ x: 140, open: 68, high: 40, low: 70, close: 40 });
  // Labels 40 px wide and 8 tall every 33.5 px (on whole pixels: gaps of 33 and 34).
  const labels = (extra: Box[] = []): Box[] => [
    ...Array.from({ length: 10 }, (_, k) => {
      const top = Math.round(10 + k * 33.5);
      return { left: 160, right: 200, top, bottom: top + 7 };
    }),
    ...extra,
  ];

  it('takes the one label off the labels’ even spacing, within the last candle, for the close', () => {
    const candles = [doji()];
    expect(
      applyTextTag(raster(), BG, candles, labels([{ left: 160, right: 200, top: 58, bottom: 65 }]), LABEL_HEIGHT),
    ).toBe(true);
    // The open was nearer the tag than the close: the two were swapped.
    expect(candles[0]).toMatchObject({ open: 40, close: 61.5 });
  });

  it('ignores a label of another size (a crosshair label with its box), two extras, and one off the candle', () => {
    const wide = [doji()];
    expect(
      applyTextTag(raster(), BG, wide, labels([{ left: 152, right: 202, top: 57, bottom: 67 }]), LABEL_HEIGHT),
    ).toBe(false);
    const two = [doji()];
    const extras = [
      { left: 160, right: 200, top: 58, bottom: 65 },
      { left: 160, right: 200, top: 195, bottom: 202 },
    ];
    expect(applyTextTag(raster(), BG, two, labels(extras), LABEL_HEIGHT)).toBe(false);
    const far = [doji()];
    expect(
      applyTextTag(raster(), BG, far, labels([{ left: 160, right: 200, top: 195, bottom: 202 }]), LABEL_HEIGHT),
    ).toBe(false);
    // A crosshair label whose faint box leaves its text a word of a label's size.
    const boxedChart = raster();
    fill(boxedChart, { left: 156, right: 200, top: 55, bottom: 69 }, [30, 33, 42]);
    const boxed = [doji()];
    const label = { left: 160, right: 200, top: 58, bottom: 65 };
    expect(applyTextTag(boxedChart, BG, boxed, labels([label]), LABEL_HEIGHT)).toBe(false);
    expect([wide[0], two[0], far[0], boxed[0]]).toEqual([doji(), doji(), doji(), doji()]);
  });
});

describe('reconcileWithTags', () => {
  const DOWN: Rgb = [239, 83, 80];
  const PINK: Rgb = [233, 30, 100];
  const bar = (x: number, high: number, low: number): PixelCandle => ({ x, open: low - 2, high, low, close: high + 2 });
  /** Bars 1-3 rise to a close near row 40; a label box at the plot's edge follows them. */
  const series = () => [bar(100, 60, 80), bar(110, 50, 70), bar(120, 36, 60), bar(140, 90, 100)];
  /** The verdict on the whole series with tags at these rows and fills, and the bars after it. */
  const verdictWith = (tags: [number, Rgb][]) => {
    const r = raster();
    for (const [y, fill] of tags) tag(r, y, fill);
    const candles = series();
    return { verdict: reconcileWithTags(r, BG, BG, STRIP, PLOT, candles, LABEL_HEIGHT, [UP, DOWN]).verdict, candles };
  };

  it('keeps the last bar when it reaches the tag in a series colour', () => {
    const r = raster();
    tag(r, 40, UP);
    const candles = series().slice(0, 3);
    const out = reconcileWithTags(r, BG, BG, STRIP, PLOT, candles, LABEL_HEIGHT, [UP, DOWN]);
    expect(out.verdict).toBe('agrees');
    expect(candles).toHaveLength(3);
  });

  it('drops trailing objects past the bar that reaches the tag (a label box at the plot edge)', () => {
    const r = raster();
    tag(r, 40, UP);
    // Frozen: the check says which pieces to set aside and leaves the bars as they were found.
    const candles = Object.freeze(series());
    const out = reconcileWithTags(r, BG, BG, STRIP, PLOT, candles, LABEL_HEIGHT, [UP, DOWN]);
    expect(out.verdict).toBe('trimmed');
    expect(out.trimmed).toBe(1);
    expect(candles.slice(0, candles.length - out.trimmed).map((c) => c.x)).toEqual([100, 110, 120]);
  });

  it("sets nothing aside for one of several tags in the series' colours that an earlier bar reaches (orders)", () => {
    // Two orders' tags in the series' colour, at rows 40 and 110; the third bar reaches the first.
    // The piece past it stays: one tag of several says nothing of where the series ends (design
    // render 43-039: a line going on past a sell order's tag, set aside, 15% off).
    const r = raster();
    tag(r, 40, UP);
    tag(r, 110, UP);
    const candles = series();
    expect(reconcileWithTags(r, BG, BG, STRIP, PLOT, candles, LABEL_HEIGHT, [UP, DOWN])).toMatchObject({
      verdict: 'no-tag',
      trimmed: 0,
    });
    expect(candles).toHaveLength(4);
  });

  it('says the reading contradicts the tag when no bar near the end reaches it', () => {
    const { verdict, candles } = verdictWith([[10, UP]]);
    expect(verdict).toBe('contradicts');
    expect(candles).toHaveLength(4);
  });

  it("takes tags in both series colours that no late bar reaches for a position's stop and target, not the last price", () => {
    const { verdict, candles } = verdictWith([
      [10, UP],
      [110, DOWN],
    ]);
    expect(verdict).toBe('no-tag');
    expect(candles).toHaveLength(4);
  });

  it('takes two tags of one series colour that no late bar reaches for orders (two stops), not the last price', () => {
    expect(
      verdictWith([
        [10, DOWN],
        [110, DOWN],
      ]).verdict,
    ).toBe('no-tag');
    // One such tag alone is the chart's last price, which the reading does not reach.
    expect(verdictWith([[110, DOWN]]).verdict).toBe('contradicts');
  });

  it("keeps the latest bars that go on with the series past a bar at an order's tag: the tag is no last price", () => {
    const r = raster();
    tag(r, 40, DOWN);
    // Ten bars a step of 10 px apart rise to the stop's tag at row 40; two more bars follow, each
    // a few steps on at most (a bar lost under a label between), touching the one before and
    // taller than a line of text.
    const rising = Array.from({ length: 10 }, (_, i) => bar(30 + i * 10, 76 - i * 4, 96 - i * 4));
    const candles = [...rising, bar(130, 54, 74), bar(150, 66, 86)];
    const out = reconcileWithTags(r, BG, BG, STRIP, PLOT, candles, LABEL_HEIGHT, [UP, DOWN]);
    expect(out).toMatchObject({ verdict: 'contradicts', trimmed: 0 });
    // Pieces a line of text high, or more than three steps on, or apart from the bar before are objects.
    for (const tail of [
      [bar(130, 60, 70), bar(140, 64, 74)],
      [bar(130, 54, 74), bar(175, 66, 86)],
      [bar(130, 80, 100), bar(140, 90, 110)],
    ])
      expect(reconcileWithTags(r, BG, BG, STRIP, PLOT, [...rising, ...tail], LABEL_HEIGHT, [UP, DOWN])).toMatchObject({
        verdict: 'trimmed',
        trimmed: 2,
      });
  });

  // A portrait phone whose last two bars stand past the one that reaches the stop's red tag
  // (53.8% of the bars' range off before: the stop was read as the last price), and a terminal
  // whose tile does the same (21.7% off before; now refused: the bid box is not found).
  it("reads the bid, not a stop's tag an earlier bar reaches: a portrait phone, green-red on black", async () => {
    const { error } = await readMetaTrader(24, 74);
    expect(error).toBeLessThan(0.01);
  }, 60_000);

  it("refuses rather than read a stop's tag an earlier bar reaches: a terminal, green-red on black", async () => {
    await expect(readMetaTrader(2, 17)).rejects.toMatchObject({ rule: 'last-price/tag-unreached' });
  }, 60_000);

  it("sets aside an object's label past the bars, glyph by glyph on its own line, back to the bar at the tag", () => {
    const r = raster();
    tag(r, 40, UP);
    // "R1 1.0702" in the up colour above its line at row 96, past the bar closing at the tag.
    const glyphs = Array.from({ length: 6 }, (_, i) => bar(124 + i * 4, 86, 95));
    const candles = [...series().slice(0, 3), ...glyphs];
    const line: PlotLine = { y: 96, colour: UP, dashed: true };
    const out = reconcileWithTags(r, BG, BG, STRIP, PLOT, candles, LABEL_HEIGHT, [UP, DOWN], undefined, [line]);
    expect(out).toMatchObject({ verdict: 'trimmed', trimmed: 6 });
    // Without the line they are bars (an object's text stands on one), and the tag is unreached;
    // a line at the tag's own row is the price line, under the latest bars as often as not.
    expect(reconcileWithTags(r, BG, BG, STRIP, PLOT, candles, LABEL_HEIGHT, [UP, DOWN]).verdict).toBe('contradicts');
    const priceLine: PlotLine = { y: 46, colour: UP, dashed: false };
    const onTagRow = glyphs.map((g) => ({ ...g, high: 44, low: 52 }));
    expect(
      reconcileWithTags(
        r,
        BG,
        BG,
        STRIP,
        PLOT,
        [...series().slice(0, 3), ...onTagRow],
        LABEL_HEIGHT,
        [UP, DOWN],
        undefined,
        [priceLine],
      ).verdict,
    ).toBe('contradicts');
  });

  it("sets aside two labels' glyphs, one joined to its line and taller than an axis label; not a piece on a grid line", () => {
    const r = raster();
    tag(r, 40, UP);
    // Past the bar at the tag, two levels' labels side by side: glyphs on a line at row 96, and
    // glyphs joined to a line at row 123 that stand 12 rows tall (an axis label is 8).
    const low = (i: number) => bar(124 + i * 4, 86, 95);
    const tall = (i: number) => bar(126 + i * 4, 112, 123);
    const candles = [...series().slice(0, 3), low(0), tall(0), low(1), tall(1), low(2), tall(2)];
    const levels: PlotLine[] = [
      { y: 96, colour: PINK, dashed: false },
      { y: 123, colour: PINK, dashed: false },
    ];
    const check = (lines: PlotLine[]) =>
      reconcileWithTags(r, BG, BG, STRIP, PLOT, candles, LABEL_HEIGHT, [UP, DOWN], undefined, lines);
    expect(check(levels)).toMatchObject({ verdict: 'trimmed', trimmed: 6 });
    // The same tall pieces crossing a level at row 118 and ending on a grey grid line: bars.
    const grid: PlotLine[] = [
      levels[0]!,
      { y: 118, colour: PINK, dashed: false },
      { y: 123, colour: GREY, dashed: true },
    ];
    expect(check(grid).verdict).toBe('contradicts');
  });

  it("keeps a last bar in the series' step that a box of its own marks, though the bar before reaches the tag", () => {
    // An order's stop in the up colour at row 40, reached by the third bar; the fourth, one step
    // on, closes at row 78, where MetaTrader's grey bid box stands.
    const stepped = () => [bar(100, 60, 80), bar(110, 50, 70), bar(120, 36, 60), { ...bar(130, 62, 80), close: 78 }];
    const r = raster();
    tag(r, 40, UP);
    expect(reconcileWithTags(r, BG, BG, STRIP, PLOT, stepped(), LABEL_HEIGHT, [UP, DOWN]).verdict).toBe('trimmed');
    tag(r, 78, GREY);
    expect(reconcileWithTags(r, BG, BG, STRIP, PLOT, stepped(), LABEL_HEIGHT, [UP, DOWN])).toMatchObject({
      verdict: 'contradicts',
      marked: true,
      trimmed: 0,
    });
    // A piece off the series' step (a label box at the plot's edge) is still set aside.
    const offStep = [...stepped().slice(0, 3), { ...bar(142, 62, 80), close: 78 }];
    expect(reconcileWithTags(r, BG, BG, STRIP, PLOT, offStep, LABEL_HEIGHT, [UP, DOWN]).verdict).toBe('trimmed');
  });

  it("ignores tags in other hues (a drawing's level) and grey boxes (crosshair labels)", () => {
    const r = raster();
    tag(r, 10, PINK);
    tag(r, 100, GREY);
    const candles = series();
    expect(reconcileWithTags(r, BG, BG, STRIP, PLOT, candles, LABEL_HEIGHT, [UP, DOWN]).verdict).toBe('no-tag');
    expect(candles).toHaveLength(4);
  });
});
