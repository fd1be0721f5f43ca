/** What the pipeline answers with: the series in prices, its scale, plot, evidence and trace. */
import type { ReadingTrace } from '../shared/engine-trace.js';
import type { ScaleFit } from './axis/index.js';
import type { CandleDetection } from './bars/index.js';
import type { ReadingReport } from './confidence/index.js';
import type { Box } from './raster.js';

export interface PriceCandle {
  open: number;
  high: number;
  low: number;
  close: number;
}

export interface ChartReading {
  candles: PriceCandle[];
  kind: CandleDetection['kind'];
  scale: ScaleFit;
  /** Plot box in full-image pixels. */
  plot: Box;
  image: { width: number; height: number };
  /** The axis labels' text height, full-image pixels (the size the chart writes its quote in). */
  textHeight: number;
  timings: { decode: number; axis: number; candles: number };
  evidence: ReadingReport;
  trace: ReadingTrace;
}

/** A bar in pixels, in prices. */
export const inPrices = (c: PriceCandle, price: (row: number) => number): PriceCandle => ({
  open: price(c.open),
  high: price(c.high),
  low: price(c.low),
  close: price(c.close),
});

/**
 * Where another picture's pixels lie in this one: that picture `k` times larger than this one
 * (row y there is row (y - (k-1)/2) / k here), or a part of this one whose corner is at
 * (`dx`, `dy`) (row y there is row y + dy here).
 */
export interface Placement {
  k: number;
  dx: number;
  dy: number;
}

/** The row mapping of a placement, and its boxes. */
export function placer(p: Placement): { row: (y: number) => number; box: (b: Box) => Box } {
  const row = (y: number): number => (y - (p.k - 1) / 2) / p.k + p.dy;
  // Boxes are scaled about the corner, as the plot's edges are kept.
  const col = (x: number): number => x / p.k + p.dx;
  const line = (y: number): number => y / p.k + p.dy;
  return { row, box: (b) => ({ left: col(b.left), top: line(b.top), right: col(b.right), bottom: line(b.bottom) }) };
}

/** A price scale of the other picture's rows, on this picture's rows. */
export function placeScale<S extends { slope: number; intercept: number }>(s: S, p: Placement): S {
  // price = slope * yThere + intercept, with yThere = k * (y - dy) + (k - 1) / 2.
  return { ...s, slope: s.slope * p.k, intercept: s.intercept + (s.slope * (p.k - 1)) / 2 - s.slope * p.k * p.dy };
}

/** A reading of another picture (a larger copy, a part), in this picture's pixels. */
export function placeReading(r: ChartReading, p: Placement, image: { width: number; height: number }): ChartReading {
  const { row, box } = placer(p);
  return {
    ...r,
    scale: placeScale(r.scale, p),
    plot: box(r.plot),
    image,
    textHeight: r.textHeight / p.k,
    evidence: {
      ...r.evidence,
      labelsRead: r.evidence.labelsRead.map((l) => ({ ...l, y: Math.round(row(l.y)) })),
      inliers: r.evidence.inliers.map((l) => ({ ...l, y: Math.round(row(l.y)) })),
    },
  };
}

/** A reading of an image `k` times larger, in the original image's pixels. */
export const shrinkReading = (r: ChartReading, k: number, image: { width: number; height: number }): ChartReading =>
  placeReading(r, { k, dx: 0, dy: 0 }, image);
