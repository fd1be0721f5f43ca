/**
 * Where a price may lie on a chart, which numbers in a sentence are prices, and which distances
 * in pips or points are too long for it. The server uses these to check a model's levels and
 * prose against what the engine read; the engine's own results are held to the same band by a
 * test over the fixture sets.
 */

/** The chart as read: candle extremes, and the price scale with the plot box when there is one. */
export interface ChartRange {
  high: number;
  low: number;
  lastPrice: number;
  scale: { slope: number; intercept: number } | null;
  plot: { top: number; bottom: number };
}

/** Share of the visible range a price may lie beyond it (a stop or a target just off screen). */
export const RANGE_MARGIN = 0.5;

export interface PriceBand {
  /** The prices the plot shows, top to bottom (the candles' extremes when no scale is known). */
  visibleLow: number;
  visibleHigh: number;
  /** The band with its margin: any price shown must lie in it. */
  low: number;
  high: number;
}

export function priceBand(chart: ChartRange, margin = RANGE_MARGIN): PriceBand {
  let visibleLow = chart.low;
  let visibleHigh = chart.high;
  if (chart.scale) {
    const atTop = chart.scale.slope * chart.plot.top + chart.scale.intercept;
    const atBottom = chart.scale.slope * chart.plot.bottom + chart.scale.intercept;
    visibleLow = Math.min(visibleLow, atTop, atBottom);
    visibleHigh = Math.max(visibleHigh, atTop, atBottom);
  }
  const span = Math.max(visibleHigh - visibleLow, Math.abs(chart.lastPrice) * 1e-4);
  return { visibleLow, visibleHigh, low: visibleLow - span * margin, high: visibleHigh + span * margin };
}

export const inBand = (value: number, band: PriceBand): boolean => value >= band.low && value <= band.high;

/**
 * Words after a number that make it a count, a share, an amount or a distance ('1.074 above the
 * entry': the engine states a stop's distance in price units when the instrument is unknown)
 * rather than a price.
 */
const NOT_A_PRICE_AFTER =
  /^\s*(?:%|percent|pips?\b|points?\b|(?:visible\s+)?candles?\b|-candle|bars?\b|-bar|lots?\b|times\b|x\b|×|usd\b|dollars?\b|units?\b|troy\b|oz\b|ounces?\b|days?\b|hours?\b|minutes?\b|weeks?\b|months?\b|sessions?\b|rr\b|r:r|to\s+1\b|:\s*\d|(?:above|below)\s+(?:the\s+entry|it)\b)/i;
const CURRENCY_AFTER = /^\s*(?:usd\b|dollars?\b)/i;
const CURRENCY_BEFORE = /(?:\$|USD\s?)$/i;
/** Within a factor of two of the chart's price: an amount of money that size would be a price. */
const nearPrice = (value: number, reference: number): boolean =>
  reference > 0 && value >= reference / 2 && value <= reference * 2;

/** Marks before a number that make it an amount or a ratio. */
const NOT_A_PRICE_BEFORE = /(?:\$|USD\s?|R²\s?|R2\s?|1:|\d:|#)$/i;

/**
 * An oscillator named just before a number ('RSI is at 28.5', 'Stochastic at 18.2', 'ADX of
 * 25.3', 'RSI(14) = 71'): its reading, not a price. Only linking words may stand between, so
 * 'RSI divergence, target 243.9' still has its price checked.
 */
const INDICATOR_BEFORE =
  /\b(?:RSI|stoch(?:astic)?s?|%[KD]|ADX|[+-]?DI|CCI|MFI|williams(?:\s*%R)?|%R)(?:\s*\(\d+\))?(?:\s+(?:is|was|at|of|near|around|reads|reading|value|level|currently|now|stands|sits))*\s*[:=]?\s*$/i;
/** A period after a number ('the 200 EMA', '50-period'): a length, not a price. */
const PERIOD_AFTER = /^\s*[- ]?(?:EMA|SMA|MA|WMA|period|day|bar|candle)s?\b/i;

/** A number as written in prose: plain, or with thousands separators, not glued to letters. */
const NUMBER = /(?<![\w.])(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?![\w])/g;

/**
 * How far from the chart's price a number may be and still be taken for a price: one order of
 * magnitude either way. Prices are written at the chart's own scale; a number ten times larger or
 * smaller is an indicator value, a volume or a distance in price units. A model's invented price
 * at several times the chart's (6.50 on a 1.08 chart) is inside this window, so it is checked.
 */
export const PRICE_MAGNITUDE = 10;

/**
 * The numbers in a text that may be prices on a chart trading near `reference`: numbers with a
 * decimal point, or of at least 100, within a factor of PRICE_MAGNITUDE of it, that are not
 * followed by a unit (pips, %, candles, lots...) or preceded by a currency or ratio mark, and are
 * not glued to letters (4h, US30, 2nd).
 */
export function priceMentions(text: string, reference: number): number[] {
  const found: number[] = [];
  for (const match of text.matchAll(NUMBER)) {
    const raw = match[1] ?? '';
    const start = match.index ?? 0;
    const end = start + match[0].length;
    const after = text.slice(end, end + 16);
    const before = text.slice(Math.max(0, start - 4), start);
    const leadIn = text.slice(Math.max(0, start - 48), start);
    if (INDICATOR_BEFORE.test(leadIn) || PERIOD_AFTER.test(after)) continue;
    if (after.startsWith('.') && /^\.\d/.test(after)) continue;
    const value = Number(raw.replace(/,/g, ''));
    if (!Number.isFinite(value) || value <= 0) continue;
    // A price written as money ('$2,700', '95,000 USD' on a gold or bitcoin chart) is still a
    // price: near the chart's own price, a currency mark does not make a number an amount.
    const asMoney = (CURRENCY_AFTER.test(after) || CURRENCY_BEFORE.test(before)) && nearPrice(value, reference);
    if (!asMoney && (NOT_A_PRICE_AFTER.test(after) || NOT_A_PRICE_BEFORE.test(before))) continue;
    if (!raw.includes('.') && value < 100) continue;
    if (reference > 0 && (value < reference / PRICE_MAGNITUDE || value > reference * PRICE_MAGNITUDE)) continue;
    found.push(value);
  }
  return found;
}

const DISTANCE_UNIT = /^\s*(pips?|points?)\b/i;

/**
 * How far a distance written in pips or points may reach: this many times the chart's visible
 * range. A stop or a target lies on or near the chart; '3000 pips' on a chart showing 100 is
 * an invented number, whatever it is a distance of.
 */
export const DISTANCE_RANGE_FACTOR = 3;

/** The sizes a distance is counted in on this chart: its pip, and its point (the smallest price step). */
export interface DistanceUnits {
  pipSize: number;
  /** One step of the last decimal the chart's prices are written with (MetaTrader's 'point'). */
  pointSize: number;
}

/**
 * The distances in `text` ('30 pips', '1,500 points') longer than DISTANCE_RANGE_FACTOR times the
 * band's visible range. Points are counted at the smaller of the chart's point and pip, so a
 * reading of 'points' as index points or as fractions of a pip is never held against the text.
 */
export function distancesTooLong(text: string, band: PriceBand, units: DistanceUnits): number[] {
  const visible = band.visibleHigh - band.visibleLow;
  if (!(visible > 0) || !(units.pipSize > 0)) return [];
  const found: number[] = [];
  for (const match of text.matchAll(NUMBER)) {
    const end = (match.index ?? 0) + match[0].length;
    const unit = DISTANCE_UNIT.exec(text.slice(end, end + 10))?.[1]?.toLowerCase();
    if (!unit) continue;
    const value = Number((match[1] ?? '').replace(/,/g, ''));
    const size = unit.startsWith('pip') ? units.pipSize : Math.min(units.pipSize, units.pointSize > 0 ? units.pointSize : units.pipSize);
    if (Number.isFinite(value) && value * size > visible * DISTANCE_RANGE_FACTOR) found.push(value);
  }
  return found;
}

/** The prices in `text` that fall outside the band. */
export const pricesOutside = (text: string, band: PriceBand, reference: number): number[] =>
  priceMentions(text, reference).filter((v) => !inBand(v, band));

/** Sentences, keeping their end marks; the point of a decimal such as 1.0850 ends nothing. */
export const splitSentences = (text: string): string[] =>
  text
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter(Boolean);

/** Every price a result shows: its three levels, and the prices in its text and reasons. */
export function pricesShown(
  result: { entryPoint: string; stopLoss: string; takeProfit: string; analysis: string; decisionRationales: string[] },
  reference: number,
): { where: string; value: number }[] {
  return [
    { where: 'entry', value: Number(result.entryPoint) },
    { where: 'stop loss', value: Number(result.stopLoss) },
    { where: 'take profit', value: Number(result.takeProfit) },
    ...priceMentions(result.analysis, reference).map((value) => ({ where: 'analysis', value })),
    ...result.decisionRationales.flatMap((text, i) => priceMentions(text, reference).map((value) => ({ where: `reason ${i + 1}`, value }))),
  ];
}
