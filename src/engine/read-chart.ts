/**
 * Image → price series: decode, find the axis and plot, read and fit the scale, detect the
 * candles and convert them to prices. Everything before the trading analysis.
 */
import {
  continuesPast,
  detectCandles,
  MIN_BARS,
  readDense,
  type CandleDetection,
  type PixelCandle,
} from './bars/index.js';
import { decodeImage } from './decode.js';
import {
  doubtsLastPriceOnly,
  readingConfidence,
  refuseUnsure,
  REFUSE_BELOW,
  unconfirmed,
  type ReadingConfidence,
  type ReadingEvidence,
  type ReadingReport,
} from './confidence.js';
import { AXIS_REASONS, EngineError } from './errors.js';
import { findLayoutScaled, medianLabelHeight, type Layout } from './layout/index.js';
import {
  applyLastPriceTag,
  applyLoneBox,
  unexplainedMarks,
  applyPriceLine,
  applyTextTag,
  reconcileWithTags,
  applyRightEdge,
  marginInk,
  type Tag,
  type TagVerdict,
} from './last-price/index.js';
import {
  fitScale,
  readLabels,
  repairDecimals,
  upperScale,
  zeroReadAs,
  type ParsedLabel,
  type ScaleFit,
} from './axis/index.js';
import { colourDistance, dominantColour, rgbAt, type Box, type Raster, type Rgb } from './raster.js';
import { withScratch } from './scratch.js';
import sharp from 'sharp';
import type { DebugTrace } from './debug.js';

export type { ReadingEvidence, ReadingReport } from './confidence.js';

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
}

/** Below this the pieces are not a convincing price series (business charts, UI, photos). */
const MIN_QUALITY = 0.55;
const MAX_LABELS = 8;
/** Label columns tried as the price axis before giving up. */
const MAX_LAYOUTS = 2;

/**
 * Without a price axis the bars are all that says 'chart': they must be a clearly regular series
 * (the blobs of a photo passed as 22 bars of quality 0.60).
 */
const NO_AXIS_QUALITY = 0.8;

/**
 * A price axis's labels fall from top to bottom, a misread one or two aside; a table's column of
 * numbers (a tester's results, a journal) goes up and down. The share of neighbouring labels
 * that fall, below which a column whose line holds a minority of its labels is no axis.
 */
const MIN_FALLING = 0.6;

export function fallingShare(labels: { y: number; value: number }[]): number {
  const sorted = [...labels].sort((a, b) => a.y - b.y);
  if (sorted.length < 2) return 1;
  const falling = sorted.slice(1).filter((l, i) => l.value < (sorted[i]?.value ?? l.value)).length;
  return falling / (sorted.length - 1);
}

/**
 * Charting platforms paint the chart on one flat colour, or a smooth gradient: on the real charts
 * without a readable axis at least 0.32 of the picture is within a few units of its background
 * colour. A photograph's background (a table top, paper, a wall) is texture and shading: 0.15 on
 * the corpus's, and only 0.59 of its pixels are as their neighbours are (0.74 and more on those
 * charts; a gradient changes by a unit or two from one pixel to the next).
 */
const MIN_FLAT = 0.2;
const MIN_SMOOTH = 0.7;

/**
 * Share of the picture (sampled every other pixel) within a few RGB units of its background, and
 * share whose right and lower neighbours are within a few units of it.
 */
export function flatness(r: Raster, bg: Rgb): { flat: number; smooth: number } {
  let flat = 0;
  let smooth = 0;
  let n = 0;
  const d = r.data;
  const near = (i: number, j: number): boolean =>
    Math.abs((d[i] ?? 0) - (d[j] ?? 0)) +
      Math.abs((d[i + 1] ?? 0) - (d[j + 1] ?? 0)) +
      Math.abs((d[i + 2] ?? 0) - (d[j + 2] ?? 0)) <=
    6;
  for (let y = 0; y + 1 < r.height; y += 2) {
    for (let x = 0; x + 1 < r.width; x += 2) {
      const i = (y * r.width + x) * 3;
      n++;
      if (colourDistance(rgbAt(r, x, y), bg) <= 6) flat++;
      if (near(i, i + 3) && near(i, i + r.width * 3)) smooth++;
    }
  }
  return n > 0 ? { flat: flat / n, smooth: smooth / n } : { flat: 0, smooth: 0 };
}

/** A photograph: no flat fill over most of it, and texture rather than a smooth gradient. */
export function looksPhotographed(r: Raster, bg: Rgb): boolean {
  const { flat, smooth } = flatness(r, bg);
  return isPhotograph(flat, smooth);
}

const isPhotograph = (flat: number, smooth: number): boolean => flat < MIN_FLAT && smooth < MIN_SMOOTH;

/**
 * A price axis puts most of its labels on one line; three numbers of a watchlist's column or a
 * table's can fall on a line by chance, off any round step, while the rest scatter. On the steps
 * too, a line through only three labels among more than twice as many, or through under a third
 * of them, is OCR's: labels misread alike (a phone's or a small JPEG's blurred digits). A small
 * JPEG read right can keep six of thirteen on its line. Why the line is no axis, or null.
 */
export function minorityOnLine(fit: Pick<ScaleFit, 'inliers' | 'onStep'>, parsed: number): string | null {
  const n = fit.inliers.length;
  const few = n * 2 < parsed && (!fit.onStep || n <= MIN_INLIERS || n * 3 < parsed);
  return few ? `${n} of ${parsed} labels on a line, ${fit.onStep ? 'on' : 'off'} the steps` : null;
}

/** The fewest labels a scale is fitted through. */
const MIN_INLIERS = 3;

/** Whether nearly all labels read have one form (digits and decimals): read cleanly, not half-misread. */
function printedAlike(read: { text: string }[]): boolean {
  const forms = new Map<string, number>();
  const texts = read.map((l) => l.text).filter((t) => t.trim() !== '');
  if (texts.length < 3) return false;
  for (const text of texts) {
    const form = text.replace(/\d/g, '9');
    forms.set(form, (forms.get(form) ?? 0) + 1);
  }
  return Math.max(0, ...forms.values()) >= texts.length * 0.8;
}

const isSeries = (d: CandleDetection | null, minQuality = MIN_QUALITY): d is CandleDetection =>
  d !== null && d.candles.length >= MIN_BARS && d.quality >= minQuality;

/** Keeps at most `n` labels spread over the axis; more do not improve the fit, only cost OCR time. */
function spreadPick<T>(items: T[], n: number): T[] {
  if (items.length <= n) return items;
  return Array.from({ length: n }, (_, k) => items[Math.round((k * (items.length - 1)) / (n - 1))]).filter(
    (x): x is T => x !== undefined,
  );
}

/**
 * The OCR crop of a label, in full-image pixels (`f` = full / work), padded a little. Every
 * crop spans the whole label column: a label's leading '0.' or '2,' can stand apart from its
 * other digits (a monospaced dot is as wide as a digit, and a JPEG can fade it), and a label
 * found without it would be read as a different number.
 */
export function labelCrop(column: Box[], f: number, full: { width: number; height: number }): (label: Box) => Box {
  const pad = Math.max(2, Math.round(2 * f));
  // A word far wider than a label (legend text run into one) does not widen the column.
  const widths = column.map((w) => w.right - w.left).sort((a, b) => a - b);
  const typical = widths[widths.length >> 1] ?? 0;
  const labels = column.filter((w) => w.right - w.left <= typical * 2.5);
  const left = Math.min(...labels.map((w) => w.left));
  const right = Math.max(...labels.map((w) => w.right));
  return (label) => ({
    left: Math.max(0, Math.floor(left * f) - pad),
    top: Math.max(0, Math.floor(label.top * f) - pad),
    right: Math.min(full.width, Math.ceil((right + 1) * f) + pad),
    bottom: Math.min(full.height, Math.ceil((label.bottom + 1) * f) + pad),
  });
}

const NO_AXIS = 'no axis labels';
const NO_SERIES = 'no candle series';
const NO_SCALE = 'no column of labels makes a scale';
/** Refusals for want of an axis, which a closer look at a small screenshot may find. */
const NO_AXIS_FOUND = new Set([NO_AXIS, NO_SCALE]);

/** A column of words that makes no price scale (a table's, a watchlist's): no axis at all. */
class NoScale extends EngineError {}

/** `trace`, when given, collects each stage's findings for the debug pictures (debug.ts). */
export async function readChart(image: Buffer, trace?: DebugTrace): Promise<ChartReading> {
  try {
    const reading = await withScratch(() => read(image, trace)).catch((error: unknown) =>
      secondLook(image, error, trace),
    );
    if (trace) trace.outcome = 'answered';
    return reading;
  } catch (error) {
    if (trace) trace.outcome = error instanceof EngineError ? `${error.code}: ${String(error.cause ?? '')}` : 'error';
    throw error;
  }
}

/** Up to this width a screenshot may carry axis digits too small to find (a forum's copy, a phone's). */
const SMALL_WIDTH = 1280;
const LOOK_CLOSER = 2;
/** The larger copy's pixels at most (a phone's 1080x2400 capture is 10 MP at twice its size). */
const LOOK_CLOSER_MAX_PIXELS = 10_500_000;

/**
 * Small screenshots (a forum's 750 px copy, a desktop chart on a phone) can carry axis digits
 * of 5-6 px, blurred by the downscale, that no column of words is found in, or that OCR reads
 * as no scale. When no axis was found or read in one, it is read once more at twice the size
 * (smooth interpolation makes the digits glyphs again) and the reading is mapped back to the
 * screenshot's own pixels.
 */
async function secondLook(image: Buffer, error: unknown, trace?: DebugTrace): Promise<ChartReading> {
  const unread = error instanceof EngineError && error.message === AXIS_REASONS.labelsUnreadable;
  if (!(error instanceof EngineError) || !(unread || NO_AXIS_FOUND.has(String(error.cause)))) throw error;
  const { width = 0, height = 0 } = await sharp(image).metadata();
  if (width > SMALL_WIDTH || width === 0 || width * height * LOOK_CLOSER ** 2 > LOOK_CLOSER_MAX_PIXELS) throw error;
  const larger = await sharp(image)
    .resize({ width: width * LOOK_CLOSER, height: height * LOOK_CLOSER, kernel: 'cubic' })
    .png({ compressionLevel: 0 })
    .toBuffer();
  const reading = await withScratch(() => read(larger, trace)).catch((again: unknown) => {
    // Labels found but not read, even at twice the size: they are too small to read.
    if (again instanceof EngineError && again.message === AXIS_REASONS.labelsUnreadable) {
      throw new EngineError('AXIS_UNREADABLE', String(again.cause), AXIS_REASONS.tooSmall);
    }
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

const toFullBars = (bars: PixelCandle[], f: number) =>
  bars.map((c) => ({ x: c.x * f, open: c.open * f, high: c.high * f, low: c.low * f, close: c.close * f }));
const toFull = (b: Box, f: number): Box => ({
  left: b.left * f,
  top: b.top * f,
  right: b.right * f,
  bottom: b.bottom * f,
});

async function read(image: Buffer, trace?: DebugTrace): Promise<ChartReading> {
  const t0 = performance.now();
  const { full, work, scale: f } = await decodeImage(image);
  const t1 = performance.now();
  if (trace) trace.image = { width: full.width, height: full.height };

  const bg = dominantColour(work);
  // The first column of number-like labels is the price axis on most charts. When it reads as no
  // scale, or no series stands beside it (a watchlist's prices, a table's column, a sidebar's
  // list in a whole window), the next column in line is tried, a few at most.
  const tried: Box[] = [];
  let firstRefusal: EngineError | null = null;
  // Candles without a readable axis are a chart we cannot scale; anything else is not a chart.
  const noAxis = (why: string): EngineError => {
    const whole = { left: 0, top: 0, right: Math.round(work.width * 0.9), bottom: work.height };
    const bars = detectCandles(work, whole);
    if (!isSeries(bars, NO_AXIS_QUALITY)) return new EngineError('NOT_A_CHART', why);
    const { flat, smooth } = flatness(work, bg);
    if (isPhotograph(flat, smooth)) return new EngineError('NOT_A_CHART', why);
    // Its bars say their trend only on a platform's flat paint: a gradient's blobs pass for bars.
    const error = new EngineError('AXIS_UNREADABLE', why);
    return flat >= MIN_FLAT ? seenWith(error, bars) : error;
  };
  for (let attempt = 0; attempt < MAX_LAYOUTS; attempt++) {
    const layout = findLayoutScaled(work, full, f, bg, tried);
    if (!layout) break;
    try {
      return await readWithLayout({ full, work, f, bg, layout, t0, t1 }, trace);
    } catch (error) {
      // Evidence against a reading whose scale and series were found is no reason to look elsewhere.
      if (!(error instanceof EngineError) || error.code === 'UNSURE_READING') throw error;
      // Numbers that make no scale were no axis: they do not speak for this being a chart.
      if (!(error instanceof NoScale)) firstRefusal ??= error;
      tried.push(layout.axis.strip);
    }
  }
  throw firstRefusal ?? noAxis(tried.length ? NO_SCALE : NO_AXIS);
}

interface Decoded {
  full: Raster;
  work: Raster;
  f: number;
  bg: Rgb;
  layout: Layout;
  t0: number;
  t1: number;
}

async function readWithLayout(
  { full, work, f, bg, layout, t0, t1 }: Decoded,
  trace?: DebugTrace,
): Promise<ChartReading> {
  if (trace) {
    trace.axis = {
      side: layout.axis.side,
      strip: toFull(layout.axis.strip, f),
      words: layout.axis.labels.map((w) => toFull(w, f)),
    };
    trace.plot = toFull(layout.plot, f);
    delete trace.bars;
    delete trace.labels;
  }
  const labels = spreadPick(layout.axis.labels, MAX_LABELS);
  const boxOf = labelCrop(layout.axis.labels, f, full);
  const boxes = labels.map(boxOf);
  // OCR runs on its worker thread while this thread finds the candles: the crops are cut now,
  // and one turn of the event loop lets the job reach the worker before the pixel work starts.
  const reading = readLabels(full, boxes);
  reading.catch(() => undefined);
  await new Promise<void>((resolve) => setImmediate(resolve));
  const t2 = performance.now();
  const labelHeight = medianLabelHeight(layout.axis.labels);
  const first = readSeries(work, bg, layout, layout.plot, labelHeight);
  const t3 = performance.now();
  if (trace && first.detection) trace.bars = toFullBars(first.detection.candles, f);

  const texts = await reading;
  const read = boxes.map((b, i) => ({ y: (b.top + b.bottom) / 2, text: texts[i] ?? '' }));
  const cropHeight = (boxes[0]?.bottom ?? 0) - (boxes[0]?.top ?? 0);
  const tolerance = Math.max(3, cropHeight * 0.4);
  const centres = layout.axis.labels.map((l) => (l.top + l.bottom) / 2).sort((a, b) => a - b);
  const gaps = centres
    .slice(1)
    .map((c, i) => c - (centres[i] ?? c))
    .sort((a, b) => a - b);
  const pitch = (gaps[Math.floor(gaps.length / 2)] ?? 0) * f;
  const fitAxis = (labels: ParsedLabel[]) => upperScale(labels, tolerance, pitch) ?? fitScale(labels, tolerance, pitch);
  let fit = fitAxis(repairDecimals(read));
  // No line of the labels read sits on a round step: OCR may have misread most of them the
  // same way. The rest of the axis gives the labels read right the majority.
  const rest = layout.axis.labels.filter((l) => !labels.includes(l));
  // A fit off the steps, or through a minority of the labels (`minorityOnLine`), is weak: more
  // labels and the repairs below may make it whole.
  const weak = (line: ScaleFit | null): boolean =>
    !line?.onStep || minorityOnLine(line, repairDecimals(read).length) !== null;
  if (weak(fit) && rest.length > 0) {
    const more = rest.map(boxOf);
    const moreTexts = await readLabels(full, more);
    read.push(...more.map((b, i) => ({ y: (b.top + b.bottom) / 2, text: moreTexts[i] ?? '' })));
    fit = fitAxis(repairDecimals(read)) ?? fit;
  }
  // Still weak: a zero read as 6 (or as 6 and 8) at one place in every label.
  const longest = Math.max(0, ...read.map((l) => l.text.length));
  for (const misreads of ['6', '68']) {
    for (let k = 0; fit && weak(fit) && k < longest; k++) {
      const repaired = fitAxis(repairDecimals(zeroReadAs(read, k, misreads)));
      // A line already on the steps gives way to one through more labels only.
      const more = fit.onStep
        ? repaired && repaired.inliers.length > fit.inliers.length
        : repaired && repaired.inliers.length >= fit.inliers.length;
      if (repaired?.onStep && more) fit = repaired;
    }
  }
  const t4 = performance.now();
  if (trace) {
    const kept = new Set(fit?.inliers.map((l) => l.y));
    trace.labels = read.map((l, i) => ({
      box: boxes[i] ?? { left: 0, top: l.y - 4, right: 0, bottom: l.y + 4 },
      text: l.text,
      inlier: kept.has(l.y),
    }));
  }
  const parsed = repairDecimals(read).length;
  const labelsRead = `labels read: ${read.map((l) => l.text).join(' | ')}`;
  // No series in the whole plot and no scale to seek one within: no chart, without a look at the
  // next column or at twice the size.
  if (!found(first) && (!fit || minorityOnLine(fit, parsed))) throw new EngineError('NOT_A_CHART', NO_SERIES);
  // Words that read as no numbers at all (a column of symbols, of dates) were no axis.
  if (!fit && parsed < 3) throw new NoScale('AXIS_UNREADABLE', labelsRead);
  if (!fit) {
    // Numbers that make no scale beside a series that is not clearly one: text, a table.
    if ((first.detection?.quality ?? 0) < NO_AXIS_QUALITY) throw new NoScale('NOT_A_CHART', labelsRead);
    // The bars beside labels that cannot be read say no trend: a page of text with numbers in it
    // reads the same way.
    throw new EngineError('AXIS_UNREADABLE', labelsRead, AXIS_REASONS.labelsUnreadable);
  }
  const minority = minorityOnLine(fit, parsed);
  if (minority) throw new NoScale('AXIS_UNREADABLE', minority);
  // On the steps or not (a step of the labels' last digit puts every label on it), a minority of
  // labels on the line in a column of numbers all printed alike (OCR read them cleanly) that go
  // up and down is a table's.
  const falling = fallingShare(repairDecimals(read));
  if (fit.inliers.length * 2 < parsed && falling < MIN_FALLING && printedAlike(read)) {
    throw new NoScale(
      'AXIS_UNREADABLE',
      `${fit.inliers.length} of ${parsed} labels on a line, ${falling.toFixed(2)} falling`,
    );
  }

  // Work pixel centres map to full-image rows before applying the fitted scale.
  const price = (y: number): number => fit.slope * ((y + 0.5) * f - 0.5) + fit.intercept;
  let plot = layout.plot;
  let series: SeriesFound;
  if (found(first)) series = first;
  else {
    // No series in the whole plot: other panes' lines and bars in the same box (a plotting
    // library's stacked panes, with no line between them) can spoil it. It is sought within the
    // labels' pane before the picture is called no chart.
    const pane = paneOfLabels(fit, pitch, f, plot);
    let again = pane ? readSeries(work, bg, layout, pane, labelHeight) : null;
    // Last, a track of bars thinner than a pixel that only the chart's own tag says is the price.
    if (!again || !found(again)) again = readSeries(work, bg, layout, pane ?? plot, labelHeight, { fromTag: true });
    if (!found(again)) throw new EngineError('NOT_A_CHART', NO_SERIES);
    series = again;
    if (pane) plot = pane;
    if (trace) trace.plot = toFull(plot, f);
  }
  let evidence = gatherEvidence(fit, read, pitch, layout, plot, f, series);
  // The series runs past the pane the labels belong to (a volume or indicator pane below, a
  // report or a panel above, in the same box): read it again within the labels' own pane.
  const pane = paneOfLabels(fit, pitch, f, plot);
  // Whatever weakened the reading, other panes' bars mixed into the series may have: a last bar
  // away from the axis, or a junk last bar that contradicts the axis's tag. The pane's reading
  // is not taken when the whole plot's series goes on past its last bar: the latest bars stand
  // outside the labels (a rally above them), and the pane would answer an older bar.
  if (pane && readingConfidence(evidence).value < 1) {
    const again = readSeries(work, bg, layout, pane, labelHeight);
    const inPane = found(again) ? gatherEvidence(fit, read, pitch, layout, pane, f, again) : null;
    const paneLast = again.detection?.candles[again.detection.candles.length - 1];
    const cut = paneLast !== undefined && continuesPast(series.detection.candles, paneLast);
    if (found(again) && inPane && !cut && takesPane(evidence, inPane)) {
      series = again;
      plot = pane;
      evidence = inPane;
      if (trace) trace.plot = toFull(pane, f);
    }
  }
  const { detection, tagCheck, lastSource } = series;
  const candles = detection.candles.map((c) => ({
    open: price(c.open),
    high: price(c.high),
    low: price(c.low),
    close: price(c.close),
  }));
  const p = plot;
  if (trace) {
    const lastBar = detection.candles[detection.candles.length - 1];
    trace.bars = toFullBars(detection.candles, f);
    trace.tags = tagCheck.tags.map((t) => ({ y: (t.y + 0.5) * f, verdict: tagCheck.verdict }));
    if (lastBar)
      trace.last = {
        y: (lastBar.close + 0.5) * f,
        price: Number(price(lastBar.close).toFixed(fit.precision)),
        source: lastSource,
      };
  }
  // A series found only within the labels' pane is a second chance: where its reading cannot
  // stand, the picture stays no chart (a page's decorative chart beside a column of numbers).
  const confidence = found(first) ? refuseUnsureKeepingBars(evidence, detection) : noChartUnlessSure(evidence);
  return {
    candles,
    kind: detection.kind,
    scale: fit,
    plot: { left: p.left * f, top: p.top * f, right: p.right * f, bottom: p.bottom * f },
    image: { width: full.width, height: full.height },
    // The OCR time hidden behind candle detection is not counted twice: axis is the layout
    // search plus the wait for OCR after the candles were found.
    timings: { decode: t1 - t0, axis: t2 - t1 + (t4 - t3), candles: t3 - t2 },
    evidence: { ...evidence, confidence },
  };
}

interface SeriesReading {
  detection: CandleDetection | null;
  tagCheck: { verdict: TagVerdict; tags: Tag[] };
  lastSource: ReadingEvidence['lastSource'];
  /** Boxes on the axis beside the latest bars that an unconfirmed last close leaves unexplained. */
  unexplained: number;
  /** Ink past the last bar where later bars would be (`marginInk`). */
  marginInk: number;
}

/**
 * The bars in `plot` and their last close: the series' own tag on the axis, a tag drawn as text,
 * the price line, the one box on the axis in the last bar's range, or else the bar's own close.
 * Pieces past the bar that reaches the series' tag are objects at the plot's edge.
 */
function readSeries(
  work: Raster,
  bg: Rgb,
  layout: Layout,
  plot: Box,
  labelHeight: number,
  { fromTag = false } = {},
): SeriesReading {
  const plotBg = dominantColour(work, plot);
  const pieces = detectCandles(work, plot, { axisSide: layout.axis.side });
  const { strip, labels } = layout.axis;
  // Bars a pixel or two apart touch and leave no pieces: they are read as a column profile.
  let detection = isSeries(pieces) ? pieces : (readDense(work, plot, plotBg) ?? pieces);
  const none = { verdict: 'no-tag' as const, tags: [] };
  const check = (d: CandleDetection) =>
    reconcileWithTags(work, bg, plotBg, strip, plot, d.candles, labelHeight, d.colours);
  let tagCheck: SeriesReading['tagCheck'] = isSeries(detection) ? check(detection) : none;
  // Bars thinner than a pixel, in shades of their colours, each as short as a line is thick,
  // read as a column profile make a track as flat as a line (an equity curve's, which is no price
  // series). The chart's own tag in the series' colours, reached by that track's last bar, says
  // it is the price: it is taken where the pieces found only pieces the tag contradicts (a
  // title's letters), or, with `fromTag` (the last try, after the labels' pane), none.
  if ((fromTag && !isSeries(detection)) || (detection === pieces && tagCheck.verdict === 'contradicts')) {
    const dense = readDense(work, plot, plotBg, { tagged: true });
    const denseCheck = dense && check(dense);
    if (dense && denseCheck && tagEndsTrack(dense.candles, denseCheck, plot)) {
      detection = dense;
      tagCheck = denseCheck;
    }
  }
  if (!isSeries(detection)) return { detection, tagCheck: none, lastSource: 'bar', unexplained: 0, marginInk: 1 };
  const { candles, colours, lines } = detection;
  let lastSource: ReadingEvidence['lastSource'] = 'bar';
  if (applyLastPriceTag(work, bg, plotBg, strip, plot, candles, labelHeight, colours)) lastSource = 'tag';
  else if (applyTextTag(work, bg, candles, labels, labelHeight)) lastSource = 'text-tag';
  else if (applyPriceLine(work, plotBg, candles, lines, labelHeight)) lastSource = 'price-line';
  else {
    // A box of two lines (the price over the bar's countdown) is the platform's last-price tag,
    // whatever its colour: it says the bar that reaches it is the latest.
    const box = applyLoneBox(work, bg, strip, plot, candles, lines, labelHeight);
    if (box) lastSource = box.lines === 2 ? 'tag' : 'box';
    else if (applyRightEdge(work, plotBg, candles, colours, plot.right)) lastSource = 'right-edge';
  }
  const fromBar = lastSource === 'bar' || lastSource === 'right-edge';
  const unexplained = fromBar ? unexplainedMarks(work, bg, strip, plot, candles, lines, labelHeight) : 0;
  const margin = unconfirmed(lastSource) ? marginInk(work, plot, plotBg, candles, lines) : 0;
  return { detection, tagCheck, lastSource, unexplained, marginInk: margin };
}

/** How far from the plot's right edge (a share of its width) a track's last bar stands when the tag ends it. */
const TRACK_END_GAP = 0.02;

/**
 * Whether the chart's tag says a dense track read without a series' usual evidence is the price:
 * one tag in the series' colours, which the track's very last bar reaches (a tag that only a bar
 * some columns back reaches stands where the track goes on), and that bar at the plot's right
 * edge, where the latest bar stands. A chart scrolled back, its tag beyond the visible bars, stays
 * refused.
 */
export function tagEndsTrack(candles: PixelCandle[], check: { verdict: TagVerdict; tags: Tag[] }, plot: Box): boolean {
  const last = candles[candles.length - 1];
  if (!last || check.verdict !== 'agrees' || check.tags.length !== 1) return false;
  return plot.right - last.x <= (plot.right - plot.left) * TRACK_END_GAP + 2;
}

type SeriesFound = SeriesReading & { detection: CandleDetection };
const found = (s: SeriesReading): s is SeriesFound => isSeries(s.detection);

/**
 * Refuses a reading with evidence against it (`refuseUnsure`). Where the evidence doubts only the
 * last price (a tag elsewhere, marks beside the latest bars, a last bar away from the axis), the
 * refusal keeps the bars: beside a fitted scale they are the chart's. Where it doubts the bars
 * (another pane's, a part of the window's), it keeps none.
 */
function refuseUnsureKeepingBars(evidence: ReadingEvidence, detection: CandleDetection): ReadingConfidence {
  try {
    return refuseUnsure(evidence);
  } catch (error) {
    const { weakest } = readingConfidence(evidence);
    throw error instanceof EngineError && error.code === 'UNSURE_READING' && doubtsLastPriceOnly(weakest)
      ? seenWith(error, detection)
      : error;
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

function noChartUnlessSure(evidence: ReadingEvidence): ReadingConfidence {
  try {
    return refuseUnsure(evidence);
  } catch (error) {
    if (error instanceof EngineError && error.code === 'UNSURE_READING')
      throw new EngineError('NOT_A_CHART', NO_SERIES);
    throw error;
  }
}

/** A pane reaches about a label step past its outermost labels, or its axis would print another. */
const PANE_MARGIN = 1.1;
/** How far into that margin, in label steps, an unconfirmed last bar may lie in a pane cut out of a larger box. */
const PANE_MARGIN_LAST = 0.5;

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

/**
 * The pane the fitted labels belong to, within the plot (work pixels): their rows and a step's
 * margin each side. Null when the plot does not reach well beyond it.
 */
export function paneOfLabels(fit: ScaleFit, pitch: number, f: number, plot: Box): Box | null {
  if (pitch <= 0) return null;
  const rows = fit.inliers.map((l) => l.y);
  const top = Math.max(plot.top, Math.floor((Math.min(...rows) - PANE_MARGIN * pitch) / f));
  const bottom = Math.min(plot.bottom, Math.ceil((Math.max(...rows) + PANE_MARGIN * pitch) / f));
  const cut = plot.bottom - bottom + (top - plot.top);
  if (cut * f < pitch * 0.5 || bottom - top < 20) return null;
  return { ...plot, top, bottom };
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
  const close = fit.slope * ((last.close + 0.5) * f - 0.5) + fit.intercept;
  const low = values[0] ?? close;
  const high = values[values.length - 1] ?? close;
  return Math.max(0, low - close, close - high) / step;
}

function gatherEvidence(
  fit: ScaleFit,
  read: { y: number; text: string }[],
  pitch: number,
  { axis, panes }: Layout,
  plot: Box,
  f: number,
  { detection, lastSource, tagCheck, unexplained, marginInk }: SeriesFound,
): ReadingEvidence {
  const rowOf = (value: number) => (value - fit.intercept) / fit.slope;
  const residualPx = fit.inliers.reduce((s, l) => s + Math.abs(rowOf(l.value) - l.y), 0) / fit.inliers.length;
  const ys = fit.inliers.map((l) => l.y);
  const top = Math.min(...ys) - pitch;
  const bottom = Math.max(...ys) + pitch;
  const highs = detection.candles.map((c) => c.high * f);
  const lows = detection.candles.map((c) => c.low * f);
  const seriesTop = Math.min(...highs);
  const seriesBottom = Math.max(...lows);
  const inside = Math.max(0, Math.min(bottom, seriesBottom) - Math.max(top, seriesTop));
  const plotHeight = (plot.bottom - plot.top) * f;
  const last = detection.candles[detection.candles.length - 1];
  return {
    axisSide: axis.side,
    panes,
    labelsRead: read.map((l) => ({ y: Math.round(l.y), text: l.text })),
    inliers: fit.inliers.map((l) => ({ y: Math.round(l.y), value: l.value })),
    residual: pitch > 0 ? residualPx / pitch : 0,
    onStep: fit.onStep,
    labelSpan: plotHeight > 0 ? (Math.max(...ys) - Math.min(...ys)) / plotHeight : 0,
    lastBeyondLabels: stepsBeyondLabels(fit, detection.candles[detection.candles.length - 1], f),
    seriesInsideLabels: seriesBottom > seriesTop ? inside / (seriesBottom - seriesTop) : 1,
    lastSource,
    lastGap: last ? Math.max(0, plot.right - last.x) / Math.max(1, plot.right - plot.left) : 1,
    marginInk,
    seriesTags: tagCheck.tags.map((t) => ({
      price: fit.slope * ((t.y + 0.5) * f - 0.5) + fit.intercept,
      fill: t.fill,
    })),
    tagVerdict: tagCheck.verdict,
    unexplainedMarks: unexplained,
    quality: detection.quality,
    bars: detection.candles.length,
  };
}
