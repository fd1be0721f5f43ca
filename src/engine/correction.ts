/**
 * The trader's correction: a price scale from two points they marked on the axis, and/or the last
 * price. A refusal of a chart's prices keeps the bars found (`CorrectableBars`), so a scale the
 * trader sets can price them; an answer's bars are re-priced with it. Nothing here guesses: the
 * trader's figures replace the engine's, and the answer says so (`setByTrader`).
 */
import type { CandleDetection } from './bars/index.js';
import type { CorrectableBars, EngineError, SeenBar } from './errors.js';
import type { Box } from './raster.js';
import { placer, placeScale, type ChartReading, type Placement, type PriceCandle } from './reading.js';
import { parseLabel } from './axis/scale.js';
import {
  checkCorrection,
  CORRECTION_MESSAGES,
  decimalsOf,
  scaleOfPoints,
  type Correction,
  type CorrectionContext,
} from '../shared/correction.js';

export type { CorrectableBars };

/** The trader's correction in the analysed picture's pixels: price = slope * row + intercept. */
interface PixelCorrection {
  scale?: { slope: number; intercept: number; precision: number };
  lastPrice?: number;
}

/** The trader's figures do not fit the chart (a last price off its scale, prices far from its labels): said in their words. */
export class CorrectionRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CorrectionRejected';
  }
}

/** Decimals a scale is printed with: those the trader typed, or enough for a thousandth of the picture's span. */
function precisionOf(c: Correction, slope: number, height: number): number {
  const span = Math.abs(slope) * height;
  return Math.min(8, Math.max(decimalsOf(c), Math.ceil(-Math.log10(span / 1000))));
}

/**
 * The correction in the picture's pixels, once checked against what the engine found there (its
 * plot, the labels it read, its scale): a problem is thrown in the trader's words.
 */
function inPixels(c: Correction, ctx: CorrectionContext): PixelCorrection {
  const problem = checkCorrection(c, ctx);
  if (problem) throw new CorrectionRejected(problem);
  const scale = c.scale ? scaleOfPoints(c.scale, ctx.image.height) : null;
  return {
    ...(scale ? { scale: { ...scale, precision: precisionOf(c, scale.slope, ctx.image.height) } } : {}),
    ...(c.lastPrice !== undefined ? { lastPrice: c.lastPrice } : {}),
  };
}

/** The numbers among the labels read: a misread scale's labels still say the prices' size. */
export const labelValues = (read: { text: string }[]): number[] =>
  read.map((l) => parseLabel(l.text)?.value).filter((v): v is number => v !== undefined && v > 0);

/**
 * Keeps a series' bars with a refusal of its prices, in full-image pixels (`f` full pixels per
 * work pixel): what a trader's scale can price. A refusal of a picture that is no chart keeps none.
 */
export function withBars(
  error: EngineError,
  detection: CandleDetection | null,
  where: {
    plot: Box;
    f: number;
    image: { width: number; height: number };
    labels: number[];
    scale?: CorrectableBars['scale'];
  },
): EngineError {
  if (!detection || error.code === 'NOT_A_CHART' || error.code === 'INVALID_IMAGE' || detection.candles.length === 0)
    return error;
  const { f } = where;
  const row = (y: number) => (y + 0.5) * f - 0.5;
  error.bars = {
    rows: detection.candles.map((c) => ({
      open: row(c.open),
      high: row(c.high),
      low: row(c.low),
      close: row(c.close),
    })),
    kind: detection.kind,
    plot: {
      left: where.plot.left * f,
      top: where.plot.top * f,
      right: where.plot.right * f,
      bottom: where.plot.bottom * f,
    },
    image: where.image,
    labels: where.labels,
    ...(where.scale ? { scale: where.scale } : {}),
  };
  return error;
}

/** Bars kept from a reading of another picture (a larger copy, a part), in this picture's pixels. */
export function placeBars(
  bars: CorrectableBars,
  p: Placement,
  image: { width: number; height: number },
): CorrectableBars {
  const { row, box } = placer(p);
  return {
    ...bars,
    rows: bars.rows.map((b) => ({ open: row(b.open), high: row(b.high), low: row(b.low), close: row(b.close) })),
    plot: box(bars.plot),
    image,
    ...(bars.scale ? { scale: placeScale(bars.scale, p) } : {}),
  };
}

const priced = (b: SeenBar, s: { slope: number; intercept: number }): PriceCandle => ({
  open: s.slope * b.open + s.intercept,
  high: s.slope * b.high + s.intercept,
  low: s.slope * b.low + s.intercept,
  close: s.slope * b.close + s.intercept,
});

/** Candles priced by the engine's scale, back in rows (the scale is a line, so this is exact). */
export const rowsOf = (candles: PriceCandle[], s: { slope: number; intercept: number }): SeenBar[] =>
  candles.map((c) => ({
    open: (c.open - s.intercept) / s.slope,
    high: (c.high - s.intercept) / s.slope,
    low: (c.low - s.intercept) / s.slope,
    close: (c.close - s.intercept) / s.slope,
  }));

/**
 * Bars in rows priced with the trader's scale, and the last close moved to the trader's last
 * price (the last bar stretched to hold it): the series an analysis is made of.
 */
export function correctedCandles(
  rows: SeenBar[],
  scale: { slope: number; intercept: number },
  lastPrice?: number,
): PriceCandle[] {
  const candles = rows.map((b) => {
    const c = priced(b, scale);
    return {
      open: c.open,
      close: c.close,
      high: Math.max(c.high, c.low, c.open, c.close),
      low: Math.min(c.high, c.low, c.open, c.close),
    };
  });
  const last = candles[candles.length - 1];
  if (last && lastPrice !== undefined) closeLastAt(last, lastPrice);
  return candles;
}

/** The last bar's close moved to `price`, the bar stretched to hold it. */
export function closeLastAt(last: PriceCandle, price: number): void {
  last.close = price;
  last.high = Math.max(last.high, price);
  last.low = Math.min(last.low, price);
}

/** What an analysis is made of: the series in prices, on a scale, in a plot; the engine's evidence when it read the scale. */
export interface PricedSeries {
  candles: PriceCandle[];
  kind: ChartReading['kind'];
  scale: { slope: number; intercept: number; precision: number };
  plot: Box;
  image: { width: number; height: number };
  /** The axis labels' text height, full-image pixels; absent where the trader's scale priced bars the engine refused. */
  textHeight?: number;
  timings: ChartReading['timings'];
  evidence: ChartReading['evidence'] | null;
  trace: ChartReading['trace'];
}

const correctedBy = (c: PixelCorrection) => ({ scale: c.scale !== undefined, lastPrice: c.lastPrice !== undefined });

const scaleOf = ({ slope, intercept, precision }: PricedSeries['scale']) => ({ slope, intercept, precision });

/** A priced series' bars, kept with a refusal decided after the reading, for a scale the trader sets. */
export function barsOfSeries(series: PricedSeries): CorrectableBars {
  return {
    rows: rowsOf(series.candles, series.scale),
    kind: series.kind,
    plot: series.plot,
    image: series.image,
    labels: series.evidence ? labelValues(series.evidence.labelsRead) : [],
    scale: scaleOf(series.scale),
  };
}

/** An answer's bars with the trader's scale and/or last price in place of the engine's. */
export function correctReading(reading: ChartReading, correction: Correction): PricedSeries {
  const labels = labelValues(reading.evidence.labelsRead);
  const c = inPixels(correction, {
    image: reading.image,
    plot: reading.plot,
    scale: reading.scale,
    labels,
    precision: reading.scale.precision,
  });
  const scale = c.scale ?? scaleOf(reading.scale);
  const rows = rowsOf(reading.candles, reading.scale);
  const trace = { ...reading.trace, corrected: correctedBy(c) };
  return { ...reading, scale, candles: correctedCandles(rows, scale, c.lastPrice), evidence: reading.evidence, trace };
}

/**
 * A refusal's kept bars priced with the trader's scale (or, for a last price alone, the scale the
 * engine fitted and doubted): null when there are no bars, or no scale to price them.
 */
export function correctRefusal(error: EngineError, correction: Correction): PricedSeries | null {
  const bars = error.bars;
  // A picture the engine could not open stays refused as such; otherwise the trader hears why their figures cannot be used.
  if (error.code === 'INVALID_IMAGE') return null;
  if (!bars || bars.rows.length === 0) throw new CorrectionRejected(CORRECTION_MESSAGES.noBars);
  if (!correction.scale && !bars.scale) throw new CorrectionRejected(CORRECTION_MESSAGES.noScale);
  const c = inPixels(correction, {
    image: bars.image,
    plot: bars.plot,
    scale: bars.scale ?? null,
    labels: bars.labels,
  });
  const scale = c.scale ?? bars.scale;
  if (!scale) return null;
  return {
    candles: correctedCandles(bars.rows, scale, c.lastPrice),
    kind: bars.kind,
    scale: scaleOf(scale),
    plot: bars.plot,
    image: bars.image,
    timings: { decode: 0, axis: 0, candles: 0 },
    evidence: null,
    trace: {
      ...(error.trace ?? { attempts: [], rule: error.rule, confidence: null, attempt: null }),
      corrected: correctedBy(c),
    },
  };
}
