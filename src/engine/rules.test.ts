/**
 * Every rule that can refuse a reading (REFUSAL_RULES) tells the trader what to do in plain
 * words, and has a picture here that makes the engine decide it: a rule added without one fails.
 * The pictures are the project's own: one rendered chart with things painted over it, the
 * generated non-charts, and files no decoder takes.
 */
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { stackOscillatorPane } from '../../scripts/fixtures/compose.js';
import { createRng } from '../../scripts/fixtures/ohlc.js';
import { mtSpec, renderMetaTrader } from '../../scripts/fixtures/metatrader-render.js';
import { chartSpecs, renderChart, renderNonChart } from '../../scripts/fixtures/render.js';
import type { ReadingTrace } from '../shared/engine-trace.js';
import { terminateOcr } from './axis/index.js';
import { EngineError, REFUSAL_RULES, type RefusalRule } from './errors.js';
import { readChart, type ChartReading } from './read-chart.js';
import { analyzeChart } from './index.js';
import { AnalysisSettingsSchema } from '../shared/analysis.js';
import { ReadingRecorder } from './trace.js';
import { box, drawOver, PLAIN_CHART } from './test/draw.js';
import { pngClaiming } from './test/png.js';
import { chartWithQuote } from './test/quote.js';

afterAll(async () => {
  await terminateOcr();
});

/** The promise of `make`, made once and shared by every picture that needs it. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}

// Files no decoder takes.

const plain = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#336699' } });

/** A PNG cut off before its pixels end: the header is sound, the pixels are not. */
async function truncatedPng(): Promise<Buffer> {
  const png = await plain(400, 300).png().toBuffer();
  return png.subarray(0, png.length - 40);
}

// One rendered chart, painted over.

const CHART = PLAIN_CHART;

interface Chart {
  image: Buffer;
  reading: ChartReading;
  /** The bars found, full-image pixels (the debug trace's). */
  bars: { x: number; high: number; low: number }[];
  /** The image row of a price, and the price of a row, on the chart's own scale. */
  rowOf: (price: number) => number;
  priceAt: (row: number) => number;
  /** The first column right of the plot; the axis's labels (rows) stand beyond it. */
  axisLeft: number;
  labelRows: number[];
  /**
   * The legend's line painted over: it prints the last close, which confirms a reading doubted
   * for its last price alone (index.ts `confirmedByQuote`), so pictures of those doubts go without.
   */
  hideLegend: string;
}

const chart = once(async (): Promise<Chart> => {
  const { image, layout } = await renderChart(CHART);
  const legend = layout.textBoxes[0]!;
  const rec = new ReadingRecorder(true);
  const reading = await readChart(image, rec);
  const { slope, intercept } = reading.scale;
  return {
    image,
    reading,
    bars: rec.pictures[reading.trace.attempt ?? -1]?.bars ?? [],
    rowOf: (price) => (price - intercept) / slope,
    priceAt: (row) => slope * row + intercept,
    axisLeft: Math.ceil(reading.plot.right) + 2,
    labelRows: reading.evidence.labelsRead.map((l) => l.y),
    hideLegend: box(legend.x - 4, legend.y - 4, legend.w + 8, legend.h + 8, CHART.theme.background),
  };
});

const words = (x: number, y: number, text: string, fill = CHART.theme.text) =>
  `<text x="${x}" y="${(y + CHART.fontSize * 0.36).toFixed(1)}" font-family="${CHART.font}" font-size="${CHART.fontSize}" fill="${fill}">${text}</text>`;

/** The chart's own labels at `rows` painted over in its background. */
const hideLabels = (c: Chart, rows: number[]) =>
  rows.map((y) => box(c.axisLeft, y - 12, CHART.width - c.axisLeft, 24, CHART.theme.background)).join('');

/** The chart's axis painted over, down to the time axis. */
const hideAxis = (c: Chart) =>
  box(c.axisLeft, 0, CHART.width - c.axisLeft, c.reading.plot.bottom, CHART.theme.background);

/** The axis painted over and `texts` written in its place, one a `pitch` apart from `top`. */
function replaceLabels(c: Chart, texts: string[], top = c.labelRows[0]!, pitch = c.labelRows[1]! - top): string {
  return hideAxis(c) + texts.map((t, i) => words(c.axisLeft + 5, top + i * pitch, t)).join('');
}

/** Seven numbers in the labels' places that make no line falling down the column. */
const SHUFFLED = ['153.000', '157.000', '151.000', '155.000', '152.000', '156.000', '154.000'];

const shuffledLabels = once(async () => {
  const c = await chart();
  return drawOver(c.image, replaceLabels(c, SHUFFLED));
});

const symbolsForLabels = once(async () => {
  const c = await chart();
  return drawOver(c.image, replaceLabels(c, ['EURUSD', 'GBPUSD', 'USDJPY', 'XAUUSD', 'AUDUSD', 'USDCAD', 'NZDUSD']));
});

/**
 * An account's balance: the axis counts from -500 up in steps of 500, its bottom label below
 * zero (OCR reads no minus sign; the scale's line says where it stands).
 */
const balanceBelowZero = once(async () => {
  const c = await chart();
  // The bars painted out below the '0' label's row: the balance never went below zero.
  const zero = c.labelRows[5]!;
  const cleared = box(0, zero - 2, c.axisLeft - 2, 4000, CHART.theme.background);
  // Set flush right, as a balance's axis prints its labels.
  const texts = ['2500.0', '2000.0', '1500.0', '1000.0', '500.0', '0.0', '-500.0'];
  const pitch = c.labelRows[1]! - c.labelRows[0]!;
  const labels = texts.map((t, i) =>
    words(CHART.width - 10, c.labelRows[0]! + i * pitch, t).replace('<text ', '<text text-anchor="end" '),
  );
  return drawOver(c.image, hideAxis(c) + labels.join('') + cleared);
});

/** A watchlist's column: three labels on the axis's line, four prices of other things. */
const minorityOnLine = once(async () => {
  const c = await chart();
  const texts = ['157.000', '156.000', '155.000', '158.430', '151.270', '159.610', '150.380'];
  return drawOver(c.image, replaceLabels(c, texts));
});

/**
 * A table's column of nine numbers printed alike: every other one on a line at round steps (four
 * of nine, read once the first eight make a weak line), the rest going up and down.
 */
const tableColumn = once(async () => {
  const c = await chart();
  const texts = ['1.2000', '1.3412', '1.1900', '1.0587', '1.1800', '1.2733', '1.1700', '1.1261', '1.3859'];
  const top = c.labelRows[0]!;
  return drawOver(c.image, replaceLabels(c, texts, top, (c.labelRows[c.labelRows.length - 1]! - top) / 8));
});

/** Four labels 22 px apart in the middle of the axis: a table's corner, not the axis. */
const huddledLabels = once(async () => {
  const c = await chart();
  return drawOver(c.image, replaceLabels(c, ['157.000', '156.900', '156.800', '156.700'], 300, 22));
});

/** Every third bar painted out: a series no longer clearly regular, beside numbers that make no scale. */
const sparseBarsBesideShuffled = once(async () => {
  const c = await chart();
  const pitch = (c.bars[c.bars.length - 1]!.x - c.bars[0]!.x) / (c.bars.length - 1);
  const gone = c.bars
    .filter((_, i) => i % 3 === 1)
    .map((b) => box(b.x - pitch / 2, b.high - 3, pitch, b.low - b.high + 6, CHART.theme.background));
  return drawOver(c.image, gone.join('') + replaceLabels(c, SHUFFLED));
});

const withoutAxis = once(async () => {
  const c = await chart();
  return drawOver(c.image, hideAxis(c));
});

/** The chart without its axis, under a grain of ±15 per channel: texture, no flat paint. */
const photographed = once(async () => {
  const { data, info } = await sharp(await withoutAxis())
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const rng = createRng(30);
  for (let i = 0; i < data.length; i++) data[i] = Math.max(0, Math.min(255, data[i]! + (rng() - 0.5) * 30));
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
    .png()
    .toBuffer();
});

/** A tag in the up colour on the axis at the far end of the range from the last close. */
const farTag = once(async () => {
  const c = await chart();
  const closes = c.reading.candles;
  const last = closes[closes.length - 1]!.close;
  const high = Math.max(...closes.map((k) => k.high));
  const low = Math.min(...closes.map((k) => k.low));
  const row = c.rowOf(last - low > high - last ? low : high);
  return drawOver(c.image, c.hideLegend + box(c.axisLeft, row - 9, CHART.width - c.axisLeft, 18, CHART.theme.up));
});

/** A white box with a price on the axis, beside the latest bars' lows, where the last bar does not reach. */
const boxBesideLatest = once(async () => {
  const c = await chart();
  const row = Math.max(...c.reading.candles.slice(-8).map((k) => c.rowOf(k.low)));
  const label = words(c.axisLeft + 5, row, c.priceAt(row).toFixed(3), '#000000');
  return drawOver(
    c.image,
    c.hideLegend + box(c.axisLeft - 1, row - 9, CHART.width - c.axisLeft + 1, 18, '#ffffff') + label,
  );
});

/** The latest fifth of the bars painted over, and a trade plan's note written where they were. */
const latestBarsHidden = once(async () => {
  const c = await chart();
  const { plot } = c.reading;
  const from = Math.round(plot.right * 0.78);
  const top = c.rowOf(Math.max(...c.reading.candles.map((k) => k.high)));
  return drawOver(
    c.image,
    box(from, 0, Math.ceil(plot.right) - from, plot.bottom, CHART.theme.background) +
      words(from + 20, top + 20, 'Buy limit 156.500, take profit 158.000') +
      words(from + 20, top + 50, 'Stop loss 155.800 below the swing'),
  );
});

/** The top two labels painted over: the last close stands two steps above the labels left. */
const topLabelsHidden = once(async () => {
  const c = await chart();
  return drawOver(c.image, hideLabels(c, c.labelRows.slice(0, 2)));
});

/**
 * The axis painted over and three labels written at their own prices, off any round step (a third
 * of a pitch below three of the labels), for the plain chart's close on its last bar: neither the
 * scale nor the close has a second piece of evidence.
 */
const threeLabelsOffStep = once(async () => {
  const c = await chart();
  const pitch = c.labelRows[1]! - c.labelRows[0]!;
  const rows = [1, 3, 5].map((i) => c.labelRows[i]! + pitch / 3);
  const labels = rows.map((y) => words(c.axisLeft + 5, y, c.priceAt(y).toFixed(3))).join('');
  return drawOver(c.image, c.hideLegend + hideAxis(c) + labels);
});

/**
 * The chart with its last-price tag, the labels under the tag painted over: the tag vouches for
 * the last close, but most of the series lies above the three labels left at the foot.
 */
const onlyFootLabels = once(async () => {
  const c = await chart();
  const { image } = await renderChart({ ...CHART, priceTag: true });
  return drawOver(image, hideLabels(c, c.labelRows.slice(1, 4)));
});

/**
 * A panel across the plot's lower part and its axis: the pane found ends above it, the labels run
 * on below. (Across the plot alone, between labels a pitch apart, it is a zone drawn over the
 * prices, inside the pane.)
 */
const panelAcrossPlot = once(async () => {
  const c = await chart();
  const { plot } = c.reading;
  const height = plot.bottom - plot.top;
  return drawOver(c.image, box(0, plot.top + height * 0.65, CHART.width, height * 0.16, '#d1d4dc'));
});

/**
 * A plotting library's figure: an oscillator pane under the price pane in one box (the series is
 * found only in the labels' pane), with a tag on the axis that no late bar reaches.
 */
const stackedPanesFarTag = once(async () => {
  const spec = chartSpecs(10, 40).find((s) => s.id.startsWith('chart-043'))!;
  const plainSpec = { ...spec, axisBorder: false, priceTag: false };
  const { image } = await renderChart(plainSpec);
  const stacked = await stackOscillatorPane(image, plainSpec, createRng(3));
  const reading = await readChart(stacked);
  const closes = reading.candles;
  const last = closes[closes.length - 1]!.close;
  const high = Math.max(...closes.map((k) => k.high));
  const low = Math.min(...closes.map((k) => k.low));
  const row = ((last - low > high - last ? low : high) - reading.scale.intercept) / reading.scale.slope;
  const left = Math.ceil(reading.plot.right) + 2;
  return drawOver(stacked, box(left, row - 9, spec.width - left, 18, spec.theme.up));
});

/**
 * MetaTrader's phone app with two charts stacked, the framed (active) one still empty: the other
 * chart reads, but it is not the one the trader is on.
 */
const framedChartEmpty = once(async () => {
  const spec = mtSpec(1, 2);
  const { image, truth } = await renderMetaTrader(spec);
  const c = truth.boxes.chart;
  return drawOver(image, box(c.x, c.y, c.w, c.h, spec.theme.background));
});

/**
 * A MetaTrader chart window over an oscillator's sub-window: its price pane's column read, the
 * next column tried is the oscillator's levels, a line as straight as prices make. (Phones and
 * terminals that showed the rule before, 31-69 and 32-31, now have their price panes' labels
 * taken: the tallest pane's, and the top pane's one label with its tags.)
 */
const oscillatorLevels = once(async () => (await renderMetaTrader(mtSpec(42, 52, { experts: 0.6 }))).image);

/**
 * A MetaTrader phone chart in landscape whose title line names gold beside the prices its axis
 * prints, a currency pair's: the price read is one the instrument named cannot have (as when a
 * label's decimal point is lost).
 */
const instrumentUnfit = once(
  async () =>
    (await renderMetaTrader({ ...mtSpec(2, 27), instrument: { symbol: 'XAUUSD', start: 0.8561, decimals: 4 } })).image,
);

/**
 * A MetaTrader chart window whose first line quotes a close a third of the bars' range away from
 * the last bar's: the quote line and the reading disagree.
 */
const quoteDisagrees = once(
  async () =>
    (
      await chartWithQuote(
        (t) => t.lastPrice - ((t.lastPrice - t.low > (t.high - t.low) / 2 ? 1 : -1) * (t.high - t.low)) / 3,
      )
    ).image,
);

/** A phone's price pinned at the axis's foot, out of view (a design render of the MetaTrader renderer). */
const pinnedTag = once(async () => (await renderMetaTrader(mtSpec(42, 43))).image);

const PICTURES: Record<RefusalRule, () => Promise<Buffer>> = {
  'decode/unreadable': async () => Buffer.from('This is a note about EURUSD, not a picture.'),
  'decode/unsupported-format': () => plain(400, 300).webp().toBuffer(),
  'decode/too-large': async () => pngClaiming(7000, 6000),
  'decode/damaged': truncatedPng,
  'decode/too-small': () => plain(120, 90).png().toBuffer(),
  'layout/no-chart-without-axis': () => renderNonChart('noise', 1),
  'layout/photograph': photographed,
  'layout/framed-chart-unread': framedChartEmpty,
  'layout/no-label-column': withoutAxis,
  'axis/no-scale': symbolsForLabels,
  'axis/labels-unreadable': shuffledLabels,
  'axis/labels-too-small': shuffledLabels,
  'axis/labels-huddled': huddledLabels,
  'bars/no-series': () => renderNonChart('document', 1),
  'axis/words-not-numbers': symbolsForLabels,
  'axis/numbers-beside-no-series': sparseBarsBesideShuffled,
  'axis/minority-on-line': minorityOnLine,
  'axis/table-column': tableColumn,
  'axis/oscillator-levels': oscillatorLevels,
  'bars/no-series-in-pane': () => renderNonChart('bar-chart', 1),
  'confidence/second-chance-unsure': stackedPanesFarTag,
  'last-price/tag-unreached': farTag,
  'last-price/marks-beside-last': boxBesideLatest,
  'last-price/last-bar-away': latestBarsHidden,
  'last-price/price-out-of-view': pinnedTag,
  'confidence/last-outside-labels': topLabelsHidden,
  'confidence/series-outside-labels': onlyFootLabels,
  'confidence/labels-past-plot': panelAcrossPlot,
  'confidence/scale-and-close-unconfirmed': threeLabelsOffStep,
  'confidence/prices-not-positive': balanceBelowZero,
  'confidence/instrument-unfit': instrumentUnfit,
  'confidence/quote-disagrees': quoteDisagrees,
};

/** The trace of reading a picture, answered or refused; each picture is read once. */
const traces = new Map<() => Promise<Buffer>, Promise<ReadingTrace>>();
function traceOf(picture: () => Promise<Buffer>): Promise<ReadingTrace> {
  let trace = traces.get(picture);
  if (!trace) {
    // The whole analysis: the instrument the chart names is weighed after the reading.
    trace = picture().then((image) =>
      analyzeChart(image, SETTINGS).then(
        (output) => output.trace,
        (error: unknown) => {
          if (error instanceof EngineError && error.trace) return error.trace;
          throw error;
        },
      ),
    );
    traces.set(picture, trace);
  }
  return trace;
}

const refusedIn = (trace: ReadingTrace): string[] =>
  trace.attempts.flatMap((a) => a.decisions.filter((d) => d.outcome === 'refused').map((d) => d.rule));

const RULES = Object.keys(REFUSAL_RULES) as RefusalRule[];
const SETTINGS = AnalysisSettingsSchema.parse({});

describe('refusal rules', () => {
  it.each(RULES)('%s tells the trader in plain words what to do', (rule) => {
    const { message } = REFUSAL_RULES[rule];
    // A sentence or more, ending with a full stop.
    expect(message).toMatch(/^[A-Z].*\.$/s);
    // No rule's id and no error code: those are for the trace and the logs.
    for (const other of RULES) {
      expect(message).not.toContain(other);
      expect(message).not.toContain(REFUSAL_RULES[other].code);
    }
  });

  it('has a picture for every rule, and no picture for a rule that is gone', () => {
    expect(Object.keys(PICTURES).sort()).toEqual([...RULES].sort());
  });

  it.each(RULES)(
    '%s is decided on its picture',
    async (rule) => {
      const picture = PICTURES[rule];
      expect(picture, `no picture for ${rule}`).toBeDefined();
      const trace = await traceOf(picture);
      expect(refusedIn(trace), JSON.stringify(trace.attempts.map((a) => [a.name, a.decisions]))).toContain(rule);
    },
    60_000,
  );
});

describe('a scale that runs below zero at its own labels', () => {
  it("is no market's prices, though every bar stands above zero: refused, with no trend said", async () => {
    const image = await balanceBelowZero();
    const error = await analyzeChart(image, SETTINGS).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(EngineError);
    const refused = error as EngineError;
    expect(refused.rule).toBe('confidence/prices-not-positive');
    const decision = refused.trace?.attempts.flatMap((a) => a.decisions).find((d) => d.outcome === 'refused');
    expect(decision?.weighed).toMatchObject({ below: 1 });
    expect((decision?.weighed as { lowest: number }).lowest).toBeGreaterThan(0);
    expect(refused.trend).toBeUndefined();
  }, 60_000);
});
