import { afterAll, describe, expect, it } from 'vitest';
import { mtSpec, renderMetaTrader } from '../../../scripts/fixtures/metatrader-render.js';
import { terminateOcr } from '../axis/index.js';
import { EngineError } from '../errors.js';
import { readChart } from '../read-chart.js';
import { box, drawOver } from '../test/draw.js';
import { readMetaTrader } from '../test/metatrader.js';
import { alikeClusters, inLattice, isPriceLine, lineBars, priceLineTurns, traceColour } from './line.js';

afterAll(async () => {
  await terminateOcr();
});

const W = 400;
const H = 200;

/**
 * A label mask (255: no ink) with colour 0 along `rowAt(x)`, `thick` rows deep (`joined`: from the
 * row beside it too, as a line is drawn through steep moves), and colour 1 under it when `filled`.
 */
function mask(rowAt: (x: number) => number, { thick = 2, filled = false, joined = false } = {}): Uint8Array {
  const label = new Uint8Array(W * H).fill(255);
  let before = Math.round(rowAt(0));
  for (let x = 0; x < W; x++) {
    const y = Math.round(rowAt(x));
    const from = joined ? Math.min(before, y) : y;
    for (let k = from; k < (joined ? Math.max(before, y) : y) + thick; k++) label[k * W + x] = 0;
    if (filled) for (let k = y + thick; k < H; k++) label[k * W + x] = 0;
    before = y;
  }
  return label;
}

/** A price-like path: a rise with swings, ending in the plot's right part. */
const wavy = (x: number) => 150 - x * 0.2 + 20 * Math.sin(x / 15);

/** A path with its peak at column 200, row 60, that swings on either side. */
const peaked = (x: number) => 60 + Math.abs(x - 200) * 0.25 + 12 * (1 - Math.cos((x - 200) / 12));

describe('a line chart, traced', () => {
  it('follows a thin line that turns from the right edge across the plot, and makes bars of it', () => {
    const trace = traceColour(mask(wavy), 0, [0, 200, 0], W, H);
    expect(trace).not.toBeNull();
    expect(trace!.first).toBe(0);
    expect(trace!.last).toBe(W - 1);
    expect(isPriceLine(trace!, W, H)).toBe(true);
    const bars = lineBars(trace!, { left: 10, top: 20, right: 10 + W, bottom: 20 + H });
    expect(bars.length).toBe(W / 4);
    // The last bar closes where the line ends, in the picture's rows.
    expect(bars[bars.length - 1]!.close).toBeCloseTo(20 + Math.round(wavy(W - 1)) + 0.5, 5);
  });

  it('crosses a gap of a few columns (a label erased over the line)', () => {
    const label = mask(wavy);
    for (let x = 200; x < 205; x++) for (let y = 0; y < H; y++) label[y * W + x] = 255;
    expect(traceColour(label, 0, [0, 200, 0], W, H)?.first).toBe(0);
  });

  it('goes on along a horizontal line where a peak ran along it and was erased with it', () => {
    // A peak at column 200 touching a resistance drawn across the plot at its top row: ten
    // columns of the line beside that row are gone (erased with the level, or blended into it).
    const label = mask(peaked);
    const level = Math.round(peaked(200));
    for (let x = 195; x < 205; x++) for (let y = 0; y < H; y++) label[y * W + x] = 255;
    // Without the level, the trace breaks there: too short for a line.
    expect(traceColour(label, 0, [0, 200, 0], W, H)).toBeNull();
    expect(traceColour(label, 0, [0, 200, 0], W, H, { levels: [level] })?.first).toBe(0);
    // Beside no horizontal line the gap is a break, however near one runs elsewhere.
    expect(traceColour(label, 0, [0, 200, 0], W, H, { levels: [level + 20] })).toBeNull();
  });

  it('leaves a level only where it ran beside it: a run far from the level past a long gap is not the line', () => {
    // The line leaves the level's rows 10 rows below it past a 10-column gap: no such stretch is
    // erased with the level, so the trace stops there.
    const stepped = (x: number) => (x < 195 ? peaked(200) + 10 : peaked(x));
    const label = mask(stepped);
    const level = Math.round(peaked(200));
    for (let x = 185; x < 195; x++) for (let y = 0; y < H; y++) label[y * W + x] = 255;
    expect(traceColour(label, 0, [0, 200, 0], W, H, { levels: [level] })?.first).toBe(195);
  });

  it("takes a grid's lines, three or more of one colour at one spacing, for no level", () => {
    const line = (y: number, colour: [number, number, number] = [60, 60, 60]) => ({ y, colour });
    const grid = [line(50), line(100), line(150), line(151), line(123, [200, 200, 200])];
    expect(grid.map((l) => inLattice(l, grid))).toEqual([true, true, true, true, false]);
    // Two lines of one colour make no lattice.
    expect(inLattice(grid[0]!, [grid[0]!, grid[1]!])).toBe(false);
  });

  it("ends on the bid's line where its last rows were erased with it", () => {
    const end = Math.round(wavy(W - 1));
    const label = mask(wavy);
    expect(traceColour(label, 0, [0, 200, 0], W, H, { levels: [end - 3] })?.top[W - 1]).toBe(end - 3);
    expect(traceColour(label, 0, [0, 200, 0], W, H, { levels: [end + 4] })?.bottom[W - 1]).toBe(end + 4);
    // A line farther off is another price's: the end stays where the ink ends.
    expect(traceColour(label, 0, [0, 200, 0], W, H, { levels: [end - 8] })?.top[W - 1]).toBe(end);
  });

  it('joins the stretch past a box drawn over the line to the line, where the box fills every column between', () => {
    // Columns 300-359 under an object's label box, rows 55-112 (the line goes under it at row 108
    // and comes out at row 60); the line's last 40 columns past it.
    const label = mask(wavy);
    for (let x = 300; x < 360; x++) for (let y = 0; y < H; y++) label[y * W + x] = 255;
    const under = (x: number) => x >= 300 && x < 360;
    const box = (x: number): [number, number] | null => (under(x) ? [55, 112] : null);
    const trace = (fillAt: (x: number) => readonly [number, number] | null) =>
      traceColour(label, 0, [0, 200, 0], W, H, { fillAt });
    expect(traceColour(label, 0, [0, 200, 0], W, H)?.last).toBe(299);
    const joined = trace(box);
    expect(joined?.first).toBe(0);
    expect(joined?.last).toBe(W - 1);
    expect(joined?.hidden).toBe(60);
    expect(isPriceLine(joined!, W, H)).toBe(true);
    // Where a column between is the plot's background, or the fill's edges are not level (no box),
    // or the fill lies away from where the line goes under and comes out, the stretch is not joined.
    expect(trace((x) => (x === 330 ? null : box(x)))?.last).toBe(299);
    expect(trace((x) => (under(x) ? [40 + (x % 20), 120 - (x % 20)] : null))?.last).toBe(299);
    expect(trace((x) => (under(x) ? [55, 80] : null))?.last).toBe(299);
  });

  it('joins nothing across a gap no wider than a box, or wider than an object label', () => {
    const narrow = mask(wavy);
    for (let x = 300; x < 318; x++) for (let y = 0; y < H; y++) narrow[y * W + x] = 255;
    expect(traceColour(narrow, 0, [0, 200, 0], W, H, { fillAt: () => [0, H - 1] })?.last).toBe(299);
    // More than a quarter of the plot (a panel, not a label) before the line's last 16 columns.
    const wide = mask(wavy);
    for (let x = 281; x < 384; x++) for (let y = 0; y < H; y++) wide[y * W + x] = 255;
    expect(traceColour(wide, 0, [0, 200, 0], W, H, { fillAt: () => [0, H - 1] })?.last).toBe(280);
  });

  it("joins no flat stretch past a box (a level label's remains) to the line", () => {
    const label = mask(wavy);
    for (let x = 300; x < W; x++) for (let y = 0; y < H; y++) label[y * W + x] = 255;
    for (let x = 360; x < W; x++) label[40 * W + x] = 0;
    const joined = traceColour(label, 0, [0, 200, 0], W, H, { fillAt: () => [0, H - 1] });
    expect(joined?.last).toBe(299);
  });

  it('crosses another line drawn over a steep stretch, where the slope leads', () => {
    // The line's last 40 columns fall 2.5 rows a column, through a moving average drawn over it
    // (five rows of another colour across the plot).
    const steep = (x: number) => (x < W - 40 ? wavy(x) : wavy(W - 40) + 2.5 * (x - (W - 40)));
    const label = mask(steep, { joined: true });
    const across = Math.round(steep(W - 20));
    for (let y = across; y < across + 5; y++) for (let x = 0; x < W; x++) label[y * W + x] = 1;
    const trace = traceColour(label, 0, [0, 200, 0], W, H);
    expect(trace?.first).toBe(0);
    expect(trace?.last).toBe(W - 1);
  });

  it('follows a line whose ink a JPEG split into two clusters of its colour, stretch by stretch', () => {
    const label = mask(wavy);
    // Every other stretch of 30 columns is the other cluster's (the steep ones a shade off).
    for (let x = 0; x < W; x++)
      if (Math.floor(x / 30) % 2 === 1) for (let y = 0; y < H; y++) if (label[y * W + x] === 0) label[y * W + x] = 1;
    expect(traceColour(label, 0, [0, 200, 0], W, H)).toBeNull();
    expect(traceColour(label, 0, [0, 200, 0], W, H, { alike: [1] })?.first).toBe(0);
  });

  it("takes a JPEG's lighter and darker shades of a line's hue for its ink, and no other hue or grey", () => {
    // A green line on black as a JPEG left it: three shades of green, a red moving average in
    // two, and two greys (grid, text) with no hue to share.
    const clusters = [
      { colour: [86, 171, 86] },
      { colour: [23, 120, 23] },
      { colour: [2, 71, 2] },
      { colour: [134, 40, 40] },
      { colour: [71, 2, 2] },
      { colour: [200, 200, 200] },
      { colour: [120, 120, 120] },
      { colour: [184, 168, 91] },
    ] satisfies { colour: [number, number, number] }[];
    expect(alikeClusters(clusters, 0)).toEqual([1, 2]);
    expect(alikeClusters(clusters, 3)).toEqual([4]);
    expect(alikeClusters(clusters, 5)).toEqual([]);
    expect(alikeClusters(clusters, 7)).toEqual([]);
  });

  it('takes no filled area, no straight trend line and no flat level for a price line', () => {
    const filled = traceColour(mask(wavy, { filled: true }), 0, [0, 200, 0], W, H);
    expect(filled === null || !isPriceLine(filled, W, H)).toBe(true);
    const straight = traceColour(
      mask((x) => 180 - x * 0.4),
      0,
      [0, 200, 0],
      W,
      H,
    );
    expect(straight && isPriceLine(straight, W, H)).toBe(false);
    const flat = traceColour(
      mask((x) => 100 + 3 * Math.sin(x / 10)),
      0,
      [0, 200, 0],
      W,
      H,
    );
    expect(flat && isPriceLine(flat, W, H)).toBe(false);
  });

  it('counts a price line turning far more often than its moving average', () => {
    // The price swings every 25 columns; its average, smoothed, every 94.
    const price = priceLineTurns(
      traceColour(
        mask((x) => wavy(x) + 8 * Math.sin(x / 4), { joined: true }),
        0,
        [0, 0, 0],
        W,
        H,
      )!,
      W,
      H,
    );
    const average = priceLineTurns(traceColour(mask(wavy, { joined: true }), 0, [200, 0, 0], W, H)!, W, H);
    expect(average).not.toBeNull();
    expect(price).toBeGreaterThanOrEqual(2 * average!);
  });
});

describe("MetaTrader's line charts", () => {
  // Design renders (docs/engine-lab-notes.md), refused before as no series: the bid tag stands
  // where the line ends.
  it.each([
    { seed: 1, index: 4, what: 'a chart window, navy theme, a 1 px line' },
    { seed: 1, index: 47, what: 'the phone app in landscape, a 3 px line' },
    { seed: 2, index: 37, what: 'a terminal, the framed chart of several' },
    { seed: 2, index: 48, what: 'a chart window, black on white, with moving averages' },
    {
      seed: 44,
      index: 40,
      what: 'a chart window, black on white, whose red moving average ends at the bid too (the line turns far more)',
    },
    {
      seed: 1,
      index: 41,
      what: "a terminal's JPEG, green on black, whose line turns along the one-click panel's foot (taken for a baseline)",
    },
    {
      seed: 1,
      index: 65,
      what: "a terminal's JPEG whose green line came out in shades of green, each a cluster of its own",
    },
    {
      seed: 41,
      index: 34,
      zones: 0.7,
      what: "a phone's line chart under a zone and levels whose labels passed for a weak series of bars (read 42% off before)",
    },
    {
      seed: 41,
      index: 10,
      what: "a phone's JPEG whose green line is two clusters of ink, crossed by three orders' lines and the bid's",
    },
    {
      seed: 43,
      index: 9,
      what: "a terminal's JPEG whose line's peak ran along a resistance's line for nine columns (not a chart before)",
    },
    {
      seed: 42,
      index: 45,
      what: "a terminal's JPEG, black on white, whose line's last rows were erased with the bid's line (not a chart before)",
    },
    {
      seed: 44,
      index: 34,
      what: "a phone's JPEG whose line ran under a level's label box past the middle of the plot (not a chart before)",
    },
  ])(
    'read the line where the axis marks its end: $what',
    async ({ seed, index, zones }: { seed: number; index: number; zones?: number }) => {
      const { error } = await readMetaTrader(seed, index, { zones });
      expect(error).toBeLessThan(0.01);
    },
    60_000,
  );

  it('refuse a line whose end no mark on the axis vouches for (an equity curve, a chart without its tag)', async () => {
    const spec = mtSpec(1, 4);
    const { image, truth } = await renderMetaTrader(spec);
    const tags = [truth.boxes.lastTag, ...truth.boxes.tags];
    const hidden = await drawOver(
      image,
      tags.map((t) => box(t.x, t.y - 2, t.w, t.h + 4, spec.theme.background)).join(''),
    );
    const refusal = await readChart(hidden).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(EngineError);
  }, 60_000);
});
