import { describe, expect, it } from 'vitest';
import type { PixelCandle } from '../bars/index.js';
import type { Raster, Rgb } from '../raster.js';
import { applyRightEdge } from './right-edge.js';

const BG: Rgb = [255, 255, 255];
const RED: Rgb = [255, 0, 0];
const BLUE: Rgb = [31, 119, 180];
const WIDTH = 120;
const HEIGHT = 100;

function chart(): { r: Raster; paint: (x0: number, x1: number, y0: number, y1: number, c: Rgb) => void } {
  const data = new Uint8Array(WIDTH * HEIGHT * 3).fill(255);
  const paint = (x0: number, x1: number, y0: number, y1: number, c: Rgb): void => {
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) data.set(c, (y * WIDTH + x) * 3);
  };
  return { r: { width: WIDTH, height: HEIGHT, data }, paint };
}

const before: PixelCandle = { x: 60, open: 50, high: 45, low: 60, close: 55 };

describe('applyRightEdge', () => {
  it("ends a line's last bar at the line's last point, beyond where a crossing line cut the piece", () => {
    const { r, paint } = chart();
    // The line's last stroke rises from row 60 to row 30 over x 66-72, each column inked from
    // where the column before it ended, and its last column only the stroke's round end; a blue
    // average crosses it at rows 40-44, so the piece found stops at row 45.
    let previous = 60;
    for (let x = 66; x <= 71; x++) {
      const y = Math.round(60 - ((x - 66) * 30) / 6);
      paint(x, x, Math.min(y, previous) - 1, Math.max(y, previous) + 1, RED);
      previous = y;
    }
    paint(72, 72, 29, 31, RED);
    paint(60, 80, 40, 44, BLUE);
    const last: PixelCandle = { x: 67, open: 60, high: 45, low: 60, close: 52 };
    expect(applyRightEdge(r, BG, [before, last], [RED], WIDTH)).toBe(true);
    expect(last.close).toBe(30);
    expect(last.high).toBe(30);
  });

  it('leaves a candle whose body ends the bar, and a bar a line runs through, as they were read', () => {
    const body = chart();
    body.paint(66, 70, 40, 60, RED);
    body.paint(68, 68, 35, 65, RED);
    const candle: PixelCandle = { x: 68, open: 40, high: 35, low: 65, close: 60 };
    expect(applyRightEdge(body.r, BG, [before, candle], [RED], WIDTH)).toBe(false);
    expect(candle.close).toBe(60);
    const through = chart();
    through.paint(66, 70, 40, 60, RED);
    through.paint(60, 119, 50, 51, RED);
    expect(applyRightEdge(through.r, BG, [before, { ...candle }], [RED], WIDTH)).toBe(false);
  });

  it("leaves a body's close alone where a short run of its colour stands just past its side", () => {
    // A down candle's body over x 64-72 (its side's rows a JPEG's pixel or two apart), and past
    // it at x 73 three rows at its top: a fringe, or a drawing ending at the body's corner.
    const { r, paint } = chart();
    paint(64, 72, 40, 60, RED);
    paint(71, 71, 41, 61, RED);
    paint(68, 68, 35, 65, RED);
    paint(73, 73, 42, 44, RED);
    const candle: PixelCandle = { x: 68, open: 40, high: 35, low: 65, close: 60 };
    expect(applyRightEdge(r, BG, [before, candle], [RED], WIDTH)).toBe(false);
    expect(candle.close).toBe(60);
  });

  it("takes an OHLC bar's close tick", () => {
    const { r, paint } = chart();
    paint(68, 68, 35, 65, RED);
    paint(65, 67, 58, 59, RED);
    paint(69, 71, 41, 42, RED);
    const bar: PixelCandle = { x: 68, open: 58, high: 35, low: 65, close: 50 };
    expect(applyRightEdge(r, BG, [before, bar], [RED], WIDTH)).toBe(true);
    expect(bar.close).toBe(41.5);
  });

  it("leaves a small body's close alone (as short all across), and a series that runs on past the plot", () => {
    const small = chart();
    small.paint(66, 70, 40, 42, RED);
    const body: PixelCandle = { x: 68, open: 40, high: 40, low: 42, close: 42 };
    expect(applyRightEdge(small.r, BG, [before, body], [RED], WIDTH)).toBe(false);
    expect(body.close).toBe(42);
    // A line whose last stroke reaches the plot's right edge (x = 74) is cut there, not ended.
    const cut = chart();
    for (let x = 66; x <= 80; x++) cut.paint(x, x, 40 - (x - 66), 44 - (x - 66), RED);
    cut.paint(66, 66, 40, 60, RED);
    const last: PixelCandle = { x: 67, open: 60, high: 40, low: 60, close: 50 };
    expect(applyRightEdge(cut.r, BG, [before, last], [RED], 75)).toBe(false);
  });
});
