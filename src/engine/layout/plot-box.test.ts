import { afterAll, describe, expect, it } from 'vitest';
import { terminateOcr } from '../axis/index.js';
import { onStepSpans, tagInStrip } from './find.js';
import { axesFrame, crossedBands, nearColourEdge, nearColourRows, paneBounds, plotEdge } from './plot-box.js';
import type { Box, Rgb } from '../raster.js';
import { BG, CANDLE, canvas, GRID } from './test/pictures.js';
import { readMetaTrader } from '../test/metatrader.js';

afterAll(async () => {
  await terminateOcr();
});

describe('plotEdge', () => {
  it('takes the first full-height line left of the axis for its border', () => {
    const r = canvas();
    r.fill(560, 560, 0, 59, GRID);
    r.fill(586, 586, 0, 59, GRID);
    // A price tag spans the gap between the border and the labels.
    r.fill(587, 588, 20, 28, CANDLE);
    expect(plotEdge(r, BG, 588, -1, 0, 60)).toBe(586);
  });

  it('takes the border when a crosshair label with rounded corners, or faint JPEG ringing, lies beyond it', () => {
    const r = canvas();
    r.fill(570, 570, 0, 59, GRID);
    // The label's corners are cut off on the border's side; it still reaches the labels.
    r.fill(573, 588, 20, 21, [120, 123, 134]);
    r.fill(571, 588, 22, 30, [120, 123, 134]);
    r.fill(573, 588, 31, 32, [120, 123, 134]);
    // Ringing beside a candle cut by the border: too faint to be a candle.
    r.fill(571, 572, 40, 50, [40, 44, 56]);
    expect(plotEdge(r, BG, 588, -1, 0, 60)).toBe(570);
  });

  it('does not take a vertical grid line for the border when a candle stands beyond it', () => {
    const r = canvas();
    r.fill(570, 570, 0, 59, GRID);
    // The last candle's body straddles the grid line; the chart has no border.
    r.fill(568, 573, 20, 35, CANDLE);
    expect(plotEdge(r, BG, 588, -1, 0, 60)).toBe(586);
    // Without the candle the same line is taken for the border.
    r.fill(568, 573, 20, 35, BG);
    r.fill(570, 570, 0, 59, GRID);
    expect(plotEdge(r, BG, 588, -1, 0, 60)).toBe(570);
  });

  it("seeks the border over the labels' rows where the pane's rough rows reach past it", () => {
    const r = canvas();
    // A phone's header over the chart: the border runs from row 12 down, under the rough top.
    r.fill(570, 570, 12, 59, GRID);
    // The bid's tag and an order's cover the border where they cross it.
    r.fill(570, 588, 30, 36, CANDLE);
    r.fill(570, 588, 44, 50, [160, 160, 160]);
    expect(plotEdge(r, BG, 588, -1, 0, 60)).toBe(586);
    expect(plotEdge(r, BG, 588, -1, 0, 60, { top: 16, bottom: 56 })).toBe(570);
    // A candle beyond the line still makes it a grid line.
    r.fill(575, 578, 18, 26, CANDLE);
    expect(plotEdge(r, BG, 588, -1, 0, 60, { top: 16, bottom: 56 })).toBe(586);
  });

  it("ends the search at a grid line over the rough rows, candles beyond it above the labels' rows", () => {
    const r = canvas();
    r.fill(570, 570, 0, 59, GRID);
    r.fill(575, 578, 2, 10, CANDLE);
    expect(plotEdge(r, BG, 588, -1, 0, 60, { top: 16, bottom: 56 })).toBe(586);
  });

  // Design render 42-071 (a phone in landscape, read 22.9% of the bars' range off before): the
  // phone's header over the chart kept the border from inking nine tenths of the rough rows, the
  // plot ran into the tags, and an order's green tag's edge was read as the last bar. The close
  // is MetaTrader's grey bid box's.
  it("reads the bid of a landscape phone whose header stands over the border's rows", async () => {
    const { reading, error } = await readMetaTrader(42, 71);
    expect(error).toBeLessThan(0.01);
    expect(reading.evidence.lastSource).toBe('box');
  }, 60_000);

  it("reads the last bar in view, not the price a tag pinned at the plot's top prints", async () => {
    // Design render 43-018 (phone, portrait): the live price out of view, the pinned tag's rows
    // were taken for the close (4.5% of the bars' range off); then the tag's edge, inside a plot
    // that ran past the axis's border, was read as the last bar and its printed price refused the
    // reading. Within the border the last bar in view is read, the close the renderer's truth
    // scores; a close read from a pinned tag is still refused (tags.test.ts, design render 21-018).
    const { reading, error, truth } = await readMetaTrader(43, 18);
    const last = reading.candles[reading.candles.length - 1]!.close;
    expect(error).toBeLessThan(0.01);
    expect(truth.livePrice).toBeDefined();
    expect(Math.abs(last - truth.livePrice!) / (truth.high - truth.low)).toBeGreaterThan(0.1);
  }, 60_000);

  it('takes the border when tick marks at the labels stand between it and the labels', () => {
    const r = canvas();
    r.fill(570, 570, 0, 59, [191, 191, 191]);
    // Ticks six pixels long at the label rows, four rows tall (two pixels at a pixel ratio of
    // 2, spread by a JPEG): they touch the border and stop short of the labels.
    for (const y of [5, 25, 45]) r.fill(571, 576, y, y + 3, [150, 150, 150]);
    expect(plotEdge(r, BG, 588, -1, 0, 60)).toBe(570);
  });
});

describe('paneBounds with a card a few units off the pane', () => {
  // A chart image inside a chat's bubble: the pane (BG) ends at x = 399, the chat around it is
  // painted six units lighter, too near for the pane's background test.
  const CHAT = [25, 29, 40] as const;
  const chart = () => {
    const r = canvas(600, 200);
    r.fill(400, 599, 0, 199, CHAT);
    // Candles and a grid line in the pane, a vertical grid line a unit off the chat's colour.
    for (let x = 20; x < 380; x += 12) r.fill(x, x + 4, 60 + (x % 50), 100 + (x % 50), CANDLE);
    r.fill(200, 200, 0, 199, CHAT);
    return r;
  };

  it("ends the pane where the card's colour fills the columns from top to bottom", () => {
    const r = chart();
    expect(
      nearColourEdge(r, [...BG] as [number, number, number], { left: 0, top: 0, right: 600, bottom: 200 }, 0, 1, 599),
    ).toBe(399);
    expect(paneBounds(r, { left: 0, top: 0, right: 600, bottom: 200 }, 'left')).toMatchObject({ left: 0, right: 400 });
  });

  it("takes no shaded session, a band of that colour with the pane's on its far side, for the edge", () => {
    const r = chart();
    r.fill(400, 599, 0, 199, BG);
    r.fill(300, 360, 0, 199, CHAT);
    expect(
      nearColourEdge(r, [...BG] as [number, number, number], { left: 0, top: 0, right: 600, bottom: 200 }, 0, 1, 599),
    ).toBeNull();
  });

  it('takes no grid line, a column of that colour, and no translucent box over part of the height, for the edge', () => {
    const r = chart();
    r.fill(400, 599, 0, 199, BG);
    r.fill(450, 520, 40, 120, CHAT);
    expect(
      nearColourEdge(r, [...BG] as [number, number, number], { left: 0, top: 0, right: 600, bottom: 200 }, 0, 1, 599),
    ).toBeNull();
  });
});

describe('nearColourRows', () => {
  // A phone app's white pane under a header bar eight units darker, its title and icons on it.
  const WHITE = [255, 255, 255] as const;
  const HEADER = [247, 247, 247] as const;
  const app = () => {
    const r = canvas(600, 300);
    r.fill(0, 599, 0, 299, WHITE);
    r.fill(0, 599, 0, 59, HEADER);
    r.fill(20, 200, 10, 40, [40, 40, 40]);
    r.fill(480, 520, 15, 45, [80, 80, 80]);
    // Candles and a light grid line in the pane.
    for (let x = 20; x < 540; x += 12) r.fill(x, x + 4, 100 + (x % 90), 140 + (x % 90), CANDLE);
    r.fill(0, 599, 200, 200, [229, 229, 229]);
    return r;
  };
  const box: Box = { left: 0, top: 0, right: 560, bottom: 300 };
  // The pane's background as a histogram blends it with the header's: a few units off both.
  const blended: Rgb = [253, 253, 253];

  it('ends the pane at a header bar a few units off its colour, over the icons and title on it', () => {
    expect(nearColourRows(app(), blended, box, 150, -1, 0)).toBe(60);
  });

  it("takes no grid line or the pane's own rows for such a bar", () => {
    expect(nearColourRows(app(), blended, box, 150, 1, 299)).toBeNull();
    const plain = app();
    plain.fill(0, 599, 0, 59, WHITE);
    expect(nearColourRows(plain, blended, box, 150, -1, 0)).toBeNull();
  });
});

describe('paneBounds with a filled rectangle across the prices', () => {
  // A zone of supply drawn across the whole window, rows 90 to 139 of a 300-row pane: wider
  // than the gap that ends a pane, with the axis's labels printed above, beside and below it.
  const ZONE = [16, 32, 75] as const;
  const rough: Box = { left: 0, top: 0, right: 560, bottom: 300 };
  const steps = (from: number, to: number) =>
    Array.from({ length: (to - from) / 40 }, (_, k) => ({ top: from + 40 * k, bottom: from + 40 * (k + 1) }));
  const chart = () => {
    const r = canvas(600, 300);
    for (let x = 20; x < 540; x += 12) r.fill(x, x + 4, 40 + (x % 90), 80 + (x % 90), CANDLE);
    r.fill(0, 559, 90, 139, ZONE);
    return r;
  };

  it("keeps the rows past the band when the labels' rows run on beside and past it", () => {
    const r = chart();
    // Labels every 40 rows from row 10 to row 290, on their step across the band.
    expect(paneBounds(r, rough, 'right', steps(10, 290))).toMatchObject({ top: 0, bottom: 300 });
  });

  it('keeps the rows past a band the bars are drawn over (a zone behind them), with no labels beside it', () => {
    const r = canvas(600, 300);
    r.fill(0, 559, 90, 139, ZONE);
    for (let x = 20; x < 540; x += 12) r.fill(x, x + 4, 40 + (x % 90), 80 + (x % 90), CANDLE);
    expect(paneBounds(r, rough, 'right')).toMatchObject({ top: 0, bottom: 300 });
    expect(crossedBands(r, BG, rough, (y) => y < 90 || y > 139)).toEqual([{ top: 88, bottom: 141 }]);
  });

  it('ends the pane at the band when the labels stop short of it (a panel over the chart)', () => {
    const r = chart();
    expect(paneBounds(r, rough, 'right', steps(170, 290)).top).toBe(140);
    // Without the labels' rows the band ends the pane as before.
    expect(paneBounds(r, rough, 'right').top).toBe(140);
  });
});

describe('axesFrame', () => {
  // A plotting library's figure, axis on the left: a frame of lines from x = 40 to 300 and from
  // y = 30 to 170, a title above it, time labels below and white space past its right side.
  const INK = [200, 200, 200] as const;
  const PANE: Box = { left: 32, top: 0, right: 400, bottom: 200 };
  /** A frame's top, bottom and left sides in INK, from x = `left` to `right`, y = 30 to 170; its right side too unless `open`. */
  const sides = (r: ReturnType<typeof canvas>, left: number, right: number, { open = false } = {}) => {
    r.fill(left, right, 30, 30, INK);
    r.fill(left, right, 170, 170, INK);
    r.fill(left, left, 30, 170, INK);
    if (!open) r.fill(right, right, 30, 170, INK);
  };
  const figure = () => {
    const r = canvas(400, 200);
    sides(r, 40, 300);
    r.fill(150, 190, 10, 20, INK);
    for (let x = 50; x < 290; x += 40) r.fill(x, x + 12, 176, 184, INK);
    // A line series ending well inside the frame.
    for (let k = 0; k < 50; k++) r.fill(50 + 4 * k, 53 + 4 * k, 100 + (k % 7) * 3, 104 + (k % 7) * 3, CANDLE);
    return r;
  };

  it("takes the frame's inside for the plot: the series ends near its right side", () => {
    expect(axesFrame(figure(), [...BG] as Rgb, PANE, 'left')).toEqual({ left: 41, top: 31, right: 300, bottom: 170 });
  });

  it("takes the frame when the first time label, set at a slant, reaches under the axis's side of it", () => {
    // matplotlib's rotated dates: the first one's end stands left of the frame, below it.
    const r = figure();
    r.fill(33, 45, 178, 190, INK);
    expect(axesFrame(r, [...BG] as Rgb, PANE, 'left')).toEqual({ left: 41, top: 31, right: 300, bottom: 170 });
  });

  it('takes no frame where bars stand beyond the long line (a crosshair), or the box does not close', () => {
    const crosshair = figure();
    crosshair.fill(330, 334, 90, 110, CANDLE);
    expect(axesFrame(crosshair, [...BG] as Rgb, PANE, 'left')).toBeNull();
    const open = figure();
    open.fill(41, 299, 30, 30, BG);
    expect(axesFrame(open, [...BG] as Rgb, PANE, 'left')).toBeNull();
  });

  it("takes no drawing's rectangle for a frame when bars stand between it and the axis", () => {
    // Axis on the right: a rectangle drawn from x = 60 to 330, the latest bars beyond it.
    const r = canvas(400, 200);
    sides(r, 60, 330);
    for (let x = 340; x < 396; x += 6) r.fill(x, x + 3, 80 + (x % 20), 110 + (x % 20), CANDLE);
    expect(axesFrame(r, [...BG] as Rgb, { left: 0, top: 0, right: 400, bottom: 200 }, 'right')).toBeNull();
  });

  it("takes no tall candle's body for the frame's side", () => {
    const r = canvas(400, 200);
    sides(r, 40, 300, { open: true });
    r.fill(296, 304, 30, 170, CANDLE);
    expect(axesFrame(r, [...BG] as Rgb, PANE, 'left')).toBeNull();
  });
});

describe('onStepSpans', () => {
  const label = (centre: number) => ({ left: 500, right: 540, top: centre - 5, bottom: centre + 5 });

  it('joins neighbours a pitch apart, not those two apart nor a sub-window label off the step', () => {
    // Labels every 80 rows, one hidden by a tag (160 apart), then a sub-window's 45 rows on.
    const spans = onStepSpans([100, 180, 260, 420, 500, 545].map(label));
    expect(spans).toEqual([
      { top: 100, bottom: 180 },
      { top: 180, bottom: 260 },
      { top: 420, bottom: 500 },
    ]);
  });

  it('joins labels two pitches apart, and the last label to a pitch past it, where a tag stands there', () => {
    // The bid's tag hides the label between 260 and 420, and stands a pitch under the last one.
    const tagAt = (rows: number[]) => (top: number, bottom: number) => rows.some((y) => y >= top && y <= bottom);
    const spans = onStepSpans([100, 180, 260, 420].map(label), tagAt([340, 505]));
    expect(spans).toEqual([
      { top: 100, bottom: 180 },
      { top: 180, bottom: 260 },
      { top: 260, bottom: 420 },
      { top: 420, bottom: 500 },
    ]);
  });
});

describe('tagInStrip', () => {
  const strip: Box = { left: 560, top: 0, right: 600, bottom: 200 };

  it('finds a filled box as tall as a label or a little more, not a bar across the picture or a line', () => {
    const r = canvas(600, 200);
    // A tag 12 rows tall (labels 8): across the strip, rows 40 to 51.
    r.fill(558, 599, 40, 51, CANDLE);
    // A sub-window's tab bar 30 rows tall, and a tab's 2-row underline.
    r.fill(0, 599, 100, 129, GRID);
    r.fill(0, 599, 160, 161, CANDLE);
    const tag = tagInStrip(r, BG, strip, 8);
    expect(tag(30, 60)).toBe(true);
    expect(tag(90, 140)).toBe(false);
    expect(tag(150, 170)).toBe(false);
  });
});
