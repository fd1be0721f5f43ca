/**
 * Image → price series: the pipeline and its retry policy. Each stage has one entry in its
 * folder (layout, axis, bars, last price, confidence); this file says which attempts run in which
 * order and which result wins, and records each in the reading's trace (trace.ts).
 */
import sharp from 'sharp';
import { continuesPast } from './bars/index.js';
import { CLEAR_SERIES_QUALITY } from './bars/read-bars.js';
import { judgeAxis, readAxis, type AxisReading, type ScaleFit } from './axis/index.js';
import { labelsBelowZero, priceAtRow } from './axis/read-axis.js';
import {
  doubtsLastPriceOnly,
  readingConfidence,
  TERM_RULES,
  type ReadingConfidence,
  type ReadingEvidence,
} from './confidence/index.js';
import { gatherEvidence, takesPane } from './confidence/evidence.js';
import { judgeReading, seenWith } from './confidence/judge.js';
import { decodeImage } from './decode.js';
import { closeLastAt, labelValues, placeBars, withBars } from './correction.js';
import { EngineError, NO_SCALE_RULES, type RefusalRule } from './errors.js';
import { findLayoutScaled, type Layout } from './layout/index.js';
import { learnedLayout } from './layout/learned/layout.js';
import { readLayout, type LearnedLayout } from './layout/learned/reader.js';
import { activeFrame, framedPart } from './layout/frame.js';
import { paneOfLabels } from './layout/labels-pane.js';
import { PRINTED_ELSEWHERE, PRINTED_NEAR } from './last-price/params.js';
import { printedClose, type Printed } from './last-price/printed.js';
import { refuseWithoutAxis } from './layout/without-axis.js';
import { dominantColour, type Box } from './raster.js';
import { inPrices, placeReading, shrinkReading, type ChartReading } from './reading.js';
import { withScratch } from './scratch.js';
import { found, readSeries, type Picture, type SeriesFound } from './series.js';
import { ReadingRecorder } from './trace.js';
import { debugAxis, debugLabels, debugSeries, toFull } from './debug.js';

export type { ReadingEvidence, ReadingReport } from './confidence/index.js';
export { shrinkReading, type ChartReading, type PriceCandle } from './reading.js';

/** Label columns tried as the price axis before giving up. */
const MAX_LAYOUTS = 2;
/** Up to this width a screenshot may carry axis digits too small to find (a forum's copy, a phone's). */
const SMALL_WIDTH = 1280;
const LOOK_CLOSER = 2;
/** The larger copy's pixels at most (a phone's 1080x2400 capture is 10 MP at twice its size). */
const LOOK_CLOSER_MAX_PIXELS = 10_500_000;
/** Refusals for want of an axis, which a closer look at a small screenshot may find. */
const LOOK_CLOSER_RULES: ReadonlySet<RefusalRule> = new Set<RefusalRule>([
  // The framed chart's digits may be what was too small to find.
  'layout/framed-chart-unread',
  'layout/no-chart-without-axis',
  'layout/photograph',
  'layout/no-label-column',
  'axis/no-scale',
  'axis/labels-unreadable',
]);

export type LayoutReader = 'rules' | 'learned' | 'fallback';
/**
 * Where the label columns tried come from: `rules` (the hand rules of layout/, MAX_LAYOUTS
 * columns); `learned` (the learned reader's plot and label column, its words confirmed by the
 * rules, tried before the rules' columns); `fallback` (the learned reader's after the rules'
 * found none that read). docs/engine.md's comparison table says why the default is what it is.
 */
let layoutReader: LayoutReader = 'rules';

/** Sets the layout reader for this thread's readings from now on (`npm run eval:real -- --layout`). */
export function useLayoutReader(reader: LayoutReader): void {
  layoutReader = reader;
}

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
  rec.resumeAt(error);
  rec.decide(error.rule, error.stage, 'retried', { width, smallWidth: SMALL_WIDTH, lookCloser: LOOK_CLOSER });
  const larger = await sharp(image)
    .resize({ width: width * LOOK_CLOSER, height: height * LOOK_CLOSER, kernel: 'cubic' })
    .png({ compressionLevel: 0 })
    .toBuffer();
  rec.within('twice-the-size');
  const reading = await withScratch(() => read(larger, rec)).catch((again: unknown) => {
    // Labels found but not read, even at twice the size: they are too small to read.
    const bars =
      again instanceof EngineError && again.bars
        ? placeBars(again.bars, { k: LOOK_CLOSER, dx: 0, dy: 0 }, { width, height })
        : undefined;
    if (again instanceof EngineError && again.rule === 'axis/labels-unreadable') {
      rec.resumeAt(again);
      const refusal = rec.refuse('axis/labels-too-small', again.weighed);
      refusal.bars = bars;
      throw refusal;
    }
    error.bars ??= bars;
    throw error;
  });
  return shrinkReading(reading, LOOK_CLOSER, { width, height });
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
  const frame = activeFrame(work);
  if (!frame) return readPicture(picture, rec);
  const framed = await readFramed(picture, frame, rec);
  if (!(framed instanceof EngineError)) return framed;
  // Nothing in the frame read as a chart: the whole picture is read, unless what it reads (or
  // refuses with bars for the trader's scale) is another chart on the screen, beside the framed
  // one, which is not the one the trader is on.
  const inFull = toFull(frame, f);
  const otherChart = (share: number): EngineError => {
    rec.resumeAt(framed);
    return rec.refuse('layout/framed-chart-unread', { plotInFrame: share, threshold: MIN_PLOT_IN_FRAME });
  };
  const reading = await readPicture(picture, rec).catch((error: unknown) => {
    const bars = error instanceof EngineError ? error.bars : undefined;
    const share = bars ? barsInFrameShare(bars.plot, inFull) : 1;
    throw share >= MIN_PLOT_IN_FRAME ? error : otherChart(share);
  });
  const inFrame = inFrameShare(reading, inFull);
  if (inFrame < MIN_PLOT_IN_FRAME) throw otherChart(inFrame);
  return { ...reading, evidence: { ...reading.evidence, chartRead: 'framed' } };
}

/** Refusals that say a framed part of the picture holds no chart: the whole picture is read. */
const NO_CHART_IN_FRAME: ReadonlySet<EngineError['code']> = new Set(['NOT_A_CHART']);
/** A reading of the whole picture is the framed chart's when its axis stands in the frame and this share of its plot's rows. */
const MIN_PLOT_IN_FRAME = 0.5;

/**
 * How much of a reading is the framed chart's: the share of its plot's rows within the frame's,
 * or 0 when the price axis read stands outside the frame (a plot found running on across the
 * frame's side into the chart beside it has its axis there), or most of the labels its scale
 * rests on do (a label column found running down past the frame's foot into the chart below,
 * whose labels made the scale).
 */
function inFrameShare(reading: ChartReading, frame: Box): number {
  const { plot, scale } = reading;
  const axisEdge = reading.evidence.axisSide === 'right' ? plot.right : plot.left;
  if (axisEdge < frame.left || axisEdge > frame.right) return 0;
  const rows = scale.inliers.map((l) => (l.value - scale.intercept) / scale.slope);
  const inside = rows.filter((y) => y >= frame.top && y <= frame.bottom).length;
  if (inside * 2 < rows.length) return 0;
  return rowsInFrame(plot, frame);
}

/** The same for a refusal's bars, whose axis side is not kept: their plot's middle must stand in the frame. */
function barsInFrameShare(plot: Box, frame: Box): number {
  const middle = (plot.left + plot.right) / 2;
  return middle < frame.left || middle > frame.right ? 0 : rowsInFrame(plot, frame);
}

const rowsInFrame = (plot: Box, frame: Box): number => {
  const rows = Math.min(plot.bottom, frame.bottom) - Math.max(plot.top, frame.top);
  return plot.bottom > plot.top ? Math.max(0, rows) / (plot.bottom - plot.top) : 0;
};

/**
 * Several charts on one screen, one framed in a colour (the active one): that one is read, within
 * its frame, and the reading is placed in the whole picture. A chart in the frame that cannot be
 * read is refused, as no other chart on the screen is the trader's; a frame that holds no chart
 * gives its refusal back, and the whole picture is read.
 */
async function readFramed(p: Picture, frame: Box, rec: ReadingRecorder): Promise<ChartReading | EngineError> {
  const { full, work, f } = p;
  rec.decide('layout/active-frame', 'layout', 'retried', {
    left: frame.left,
    top: frame.top,
    width: frame.right - frame.left + 1,
    height: frame.bottom - frame.top + 1,
  });
  const part = framedPart(work, full, f, frame);
  const region = part.box;
  const placement = { k: 1, dx: region.left, dy: region.top };
  const prefix = rec.nest('active-frame', region, { width: full.width, height: full.height });
  rec.begin('label-column-1');
  const image = { width: full.width, height: full.height };
  try {
    const reading = await readPicture({ ...p, work: part.work, full: part.full, bg: dominantColour(part.work) }, rec);
    const placed = placeReading(reading, placement, image);
    return { ...placed, evidence: { ...placed.evidence, chartRead: 'framed' } };
  } catch (error) {
    if (!(error instanceof EngineError) || !NO_CHART_IN_FRAME.has(error.code)) {
      if (error instanceof EngineError && error.bars) error.bars = placeBars(error.bars, placement, image);
      if (error instanceof EngineError && error.doubted) {
        const placed = placeReading(error.doubted, placement, image);
        error.doubted = { ...placed, evidence: { ...placed.evidence, chartRead: 'framed' } };
      }
      throw error;
    }
    rec.within(prefix);
    rec.begin('label-column-1');
    return error;
  } finally {
    rec.within(prefix);
  }
}

/** Reads a decoded picture: the label columns in line, then the picture without an axis. */
async function readPicture(picture: Picture, rec: ReadingRecorder): Promise<ChartReading> {
  const { full, f } = picture;
  const tried: Box[] = [];
  let firstRefusal: EngineError | null = null;
  const sources = new LayoutSources(picture, layoutReader);
  for (let attempt = 0; sources.more(); attempt++) {
    if (attempt > 0) rec.begin(`label-column-${attempt + 1}`);
    const { layout, learned } = await sources.next(tried);
    rec.stage(
      'layout',
      layout
        ? {
            labels: layout.axis.labels.length,
            side: layout.axis.side,
            panes: layout.panes,
            ...(learned ? { reader: 'learned', modelMs: Math.round(learned.timings.net) } : {}),
          }
        : { labels: 0 },
    );
    if (!layout) continue;
    try {
      return await readWithLayout(picture, layout, rec);
    } catch (error) {
      // Evidence against a reading whose scale and series were found is no reason to look elsewhere.
      if (!(error instanceof EngineError) || error.code === 'UNSURE_READING') throw error;
      // Numbers that make no scale were no axis: they do not speak for this being a chart.
      if (!NO_SCALE_RULES.has(error.rule)) firstRefusal ??= error;
      // The learned reader's column may fail for its plot: the rules may still read it.
      if (!learned) tried.push(layout.axis.strip);
    }
  }
  const size = { width: full.width, height: full.height };
  throw (
    firstRefusal ??
    refuseWithoutAxis(picture, tried.length, rec, (error, bars, plot) =>
      withBars(seenWith(error, bars), bars, { plot, f, image: size, labels: [] }),
    )
  );
}

/** The layouts to try, in the order the layout reader sets; the rules' end at their first miss. */
class LayoutSources {
  private readonly order: ('rules' | 'learned')[];
  private rulesDone = false;

  constructor(
    private readonly p: Picture,
    reader: LayoutReader,
  ) {
    const rules = Array.from({ length: MAX_LAYOUTS }, () => 'rules' as const);
    this.order = reader === 'learned' ? ['learned', ...rules] : reader === 'fallback' ? [...rules, 'learned'] : rules;
  }

  more(): boolean {
    while (this.order[0] === 'rules' && this.rulesDone) this.order.shift();
    return this.order.length > 0;
  }

  async next(tried: Box[]): Promise<{ layout: Layout | null; learned: LearnedLayout | null }> {
    const { full, work, f, bg } = this.p;
    if (this.order.shift() === 'learned') {
      const learned = await readLayout(full);
      return { layout: learnedLayout(work, full, f, bg, learned.parts), learned };
    }
    const layout = findLayoutScaled(work, full, f, bg, tried);
    this.rulesDone = layout === null;
    return { layout, learned: null };
  }
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
  if (verdict || !fit) {
    // The bars beside an axis that could not be read are kept for a scale the trader sets.
    const where = {
      plot: layout.plot,
      f: p.f,
      image: { width: p.full.width, height: p.full.height },
      labels: labelValues(axis.read),
    };
    throw withBars(
      rec.refuse(verdict?.rule ?? 'axis/labels-unreadable', verdict?.weighed),
      found(first) ? first.detection : null,
      where,
    );
  }
  const chosen = found(first)
    ? preferLabelsPane(p, layout, { ...axis, fit }, first, rec)
    : await seriesInPane(p, layout, { ...axis, fit }, rec);
  const printed = await printedOf(p, layout, chosen, fit);
  const timings = {
    decode: p.decoded - p.started,
    axis: barsStarted - p.decoded + (axisDone - barsDone),
    candles: barsDone - barsStarted,
  };
  return answer(p, { ...axis, fit }, { ...chosen, printed }, found(first), timings, rec);
}

type Fitted = AxisReading & { fit: ScaleFit };
interface Chosen {
  series: SeriesFound;
  plot: Box;
  evidence: ReadingEvidence;
  /** The price printed on the box the last close was read from. */
  printed?: Printed | null;
}

/** The price printed on the box the chosen series' last close was read from (`printedClose`). */
async function printedOf(p: Picture, layout: Layout, chosen: Chosen, fit: ScaleFit): Promise<Printed | null> {
  const { mark, detection } = chosen.series;
  const last = detection.candles[detection.candles.length - 1];
  if (!mark || !last) return null;
  return printedClose(p.full, p.f, layout.axis.strip, chosen.plot, mark, fit, last.close * p.f);
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
  return { series: again, plot, evidence: evidenceOf(p, layout, axis, plot, again) };
}

const evidenceOf = (p: Picture, layout: Layout, axis: Fitted, plot: Box, series: SeriesFound) =>
  gatherEvidence({ fit: axis.fit, read: axis.read, pitch: axis.pitch, layout, plot, f: p.f, series });

/**
 * The series runs past the pane the labels belong to (a volume or indicator pane below, a report
 * or a panel above, in the same box): whatever weakened the reading, other panes' bars mixed into
 * it may have, so it is read again within the labels' own pane. The pane's reading is not taken
 * when the whole plot's series goes on past its last bar, from it or out of the pane: the latest
 * bars stand outside the labels (a rally above them), and the pane would answer an older bar.
 */
function preferLabelsPane(p: Picture, layout: Layout, axis: Fitted, first: SeriesFound, rec: ReadingRecorder): Chosen {
  const whole: Chosen = { series: first, plot: layout.plot, evidence: evidenceOf(p, layout, axis, layout.plot, first) };
  const pane = paneOfLabels(axis.fit, axis.pitch, p.f, layout.plot);
  const confidence = readingConfidence(whole.evidence);
  if (!pane || confidence.value >= 1) return whole;
  const parent = rec.index;
  const { value, weakest } = confidence;
  rec.decide('confidence/weak-in-plot', 'confidence', 'retried', { confidence: value, weakest });
  rec.begin('labels-pane', parent);
  const again = readSeries(p, layout, pane, rec);
  const inPane = found(again) ? evidenceOf(p, layout, axis, pane, again) : null;
  const paneLast = again.detection?.candles[again.detection.candles.length - 1];
  const cut = paneLast !== undefined && continuesPast(first.detection.candles, paneLast, pane);
  const taken = found(again) && inPane !== null && !cut && takesPane(whole.evidence, inPane);
  rec.stage('confidence', { taken, seriesGoesOn: cut, pane: inPane ? readingConfidence(inPane).value : 0 });
  if (taken) return { series: again, plot: pane, evidence: inPane };
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
  debugSeries(rec.picture, detection, p.f, { ...tagCheck, lastSource, price, precision: axis.fit.precision });
  // A series found only within the labels' pane is a second chance: where its reading cannot
  // stand, the picture stays no chart (a page's decorative chart beside a column of numbers).
  const image = { width: p.full.width, height: p.full.height };
  const candles = detection.candles.map((c) => inPrices(c, price));
  const last = candles[candles.length - 1];
  const { printed } = chosen;
  if (last && printed) rec.stage('last-price', { printed: printed.price, read: last.close, away: printed.away });
  if (last && printed && printed.away <= PRINTED_NEAR) closeLastAt(last, printed.price);
  let confidence: ReturnType<typeof judgeReading>;
  try {
    if (printed?.pastEnd && printed.away > PRINTED_ELSEWHERE)
      throw rec.refuse('last-price/price-out-of-view', { printed: printed.price, away: printed.away });
    // A price at or below zero is no market's: the scale was fitted through other labels, or it
    // is a balance's, a profit's or an oscillator's, running below zero at its own labels.
    const lowest = Math.min(...candles.map((c) => c.low));
    const below = labelsBelowZero(axis);
    if (!(lowest > 0) || below > 0) throw rec.refuse('confidence/prices-not-positive', { lowest, below });
    confidence = judgeReading(evidence, detection, !inPlot, rec);
  } catch (error) {
    // Bars whose prices are doubted are kept for a scale or a last price the trader sets.
    const labels = labelValues(axis.read);
    const { slope, intercept, precision } = axis.fit;
    const where = { plot, f: p.f, image, labels, scale: { slope, intercept, precision } };
    if (!(error instanceof EngineError)) throw error;
    // A reading doubted for its last price alone: the chart's quote line may confirm it.
    const weighed = readingConfidence(evidence);
    if (error.rule === TERM_RULES[weighed.weakest] && doubtsLastPriceOnly(weighed.weakest))
      error.doubted = reading(weighed);
    throw withBars(error, detection, where);
  }
  return reading(confidence);

  function reading(confidence: ReadingConfidence): ChartReading {
    return {
      candles,
      kind: detection.kind,
      scale: axis.fit,
      plot: toFull(plot, p.f),
      image,
      textHeight: axis.textHeight,
      timings,
      evidence: { ...evidence, confidence },
      trace: rec.answered(rec.index, confidence.value),
    };
  }
}
