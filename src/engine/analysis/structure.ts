/** Market structure: swing points and the trend they and a regression agree on. */
import type { Trend } from '../../shared/analysis.js';
import type { PriceCandle } from '../read-chart.js';
import { linearRegression } from './indicators.js';

export interface Swing {
  index: number;
  price: number;
  kind: 'high' | 'low';
}

/** A bar whose high (low) is the extreme of the `window` bars either side is a swing. */
export function findSwings(candles: PriceCandle[], window: number): Swing[] {
  const swings: Swing[] = [];
  for (let i = window; i < candles.length - window; i++) {
    const c = candles[i];
    if (!c) continue;
    let isHigh = true;
    let isLow = true;
    for (let k = i - window; k <= i + window; k++) {
      const o = candles[k];
      if (!o || k === i) continue;
      if (o.high > c.high) isHigh = false;
      if (o.low < c.low) isLow = false;
    }
    if (isHigh) swings.push({ index: i, price: c.high, kind: 'high' });
    if (isLow) swings.push({ index: i, price: c.low, kind: 'low' });
  }
  return swings;
}

export interface TrendReading {
  trend: Trend;
  /** Regression move over the window divided by the visible range: -1..1. */
  drift: number;
  r2: number;
  /** +1 per higher high / higher low, -1 per lower high / lower low, over the last swings. */
  structure: number;
  swingsCounted: number;
}

/** How many recent swing comparisons count towards structure. */
const STRUCTURE_DEPTH = 3;

export function structureScore(swings: Swing[]): { score: number; counted: number } {
  let score = 0;
  let counted = 0;
  for (const kind of ['high', 'low'] as const) {
    const list = swings.filter((s) => s.kind === kind).slice(-(STRUCTURE_DEPTH + 1));
    for (let i = 1; i < list.length; i++) {
      const prev = list[i - 1];
      const cur = list[i];
      if (!prev || !cur) continue;
      score += cur.price > prev.price ? 1 : cur.price < prev.price ? -1 : 0;
      counted++;
    }
  }
  return { score, counted };
}

/** Share of the window at each end whose closes are averaged for where the move began and ended. */
const END_SHARE = 0.1;

/**
 * How a trader reads a window: where price began and where it stands now, as shares of the
 * visible range (0 at the low, 1 at the high). `move` is the end less the start; `now` is the
 * last close's place in the range.
 */
export function windowMove(candles: PriceCandle[]): { move: number; now: number } {
  const high = Math.max(...candles.map((c) => c.high));
  const low = Math.min(...candles.map((c) => c.low));
  const range = high - low || 1;
  const k = Math.max(1, Math.round(candles.length * END_SHARE));
  const mean = (cs: PriceCandle[]): number => cs.reduce((s, c) => s + c.close, 0) / cs.length;
  const start = (mean(candles.slice(0, k)) - low) / range;
  const end = (mean(candles.slice(-k)) - low) / range;
  const last = candles[candles.length - 1];
  return { move: end - start, now: last ? (last.close - low) / range : 0.5 };
}

/** The move over the window, as a share of its range, that makes a trend when price holds it. */
const WINDOW_MOVE = 0.25;
/** A regression that travels this share of the range counts as a move with a small net change. */
const WINDOW_DRIFT = 0.35;
/** A trend's last close stands in its own end of the range: the upper 40% for an uptrend. */
const HOLDS_END = 0.6;

/**
 * A trend needs the regression line to travel a good share of the visible range with a
 * decent fit; swing structure then confirms or weakens it. A trader also calls a trend a
 * window that began low and ends high (or the reverse) with price still near that end, however
 * noisy the way there (a rally with deep pullbacks fits a line poorly). Anything else is a range.
 */
export function classifyTrend(candles: PriceCandle[], swings: Swing[]): TrendReading {
  const closes = candles.map((c) => c.close);
  const high = Math.max(...candles.map((c) => c.high));
  const low = Math.min(...candles.map((c) => c.low));
  const range = high - low || 1;
  const reg = linearRegression(closes);
  const drift = (reg.slope * (closes.length - 1)) / range;
  const { score, counted } = structureScore(swings);
  const structure = counted ? score / counted : 0;
  let trend: Trend = 'sideways';
  const strong = Math.abs(drift) >= 0.45 && reg.r2 >= 0.45;
  const moderate = Math.abs(drift) >= 0.3 && reg.r2 >= 0.3 && Math.sign(structure) === Math.sign(drift);
  const { move, now } = windowMove(candles);
  const up = (move >= WINDOW_MOVE || (drift >= WINDOW_DRIFT && move > 0)) && now >= HOLDS_END;
  const down = (move <= -WINDOW_MOVE || (drift <= -WINDOW_DRIFT && move < 0)) && now <= 1 - HOLDS_END;
  if (strong || moderate) trend = drift > 0 ? 'uptrend' : 'downtrend';
  else if (up) trend = 'uptrend';
  else if (down) trend = 'downtrend';
  return { trend, drift, r2: reg.r2, structure, swingsCounted: counted };
}
