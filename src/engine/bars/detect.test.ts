import { describe, expect, it } from 'vitest';
import type { Raster } from '../raster.js';
import { detectCandles } from './detect.js';

describe('detectCandles', () => {
  const WHITE = [255, 255, 255] as const;
  const BLACK = [0, 0, 0] as const;
  /** A white 600×300 plot; `paint` sets pixels. */
  const plot = (): {
    r: Raster;
    paint: (x0: number, x1: number, y0: number, y1: number, c: readonly number[]) => void;
  } => {
    const width = 600;
    const height = 300;
    const data = new Uint8Array(width * height * 3).fill(255);
    const paint = (x0: number, x1: number, y0: number, y1: number, c: readonly number[]): void => {
      for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) data.set(c, (y * width + x) * 3);
    };
    return { r: { width, height, data }, paint };
  };
  /** A wave of 40 bars, 14 px apart, two up to one down; rows of their open, high, low and close. */
  const bars = Array.from({ length: 40 }, (_, i) => {
    const mid = 150 + 60 * Math.sin(i / 5);
    const up = i % 3 !== 0;
    const open = Math.round(mid + (up ? 20 : -20));
    const close = Math.round(mid + (up ? -20 : 20));
    return { x: 12 + i * 14, open, close, high: Math.min(open, close) - 25, low: Math.max(open, close) + 25, up };
  });

  it('drops an average line hidden under white bodies, which leaves it in pieces between the bars', () => {
    const { r, paint } = plot();
    // The line first (5 px thick, following the bars): the bars are drawn over it, so only its
    // pieces between them show, no column of them as tall as a tenth of a bar.
    const lineY = (x: number): number => Math.round(150 + 60 * Math.sin((x - 12) / 70));
    for (let x = 5; x < 590; x++)
      paint(x, x, Math.min(lineY(x), lineY(x + 1)) - 2, Math.max(lineY(x), lineY(x + 1)) + 2, [33, 150, 242]);
    for (const b of bars) {
      paint(b.x, b.x, b.high, b.low, BLACK);
      const top = Math.min(b.open, b.close);
      const bottom = Math.max(b.open, b.close);
      paint(b.x - 4, b.x + 4, top, bottom, BLACK);
      if (b.up) paint(b.x - 3, b.x + 3, top + 1, bottom - 1, WHITE);
    }
    const found = detectCandles(r, { left: 0, top: 0, right: 600, bottom: 300 });
    expect(found?.candles).toHaveLength(40);
    const last = found?.candles[39];
    expect(last?.close).toBeCloseTo(bars[39]!.close, -0.5);
  });

  it('turns each candle on its own when up and down bodies look alike (all outlined in one colour)', () => {
    const { r, paint } = plot();
    // A forex series: each bar opens where the last one closed; moves of 6 to 24 px.
    let close = 150;
    const series = Array.from({ length: 40 }, (_, i) => {
      const open = close;
      close = open + (i % 3 === 1 ? 1 : -1) * (6 + ((i * 7) % 4) * 6) * (i < 20 ? 1 : -1);
      return { x: 12 + i * 14, open, close, high: Math.min(open, close) - 10, low: Math.max(open, close) + 10 };
    });
    for (const b of series) {
      const top = Math.min(b.open, b.close);
      const bottom = Math.max(b.open, b.close);
      paint(b.x, b.x, b.high, b.low, BLACK);
      paint(b.x - 4, b.x + 4, top, bottom, BLACK);
      paint(b.x - 3, b.x + 3, top + 1, bottom - 1, WHITE);
    }
    const found = detectCandles(r, { left: 0, top: 0, right: 600, bottom: 300 });
    expect(found?.candles).toHaveLength(40);
    const wrong = found?.candles.filter((c, i) => Math.abs(c.close - series[i]!.close) > 2).length;
    expect(wrong).toBe(0);
  });

  /** Draws a bar's wick and its body outlined in black, filled white (up) or black (down). */
  const outlined = (paint: ReturnType<typeof plot>['paint'], b: (typeof bars)[number], half: number): void => {
    const top = Math.min(b.open, b.close);
    const bottom = Math.max(b.open, b.close);
    paint(b.x, b.x, b.high, b.low, BLACK);
    paint(b.x - half, b.x + half, top, bottom, BLACK);
    if (b.up) paint(b.x - half + 1, b.x + half - 1, top + 1, bottom - 1, WHITE);
  };

  it('keeps a last hollow body whose outline is broken in two, its wick no longer its tallest column', () => {
    const { r, paint } = plot();
    const series = bars.map((b, i) => (i === 39 ? { ...b, open: 200, close: 120, high: 110, low: 215, up: true } : b));
    for (const b of series) outlined(paint, b, 5);
    // The left edge is cut at the corner and where a line crossed it (a stub of the line is
    // left beside it): its upper part is a piece of its own, and the rest of the outline's
    // tallest column is the right edge, too far from the bar's place to be on the lattice.
    const last = series[39]!;
    paint(last.x - 5, last.x - 5, 120, 121, WHITE);
    paint(last.x - 5, last.x - 5, 160, 161, WHITE);
    paint(last.x - 6, last.x - 6, 158, 158, BLACK);
    const found = detectCandles(r, { left: 0, top: 0, right: 600, bottom: 300 });
    expect(found?.candles).toHaveLength(40);
    expect(found?.candles[39]?.x).toBeCloseTo(last.x, -0.5);
    expect(found?.candles[39]?.high).toBeCloseTo(110, -0.5);
    expect(found?.candles[39]?.low).toBeCloseTo(215, -0.5);
  });

  it("leaves out a stray beyond the last bar whose box, not its tallest column, stands on the bars' lattice", () => {
    const { r, paint } = plot();
    for (const b of bars.slice(0, 36)) outlined(paint, b, 5);
    // Four slots on: a crosshair's vertical line with a box against it.
    paint(577, 577, 60, 205, BLACK);
    paint(566, 577, 195, 205, BLACK);
    const found = detectCandles(r, { left: 0, top: 0, right: 600, bottom: 300 });
    expect(found?.candles).toHaveLength(36);
    expect(found?.candles[35]?.x).toBeCloseTo(bars[35]!.x, -0.5);
  });

  /** Twenty wide bodies, 23 px: most of an outlined body's columns hold only its top and bottom edge. */
  const wide = bars.slice(0, 20).map((b, i) => ({ ...b, x: 16 + i * 28 }));

  it('takes outlined bodies for candles, not a JPEG fringe beside a corner for the edge of an OHLC bar', () => {
    const { r, paint } = plot();
    for (const b of wide) {
      outlined(paint, b, 11);
      // Two pixels beside the body's bottom right corner, past its edge.
      const bottom = Math.max(b.open, b.close);
      paint(b.x + 12, b.x + 12, bottom - 1, bottom, [40, 40, 40]);
    }
    const found = detectCandles(r, { left: 0, top: 0, right: 600, bottom: 300 });
    expect(found?.kind).toBe('candles');
    expect(found?.candles).toHaveLength(20);
    expect(found?.candles[19]?.close).toBeCloseTo(wide[19]!.close, -0.5);
  });

  it('measures an outlined body between its edges, not to the stub of a grid line beside it', () => {
    const { r, paint } = plot();
    for (const b of wide) {
      outlined(paint, b, 11);
      // Three pixels of a grid line left beside the body's right edge, one row below its top.
      const top = Math.min(b.open, b.close);
      paint(b.x + 12, b.x + 14, top + 1, top + 1, [40, 40, 40]);
    }
    const found = detectCandles(r, { left: 0, top: 0, right: 600, bottom: 300 });
    expect(found?.kind).toBe('candles');
    expect(found?.candles.map((c) => c.close)).toEqual(wide.map((b) => b.close));
  });

  it('opens and closes a last doji with no body to see where the bar before it closed', () => {
    const { r, paint } = plot();
    for (const b of bars.slice(0, 39)) outlined(paint, b, 4);
    // Its body one row of the background's colour, drawn over its wick.
    const before = bars[38]!.close;
    paint(bars[39]!.x, bars[39]!.x, before - 20, before + 12, BLACK);
    const found = detectCandles(r, { left: 0, top: 0, right: 600, bottom: 300 });
    expect(found?.candles).toHaveLength(40);
    expect(found?.candles[39]).toMatchObject({ open: before, close: before, high: before - 20, low: before + 12 });
    paint(bars[39]!.x, bars[39]!.x, before + 5, before + 5, WHITE);
    expect(detectCandles(r, { left: 0, top: 0, right: 600, bottom: 300 })?.candles[39]?.close).toBe(before + 5);
  });

  it('reads thin bars whose stems and ticks are one pixel (a wide shot halved) as OHLC bars', () => {
    const { r, paint } = plot();
    for (const b of bars) {
      paint(b.x, b.x, b.high, b.low, [0, 200, 0]);
      paint(b.x - 1, b.x - 1, b.open, b.open, [0, 200, 0]);
      paint(b.x + 1, b.x + 1, b.close, b.close, [0, 200, 0]);
    }
    const found = detectCandles(r, { left: 0, top: 0, right: 600, bottom: 300 });
    expect(found?.kind).toBe('ohlc');
    expect(found?.candles).toHaveLength(40);
    expect(found?.candles[39]?.close).toBeCloseTo(bars[39]!.close, 0);
  });

  it('reads bars with 3 px stems and one-column ticks on both sides (a HiDPI shot halved) as OHLC bars', () => {
    const { r, paint } = plot();
    for (const b of bars) {
      paint(b.x - 1, b.x + 1, b.high, b.low, [0, 200, 0]);
      paint(b.x - 2, b.x - 2, b.open, b.open + 1, [0, 200, 0]);
      paint(b.x + 2, b.x + 2, b.close, b.close + 1, [0, 200, 0]);
    }
    const found = detectCandles(r, { left: 0, top: 0, right: 600, bottom: 300 });
    expect(found?.kind).toBe('ohlc');
    expect(found?.candles).toHaveLength(40);
    expect(found?.candles[39]?.close).toBeCloseTo(bars[39]!.close, -0.5);
  });

  it("keeps the latest candle a phone's screen cut at the picture's edge when the axis is on the left", () => {
    // 43 bars 14 px apart: the last one stands at the picture's right edge, half of it cut off.
    const { r, paint } = plot();
    const drawn = Array.from({ length: 43 }, (_, i) => ({ x: 9 + i * 14, top: 120 + (i % 5) * 6, bottom: 150 + (i % 5) * 6 }));
    for (const [i, b] of drawn.entries()) {
      // The last one without wicks: a body the picture's edge cuts, as a tag's box would be.
      if (i < 42) paint(b.x, b.x, b.top - 12, b.bottom + 12, BLACK);
      paint(Math.max(0, b.x - 4), Math.min(599, b.x + 4), b.top, b.bottom, BLACK);
    }
    const box = { left: 0, top: 0, right: 600, bottom: 300 };
    const lastX = drawn[42]!.x;
    expect(lastX + 4).toBeGreaterThan(599);
    const left = detectCandles(r, box, { axisSide: 'left' });
    expect(left?.candles[left.candles.length - 1]?.x).toBeGreaterThan(lastX - 3);
    // With the axis on the right, a block against the plot's edge is the price tag reaching in.
    const right = detectCandles(r, box, { axisSide: 'right' });
    expect(right?.candles[right.candles.length - 1]?.x).toBeLessThan(lastX - 10);
  });
});
