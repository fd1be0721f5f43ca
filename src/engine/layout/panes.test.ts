import { afterAll, describe, expect, it } from 'vitest';
import { terminateOcr } from '../axis/index.js';
import { readMetaTrader } from '../test/metatrader.js';
import { mainPaneLabels } from './panes.js';
import { BG, canvas, GRID, word } from './test/pictures.js';

afterAll(async () => {
  await terminateOcr();
});

describe('mainPaneLabels', () => {
  const bg = [...BG] as [number, number, number];
  const strip = { left: 560, right: 600, top: 10, bottom: 290 };
  const labels = [10, 40, 70, 100, 130].map((top) => word(560, 600, top, top + 8, 6));

  it('keeps the labels at even steps and leaves a word far below them out (a table header under a window chart)', () => {
    const header = word(560, 600, 280, 288, 7);
    const found = mainPaneLabels(canvas(600, 300), bg, [...labels, header], strip);
    expect(found.labels.map((w) => w.top)).toEqual([10, 40, 70, 100, 130]);
    expect(found.panes).toBe(1);
  });

  it('leaves strays out of a short axis, at its foot or its top', () => {
    const three = labels.slice(0, 3);
    const foot = mainPaneLabels(
      canvas(600, 600),
      bg,
      [...three, word(560, 600, 300, 308, 7), word(560, 600, 500, 508, 7)],
      strip,
    );
    expect(foot.labels.map((w) => w.top)).toEqual([10, 40, 70]);
    const shifted = [300, 330, 360].map((top) => word(560, 600, top, top + 8, 6));
    const top = mainPaneLabels(canvas(600, 600), bg, [word(560, 600, 20, 28, 5), ...shifted], strip);
    expect(top.labels.map((w) => w.top)).toEqual([300, 330, 360]);
  });

  it('keeps a label after a gap of a step or two, where a tag hid the labels between', () => {
    const lower = word(560, 600, 220, 228, 6);
    const found = mainPaneLabels(canvas(600, 300), bg, [...labels, lower], strip);
    expect(found.labels).toHaveLength(6);
  });

  it("takes the tallest pane's labels, not the sub-window's that span more rows (tags hide the price pane's)", () => {
    // A phone's price pane (rows 0-179) shows two labels, 30 rows apart (tags hide those under
    // them); an RSI pane under it (rows 181-299) prints four, 90 rows from first to last.
    const r = canvas(600, 300);
    r.fill(0, 599, 180, 180, [160, 160, 160]);
    const price = [40, 70].map((top) => word(560, 600, top, top + 8, 6));
    const rsi = [190, 220, 250, 280].map((top) => word(560, 600, top, top + 8, 5));
    const found = mainPaneLabels(r, bg, [...price, ...rsi], strip);
    expect(found.panes).toBe(2);
    expect(found.labels.map((w) => w.top)).toEqual([40, 70]);
    // The top pane runs from the picture's top where no separator bounds it: labels near its foot too.
    const low = [140, 160].map((top) => word(560, 600, top, top + 8, 6));
    expect(mainPaneLabels(r, bg, [...low, ...rsi], strip).labels.map((w) => w.top)).toEqual([140, 160]);
    // The top pane with one label in view (the others under tags) is the price pane still: the
    // column has no scale there until its tags are read (axis-column.ts withPaneTags).
    const one = mainPaneLabels(r, bg, [price[0]!, ...rsi], strip);
    expect(one.labels.map((w) => w.top)).toEqual([40]);
    expect(one.top).toBe(one.labels);
    // Under a separator at row 120 (a terminal's chart under its window's bar), from there: the sub-window's.
    r.fill(0, 599, 120, 120, [160, 160, 160]);
    expect(mainPaneLabels(r, bg, [...low, ...rsi], strip).labels.map((w) => w.top)).toEqual([190, 220, 250, 280]);
  });
});

describe("a terminal's separators", () => {
  const bg = [...BG] as [number, number, number];
  const strip = { left: 560, right: 600, top: 10, bottom: 290 };
  const labels = [10, 40, 70, 100, 170, 200, 230].map((top) => word(560, 600, top, top + 8, 6));
  const NAVY = [10, 20, 60] as const;

  it("split the column where the line runs from the chart's left edge, beside the window's panels", () => {
    // The chart is painted navy from x = 200; the window's Market Watch stands left of it.
    const r = canvas(600, 300);
    r.fill(200, 599, 0, 299, NAVY);
    r.fill(200, 599, 140, 140, [160, 160, 160]);
    const found = mainPaneLabels(r, bg, labels, strip);
    expect(found.panes).toBe(2);
    expect(found.labels.map((w) => w.top)).toEqual([10, 40, 70, 100]);
  });

  it('do not split it at a line across less than half the picture', () => {
    const r = canvas(600, 300);
    r.fill(400, 599, 0, 299, NAVY);
    r.fill(400, 599, 140, 140, [160, 160, 160]);
    expect(mainPaneLabels(r, bg, labels, strip).panes).toBe(1);
  });
});

describe('a separator under a tag', () => {
  const bg = [...BG] as [number, number, number];
  const strip = { left: 560, right: 600, top: 10, bottom: 290 };
  const labels = [10, 40, 70, 100, 170, 200, 230].map((top) => word(560, 600, top, top + 8, 6));
  const TAG = [120, 120, 120] as const;
  const LINE = [230, 230, 230] as const;

  it('splits the column where a line in another ink runs across under a tag (a tag pinned at the pane foot)', () => {
    const r = canvas(600, 300);
    r.fill(560, 599, 118, 130, TAG);
    r.fill(0, 599, 131, 131, LINE);
    const found = mainPaneLabels(r, bg, labels, strip);
    expect(found.panes).toBe(2);
    expect(found.labels.map((w) => w.top)).toEqual([10, 40, 70, 100]);
  });

  it("does not split it at a band's edge meeting a tag, nor at a line through a tag", () => {
    // A zone filled in the line's ink from row 131 down, a tag just above its top edge.
    const zone = canvas(600, 300);
    zone.fill(560, 599, 118, 130, TAG);
    zone.fill(0, 599, 131, 150, LINE);
    expect(mainPaneLabels(zone, bg, labels, strip).panes).toBe(1);
    // A price line across the plot and through its tag.
    const line = canvas(600, 300);
    line.fill(560, 599, 118, 130, TAG);
    line.fill(0, 599, 124, 124, GRID);
    expect(mainPaneLabels(line, bg, labels, strip).panes).toBe(1);
  });

  it("reads a MetaTrader chart whose tag of a bar out of view is pinned at the price pane's foot", async () => {
    // Design seed 1, picture 64: the label of the sub-window under it was taken into the price
    // axis, and the pane ran into the sub-window (42% off).
    const { error } = await readMetaTrader(1, 64);
    expect(error).toBeLessThan(0.01);
  }, 60_000);
});
