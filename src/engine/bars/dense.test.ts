import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Rgb } from '../raster.js';
import { readDense } from './dense.js';
import { MIN_BARS } from './series.js';
import { canvas, random, vline, walk, zoomedOutOhlc } from '../test/dense-bars.js';

const BLACK: Rgb = [0, 0, 0];
const WHITE: Rgb = [255, 255, 255];
const GRID: Rgb = [119, 136, 153];

/** MetaTrader 4 zoomed out: 1-px OHLC bars two pixels apart, their ticks touching. */
function mt4Dense() {
  const w = 800;
  const h = 500;
  const pic = canvas(w, h, BLACK);
  const { set } = pic;
  // Dashed grid under everything.
  for (let y = 50; y < h; y += 60) for (let x = 0; x < w; x++) if (x % 6 < 3) set(x, y, GRID);
  for (let x = 90; x < w; x += 100) for (let y = 0; y < h; y++) if (y % 6 < 3) set(x, y, GRID);
  const bars = walk(370, 30, 380, 7, 2, 20);
  const green: Rgb = [0, 255, 0];
  for (const b of bars) {
    vline(set, b.x, b.high, b.low, green);
    set(b.x - 1, b.open, green);
    set(b.x + 1, b.close, green);
  }
  // A moving average drawn over the bars, and volume standing on the plot's bottom.
  for (let i = 0; i < bars.length; i++) {
    const window = bars.slice(Math.max(0, i - 20), i + 1);
    const ma = window.reduce((s, b) => s + b.close, 0) / window.length;
    set(bars[i]!.x, ma, WHITE);
    set(bars[i]!.x + 1, ma, WHITE);
  }
  const volume = random(3);
  for (const b of bars) vline(set, b.x, h - 2 - Math.round(volume() * 40), h - 2, [50, 205, 50]);
  return { pic, bars, plot: { left: 0, top: 0, right: w, bottom: h } };
}

describe('readDense', () => {
  it('reads 1-px OHLC bars that touch, past an average, a dashed grid and volume', () => {
    const { pic, bars, plot } = mt4Dense();
    const dense = readDense(pic, plot, BLACK);
    expect(dense).not.toBeNull();
    const candles = dense?.candles ?? [];
    expect(candles.length).toBeGreaterThanOrEqual(100);
    expect(candles.length).toBeLessThanOrEqual(260);
    const last = bars[bars.length - 1]!;
    expect(Math.abs((candles[candles.length - 1]?.close ?? 0) - last.close)).toBeLessThanOrEqual(1);
    // Each bar's range is the range of the true bars' ink over the columns it groups.
    const top = new Map<number, number>();
    const bottom = new Map<number, number>();
    const ink = (x: number, y0: number, y1: number) => {
      top.set(x, Math.min(top.get(x) ?? y0, y0));
      bottom.set(x, Math.max(bottom.get(x) ?? y1, y1));
    };
    for (const b of bars) {
      ink(b.x, b.high, b.low);
      ink(b.x - 1, b.open, b.open);
      ink(b.x + 1, b.close, b.close);
    }
    const k = Math.round((candles[candles.length - 2]!.x - candles[0]!.x) / (candles.length - 2));
    let tracked = 0;
    for (const c of candles.slice(0, -1)) {
      const columns = Array.from({ length: k }, (_, i) => Math.round(c.x - (k - 1) / 2) + i);
      const high = Math.min(...columns.map((x) => top.get(x) ?? Infinity));
      const low = Math.max(...columns.map((x) => bottom.get(x) ?? -Infinity));
      if (Math.abs(c.high - high) <= 2 && Math.abs(c.low - low) <= 2) tracked++;
    }
    expect(tracked / (candles.length - 1)).toBeGreaterThan(0.9);
    expect(dense?.colours).toEqual([[0, 255, 0]]);
    expect(dense?.quality).toBeGreaterThanOrEqual(0.9);
  });

  /** A light phone-like chart: 2-px candles in two colours, touching each other. */
  function phoneChart() {
    const w = 700;
    const h = 420;
    const bg: Rgb = [250, 250, 250];
    const pic = canvas(w, h, bg);
    const up: Rgb = [38, 166, 154];
    const down: Rgb = [239, 83, 80];
    const bars = walk(320, 20, 400, 21, 2, 30);
    for (const b of bars) {
      const c = b.close <= b.open ? up : down;
      vline(pic.set, b.x, b.high, b.low, c);
      vline(pic.set, b.x + 1, b.open, b.close, c);
    }
    return { pic, bars, bg, plot: { left: 0, top: 0, right: w, bottom: h } };
  }

  const readsPhoneChart = ({ pic, bars, bg, plot }: ReturnType<typeof phoneChart>) => {
    const dense = readDense(pic, plot, bg);
    expect(dense).not.toBeNull();
    const candles = dense?.candles ?? [];
    expect(candles.length).toBeGreaterThanOrEqual(100);
    expect(dense?.colours).toHaveLength(2);
    const last = bars[bars.length - 1]!;
    const close = candles[candles.length - 1]?.close ?? 0;
    expect(close).toBeGreaterThanOrEqual(Math.min(last.open, last.close) - 1);
    expect(close).toBeLessThanOrEqual(Math.max(last.open, last.close) + 1);
    // Within a pixel: a JPEG fades a wick's last pixel.
    expect(
      Math.abs(Math.min(...candles.map((c) => c.high)) - Math.min(...bars.map((b) => b.high))),
    ).toBeLessThanOrEqual(1);
    expect(Math.abs(Math.max(...candles.map((c) => c.low)) - Math.max(...bars.map((b) => b.low)))).toBeLessThanOrEqual(
      1,
    );
  };

  it('reads a light chart of 2-px candles in two colours touching each other', () => {
    readsPhoneChart(phoneChart());
  });

  it("reads the same chart through a phone's JPEG", async () => {
    const chart = phoneChart();
    const { pic } = chart;
    const jpeg = await sharp(Buffer.from(pic.data), { raw: { width: pic.width, height: pic.height, channels: 3 } })
      .jpeg({ quality: 75 })
      .toBuffer();
    const { data } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
    readsPhoneChart({ ...chart, pic: { ...pic, data: new Uint8Array(data) } });
  });

  it('reads candles thinner than a pixel: each colour in shades, and columns where up and down blend', () => {
    const w = 600;
    const h = 360;
    const bg: Rgb = [255, 255, 255];
    const pic = canvas(w, h, bg);
    const ups: Rgb[] = [
      [0, 170, 0],
      [57, 187, 56],
    ];
    const downs: Rgb[] = [
      [249, 58, 54],
      [253, 3, 2],
      [194, 49, 10],
    ];
    const bars = walk(560, 40, 320, 21, 1, 20);
    bars.forEach((b, i) => {
      const up = b.close < b.open;
      // Every fifth column is an up and a down bar blended: half of each colour.
      const colour = i % 5 === 4 ? ([125, 114, 27] as Rgb) : up ? ups[i % 2]! : downs[i % 3]!;
      vline(pic.set, b.x, b.high, b.low, colour);
    });
    const plot = { left: 0, top: 0, right: w, bottom: h };
    // Without a tag the shades and blends are as likely other things: no series.
    expect(readDense(pic, plot, bg)).toBeNull();
    const read = readDense(pic, plot, bg, { tagged: true });
    expect(read).not.toBeNull();
    expect(read!.colours).toHaveLength(2);
    const last = read!.candles[read!.candles.length - 1]!;
    expect(Math.abs(last.close - bars[bars.length - 1]!.close)).toBeLessThanOrEqual(6);
  });

  it('takes no grey for a blend of two colours of opposite hues (text, a crosshair between the bars)', () => {
    // TradingView's teal and red: their mix is nearly grey, as its grey text is.
    const w = 600;
    const h = 360;
    const bg: Rgb = [255, 255, 255];
    const pic = canvas(w, h, bg);
    walk(560, 40, 320, 21, 1, 20).forEach((b, i) => {
      const colour: Rgb = i % 5 === 4 ? [120, 123, 134] : b.close < b.open ? [38, 166, 154] : [239, 83, 80];
      vline(pic.set, b.x, b.high, b.low, colour);
    });
    expect(readDense(pic, { left: 0, top: 0, right: w, bottom: h }, bg, { tagged: true })).toBeNull();
  });

  it('takes a series of short bars, as flat as a line, only where a tag has said it is the price', () => {
    const w = 600;
    const h = 360;
    const bg: Rgb = [255, 255, 255];
    const pic = canvas(w, h, bg);
    const next = random(17);
    let y = 185;
    for (let x = 20; x < 580; x++) {
      const to = Math.round(185 + 140 * Math.sin(x / 60) + (next() - 0.5) * 4);
      vline(pic.set, x, Math.min(y, to) - 2, Math.max(y, to) + 1, to < y ? [0, 170, 0] : [249, 58, 54]);
      y = to;
    }
    const plot = { left: 0, top: 0, right: w, bottom: h };
    expect(readDense(pic, plot, bg)).toBeNull();
    expect(readDense(pic, plot, bg, { tagged: true })?.candles.length).toBeGreaterThanOrEqual(MIN_BARS);
  });

  describe('is no price series', () => {
    const w = 600;
    const h = 360;
    const bg: Rgb = [255, 255, 255];
    const plot = { left: 0, top: 0, right: w, bottom: h };

    it('on a histogram standing on a baseline: a P&L bar chart', () => {
      const pic = canvas(w, h, bg);
      const next = random(5);
      for (let x = 20; x < 580; x++) {
        const v = Math.round((next() - 0.45) * 200);
        vline(pic.set, x, 180, 180 - v, v >= 0 ? [22, 163, 74] : [220, 38, 38]);
      }
      expect(readDense(pic, plot, bg)).toBeNull();
    });

    it('on a filled area: an equity curve over its fill', () => {
      const pic = canvas(w, h, bg);
      const next = random(9);
      let y = 200;
      for (let x = 20; x < 580; x++) {
        y = Math.min(340, Math.max(20, y + Math.round((next() - 0.5) * 6)));
        vline(pic.set, x, y, h - 1, [147, 197, 253]);
        pic.set(x, y, [37, 99, 235]);
      }
      expect(readDense(pic, plot, bg)).toBeNull();
    });

    it('on a single thin line: an equity curve alone', () => {
      const pic = canvas(w, h, bg);
      const next = random(13);
      let y = 200;
      for (let x = 20; x < 580; x++) {
        const to = Math.min(340, Math.max(20, y + Math.round((next() - 0.5) * 6)));
        vline(pic.set, x, y, to, [37, 99, 235]);
        y = to;
      }
      expect(readDense(pic, plot, bg)).toBeNull();
    });

    it("on two lines 3 px thick: a backtest report's strategy against its benchmark", () => {
      const pic = canvas(w, h, bg);
      const lines: [number, Rgb][] = [
        [11, [31, 119, 180]],
        [12, [250, 210, 100]],
      ];
      for (const [seed, colour] of lines) {
        const next = random(seed);
        let y = 180;
        for (let x = 20; x < 580; x++) {
          const to = Math.min(330, Math.max(30, y + Math.round((next() - 0.5) * 8)));
          vline(pic.set, x, Math.min(y, to) - 1, Math.max(y, to) + 1, colour);
          y = to;
        }
      }
      expect(readDense(pic, plot, bg)).toBeNull();
    });

    it("on a series in a band at the plot's bottom: an oscillator's pane under the price pane", () => {
      const pic = canvas(w, h, bg);
      for (const b of walk(270, 260, 350, 31, 2, 20)) {
        vline(pic.set, b.x, b.high, b.low, [239, 85, 59]);
        vline(pic.set, b.x + 1, b.open, b.close, [239, 85, 59]);
      }
      expect(readDense(pic, plot, bg)).toBeNull();
    });

    it('on too few columns of ink', () => {
      const pic = canvas(w, h, bg);
      for (let x = 20; x < 20 + MIN_BARS; x++) vline(pic.set, x, 100, 200, [0, 0, 0]);
      expect(readDense(pic, plot, bg)).toBeNull();
    });
  });

  it('reads a 1920x1080 plot of 950 one-pixel OHLC bars into at most 200 bars ending at the last close', () => {
    // Its CPU time is a benchmark's figure (npm run bench:engine, "readDense"), not a test's.
    const { pic, bars, plot } = zoomedOutOhlc();
    const dense = readDense(pic, plot, [0, 0, 0]);
    expect(dense).not.toBeNull();
    const candles = dense?.candles ?? [];
    expect(candles.length).toBeGreaterThanOrEqual(100);
    expect(candles.length).toBeLessThanOrEqual(200);
    const last = bars[bars.length - 1]!;
    expect(Math.abs((candles[candles.length - 1]?.close ?? 0) - last.close)).toBeLessThanOrEqual(1);
  });
});
