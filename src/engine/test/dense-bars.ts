/** Pictures of bars drawn pixel by pixel, for the dense reader's tests and its benchmark. */
import type { Raster, Rgb } from '../raster.js';

/** A seeded generator (mulberry32): each picture is built the same way every run. */
export function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function canvas(width: number, height: number, bg: Rgb): Raster & { set: (x: number, y: number, c: Rgb) => void } {
  const data = new Uint8Array(width * height * 3);
  for (let i = 0; i < data.length; i += 3) data.set(bg, i);
  const set = (x: number, y: number, c: Rgb) => {
    if (x >= 0 && x < width && y >= 0 && y < height) data.set(c, (Math.round(y) * width + x) * 3);
  };
  return { width, height, data, set };
}

export const vline = (set: (x: number, y: number, c: Rgb) => void, x: number, y0: number, y1: number, c: Rgb) => {
  for (let y = Math.min(y0, y1); y <= Math.max(y0, y1); y++) set(x, y, c);
};

export interface Bar {
  x: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

/**
 * A random walk of bars filling rows [top, bottom] as a platform scales its pane, each opening
 * where the last one closed.
 */
export function walk(n: number, top: number, bottom: number, seed: number, pitch: number, left: number): Bar[] {
  const next = random(seed);
  const raw: Bar[] = [];
  let price = 0;
  for (let i = 0; i < n; i++) {
    const open = price;
    price += (next() - 0.5) * 10;
    const high = Math.min(open, price) - next() * 5;
    const low = Math.max(open, price) + next() * 5;
    raw.push({ x: left + i * pitch, open, high, low, close: price });
  }
  const min = Math.min(...raw.map((b) => b.high));
  const max = Math.max(...raw.map((b) => b.low));
  const row = (p: number) => Math.round(top + ((p - min) / (max - min)) * (bottom - top));
  return raw.map((b) => ({ x: b.x, open: row(b.open), high: row(b.high), low: row(b.low), close: row(b.close) }));
}

/**
 * A zoomed-out MetaTrader chart at its heaviest for the dense reader: a 1920x1080 plot on black
 * of 950 one-pixel OHLC bars two pixels apart, each open's tick touching the bar before.
 */
export function zoomedOutOhlc() {
  const pic = canvas(1920, 1080, [0, 0, 0]);
  const bars = walk(950, 40, 1000, 17, 2, 10);
  const green: Rgb = [0, 255, 0];
  for (const b of bars) {
    vline(pic.set, b.x, b.high, b.low, green);
    pic.set(b.x - 1, b.open, green);
    pic.set(b.x + 1, b.close, green);
  }
  return { pic, bars, plot: { left: 0, top: 0, right: 1920, bottom: 1080 } };
}
