/**
 * PipLens chart engine: a chart screenshot in, a grounded analysis out, fully offline.
 * See docs/engine.md for how each stage works.
 */
import type { AnalysisResult, AnalysisSettings, ChartFacts } from '../shared/analysis.js';
import { analyseSeries, trendOfRows } from './analysis/index.js';
import { FRAMED_CHART_READ } from './analysis/text.js';
import { EngineError, type RefusalRule } from './errors.js';
import { getOcrWorker, terminateOcr } from './axis/index.js';
import { priceAtRow } from './axis/read-axis.js';
import type { ReadingTrace, Weighed } from '../shared/engine-trace.js';
import { readChart, type ChartReading, type ReadingReport } from './read-chart.js';
import { barsOfSeries, closeLastAt, correctReading, correctRefusal, type PricedSeries } from './correction.js';
import type { Correction } from '../shared/correction.js';
import { ReadingRecorder } from './trace.js';
import { legendInstrument, readSymbol } from './symbol/read-symbol.js';
import { QUOTE_AGREES, quoteBarMatches, quoteGap, quoteSpansBar, readQuote } from './symbol/read-quote.js';

export { renderDebug, renderAttempts, overviewPage, DEBUG_STAGES, type DebugTrace } from './debug.js';
export { ReadingRecorder } from './trace.js';
export { REFUSAL_RULES, type RefusalRule } from './errors.js';

export type { ReadingEvidence, ReadingReport } from './read-chart.js';
export { locateChart, type ChartLocation } from './layout/index.js';
export { useLayoutReader, type LayoutReader } from './read-chart.js';
export type { SymbolReading } from './symbol/read-symbol.js';

export { EngineError, type CorrectableBars } from './errors.js';
export { CorrectionRejected } from './correction.js';
export { MODEL_NAME } from './analysis/index.js';

export interface EngineOutput {
  result: AnalysisResult;
  chart: ChartFacts;
  /** The symbol stage's time is in `total` only. */
  timings: { decode: number; axis: number; candles: number; analysis: number; total: number };
  /** What the reading rests on; null when the trader's scale priced bars whose own scale the engine refused. */
  evidence: ReadingReport | null;
  /** Every attempt, each stage's summary and the decisions (no pixels): kept with the analysis. */
  trace: ReadingTrace;
}

const round = (v: number, decimals: number): number => Number(v.toFixed(decimals));

/**
 * Throws EngineError (NOT_A_CHART, AXIS_UNREADABLE, UNSURE_READING, INVALID_IMAGE) with a message
 * fit for users; a refusal of a chart's prices carries the trend of its bars (`trend`) where the
 * engine could tell it.
 */
export async function analyzeChart(
  image: Buffer,
  settings: AnalysisSettings,
  options: { recorder?: ReadingRecorder; correction?: Correction } = {},
): Promise<EngineOutput> {
  const start = performance.now();
  const { correction } = options;
  const rec = options.recorder ?? new ReadingRecorder();
  const { reading, quoted } = await readSeries(image, settings, rec, correction);
  const last = reading.candles[reading.candles.length - 1];
  // The chart's quote line is read while its symbol is: the two crops are cut while the OCR
  // thread reads the other. Neither read changes the reading; the quote is weighed after.
  const quoteRead = !correction && !quoted ? quoteAgainst(image, reading) : null;
  quoteRead?.catch(() => undefined);
  // The instrument where the chart names it; sizing uses it when the trader chose none.
  const { symbol, reason, text } = await readSymbol(image, reading.image, reading.plot, last?.close ?? 0);
  // Evidence independent of the axis: the instrument the chart's own legend names, beside its
  // prices, cannot trade at the price read (a label's decimal point lost, another pane's scale);
  // its quote line gives another close. A trader's own scale is theirs.
  const legend = reason === 'prices do not fit' ? legendInstrument(text) : null;
  if (!correction && legend) throw withTrendSeen(refuseUnfit(reading, rec, legend, last?.close ?? 0), settings);
  if (quoteRead) weighQuote(await quoteRead, reading, rec, settings);
  const t = performance.now();
  const decimals = reading.scale.precision;
  const { result, support, resistance } = analyseSeries(
    reading.candles,
    settings,
    decimals,
    symbol ?? undefined,
    reading.kind,
  );
  if (reading.evidence?.chartRead === 'framed') result.decisionRationales.unshift(FRAMED_CHART_READ);
  const chart: ChartFacts = {
    lastPrice: round(last?.close ?? 0, decimals),
    high: round(Math.max(...reading.candles.map((c) => c.high)), decimals),
    low: round(Math.min(...reading.candles.map((c) => c.low)), decimals),
    candles: reading.candles.length,
    levels: {
      support: support.map((l) => round(l.price, decimals)),
      resistance: resistance.map((l) => round(l.price, decimals)),
    },
    precision: decimals,
    scale: { slope: reading.scale.slope, intercept: reading.scale.intercept },
    plot: {
      left: Math.round(reading.plot.left),
      top: Math.round(reading.plot.top),
      right: Math.round(reading.plot.right),
      bottom: Math.round(reading.plot.bottom),
    },
    image: reading.image,
    ...(symbol ? { symbol } : {}),
  };
  const end = performance.now();
  return {
    result,
    chart,
    timings: { ...reading.timings, analysis: end - t, total: end - start },
    evidence: reading.evidence,
    trace: reading.trace,
  };
}

/**
 * The chart's series in prices: the engine's reading, or its bars priced by the trader's
 * correction, or a reading doubted for its last price alone that the chart's quote line confirms
 * (`quoted`: the quote was weighed).
 */
async function readSeries(
  image: Buffer,
  settings: AnalysisSettings,
  rec: ReadingRecorder,
  correction: Correction | undefined,
): Promise<{ reading: PricedSeries; quoted: boolean }> {
  let read: ChartReading;
  try {
    read = await readChart(image, rec);
  } catch (error) {
    // The trader's scale (or last price, on a scale the engine fitted but doubted) prices the bars it found.
    const corrected = correction && error instanceof EngineError ? correctRefusal(error, correction) : null;
    if (corrected) return { reading: corrected, quoted: false };
    const confirmed = !correction && error instanceof EngineError ? await confirmedByQuote(image, error, rec) : null;
    if (confirmed) return { reading: confirmed, quoted: true };
    throw withTrendSeen(error, settings);
  }
  return { reading: correction ? correctReading(read, correction) : read, quoted: false };
}

/**
 * The refusal of a reading whose last price the chart's instrument cannot have, decided in the
 * attempt that read it; its bars are kept for a scale the trader sets.
 */
function refuseUnfit(reading: PricedSeries, rec: ReadingRecorder, instrument: string, lastPrice: number): EngineError {
  rec.resume(reading.trace.attempt ?? rec.index);
  const error = rec.refuse('confidence/instrument-unfit', { instrument, lastPrice });
  error.trace = rec.endedBy(error);
  error.bars = barsOfSeries(reading);
  return error;
}

/**
 * The chart's own quote line, where it is read and in view, must give the close the reading gives:
 * another means the reading took a drawn line's label, another tag or another pane for the last
 * price, and the reading is refused (a decision in the trace, with the close the quote gives).
 * Where it agrees, its close is the chart's own figure, exact where the rows of a tag or a bar are
 * not (two tags overlapping, a bar's close a pixel off): the last bar's close is set to it. So it
 * is where the last bar read has the quote's high, low and open or close (`quoteBarMatches`): the
 * bar is the quote's, and only its close was read elsewhere (an order's tag or an object's label
 * within its range). A legend that labels its prices is weighed alike, where it spans the last bar
 * read (`quoteAgainst`).
 * A trader's own scale is theirs (not checked).
 */
function weighQuote(
  weighed: Awaited<ReturnType<typeof quoteAgainst>>,
  reading: PricedSeries,
  rec: ReadingRecorder,
  settings: AnalysisSettings,
): void {
  if (!weighed) return;
  const { quote, last, gap, bars } = weighed;
  rec.resume(reading.trace.attempt ?? rec.index);
  // Near the close read, or far from it on the very bar read (its high, low and a body's end the
  // quote's): the quote's close is the bar's. A legend's too: a crosshair's bar may span the last
  // bar's rows in a tight range, but not its body as well.
  const barMatched = gap > QUOTE_AGREES && quoteBarMatches(quote, last, bars);
  if (gap <= QUOTE_AGREES || barMatched) {
    if (quote.close === null) return;
    rec.stage('confidence', { quoteClose: quote.close, lastPrice: last.close, gap, ...(barMatched && { barMatched }) });
    closeLastAt(last, quote.close);
    return;
  }
  const [closeFrom, closeTo] = quote.closeRange;
  const close: Weighed = quote.close !== null ? { quoteClose: quote.close } : { closeFrom, closeTo };
  const error = rec.refuse('confidence/quote-disagrees', { ...close, lastPrice: last.close, gap });
  error.trace = rec.endedBy(error);
  error.bars = barsOfSeries(reading);
  throw withTrendSeen(error, settings);
}

/**
 * The chart's quote line read against a reading: its figures, the last bar, and how far the last
 * price read is from the quote's close (`quoteGap`); null where no quote in view is read.
 */
async function quoteAgainst(image: Buffer, reading: PricedSeries) {
  const last = reading.candles[reading.candles.length - 1];
  if (!last || !reading.textHeight) return null;
  const { quote } = await readQuote(image, reading.image, reading.plot, reading.textHeight);
  if (!quote) return null;
  // The reading's scale is in the picture's own rows.
  const price = priceAtRow(reading.scale, 1);
  // The picture's rows, not the plot's: a plot found too short still shows the quote's bar.
  const [atTop, atBottom] = [price(0), price(reading.image.height)];
  const bars = {
    barsHigh: Math.max(...reading.candles.map((c) => c.high)),
    barsLow: Math.min(...reading.candles.map((c) => c.low)),
  };
  // A legend may show the bar under a crosshair: it speaks only where it is the last bar's.
  if (quote.legend === true && !quoteSpansBar(quote, last, bars)) return null;
  const gap = quoteGap(quote, {
    lastClose: last.close,
    ...bars,
    viewHigh: Math.max(atTop, atBottom),
    viewLow: Math.min(atTop, atBottom),
  });
  return gap === null ? null : { quote, last, gap, bars };
}

/**
 * A reading refused for doubts about its last price alone (marks beside the latest bars, a tag no
 * bar reaches, a last bar away from the axis, a price printed past the axis's end, a scale and
 * close on nothing else) answers where the chart's own quote line gives a close that agrees: a
 * second piece of evidence, read apart from the axis and the bars, for the price read. The quote's
 * close is then the last price, and the refusal's decision only lowered the confidence.
 */
async function confirmedByQuote(image: Buffer, error: EngineError, rec: ReadingRecorder): Promise<PricedSeries | null> {
  const doubted = error.doubted;
  if (!doubted) return null;
  const weighed = await quoteAgainst(image, doubted);
  const close = weighed?.quote.close ?? null;
  if (!weighed || weighed.gap > QUOTE_AGREES || close === null) return null;
  const { last, gap } = weighed;
  const attempt = rec.overrule(error);
  if (attempt === null) return null;
  rec.stage('confidence', { quoteClose: close, lastPrice: last.close, gap, confirms: error.rule });
  closeLastAt(last, close);
  return { ...doubted, trace: rec.answered(attempt, doubted.evidence.confidence.value) };
}

/**
 * Refusals whose bars, kept for the trader's scale, say the trend too: a clear series beside
 * labels that read as no scale, a reading whose last price the chart's own quote line disputes,
 * and one whose tag prints a price out of view (they doubt only the last price, as
 * `doubtsLastPriceOnly` terms do).
 */
const TREND_FROM_BARS: readonly RefusalRule[] = [
  'axis/labels-unreadable',
  'confidence/quote-disagrees',
  'last-price/price-out-of-view',
];

/**
 * A refusal of a chart's prices says the trend its bars show, where bars were seen: the bars a
 * doubted reading trusts, or those of `TREND_FROM_BARS`. At twice the size
 * (`axis/labels-too-small`) a page's lines of text can pass for a clear series: those say none.
 */
function withTrendSeen(error: unknown, settings: AnalysisSettings): unknown {
  if (!(error instanceof EngineError) || error.code === 'NOT_A_CHART') return error;
  const rows = error.seen ?? (TREND_FROM_BARS.includes(error.rule) ? error.bars?.rows : undefined);
  if (rows) error.trend = trendOfRows(rows, settings);
  return error;
}

/** Starts the OCR worker so the first analysis does not pay for its start-up. */
export async function warmEngine(): Promise<void> {
  await getOcrWorker();
}

/** Terminates OCR workers; call on shutdown so the process can exit. */
export async function shutdownEngine(): Promise<void> {
  await terminateOcr();
}
