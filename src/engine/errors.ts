import type { SeriesKind } from './bars/series.js';
import type { ChartReading } from './reading.js';
import type { EngineErrorCode, Trend } from '../shared/analysis.js';
import type { EngineStage, ReadingTrace, Weighed } from '../shared/engine-trace.js';

/** Messages are shown to traders as they are, so they say what to do next in plain words. */
const GENERAL: Record<EngineErrorCode, string> = {
  NOT_A_CHART: "This image doesn't look like a price chart. Please upload a screenshot of a candlestick or bar chart.",
  AXIS_UNREADABLE:
    "We couldn't read the price scale on this chart. Please include the price axis with its numbers in the screenshot.",
  UNSURE_READING:
    "We couldn't read this chart reliably enough to give you prices. Please crop the screenshot to the chart and its price axis and try again.",
  INVALID_IMAGE: "We couldn't open this image. Please upload a PNG or JPEG screenshot.",
};

const AXIS_REASONS = {
  tooSmall:
    "The numbers on this chart's price axis are too small for us to read. Please upload a larger screenshot, or zoom in on the chart before you take it.",
  labelsUnreadable:
    "We found this chart's price axis but couldn't read its numbers. Please upload a sharper screenshot, without blur or heavy compression, with the price axis in it.",
} as const;

/** Why a reading was refused as unsure: each says what was seen and what the trader can do. */
export const UNSURE_REASONS = {
  tagDisagrees:
    "The price marked on the chart's price axis does not match the last candle we found, so we won't guess a price. Please crop the screenshot to the chart and its price axis, with the latest candle in view, and try again.",
  marksBesideLast:
    "Boxes on the chart's price axis next to the latest candles (your trade's levels, drawings or other marks) hide which price is the latest, so we won't guess it. Please hide trade levels and drawings, take the screenshot again with the chart's own price tag in view, and try again.",
  lastBarAway:
    'The last candle we found ends far from the price axis, so it may not be the latest one. Please scroll the chart to the latest candle, crop the screenshot to the chart and its price axis, and try again.',
  lastOutsideLabels:
    "The last candle we found lies outside the chart's price labels, perhaps in an indicator or volume panel, so we won't guess a price. Please crop the screenshot to the main price chart and its price axis, and try again.",
  seriesOutsideLabels:
    "Most of the chart lies outside the price labels we could read, so we can't be sure of its prices. Please crop the screenshot to the main price chart and its price axis, and try again.",
  pricesNotPositive:
    "The price scale we read runs to zero or below, so it can't be a market's prices and we won't guess one. Please crop the screenshot to the main price chart and its price axis, and try again.",
  framedChartUnread:
    "This screenshot shows several charts, and we couldn't read the selected one (the framed chart), so we won't give you another chart's prices. Please crop the screenshot to the chart you want and its price axis, and try again.",
  priceOutOfView:
    "The chart's price tag is pinned at the end of its price axis: the latest price is out of view, so the candles we can see don't show it. Please scroll or zoom the chart so the latest candle and its price tag are in view, and try again.",
  quoteDisagrees:
    "The chart's own price line at its top-left shows a different latest price from the one we read on its price axis, so we won't guess which is right. Please take the screenshot with the chart's own price tag in view, or set the last price yourself, and try again.",
  instrumentUnfit:
    "The chart names an instrument whose price can't be what we read from its price axis, so we won't guess a price. Please crop the screenshot to the main price chart and its price axis, with its numbers in view, and try again.",
  scaleAndCloseUnconfirmed:
    "Only three of the price labels we read fit one scale, and nothing on the chart's price axis marks the latest price, so we can't be sure of the price. Please take the screenshot with more of the price axis and the chart's own price tag in view, and try again.",
  labelsPastPlot:
    'The price labels we read run past the chart area we found, so part of the window may have been taken for the chart. Please crop the screenshot to the chart and its price axis, and try again.',
} as const;

interface RuleSpec {
  stage: EngineStage;
  code: EngineErrorCode;
  /** What the trader is told. */
  message: string;
}

const rule = (stage: EngineStage, code: EngineErrorCode, message = GENERAL[code]): RuleSpec => ({
  stage,
  code,
  message,
});

/**
 * Every decision that can refuse a reading, by its stable rule id (`stage/what`). The id is what
 * the trace, the server's log, the admin pages and the command line's error lines carry; the
 * trader is told the rule's message. docs/engine.md says where each is decided.
 */
export const REFUSAL_RULES = {
  'decode/unreadable': rule('decode', 'INVALID_IMAGE'),
  'decode/unsupported-format': rule('decode', 'INVALID_IMAGE'),
  'decode/too-large': rule('decode', 'INVALID_IMAGE'),
  'decode/damaged': rule('decode', 'INVALID_IMAGE'),
  'decode/too-small': rule('decode', 'NOT_A_CHART'),
  /** No column of number-like words, and no clearly regular series in the whole picture. */
  'layout/no-chart-without-axis': rule('layout', 'NOT_A_CHART'),
  /** No readable axis, and the picture is texture rather than a platform's flat paint. */
  'layout/photograph': rule('layout', 'NOT_A_CHART'),
  /** Several charts on the screen; the framed one (the active one) was not read, and no other is read instead. */
  'layout/framed-chart-unread': rule('layout', 'UNSURE_READING', UNSURE_REASONS.framedChartUnread),
  /** A clear series, but no column of number-like words beside it. */
  'layout/no-label-column': rule('layout', 'AXIS_UNREADABLE'),
  /** A clear series, but no column of words tried made a price scale. */
  'axis/no-scale': rule('axis', 'AXIS_UNREADABLE'),
  /** Labels found but not read into a scale, beside a clear series. */
  'axis/labels-unreadable': rule('axis', 'AXIS_UNREADABLE', AXIS_REASONS.labelsUnreadable),
  /** The same, at twice the size too: the digits are too small. */
  'axis/labels-too-small': rule('axis', 'AXIS_UNREADABLE', AXIS_REASONS.tooSmall),
  /** The fitted labels huddle in a corner of the plot: a table's column, not the axis. */
  'axis/labels-huddled': rule('axis', 'AXIS_UNREADABLE'),
  /** No series in the plot, and no scale to seek one within. */
  'bars/no-series': rule('bars', 'NOT_A_CHART'),
  /*
   * A column of words that made no price scale: the attempt ends, and the next column is tried.
   * A reading ends in one of these only through `layout/...` or `axis/no-scale` (read-chart.ts).
   */
  /** Words that read as fewer than three numbers (a column of symbols, of dates). */
  'axis/words-not-numbers': rule('axis', 'AXIS_UNREADABLE'),
  /** Numbers that make no scale beside a series that is not clearly one (text, a table). */
  'axis/numbers-beside-no-series': rule('axis', 'NOT_A_CHART'),
  /** A line through a minority of the labels read, off the round steps or through three only. */
  'axis/minority-on-line': rule('axis', 'AXIS_UNREADABLE'),
  /** A minority on the line, printed alike, going up and down: a table's column of numbers. */
  'axis/table-column': rule('axis', 'AXIS_UNREADABLE'),
  /** Labels that are only an oscillator's levels on uneven steps (100, 80, 20, 0): a sub-window's, not the prices'. */
  'axis/oscillator-levels': rule('axis', 'AXIS_UNREADABLE'),
  /** No series in the plot, in the labels' pane, nor as a tagged dense track. */
  'bars/no-series-in-pane': rule('bars', 'NOT_A_CHART'),
  /** A series found only within the labels' pane, whose reading cannot stand. */
  'confidence/second-chance-unsure': rule('confidence', 'NOT_A_CHART'),
  'last-price/tag-unreached': rule('last-price', 'UNSURE_READING', UNSURE_REASONS.tagDisagrees),
  'last-price/marks-beside-last': rule('last-price', 'UNSURE_READING', UNSURE_REASONS.marksBesideLast),
  'last-price/last-bar-away': rule('last-price', 'UNSURE_READING', UNSURE_REASONS.lastBarAway),
  /**
   * A price printed at an end of the axis lies past that end on the scale: a tag pinned there, its
   * price out of view (a label read there, `priceOutOfView`; or the box the close was read from,
   * `read-chart.ts` `answer`).
   */
  'last-price/price-out-of-view': rule('last-price', 'UNSURE_READING', UNSURE_REASONS.priceOutOfView),
  'confidence/last-outside-labels': rule('confidence', 'UNSURE_READING', UNSURE_REASONS.lastOutsideLabels),
  'confidence/series-outside-labels': rule('confidence', 'UNSURE_READING', UNSURE_REASONS.seriesOutsideLabels),
  'confidence/labels-past-plot': rule('confidence', 'UNSURE_READING', UNSURE_REASONS.labelsPastPlot),
  'confidence/scale-and-close-unconfirmed': rule(
    'confidence',
    'UNSURE_READING',
    UNSURE_REASONS.scaleAndCloseUnconfirmed,
  ),
  /** The chart names one listed instrument, and the last price read is outside its prices. */
  'confidence/instrument-unfit': rule('confidence', 'UNSURE_READING', UNSURE_REASONS.instrumentUnfit),
  /** The chart's quote line (symbol, open, high, low, close) gives another close than the last price read. */
  'confidence/quote-disagrees': rule('confidence', 'UNSURE_READING', UNSURE_REASONS.quoteDisagrees),
  /** The scale fitted puts the candles, or its own labels, at zero or below: no market's prices. */
  'confidence/prices-not-positive': rule('confidence', 'UNSURE_READING', UNSURE_REASONS.pricesNotPositive),
} as const satisfies Record<string, RuleSpec>;

export type RefusalRule = keyof typeof REFUSAL_RULES;

/**
 * Rules that refuse for a column of words that made no price scale: they do not speak for the
 * picture being a chart, so another column's refusal is preferred to theirs (read-chart.ts).
 */
export const NO_SCALE_RULES: ReadonlySet<RefusalRule> = new Set<RefusalRule>([
  'axis/words-not-numbers',
  'axis/numbers-beside-no-series',
  'axis/minority-on-line',
  'axis/table-column',
  'axis/oscillator-levels',
]);

/** A bar seen on a chart whose prices were not read, in image rows (a row grows downward). */
export interface SeenBar {
  open: number;
  high: number;
  low: number;
  close: number;
}

/** The bars of a chart whose prices were refused, in the picture's own pixels: what a trader's scale can price (correction.ts). */
export interface CorrectableBars {
  rows: SeenBar[];
  kind: SeriesKind;
  plot: { left: number; top: number; right: number; bottom: number };
  image: { width: number; height: number };
  /** Values of the labels OCR read on the axis (fitted or not), for the trader's figures to be checked against. */
  labels: number[];
  /** The scale the engine fitted, where it fitted one before doubting the reading. */
  scale?: { slope: number; intercept: number; precision: number };
}

export class EngineError extends Error {
  readonly code: EngineErrorCode;
  /** The decision that refused (a key of REFUSAL_RULES). */
  readonly rule: RefusalRule;
  /** The figures that decided, with the rule's threshold where it has one. */
  readonly weighed: Weighed;
  /**
   * The chart's bars, where a series was found before the prices were refused (no readable axis,
   * or evidence against the price read): what was seen, without a scale.
   */
  seen?: SeenBar[];
  /**
   * The bars found before the prices were refused, in the picture's pixels, for a scale the trader
   * sets (any refusal of a found series' prices, unlike `seen`, which only trusted bars keep).
   */
  bars?: CorrectableBars;
  /**
   * The reading refused, where its evidence doubts only the last price (`doubtsLastPriceOnly`):
   * the chart's own quote line may still confirm it (analyzeChart).
   */
  doubted?: ChartReading;
  /** The trend of the bars seen (analyzeChart sets it): the direction needs no prices. */
  trend?: Trend;
  /** Every attempt of the reading that ended in this refusal (readChart sets it). */
  trace?: ReadingTrace;

  constructor(refusal: RefusalRule, weighed: Weighed = {}) {
    const spec = REFUSAL_RULES[refusal];
    super(spec.message);
    this.name = 'EngineError';
    this.code = spec.code;
    this.rule = refusal;
    this.weighed = weighed;
  }

  get stage(): EngineStage {
    return REFUSAL_RULES[this.rule].stage;
  }
}

export const isRefusalRule = (id: string): id is RefusalRule => Object.hasOwn(REFUSAL_RULES, id);
