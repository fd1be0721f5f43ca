/**
 * The evidence a reading rests on, gathered from the stages' results: how well the labels fit
 * their line, how much of the series lies between them, where the last close came from and what
 * the axis's marks say of it. `readingConfidence` (index.ts) weighs it.
 */
import type { CandleDetection } from '../bars/index.js';
import { priceLike, type ScaleFit } from '../axis/scale.js';
import { priceAtRow, type LabelRead } from '../axis/read-axis.js';
import type { Layout } from '../layout/index.js';
import type { Tag, TagVerdict } from '../last-price/index.js';
import type { Box } from '../raster.js';
import { readingConfidence, unconfirmed, type ReadingEvidence } from './index.js';
import { PANE_MARGIN_LAST, REFUSE_BELOW } from './params.js';

/** A series read, settled by the last-price stage, with that stage's evidence. */
export interface SettledSeries {
  detection: CandleDetection;
  tagCheck: { verdict: TagVerdict; tags: Tag[] };
  lastSource: ReadingEvidence['lastSource'];
  unexplained: number;
  marginInk: number;
  closeMarked: boolean;
}

export interface EvidenceInput {
  fit: ScaleFit;
  read: LabelRead[];
  /** Median distance between neighbouring labels, full-image pixels. */
  pitch: number;
  layout: Pick<Layout, 'axis' | 'panes'>;
  /** The plot the series was read in, work pixels; `f` full-image pixels per work pixel. */
  plot: Box;
  f: number;
  series: SettledSeries;
}

/** How many label steps (the median price between neighbouring fitted labels) the last close lies beyond them. */
function stepsBeyondLabels(fit: ScaleFit, last: { close: number } | undefined, f: number): number {
  const values = fit.inliers.map((l) => l.value).sort((a, b) => a - b);
  const steps = values
    .slice(1)
    .map((v, i) => v - (values[i] ?? v))
    .sort((a, b) => a - b);
  const step = steps[steps.length >> 1] ?? 0;
  if (!last || step <= 0) return 0;
  const close = priceAtRow(fit, f)(last.close);
  const low = values[0] ?? close;
  const high = values[values.length - 1] ?? close;
  return Math.max(0, low - close, close - high) / step;
}

/** Where the series lies against the fitted labels, as shares of its height and the plot's. */
function placeOfSeries(fit: ScaleFit, pitch: number, plot: Box, f: number, detection: CandleDetection) {
  const ys = fit.inliers.map((l) => l.y);
  const top = Math.min(...ys) - pitch;
  const bottom = Math.max(...ys) + pitch;
  const seriesTop = Math.min(...detection.candles.map((c) => c.high * f));
  const seriesBottom = Math.max(...detection.candles.map((c) => c.low * f));
  const inside = Math.max(0, Math.min(bottom, seriesBottom) - Math.max(top, seriesTop));
  const plotHeight = (plot.bottom - plot.top) * f;
  return {
    labelSpan: plotHeight > 0 ? (Math.max(...ys) - Math.min(...ys)) / plotHeight : 0,
    seriesInsideLabels: seriesBottom > seriesTop ? inside / (seriesBottom - seriesTop) : 1,
  };
}

/**
 * How far past the plot's top or bottom, in label pitches, the prices printed at that end of the
 * axis lie on the scale (0 where none is past it): a price read within half a pitch of an end,
 * with the scale's decimals or more and as many digits before them as a label's, beyond that end.
 * MetaTrader pins the tag of a price out of view at the axis's end; a tag pushed to stay on the
 * axis stands within half its height of its price.
 */
export function pricePastEnd(fit: ScaleFit, read: LabelRead[], plot: Box, f: number, pitch: number): number {
  if (pitch <= 0) return 0;
  const [top, bottom] = [plot.top * f, plot.bottom * f];
  const rowOf = (value: number): number => (value - fit.intercept) / fit.slope;
  const past = read.map((l) => {
    const v = priceLike(fit, l.text);
    if (!v || l.y < top || l.y > bottom) return 0;
    if (l.y - top <= pitch / 2) return Math.max(0, top - rowOf(v.value)) / pitch;
    if (bottom - l.y <= pitch / 2) return Math.max(0, rowOf(v.value) - bottom) / pitch;
    return 0;
  });
  return Math.max(0, ...past);
}

export function gatherEvidence({ fit, read, pitch, layout, plot, f, series }: EvidenceInput): ReadingEvidence {
  const { detection, lastSource, tagCheck, unexplained, marginInk, closeMarked } = series;
  const rowOf = (value: number) => (value - fit.intercept) / fit.slope;
  const residualPx = fit.inliers.reduce((s, l) => s + Math.abs(rowOf(l.value) - l.y), 0) / fit.inliers.length;
  const last = detection.candles[detection.candles.length - 1];
  const price = priceAtRow(fit, f);
  const { labelSpan, seriesInsideLabels } = placeOfSeries(fit, pitch, plot, f, detection);
  return {
    axisSide: layout.axis.side,
    panes: layout.panes,
    labelsRead: read.map((l) => ({ y: Math.round(l.y), text: l.text })),
    inliers: fit.inliers.map((l) => ({ y: Math.round(l.y), value: l.value })),
    residual: pitch > 0 ? residualPx / pitch : 0,
    onStep: fit.onStep,
    labelSpan,
    lastBeyondLabels: stepsBeyondLabels(fit, last, f),
    seriesInsideLabels,
    lastSource,
    lastGap: last ? Math.max(0, plot.right - last.x) / Math.max(1, plot.right - plot.left) : 1,
    marginInk,
    seriesTags: tagCheck.tags.map((t) => ({ price: price(t.y), fill: t.fill })),
    tagVerdict: tagCheck.verdict,
    closeMarked,
    unexplainedMarks: unexplained,
    pricePastEnd: pricePastEnd(fit, read, plot, f, pitch),
    quality: detection.quality,
    bars: detection.candles.length,
  };
}

/**
 * Whether the reading within the labels' pane replaces the reading of the whole plot: when that
 * would be refused, or the pane's is the more confident. The pane's margin beyond its outermost
 * labels is where the other pane's objects (a legend's icons, a panel's edge) were cut off: an
 * unconfirmed last bar there is no latest candle.
 */
export function takesPane(whole: ReadingEvidence, pane: ReadingEvidence): boolean {
  const before = readingConfidence(whole).value;
  if (unconfirmed(pane.lastSource) && pane.lastBeyondLabels > PANE_MARGIN_LAST) return false;
  return before < REFUSE_BELOW || readingConfidence(pane).value > before;
}
