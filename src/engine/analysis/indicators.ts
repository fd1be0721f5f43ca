/** Small numeric helpers over a price series. */
import type { PriceCandle } from '../read-chart.js';

/** Average true range over the last `period` bars (Wilder's true range, simple mean). */
export function averageTrueRange(candles: PriceCandle[], period = 14): number {
  const ranges = candles.map((c, i) => {
    const prev = candles[i - 1];
    if (!prev) return c.high - c.low;
    return Math.max(c.high - c.low, Math.abs(c.high - prev.close), Math.abs(c.low - prev.close));
  });
  const recent = ranges.slice(-period);
  return recent.reduce((s, r) => s + r, 0) / Math.max(1, recent.length);
}

export interface Regression {
  /** Price change per bar. */
  slope: number;
  intercept: number;
  /** Share of variance explained, 0..1. */
  r2: number;
}

export function linearRegression(values: number[]): Regression {
  const n = values.length;
  if (n < 2) return { slope: 0, intercept: values[0] ?? 0, r2: 0 };
  const mx = (n - 1) / 2;
  const my = values.reduce((s, v) => s + v, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  values.forEach((v, i) => {
    sxy += (i - mx) * (v - my);
    sxx += (i - mx) ** 2;
    syy += (v - my) ** 2;
  });
  const slope = sxy / sxx;
  return { slope, intercept: my - slope * mx, r2: syy === 0 ? 0 : (sxy * sxy) / (sxx * syy) };
}

export function simpleMovingAverage(values: number[], period: number): number | null {
  if (values.length < period) return null;
  return values.slice(-period).reduce((s, v) => s + v, 0) / period;
}
