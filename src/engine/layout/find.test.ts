import { describe, expect, it } from 'vitest';
import type { Raster } from '../raster.js';
import { findLayout } from './find.js';
import { BG, canvas, GRID } from './test/pictures.js';

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
