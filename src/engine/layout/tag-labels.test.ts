/**
 * Tags read as labels where the axis shows only two: a phone's axis prints few labels, and the
 * bid tag and orders' tags hide others. Drawn columns for the layout's rule, MetaTrader renders
 * (design seeds, docs/engine-lab-notes.md) for the reading.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { terminateOcr } from '../axis/index.js';
import type { Word } from '../components.js';
import type { Raster, Rgb } from '../raster.js';
import { readMetaTrader } from '../test/metatrader.js';
import { withTagLabels } from './axis-column.js';

afterAll(async () => {
  await terminateOcr();
});

const BG: Rgb = [20, 22, 30];
const WIDTH = 240;
const HEIGHT = 300;

function picture(): Raster {
  const data = new Uint8Array(WIDTH * HEIGHT * 3);
  for (let p = 0; p < WIDTH * HEIGHT; p++) data.set(BG, p * 3);
  return { width: WIDTH, height: HEIGHT, data };
}

function fill(r: Raster, left: number, top: number, right: number, bottom: number, colour: Rgb): void {
  for (let y = top; y < bottom; y++) for (let x = left; x < right; x++) r.data.set(colour, (y * r.width + x) * 3);
}

/** A label word of the column: 10 rows of text from `top`, columns 200-230. */
const label = (top: number): Word => ({ left: 200, top, right: 230, bottom: top + 9, pixels: 120, glyphs: 6 });

/** A tag on the axis centred on row `y`, with text across its middle. */
function tag(r: Raster, y: number, colour: Rgb): void {
  fill(r, 196, y - 10, 240, y + 10, colour);
  for (let x = 202; x < 230; x += 4) fill(r, x, y - 5, x + 2, y + 5, BG);
}

describe('withTagLabels', () => {
  it("adds each tag clear of the two labels' rows as a label at its price's row", () => {
    const r = picture();
    tag(r, 200, [128, 128, 128]);
    // A tag touching a label's row is that label's own box, not a price of its own.
    tag(r, 60, [200, 40, 40]);
    const column = withTagLabels(r, BG, [label(50), label(120)]);
    expect(column.map((w) => [w.top, w.tag ?? false])).toEqual([
      [50, false],
      [120, false],
      [195, true],
    ]);
    expect(column[2]).toMatchObject({ left: 200, right: 230, bottom: 204 });
  });

  it("takes only the tags in the pane's rows where it is given them (a sub-window's tag under it is not)", () => {
    const r = picture();
    tag(r, 200, [128, 128, 128]);
    tag(r, 270, [40, 120, 220]);
    const column = withTagLabels(r, BG, [label(50), label(120)], { top: 0, bottom: 240 });
    expect(column.map((w) => [w.top, w.tag ?? false])).toEqual([
      [50, false],
      [120, false],
      [195, true],
    ]);
  });

  it("adds the tags beside a pane's one label in view (its others hidden under them)", () => {
    const r = picture();
    tag(r, 120, [128, 128, 128]);
    tag(r, 180, [40, 120, 220]);
    const column = withTagLabels(r, BG, [label(50)], { top: 0, bottom: 240 });
    expect(column.map((w) => [w.top, w.tag ?? false])).toEqual([
      [50, false],
      [115, true],
      [175, true],
    ]);
    expect(withTagLabels(r, BG, [])).toEqual([]);
  });

  it('leaves a column of three labels or more, and one without tags, as it is', () => {
    const r = picture();
    tag(r, 250, [128, 128, 128]);
    const three = [label(30), label(100), label(170)];
    expect(withTagLabels(r, BG, three)).toEqual(three);
    expect(withTagLabels(picture(), BG, [label(50), label(120)])).toHaveLength(2);
  });
});

describe('a phone chart whose axis shows two labels beside the tags', () => {
  it('is read in landscape: two labels and the bid tag on one line make the scale', async () => {
    // Seed 2, picture 79: 2040.00 and 2020.00 in view, the red bid tag 2001.42 over 2000.00.
    const { reading, error } = await readMetaTrader(2, 79);
    expect(error).toBeLessThan(0.01);
    expect(reading.evidence.inliers).toHaveLength(3);
  }, 60_000);

  it("is read with a label that a dotted grid line runs up to from an object's label", async () => {
    // Seed 41, picture 27: 'R1 2048.99' at the axis, the grid line under it dotted up to the
    // label 2050.00, and the other labels under tags.
    const { error } = await readMetaTrader(41, 27);
    expect(error).toBeLessThan(0.01);
  }, 60_000);

  it("is read in portrait over two sub-windows: the price pane's two labels and its bid tag make the scale", async () => {
    // Seed 41, picture 18: the framed chart's price pane shows 194.000 and 192.000, its 196.000
    // under the grey bid tag 195.699; RSI and MACD panes under it print seven labels in the column.
    const { reading, error } = await readMetaTrader(41, 18);
    expect(error).toBeLessThan(0.01);
    expect(reading.evidence.inliers).toHaveLength(3);
  }, 60_000);

  it("is read in portrait over three sub-windows whose labels outnumber its own: the top pane's label and its tags", async () => {
    // Seed 41, picture 50: the framed upper chart's price pane shows 0.66500 alone in the column
    // (0.66000 touches an order's tag), beside the bid's and two orders' tags; MACD, Stochastic
    // and MACD panes under it print two labels each. Refused as the framed chart unread before.
    const { reading, error } = await readMetaTrader(41, 50);
    expect(error).toBeLessThan(0.01);
    expect(reading.evidence.inliers.length).toBeGreaterThanOrEqual(3);
  }, 60_000);

  it("is read in portrait over MACD, RSI and volume panes whose labels span more rows than the price pane's two", async () => {
    // Seed 2, picture 30: the framed lower chart's price pane shows 2080.00 and 2060.00 beside the
    // bid's tag 2099.97 and an order's over 2040.00; the RSI pane under it prints four labels.
    // Refused as the framed chart unread while the column's part with the widest labels was taken.
    const { error } = await readMetaTrader(2, 30);
    expect(error).toBeLessThan(0.01);
  }, 60_000);

  it("is read in portrait where the price pane, the tallest, shows one label beside four tags over a MACD pane's three", async () => {
    // Seed 22, picture 74: the framed lower chart's labels touch the bid's and orders' tags but
    // 0.8580; its MACD pane prints three labels. Refused as the framed chart unread while the
    // column's part with two labels or more was taken.
    const { error } = await readMetaTrader(22, 74);
    expect(error).toBeLessThan(0.01);
  }, 60_000);

  it('is read in portrait, the framed one of two stacked charts, above its time labels', async () => {
    // Seed 2, picture 22: the framed chart's axis shows 1.09000 and 1.08000 over the grey bid tag;
    // its latest time label runs on under the axis.
    const { error } = await readMetaTrader(2, 22);
    expect(error).toBeLessThan(0.01);
  }, 60_000);
});
