import { describe, expect, it } from 'vitest';
import { alignedColumn, findLayout, inTableRows, isNumberLike, plotEdge, withDetachedDigits } from './layout.js';
import type { Raster } from '../raster.js';

const BG = [19, 23, 34] as const;
const GRID = [42, 46, 57] as const;
const CANDLE = [76, 175, 80] as const;

/** A dark 600×60 chart (or of the given size) with the axis labels starting at x = 590. */
function canvas(
  width = 600,
  height = 60,
): Raster & { fill: (x0: number, x1: number, y0: number, y1: number, c: readonly number[]) => void } {
  const data = new Uint8Array(width * height * 3);
  const fill = (x0: number, x1: number, y0: number, y1: number, c: readonly number[]): void => {
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) data.set(c, (y * width + x) * 3);
  };
  fill(0, width - 1, 0, height - 1, BG);
  return { width, height, data, fill };
}

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

  it('takes the border when tick marks at the labels stand between it and the labels', () => {
    const r = canvas();
    r.fill(570, 570, 0, 59, [191, 191, 191]);
    // Ticks six pixels long at the label rows, four rows tall (two pixels at a pixel ratio of
    // 2, spread by a JPEG): they touch the border and stop short of the labels.
    for (const y of [5, 25, 45]) r.fill(571, 576, y, y + 3, [150, 150, 150]);
    expect(plotEdge(r, BG, 588, -1, 0, 60)).toBe(570);
  });
});

const word = (left: number, right: number, top: number, bottom: number, glyphs: number) => ({
  left,
  right,
  top,
  bottom,
  glyphs,
  pixels: (right - left + 1) * (bottom - top + 1),
});

describe('isNumberLike', () => {
  it('takes a price label, its digits whole or broken into a few pieces', () => {
    expect(isNumberLike(word(966, 1010, 25, 32, 7))).toBe(true);
    expect(isNumberLike(word(966, 1010, 25, 32, 16))).toBe(true);
  });

  it('rejects a row of small candles chained into one word of hundreds of glyphs', () => {
    // Three such rows, lined up at the left, once made an axis half the image wide.
    expect(isNumberLike(word(704, 1252, 110, 159, 268))).toBe(false);
  });
});

describe('withDetachedDigits', () => {
  it("joins a label's leading '0' left apart by a faint monospaced dot", () => {
    // "0" at 950-955, the dot lost, "8610" from 966: a gap of 10 px at 8 px digits.
    const label = word(966, 994, 25, 32, 4);
    expect(withDetachedDigits(label, [word(950, 955, 25, 32, 1), label])).toMatchObject({ left: 950, glyphs: 5 });
  });

  it('leaves a label alone when the word before it is far, or not of its height', () => {
    const label = word(966, 994, 25, 32, 4);
    expect(withDetachedDigits(label, [word(930, 940, 25, 32, 2), label])).toBe(label);
    expect(withDetachedDigits(label, [word(955, 960, 20, 40, 1), label])).toBe(label);
    // A run of legend text ending just before it.
    expect(withDetachedDigits(label, [word(700, 958, 25, 32, 40), label])).toBe(label);
  });

  it('joins the decimals a small monospaced point left apart', () => {
    // "192" at 1317-1334, the point at 1338-1339 (two rows, no word of the label's height),
    // "300" at 1343-1361: labels 6 px tall.
    const label = word(1317, 1334, 100, 105, 3);
    const point = word(1338, 1339, 104, 105, 1);
    expect(withDetachedDigits(label, [label, point, word(1343, 1361, 100, 105, 3)])).toMatchObject({
      left: 1317,
      right: 1361,
      glyphs: 6,
    });
  });

  it('joins a thousands group and the leading digit a monospaced comma and point left apart', () => {
    // '2,036.00' at 8 px: '2' at 954-959, ',036' at 964-993 (the comma hangs two rows lower),
    // the point at 998-999, '00' at 1004-1018.
    const label = word(1004, 1018, 130, 137, 3);
    const words = [word(954, 959, 130, 137, 1), word(964, 993, 130, 139, 4), word(998, 999, 136, 137, 1), label];
    expect(withDetachedDigits(label, words)).toMatchObject({ left: 954, right: 1018, glyphs: 8 });
  });

  it('leaves a label alone when the word after it is far, or a run of text', () => {
    const label = word(1317, 1334, 100, 105, 3);
    expect(withDetachedDigits(label, [label, word(1345, 1363, 100, 105, 3)])).toBe(label);
    expect(withDetachedDigits(label, [label, word(1340, 1420, 100, 105, 12)])).toBe(label);
  });
});

describe('inTableRows', () => {
  // Six rows 40 px apart of 10 px text: labels at 900-950.
  const rows = [100, 140, 180, 220, 260, 300];
  const labels = rows.map((y) => word(900, 950, y, y + 9, 6));

  it("takes a column whose numbers share their rows with other words for a table's (a watchlist)", () => {
    // Symbols 50 px to the left of the prices, as a watchlist sets them.
    const symbols = rows.map((y) => word(790, 850, y, y + 9, 6));
    expect(inTableRows(labels, [...labels, ...symbols])).toBe(true);
  });

  it("takes a price axis's labels, alone on their rows, for no table's", () => {
    // A legend's word on one row and a label's own detached digits do not make a table.
    const legend = word(700, 760, 100, 109, 5);
    const digits = word(940, 950, 140, 149, 2);
    expect(inTableRows(labels, [...labels, legend, digits])).toBe(false);
    // Words far to the left (the plot's text, 200 px off) are no cells of the labels' rows.
    expect(inTableRows(labels, [...labels, ...rows.map((y) => word(600, 680, y, y + 9, 6))])).toBe(false);
  });
});

describe('alignedColumn', () => {
  it("keeps 6 px price labels apart from a volume pane's 8 px labels sharing their left edge", () => {
    // Price labels '1.12800' right-aligned at 1274, six of them 6 px tall (two found whole, from
    // the left edge at 1236; four as '12800' from 1246); volume labels 8 px tall from 1236.
    const price = [53, 104, 155, 206].map((top) => word(1246, 1274, top, top + 5, 5));
    const whole = [256, 307].map((top) => word(1236, 1274, top, top + 5, 7));
    const volume = [527, 557, 587, 617, 647].map((top) => word(1236, 1252, top, top + 7, 3));
    const column = alignedColumn([...price, ...whole, ...volume]);
    expect(column.map((w) => w.top)).toEqual([53, 104, 155, 206, 256, 307]);
  });
});

describe('findLayout', () => {
  const TEXT = [200, 200, 200] as const;
  /** A dark 600×400 chart: price pane above a separator at row 300, volume pane below. */
  function chart(): Raster & {
    fill: (x0: number, x1: number, y0: number, y1: number, c: readonly number[]) => void;
    glyphs: (x: number, y: number, n: number) => void;
    dot: (x: number, y: number) => void;
  } {
    const r = canvas(600, 400);
    r.fill(0, r.width - 1, 300, 300, GRID);
    // n digits 4 px wide and 7 tall, 2 px apart, from column x; a point on the baseline.
    const glyphs = (x: number, y: number, n: number): void => {
      for (let i = 0; i < n; i++) r.fill(x + i * 6, x + i * 6 + 3, y, y + 6, TEXT);
    };
    const dot = (x: number, y: number): void => r.fill(x, x, y + 6, y + 6, TEXT);
    return Object.assign(r, { glyphs, dot });
  }

  it("takes the price labels set flush right over a volume pane's labels sharing the left edge of a few of them", () => {
    const r = chart();
    // '0.66500': in four of the six labels the '0.' stands too far from the digits to join them.
    [20, 65, 110, 155, 200, 245].forEach((y, i) => {
      const whole = i === 0 || i === 3;
      r.glyphs(whole ? 524 : 520, y, 1);
      r.dot(whole ? 529 : 525, y);
      r.glyphs(532, y, 5);
    });
    // '1000', '800', '600', '400', '200' under the separator, flush left with the whole labels.
    [305, 322, 339, 356, 373].forEach((y, i) => r.glyphs(524, y, i === 0 ? 4 : 3));
    const layout = findLayout(r, BG);
    expect(layout?.axis.labels.map((l) => l.top)).toEqual([20, 65, 110, 155, 200, 245]);
    expect(layout?.plot.bottom).toBeLessThanOrEqual(300);
  });

  it("counts the panes with a scale of their own in the axis's column (an indicator's labels under the separator)", () => {
    const r = chart();
    [20, 65, 110, 155, 200, 245].forEach((y) => r.glyphs(532, y, 5));
    // The sub-window's own scale, flush right with the price labels: '80', '50', '20'.
    [310, 345, 380].forEach((y) => r.glyphs(544, y, 3));
    const layout = findLayout(r, BG);
    expect(layout?.axis.labels.map((l) => l.top)).toEqual([20, 65, 110, 155, 200, 245]);
    expect(layout?.panes).toBe(2);
    // Without the sub-window's labels, one pane.
    const alone = chart();
    [20, 65, 110, 155, 200, 245].forEach((y) => alone.glyphs(532, y, 5));
    expect(findLayout(alone, BG)?.panes).toBe(1);
  });

  it('finds the next column of numbers when the first was tried and was no axis (a watchlist beside the axis)', () => {
    const r = chart();
    // A watchlist's column at the far right, more rows than the axis, and the axis left of it.
    [20, 45, 70, 95, 120, 145, 170, 195, 220].forEach((y) => r.glyphs(560, y, 6));
    [30, 90, 150, 210, 270].forEach((y) => r.glyphs(470, y, 5));
    const first = findLayout(r, BG);
    expect(first?.axis.strip.left).toBeGreaterThanOrEqual(555);
    const next = findLayout(r, BG, [first!.axis.strip]);
    expect(next?.axis.labels.map((l) => l.top)).toEqual([30, 90, 150, 210, 270]);
    expect(next?.plot.right).toBeLessThanOrEqual(470);
  });

  it("finds MetaTrader's small labels whose digits touch and whose ticks join the axis's border line", () => {
    const r = chart();
    // The axis border: a line down the whole chart, a tick from it to each label.
    r.fill(520, 520, 0, 399, TEXT);
    const rows = [20, 75, 130, 185, 240];
    for (const y of rows) {
      r.fill(521, 526, y + 3, y + 3, TEXT);
      // '2.08820' at 7 px: seven outlined digits 4 px wide that touch, one blob of 28 x 7.
      for (let i = 0; i < 7; i++) {
        const x = 527 + i * 4;
        r.fill(x, x + 3, y, y, TEXT);
        r.fill(x, x + 3, y + 6, y + 6, TEXT);
        r.fill(x, x, y, y + 6, TEXT);
      }
    }
    const layout = findLayout(r, BG, [], true);
    expect(layout?.axis.labels.map((l) => l.top)).toEqual(rows);
    // In a reduced image such a blob is a smudge, better read at full size.
    expect(findLayout(r, BG, [], false)?.axis.labels.map((l) => l.top)).not.toEqual(rows);
  });
});
