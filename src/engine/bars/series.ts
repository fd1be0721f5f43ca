/**
 * What the bars stage answers with: the bars in pixels, the lines it took out of the plot, the
 * series' colours, and how much the whole looks like a price series.
 */
import type { Rgb } from '../raster.js';
import {
  CONTINUE_MAX_STEPS,
  LINK_TOLERANCE_PX,
  LINK_TOLERANCE_SHARE,
  MIN_PIECES,
  REGULAR_GAP_PX,
  REGULAR_GAP_SHARE,
} from './params.js';

export { MIN_BARS } from './params.js';

export interface PixelCandle {
  /** Centre column, plot-relative work pixels are converted to image work pixels. */
  x: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

/** A horizontal line removed from the plot: its row (image work pixels) and mean colour. */
export interface PlotLine {
  y: number;
  colour: Rgb;
  /** Broken into dashes or dots (a crosshair's line, an order's); solid or unknown when not set. */
  dashed?: boolean;
}

/** How the chart draws its series: candles, OHLC bars, or a line of closes read as bars (line.ts). */
export type SeriesKind = 'candles' | 'ohlc' | 'line';

export interface CandleDetection {
  kind: SeriesKind;
  candles: PixelCandle[];
  /** Horizontal lines across the plot (grid, price line, crosshair). */
  lines: PlotLine[];
  /** The series' colours (up, down, outline...). */
  colours: Rgb[];
  /** 0..1, how much the shapes look like a real price series. */
  quality: number;
}

/** The distances between neighbouring bars' columns. */
const gapsOf = (candles: readonly PixelCandle[]): number[] => candles.slice(1).map((c, i) => c.x - candles[i]!.x);

/** The series' step: the median gap between neighbouring bars (1 for fewer than two). */
function pitchOf(gaps: readonly number[]): number {
  const sorted = [...gaps].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 1;
}

/** Whether a gap is the series' step, within a pixel and a half or a share of wider steps. */
const onPitch = (gap: number, pitch: number): boolean =>
  Math.abs(gap - pitch) <= Math.max(REGULAR_GAP_PX, pitch * REGULAR_GAP_SHARE);

/**
 * How much of its stretch the series fills: its bars over the steps between its first and last
 * (1 when a bar stands at every step). A price series leaves few steps empty (bars lost under a
 * label or a panel); pieces of another kind spread over the plot (an Expert Advisor's trade
 * arrows, the letters of its comment) leave most of them empty.
 */
export function coverage(candles: readonly PixelCandle[]): number {
  const first = candles[0];
  const last = candles[candles.length - 1];
  if (!first || !last || candles.length < 2) return 0;
  return candles.length / ((last.x - first.x) / pitchOf(gapsOf(candles)) + 1);
}

/** Whether the last bar stands one step of the series past the bar before it. */
export function lastOnPitch(candles: readonly PixelCandle[]): boolean {
  const gaps = gapsOf(candles);
  const last = gaps[gaps.length - 1];
  return last !== undefined && onPitch(last, pitchOf(gaps));
}

/** Whether bar b touches or overlaps bar a's range, as consecutive bars of a price series do. */
export function linked(a: PixelCandle, b: PixelCandle): boolean {
  const tol = Math.max(LINK_TOLERANCE_PX, (a.low - a.high) * LINK_TOLERANCE_SHARE);
  return b.high <= a.low + tol && b.low >= a.high - tol;
}

/**
 * Whether each of the last `k` pieces is taller than `shortest` pixels, stands within
 * CONTINUE_MAX_STEPS of the series' steps past the piece before it and touches its range: bars
 * that go on with the series (bars between may be lost under a label, or thin ones found as one),
 * not objects past its end (a label's box, a countdown, a text, an icon are a line of text high,
 * or stand away from the prices).
 */
export function barsContinue(candles: readonly PixelCandle[], k: number, shortest: number): boolean {
  const before = candles.slice(0, candles.length - k);
  if (k < 1 || before.length < MIN_PIECES) return false;
  const reach = CONTINUE_MAX_STEPS * pitchOf(gapsOf(before));
  for (let i = candles.length - k; i < candles.length; i++) {
    const a = candles[i - 1]!;
    const b = candles[i]!;
    if (b.low - b.high <= shortest || b.x <= a.x || b.x - a.x > reach || !linked(a, b)) return false;
  }
  return true;
}

/**
 * Evidence that the pieces form a price series: regular spacing and consecutive bars that
 * overlap or touch, as prices move continuously.
 */
export function seriesQuality(candles: PixelCandle[]): number {
  if (candles.length < MIN_PIECES) return 0;
  const gaps = gapsOf(candles);
  const pitch = pitchOf(gaps);
  const regular = gaps.filter((g) => onPitch(g, pitch)).length / gaps.length;
  let touching = 0;
  for (let i = 0; i + 1 < candles.length; i++) if (linked(candles[i]!, candles[i + 1]!)) touching++;
  const connected = touching / (candles.length - 1);
  return Math.min(1, regular * 0.5 + connected * 0.5);
}
