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

/** A reading of an image `k` times larger, in the original image's pixels (row y there is row (y - (k-1)/2) / k here). */
export function shrinkReading(r: ChartReading, k: number, image: { width: number; height: number }): ChartReading {
  const row = (y: number): number => (y - (k - 1) / 2) / k;
  const box = (b: Box): Box => ({ left: b.left / k, top: b.top / k, right: b.right / k, bottom: b.bottom / k });
  return {
    ...r,
    // price = slope * yLarge + intercept, with yLarge = k * y + (k - 1) / 2.
    scale: { ...r.scale, slope: r.scale.slope * k, intercept: r.scale.intercept + (r.scale.slope * (k - 1)) / 2 },
    plot: box(r.plot),
    image,
    evidence: {
      ...r.evidence,
      labelsRead: r.evidence.labelsRead.map((l) => ({ ...l, y: Math.round(row(l.y)) })),
      inliers: r.evidence.inliers.map((l) => ({ ...l, y: Math.round(row(l.y)) })),
    },
  };
}
