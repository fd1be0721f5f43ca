import { describe, expect, it } from 'vitest';
import type { PixelCandle } from '../bars/index.js';
import { marginInk } from './margin.js';
import type { Raster, Rgb } from '../raster.js';

const BG: Rgb = [0, 0, 0];
const WIDTH = 400;
const HEIGHT = 200;
const PLOT = { left: 0, top: 0, right: WIDTH, bottom: HEIGHT };

function chart(): { r: Raster; paint: (x0: number, x1: number, y0: number, y1: number, c: Rgb) => void } {
  const data = new Uint8Array(WIDTH * HEIGHT * 3);
  const paint = (x0: number, x1: number, y0: number, y1: number, c: Rgb): void => {
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) data.set(c, (y * WIDTH + x) * 3);
  };
  return { r: { width: WIDTH, height: HEIGHT, data }, paint };
}

/** Twenty bars 10 px apart up to x = 290, near row 100; a fifth of the plot is left after them. */
const bars: PixelCandle[] = Array.from({ length: 20 }, (_, i) => ({
  x: 100 + i * 10,
  open: 95 + (i % 3),
  high: 90 + (i % 4),
  low: 110 - (i % 3),
  close: 104,
}));

describe('marginInk', () => {
  it("finds MetaTrader's chart shift empty: only a price line and a vertical grid line after the last bar", () => {
    const { r, paint } = chart();
    for (const b of bars) paint(b.x - 2, b.x + 2, b.high, b.low, [0, 200, 0]);
    paint(0, WIDTH - 1, 104, 104, [120, 120, 120]);
    paint(350, 350, 0, HEIGHT - 1, [40, 40, 90]);
    // A panel's text far above the latest bars is no later bar.
    paint(320, 390, 5, 20, [200, 200, 200]);
    expect(marginInk(r, PLOT, BG, bars, [{ y: 104, colour: [120, 120, 120] }])).toBeLessThan(0.002);
  });

  it('finds ink where later bars would be: a dialog over them, or bars the reading lost', () => {
    const dialog = chart();
    dialog.paint(310, 390, 60, 150, [230, 230, 230]);
    dialog.paint(312, 388, 62, 148, [60, 60, 60]);
    expect(marginInk(dialog.r, PLOT, BG, bars, [])).toBeGreaterThan(0.05);
    const lost = chart();
    for (let x = 300; x < 380; x += 10) lost.paint(x - 2, x + 2, 95, 112, [200, 0, 0]);
    expect(marginInk(lost.r, PLOT, BG, bars, [])).toBeGreaterThan(0.05);
  });

  it("finds the chart shift empty across orders' dashed lines and past the axis's border, over the tags beyond it", () => {
    const { r, paint } = chart();
    for (const b of bars) paint(b.x - 2, b.x + 2, b.high, b.low, [0, 200, 0]);
    // A buy order's and a stop's dashed lines through the latest bars' rows, two rows thick.
    for (let x = 0; x < WIDTH; x += 6) {
      paint(x, x + 2, 98, 99, [40, 90, 200]);
      paint(x, x + 2, 120, 121, [200, 40, 40]);
    }
    // The plot found runs on past the axis's border line into the tags standing on the axis.
    paint(392, 392, 0, HEIGHT - 1, [120, 120, 120]);
    paint(393, WIDTH - 1, 94, 106, [90, 90, 90]);
    paint(393, WIDTH - 1, 112, 124, [40, 90, 200]);
    expect(marginInk(r, PLOT, BG, bars, [])).toBeLessThan(0.002);
    // A panel as wide as the margin, many rows thick, is still ink.
    paint(300, 390, 90, 115, [230, 230, 230]);
    expect(marginInk(r, PLOT, BG, bars, [])).toBeGreaterThan(0.05);
  });

  it('finds the chart shift empty across a zone drawn behind the bars to the axis, not across a panel after them', () => {
    const { r, paint } = chart();
    // A filled zone from x = 150 to the plot's edge, rows 96 to 112, under the bars.
    paint(150, WIDTH - 1, 96, 112, [20, 60, 60]);
    for (const b of bars) paint(b.x - 2, b.x + 2, b.high, b.low, [0, 200, 0]);
    expect(marginInk(r, PLOT, BG, bars, [])).toBeLessThan(0.002);
    // The same band begun after the last bar (a panel over later bars) is ink.
    const panel = chart();
    for (const b of bars) panel.paint(b.x - 2, b.x + 2, b.high, b.low, [0, 200, 0]);
    panel.paint(296, WIDTH - 1, 96, 112, [20, 60, 60]);
    expect(marginInk(panel.r, PLOT, BG, bars, [])).toBeGreaterThan(0.05);
  });
});
