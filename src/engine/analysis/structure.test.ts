import { describe, expect, it } from 'vitest';
import type { PriceCandle } from '../read-chart.js';
import { averageTrueRange, linearRegression } from './indicators.js';
import { clusterLevels, splitLevels } from './levels.js';
import { classifyTrend, findSwings, structureScore, windowMove } from './structure.js';

const bar = (close: number, open = close, spread = 0.5): PriceCandle => ({
  open,
  close,
  high: Math.max(open, close) + spread,
  low: Math.min(open, close) - spread,
});

/** A zig-zag: up 3, down 1, repeated; higher highs and higher lows. */
const zigzagUp = (): PriceCandle[] => {
  const closes: number[] = [];
  let p = 100;
  for (let i = 0; i < 40; i++) {
    p += i % 4 === 3 ? -1 : 1;
    closes.push(p);
  }
  return closes.map((c, i) => bar(c, closes[i - 1] ?? c));
};

describe('linearRegression', () => {
  it('fits a straight line exactly', () => {
    const r = linearRegression([1, 3, 5, 7]);
    expect(r.slope).toBeCloseTo(2);
    expect(r.intercept).toBeCloseTo(1);
    expect(r.r2).toBeCloseTo(1);
  });
});

describe('averageTrueRange', () => {
  it('includes gaps from the previous close', () => {
    // Ranges: 2 (first bar), then max(1, |12-10|, |11-10|) = 2, then 1.
    const candles = [
      { open: 10, high: 11, low: 9, close: 10 },
      { open: 11, high: 12, low: 11, close: 11.5 },
      { open: 11.5, high: 12, low: 11, close: 11.5 },
    ];
    expect(averageTrueRange(candles, 14)).toBeCloseTo(5 / 3);
  });
});

describe('findSwings', () => {
  it('marks the extreme bar of its neighbourhood', () => {
    const candles = [1, 2, 5, 2, 1, 0, 1, 2].map((c) => bar(c));
    const swings = findSwings(candles, 2);
    expect(swings).toContainEqual({ index: 2, price: 5.5, kind: 'high' });
    expect(swings).toContainEqual({ index: 5, price: -0.5, kind: 'low' });
  });
});

describe('structureScore', () => {
  it('counts higher highs and higher lows as +1 each', () => {
    const swings = [
      { index: 1, price: 10, kind: 'high' as const },
      { index: 2, price: 8, kind: 'low' as const },
      { index: 3, price: 12, kind: 'high' as const },
      { index: 4, price: 9, kind: 'low' as const },
    ];
    expect(structureScore(swings)).toEqual({ score: 2, counted: 2 });
  });
});

describe('classifyTrend', () => {
  it('calls a rising zig-zag an uptrend', () => {
    const candles = zigzagUp();
    const t = classifyTrend(candles, findSwings(candles, 1));
    expect(t.trend).toBe('uptrend');
    expect(t.drift).toBeGreaterThan(0.45);
    expect(t.structure).toBeGreaterThan(0);
  });

  it('calls the mirrored series a downtrend', () => {
    const candles = zigzagUp().map((c) => ({ open: 200 - c.open, close: 200 - c.close, high: 200 - c.low, low: 200 - c.high }));
    expect(classifyTrend(candles, findSwings(candles, 1)).trend).toBe('downtrend');
  });

  it('calls a window that rose from its low to near its high an uptrend, however poorly a line fits the way up', () => {
    // A wide range for most of the window, then a breakout to new highs: the regression fits
    // badly (r² < 0.45) and travels little, yet price went from the bottom half to the top.
    const closes = [
      ...Array.from({ length: 60 }, (_, i) => 100 + 8 * Math.sin(i / 2)),
      ...Array.from({ length: 12 }, (_, i) => 100 + 2.2 * i),
    ];
    const candles = closes.map((c, i) => bar(c, closes[i - 1] ?? c));
    const reading = classifyTrend(candles, findSwings(candles, 2));
    expect(reading.r2).toBeLessThan(0.45);
    expect(reading.trend).toBe('uptrend');
    // Mirrored: a downtrend.
    const mirrored = candles.map((c) => ({ open: 250 - c.open, close: 250 - c.close, high: 250 - c.low, low: 250 - c.high }));
    expect(classifyTrend(mirrored, findSwings(mirrored, 2)).trend).toBe('downtrend');
  });

  it('calls a rally given back to the middle of the range sideways, not a trend', () => {
    const closes = [
      ...Array.from({ length: 30 }, (_, i) => 100 + i),
      ...Array.from({ length: 30 }, (_, i) => 129 - 0.6 * i),
    ];
    const candles = closes.map((c, i) => bar(c, closes[i - 1] ?? c));
    expect(windowMove(candles).now).toBeLessThan(0.6);
    expect(classifyTrend(candles, findSwings(candles, 2)).trend).toBe('sideways');
  });

  it('calls an oscillation around a level sideways', () => {
    const candles = Array.from({ length: 60 }, (_, i) => bar(100 + 3 * Math.sin(i / 3)));
    expect(classifyTrend(candles, findSwings(candles, 2)).trend).toBe('sideways');
  });
});

describe('clusterLevels', () => {
  it('joins swing prices within the tolerance and counts touches', () => {
    const swings = [1.1, 1.1004, 1.1008, 1.12, 1.1203].map((price, index) => ({ index, price, kind: 'high' as const }));
    const levels = clusterLevels(swings, 0.0005);
    expect(levels).toHaveLength(2);
    expect(levels[0]?.price).toBeCloseTo(1.1004);
    expect(levels[0]?.touches).toBe(3);
    expect(levels[1]?.touches).toBe(2);
  });

  it('splits levels around the last price, nearest first', () => {
    const levels = [1, 2, 4, 5].map((price) => ({ price, touches: 1 }));
    const { support, resistance } = splitLevels(levels, 3);
    expect(support.map((l) => l.price)).toEqual([2, 1]);
    expect(resistance.map((l) => l.price)).toEqual([4, 5]);
  });
});
