import { afterAll, describe, expect, it } from 'vitest';
import { terminateOcr } from '../axis/index.js';
import { readMetaTrader } from '../test/metatrader.js';

afterAll(async () => {
  await terminateOcr();
});

describe("MetaTrader's grey bid tag", () => {
  it("is the last price, not an order's blue tag on the last bar's wick", async () => {
    // Seed 2, picture 50 (a design render, docs/engine-lab-notes.md): MetaTrader 5's white phone
    // theme, a buy limit's blue tag at the top of the last bar's wick, the grey bid tag at its close.
    const { reading, error } = await readMetaTrader(2, 50);
    expect(error).toBeLessThan(0.01);
    expect(reading.evidence.lastSource).toBe('tag');
  }, 60_000);

  it("on its solid grey line is the last price, not a take profit's tag in the up bars' green beside it", async () => {
    // Seed 41, picture 65 (a design render): a terminal's framed chart of OHLC bars, green and
    // red; a take profit's green tag 0.66145 and the grey bid tag 0.66118 both in the last bar's
    // range, the bid on its solid grey line across the plot.
    const { reading, error } = await readMetaTrader(41, 65);
    expect(error).toBeLessThan(0.01);
    expect(reading.evidence.lastSource).toBe('tag');
  }, 60_000);

  it("stands for the last price over a stop's red tag that no bar reaches", async () => {
    // Seed 2, picture 27 (a design render, refused before as the tag unreached): MetaTrader 5's
    // white theme on a phone in landscape; the grey bid tag at the last bar's close, a stop loss's
    // red tag, in the down bars' hue, above the bars.
    const { reading, error } = await readMetaTrader(2, 27);
    expect(error).toBeLessThan(0.01);
    expect(reading.evidence.tagVerdict).toBe('contradicts');
    expect(reading.evidence.confidence.terms.tagAgreement).toBe(1);
  }, 60_000);

  it("on its solid grey line is no crosshair's label: text read as the last bars is set aside, and the price pane read", async () => {
    // Seed 1, picture 7 (a design render, read 33% off before, then refused for the marks beside
    // the last bars, then for the labels past the plot): MetaTrader 5's white theme on a phone in
    // landscape; an order's "Buy Stop 1.25142" on its line at the plot's right edge was read as
    // the latest bars, while the grey bid tag on its solid grey line stands at the true close.
    // (A crosshair's grey line is dashed.) The sub-window's separator now splits the label column
    // though the phone's side bar stops it short of the picture's left edge, and the pane starts
    // under the app's header bar, a few units off the pane's white: the price pane is read.
    const { error } = await readMetaTrader(1, 7);
    expect(error).toBeLessThan(0.01);
  }, 60_000);

  // Design renders (docs/engine-lab-notes.md) read within `bound` of the bars' range.
  it.each([
    {
      // Seed 1, picture 21 (refused before): a MetaTrader 5 terminal with two charts; the framed
      // one's axis holds the grey bid tag at its last close and an order's blue tag below it.
      does: "is the last price beside other boxes on a framed terminal chart's axis",
      seed: 1,
      picture: 21,
      bound: 0.01,
    },
    {
      // Seed 1, picture 23 (refused before for marks beside the last bar): a phone in landscape;
      // a stop's red tag peeks out above the grey bid tag at the last close, the two one box of
      // two fills on the axis.
      does: "is read apart from an order's red tag half hidden under it",
      seed: 1,
      picture: 23,
      bound: 0.01,
    },
    {
      // Seed 1, picture 0: a small JPEG whose red line runs along the top of the grey bid tag;
      // the line's rows are no box of their own, so the tag keeps its centre.
      does: 'stays one box where a line of another colour crosses its top edge',
      seed: 1,
      picture: 0,
      bound: 0.005,
    },
    {
      // Seed 2, picture 26 (refused before as the last bar away from the axis): a phone in
      // portrait, the grey bid tag at the last close, the chart shifted from the axis with orders'
      // dashed lines across the gap and their tags reaching into the plot past its border.
      does: "says the last bar is the latest across the chart shift, whatever orders' lines cross it",
      seed: 2,
      picture: 26,
      bound: 0.01,
    },
    {
      // Seed 2, picture 5 (read 3.2% off before): a terminal's green-red theme; the last bar's
      // range holds the grey bid tag and a stop's red tag, and only the bid tag (passed over as a
      // crosshair's label before) stands at its close.
      does: "on its solid grey line is the one box at the last close, beside an order's tag in the bar's range",
      seed: 2,
      picture: 5,
      bound: 0.01,
    },
    {
      // Seed 2, picture 38 (refused before as the last bar away from the axis): a phone in
      // portrait, the grey bid tag at the last close, the chart shift's margin holding a little
      // ink (3% of it: an object's label and a drawing's end).
      does: 'at the last close says the last bar is the latest across a chart shift with a little ink in it',
      seed: 2,
      picture: 38,
      bound: 0.01,
    },
    {
      // Seed 1, picture 42 (refused before as the last close outside the labels): a phone in
      // portrait printing a label every hundred pixels, the chart at a new high, its grey bid tag
      // at the last close two label steps above the top label.
      does: 'at the last close marks a new high a few label steps above a phone axis',
      seed: 1,
      picture: 42,
      bound: 0.01,
    },
  ])(
    '$does',
    async ({ seed, picture, bound }) => {
      const { error } = await readMetaTrader(seed, picture);
      expect(error).toBeLessThan(bound);
    },
    60_000,
  );
  it("marks the last bar far from the axis as the latest, with objects' labels in the chart shift", async () => {
    // Seed 1, picture 66 (a design render, refused before as the last bar away from the axis): a
    // phone in portrait, black theme; the grey bid box at the last bar's close, a fifth of the plot
    // from the axis, and a pivot's, a support's, a Fibonacci level's and a buy stop's labels in the
    // margin after it (9% of its pixels).
    const { reading, error } = await readMetaTrader(1, 66);
    expect(error).toBeLessThan(0.01);
    expect(reading.evidence.lastSource).toBe('box');
    expect(reading.evidence.lastGap).toBeGreaterThan(0.15);
    expect(reading.evidence.marginInk).toBeGreaterThan(0.05);
  }, 60_000);
});
