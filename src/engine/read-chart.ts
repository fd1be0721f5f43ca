/**
 * Image → price series: the pipeline and its retry policy. Each stage has one entry in its
 * folder (layout, axis, bars, last price, confidence); this file says which attempts run in which
 * order and which result wins, and records each in the reading's trace (trace.ts).
 */
import sharp from 'sharp';
import type { ReadingTrace } from '../shared/engine-trace.js';
import { continuesPast, MIN_BARS, type CandleDetection } from './bars/index.js';
import { CLEAR_SERIES_QUALITY, readBars, type BarsReading } from './bars/read-bars.js';
import { judgeAxis, priceAtRow, readAxis, type AxisReading } from './axis/read-axis.js';
import type { ScaleFit } from './axis/index.js';
import {
  doubtsLastPriceOnly,
  readingConfidence,
  refuseUnsure,
  type ReadingConfidence,
  type ReadingEvidence,
  type ReadingReport,
} from './confidence/index.js';
import { gatherEvidence, takesPane, type SettledSeries } from './confidence/evidence.js';
import { decodeImage } from './decode.js';
import { EngineError, NO_SCALE_RULES, type RefusalRule } from './errors.js';
import { findLayoutScaled, medianLabelHeight, type Layout } from './layout/index.js';
import { paneOfLabels } from './layout/labels-pane.js';
import { refuseWithoutAxis } from './layout/without-axis.js';
import { readLastPrice, settle } from './last-price/read-last-price.js';
import { dominantColour, type Box, type Raster, type Rgb } from './raster.js';
import { withScratch } from './scratch.js';
import { ReadingRecorder } from './trace.js';
import { debugAxis, debugLabels, debugPlot, debugSeries, toFull } from './debug.js';

export type { ReadingEvidence, ReadingReport } from './confidence/index.js';

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

/** Label columns tried as the price axis before giving up. */
const MAX_LAYOUTS = 2;
/** Up to this width a screenshot may carry axis digits too small to find (a forum's copy, a phone's). */
const SMALL_WIDTH = 1280;
const LOOK_CLOSER = 2;
/** The larger copy's pixels at most (a phone's 1080x2400 capture is 10 MP at twice its size). */
const LOOK_CLOSER_MAX_PIXELS = 10_500_000;
/** Refusals for want of an axis, which a closer look at a small screenshot may find. */
const LOOK_CLOSER_RULES: ReadonlySet<RefusalRule> = new Set<RefusalRule>([
  'layout/no-chart-without-axis',
  'layout/photograph',
  'layout/no-label-column',
  'axis/no-scale',
  'axis/labels-unreadable',
]);

/** Reads the chart; `rec` records the attempts (pass one made with `debug` for the pictures). */
export async function readChart(image: Buffer, rec = new ReadingRecorder()): Promise<ChartReading> {
  try {
    return await withScratch(() => read(image, rec)).catch((error: unknown) => secondLook(image, error, rec));
  } catch (error) {
    if (error instanceof EngineError) error.trace = rec.endedBy(error);
    throw error;
  }
}

/**
 * Small screenshots (a forum's 750 px copy, a desktop chart on a phone) can carry axis digits
 * of 5-6 px, blurred by the downscale, that no column of words is found in, or that OCR reads
 * as no scale. When no axis was found or read in one, it is read once more at twice the size
 * (smooth interpolation makes the digits glyphs again) and the reading is mapped back to the
 * screenshot's own pixels.
 */
async function secondLook(image: Buffer, error: unknown, rec: ReadingRecorder): Promise<ChartReading> {
  if (!(error instanceof EngineError) || !LOOK_CLOSER_RULES.has(error.rule)) throw error;
  const { width = 0, height = 0 } = await sharp(image).metadata();
  if (width > SMALL_WIDTH || width === 0 || width * height * LOOK_CLOSER ** 2 > LOOK_CLOSER_MAX_PIXELS) throw error;
  rec.decide(error.rule, error.stage, 'retried', { width, smallWidth: SMALL_WIDTH, lookCloser: LOOK_CLOSER });
  const larger = await sharp(image)
    .resize({ width: width * LOOK_CLOSER, height: height * LOOK_CLOSER, kernel: 'cubic' })
    .png({ compressionLevel: 0 })
    .toBuffer();
  rec.within('twice-the-size');
  const reading = await withScratch(() => read(larger, rec)).catch((again: unknown) => {
    // Labels found but not read, even at twice the size: they are too small to read.
    if (again instanceof EngineError && again.rule === 'axis/labels-unreadable')
      throw rec.refuse('axis/labels-too-small', again.weighed);
    throw error;
  });
  return shrinkReading(reading, LOOK_CLOSER, { width, height });
}

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

/** One decoded picture and what every attempt on it shares. */
interface Picture {
  full: Raster;
  work: Raster;
  /** Full-image pixels per work pixel. */
  f: number;
  bg: Rgb;
  started: number;
  decoded: number;
}

/**
 * The first column of number-like labels is the price axis on most charts. When it reads as no
 * scale, or no series stands beside it (a watchlist's prices, a table's column, a sidebar's list
 * in a whole window), the next column in line is tried, a few at most; then the whole picture,
 * for a chart without a readable axis.
 */
async function read(image: Buffer, rec: ReadingRecorder): Promise<ChartReading> {
  const started = performance.now();
  rec.begin('label-column-1');
  const {
    full,
    work,
    scale: f,
  } = await decodeImage(image).catch((error: unknown) => {
    throw error instanceof EngineError ? rec.refused(error) : error;
  });
  const picture: Picture = { full, work, f, bg: dominantColour(work), started, decoded: performance.now() };
  rec.stage('decode', { width: full.width, height: full.height, workScale: f });
  const tried: Box[] = [];
  let firstRefusal: EngineError | null = null;
  for (let attempt = 0; attempt < MAX_LAYOUTS; attempt++) {
    if (attempt > 0) rec.begin(`label-column-${attempt + 1}`);
    const layout = findLayoutScaled(work, full, f, picture.bg, tried);
    rec.stage(
      'layout',
      layout ? { labels: layout.axis.labels.length, side: layout.axis.side, panes: layout.panes } : { labels: 0 },
    );
    if (!layout) break;
    try {
      return await readWithLayout(picture, layout, rec);
    } catch (error) {
      // Evidence against a reading whose scale and series were found is no reason to look elsewhere.
      if (!(error instanceof EngineError) || error.code === 'UNSURE_READING') throw error;
      // Numbers that make no scale were no axis: they do not speak for this being a chart.
      if (!NO_SCALE_RULES.has(error.rule)) firstRefusal ??= error;
      tried.push(layout.axis.strip);
    }
  }
  throw firstRefusal ?? refuseWithoutAxis(work, picture.bg, tried.length, rec, seenWith);
}

/** The bars in `plot` (bars stage), settled by the last-price stage. */
interface SeriesReading extends Omit<SettledSeries, 'detection'> {
  detection: CandleDetection | null;
  found: boolean;
}
type SeriesFound = SeriesReading & SettledSeries;
const found = (s: SeriesReading): s is SeriesFound => s.found && s.detection !== null;

function readSeries(p: Picture, layout: Layout, plot: Box, rec: ReadingRecorder, fromTag = false): SeriesReading {
  const labelHeight = medianLabelHeight(layout.axis.labels);
  const bars: BarsReading = readBars({ work: p.work, bg: p.bg, axis: layout.axis, plot, labelHeight, fromTag });
  const { detection, plotBg, tagCheck } = bars;
  rec.stage('bars', {
    bars: detection?.candles.length ?? 0,
    quality: detection?.quality ?? 0,
    found: bars.found,
    tag: tagCheck.verdict,
  });
  if (!bars.found || !detection)
    return { detection, found: false, tagCheck, lastSource: 'bar', unexplained: 0, marginInk: 1 };
  const input = { work: p.work, bg: p.bg, plotBg, strip: layout.axis.strip, labels: layout.axis.labels, plot };
  const last = readLastPrice({ ...input, labelHeight, bars: detection, tagCheck });
  rec.stage('last-price', {
    source: last.source,
    setAside: last.setAside,
    unexplained: last.unexplained,
    marginInk: last.marginInk,
  });
  const { source: lastSource, unexplained, marginInk } = last;
  return { detection: settle(detection, last), found: true, tagCheck, lastSource, unexplained, marginInk };
}

/** One label column's attempt: its scale read while the bars are found beside it. */
async function readWithLayout(p: Picture, layout: Layout, rec: ReadingRecorder): Promise<ChartReading> {
  debugAxis(rec.picture, layout, p.f, { width: p.full.width, height: p.full.height });
  // OCR runs on its worker thread while this thread finds the candles: the crops are cut now,
  // and one turn of the event loop lets the job reach the worker before the pixel work starts.
  const pending = readAxis({ full: p.full, layout, f: p.f });
  pending.catch(() => undefined);
  await new Promise<void>((resolve) => setImmediate(resolve));
  const barsStarted = performance.now();
  const first = readSeries(p, layout, layout.plot, rec);
  const barsDone = performance.now();
  const axis = await pending;
  const axisDone = performance.now();
  debugLabels(rec.picture, axis);
  debugSeries(rec.picture, first.detection, p.f);
  const fit = axis.fit;
  rec.stage('axis', {
    read: axis.read.length,
    parsed: axis.parsed,
    inliers: fit?.inliers.length ?? 0,
    onStep: fit?.onStep ?? false,
  });
  const verdict = judgeAxis(
    axis,
    { found: found(first), quality: first.detection?.quality ?? 0 },
    CLEAR_SERIES_QUALITY,
  );
  if (verdict || !fit) throw rec.refuse(verdict?.rule ?? 'axis/labels-unreadable', verdict?.weighed);
  const chosen = found(first)
    ? preferLabelsPane(p, layout, { ...axis, fit }, first, rec)
    : await seriesInPane(p, layout, { ...axis, fit }, rec);
  const timings = {
    decode: p.decoded - p.started,
    axis: barsStarted - p.decoded + (axisDone - barsDone),
    candles: barsDone - barsStarted,
  };
  return answer(p, { ...axis, fit }, chosen, found(first), timings, rec);
}

type Fitted = AxisReading & { fit: ScaleFit };
interface Chosen {
  series: SeriesFound;
  plot: Box;
  evidence: ReadingEvidence;
}

/**
 * No series in the whole plot: other panes' lines and bars in the same box (a plotting library's
 * stacked panes, with no line between them) can spoil it. It is sought within the labels' pane,
 * then as a track of bars thinner than a pixel that only the chart's own tag says is the price.
 */
async function seriesInPane(p: Picture, layout: Layout, axis: Fitted, rec: ReadingRecorder): Promise<Chosen> {
  const parent = rec.index;
  const pane = paneOfLabels(axis.fit, axis.pitch, p.f, layout.plot);
  rec.decide('bars/none-in-plot', 'bars', 'retried', { pane: pane !== null });
  rec.begin(pane ? 'labels-pane' : 'tagged-track', parent);
  let again = pane ? readSeries(p, layout, pane, rec) : null;
  if (!again || !found(again)) {
    if (pane) rec.begin('labels-pane/tagged-track', parent);
    again = readSeries(p, layout, pane ?? layout.plot, rec, true);
  }
  if (!found(again)) throw rec.refuse('bars/no-series-in-pane', { pane: pane !== null });
  const plot = pane ?? layout.plot;
  debugPlot(rec.picture, plot, p.f);
  return { series: again, plot, evidence: evidenceOf(p, layout, axis, plot, again) };
}

const evidenceOf = (p: Picture, layout: Layout, axis: Fitted, plot: Box, series: SeriesFound) =>
  gatherEvidence({ fit: axis.fit, read: axis.read, pitch: axis.pitch, layout, plot, f: p.f, series });

/**
 * The series runs past the pane the labels belong to (a volume or indicator pane below, a report
 * or a panel above, in the same box): whatever weakened the reading, other panes' bars mixed into
 * it may have, so it is read again within the labels' own pane. The pane's reading is not taken
 * when the whole plot's series goes on past its last bar: the latest bars stand outside the
 * labels (a rally above them), and the pane would answer an older bar.
 */
function preferLabelsPane(p: Picture, layout: Layout, axis: Fitted, first: SeriesFound, rec: ReadingRecorder): Chosen {
  const whole: Chosen = { series: first, plot: layout.plot, evidence: evidenceOf(p, layout, axis, layout.plot, first) };
  const pane = paneOfLabels(axis.fit, axis.pitch, p.f, layout.plot);
  const confidence = readingConfidence(whole.evidence);
  if (!pane || confidence.value >= 1) return whole;
  const parent = rec.index;
  rec.decide('confidence/weak-in-plot', 'confidence', 'retried', {
    confidence: confidence.value,
    weakest: confidence.weakest,
  });
  rec.begin('labels-pane', parent);
  const again = readSeries(p, layout, pane, rec);
  const inPane = found(again) ? evidenceOf(p, layout, axis, pane, again) : null;
  const paneLast = again.detection?.candles[again.detection.candles.length - 1];
  const cut = paneLast !== undefined && continuesPast(first.detection.candles, paneLast);
  if (found(again) && inPane && !cut && takesPane(whole.evidence, inPane)) {
    debugPlot(rec.picture, pane, p.f);
    return { series: again, plot: pane, evidence: inPane };
  }
  rec.resume(parent);
  return whole;
}

/** The reading in prices, with the confidence it earned (or the refusal its evidence calls for). */
function answer(
  p: Picture,
  axis: Fitted,
  chosen: Chosen,
  inPlot: boolean,
  timings: ChartReading['timings'],
  rec: ReadingRecorder,
): ChartReading {
  const { series, plot, evidence } = chosen;
  const price = priceAtRow(axis.fit, p.f);
  const { detection, tagCheck, lastSource } = series;
  debugSeries(rec.picture, detection, p.f, {
    tags: tagCheck.tags,
    verdict: tagCheck.verdict,
    lastSource,
    price,
    precision: axis.fit.precision,
  });
  // A series found only within the labels' pane is a second chance: where its reading cannot
  // stand, the picture stays no chart (a page's decorative chart beside a column of numbers).
  const confidence = judge(evidence, detection, !inPlot, rec);
  return {
    candles: detection.candles.map((c) => ({
      open: price(c.open),
      high: price(c.high),
      low: price(c.low),
      close: price(c.close),
    })),
    kind: detection.kind,
    scale: axis.fit,
    plot: toFull(plot, p.f),
    image: { width: p.full.width, height: p.full.height },
    timings,
    evidence: { ...evidence, confidence },
    trace: rec.answered(rec.index, confidence.value),
  };
}

/**
 * Refuses a reading with evidence against it (`refuseUnsure`). Where the evidence doubts only the
 * last price (a tag elsewhere, marks beside the latest bars, a last bar away from the axis), the
 * refusal keeps the bars: beside a fitted scale they are the chart's. Where it doubts the bars
 * (another pane's, a part of the window's), it keeps none. On a second chance, no chart.
 */
function judge(
  evidence: ReadingEvidence,
  detection: CandleDetection,
  secondChance: boolean,
  rec: ReadingRecorder,
): ReadingConfidence {
  try {
    return refuseUnsure(evidence, rec);
  } catch (error) {
    if (!(error instanceof EngineError) || error.code !== 'UNSURE_READING') throw error;
    if (secondChance) throw rec.refuse('confidence/second-chance-unsure', { unsure: error.rule });
    throw doubtsLastPriceOnly(readingConfidence(evidence).weakest) ? seenWith(error, detection) : error;
  }
}

/**
 * Keeps a series' bars with a refusal of its prices: the direction they show needs no scale.
 * A refusal for a picture that is no chart keeps none.
 */
function seenWith(error: EngineError, detection: CandleDetection): EngineError {
  if (error.code !== 'NOT_A_CHART' && detection.candles.length >= MIN_BARS) {
    error.seen = detection.candles.map(({ open, high, low, close }) => ({ open, high, low, close }));
  }
  return error;
}
