/**
 * The chart's own quote: MetaTrader writes the latest bar's open, high, low and close after the
 * symbol in the plot's first line ('EURUSD,H1  1.08412 1.08455 1.08390 1.08431'), and other
 * platforms write a legend like it. Read on its own, it is evidence the axis and the bars never
 * saw: a close the reading does not agree with means the reading took another line, tag or pane
 * for the last price.
 */
import { PSM, type RecognizeOptions } from 'tesseract.js';
import { readText } from '../axis/index.js';
import type { Box } from '../raster.js';
import { ocrImage } from './ocr-image.js';
import { symbolsInText } from './match-symbol.js';

/** The quote line's strip: from this many text heights above the plot's top ... */
const QUOTE_ABOVE = 0.5;
/** ... to this many below it (the first line, and a second where a one-click panel pushes it down). */
const QUOTE_BELOW = 3;
/** ... and over this many text heights from the plot's left edge (a quote line is some 35 long) ... */
const QUOTE_WIDTH = 45;
/**
 * ... or this many, read again where the first strip ends a quote short or starts a legend (a
 * legend that labels its prices and writes the bar's time and volume beside them is some 70 long).
 */
const QUOTE_WIDE = 80;
/**
 * The strip is read at the size where its text is this many pixels high (24 found three more
 * quotes of 132 on the MetaTrader renders, for 40% more time) ...
 */
const QUOTE_OCR_TEXT_PX = 18;
/** ... zoomed by no more than this. */
const QUOTE_MAX_ZOOM = 3;

export interface Quote {
  open: number;
  high: number;
  low: number;
  /** Null where the line ends before it (run under the axis's label, cut at the plot's edge). */
  close: number | null;
  /**
   * Where the close lies: the close itself; the prices its first digits allow where the rest is
   * cut off ('0.661' of '0.66106'), within the bar's low and high; else the bar's low to high.
   */
  closeRange: [number, number];
  /** Digits after the decimal point, the same in all four. */
  decimals: number;
  /**
   * A legend's figures, each after its label ('Open: 1.08614 High: ...', 'O1.08614 H...'): of the
   * bar it shows, the latest or the one a crosshair points at (`quoteSpansBar`).
   */
  legend?: true;
}

/**
 * Where the quote line is written: the plot's first lines of text (`textHeight`: the axis labels'
 * text height), across the plot to `width` text heights from its left edge. Full-image pixels.
 */
export function quoteRegion(
  image: { width: number; height: number },
  plot: Box,
  textHeight: number,
  width = QUOTE_WIDTH,
): Box {
  const left = Math.max(0, Math.round(plot.left));
  const top = Math.max(0, Math.round(plot.top - QUOTE_ABOVE * textHeight));
  // A phone writes the line across the whole plot and on into the axis's column.
  const right = Math.min(image.width, Math.round(plot.left + width * textHeight));
  const bottom = Math.min(image.height, Math.round(plot.top + QUOTE_BELOW * textHeight));
  return { left, top, right: Math.max(right, left + 1), bottom: Math.max(bottom, top + 1) };
}

/** A price in a line of text; `joined` where it ran into the next number ('189.043192.000'). */
interface Price {
  text: string;
  decimals: number;
  joined: boolean;
}

/**
 * The prices in a line of text. A phone writes the quote line on into the axis's column, and the
 * close can run into the label there ('189.043192.000'): a number with two points is a price with
 * the first's decimals, then the label. OCR can lose the lone zero before a point ('.8576' among
 * '0.8571 0.8558'): where every other price's whole part is a zero, it is put back.
 */
function pricesIn(line: string): Price[] {
  // OCR can read a space after a point ('0. 66029').
  const joined = line.replace(/(\d)\. (?=\d)/g, '$1.');
  const tokens = [...joined.matchAll(/(?<![\d.])\d*\.?\d+(?:\.\d+)?(?![\d.])/g)].map((m) => m[0].split('.'));
  const pointed = tokens.filter((parts) => parts.length === 2 && parts[0] !== '');
  const wholes = tokens
    .filter((parts) => parts.length > 1)
    .map(([whole = '']) => whole)
    .filter((whole) => whole !== '');
  const zero = wholes.length > 0 && wholes.every((whole) => whole === '0');
  const decimals = pointed[0]?.[1]?.length ?? 0;
  // A price whose point OCR lost ('150963' among '151.426 150.953'): where every price with a
  // point has the same whole and decimal digits, a run of digits as long is one, pointed the same.
  const shape = pointed.every(([w = '', f = '']) => w.length === pointed[0]![0]!.length && f.length === decimals)
    ? (pointed[0]?.[0]?.length ?? 0)
    : 0;
  const numbers = tokens.flatMap((parts) => {
    if (parts.length > 1) return [parts];
    const digits = parts[0] ?? '';
    return shape > 0 && decimals > 0 && digits.length === shape + decimals
      ? [[digits.slice(0, shape), digits.slice(shape)]]
      : [];
  });
  return numbers.flatMap(([whole = '', fraction = '', label]) => {
    if (whole === '' && !zero) return [];
    const cut = label !== undefined && fraction.length > decimals ? fraction.slice(0, decimals) : fraction;
    return [{ text: `${whole || '0'}.${cut}`, decimals: cut.length, joined: label !== undefined }];
  });
}

/**
 * The quote in a line of text: a listed symbol, then four prices with the same decimals whose high
 * is the highest and low the lowest (an axis label read on the same line may follow them, or run
 * into the close); or a legend's open, high, low and close, each after its label, with or without
 * a symbol (`legend`). Where the close is cut short or missing (a phone's line runs under the axis's
 * tag), the open, high and low still bound it: a quote without its close. Null where the text
 * holds no such line.
 */
export function quoteInText(text: string): Quote | null {
  for (const line of text.split('\n')) {
    const labelled = legendIn(line);
    if (symbolsInText(line).length !== 1 && !labelled) continue;
    const prices = labelled ? pricesIn(labelled.text).slice(0, labelled.closed ? 4 : 3) : pricesIn(line).slice(0, 4);
    const quote = quoteOf(prices);
    if (quote) return labelled ? { ...quote, legend: true } : quote;
  }
  return null;
}

const PRICE_TEXT = String.raw`\d*[.,]?\d+`;
/**
 * A legend's open, high and low, each after its label (a word or its first letter, a colon or
 * none; OCR reads TradingView's 'O' glued to its price as a zero).
 */
const LEGEND = new RegExp(
  String.raw`(?<![a-z\d.])(?:open|o|0(?=\d))\s*:?\s*${PRICE_TEXT}\s+(?:high|h)\s*:?\s*${PRICE_TEXT}\s+(?:low|l)\s*:?\s*${PRICE_TEXT}`,
  'i',
);
/** A legend's open and the label of its high: the start of a legend the strip may cut short. */
const LEGEND_START = new RegExp(
  String.raw`(?<![a-z\d.])(?:open|o|0(?=\d))\s*:?\s*${PRICE_TEXT}\s+(?:high|h)(?![a-z])`,
  'i',
);
/** A legend's close after its label, straight after the low, where the line goes on that far. */
const LEGEND_CLOSE = new RegExp(String.raw`^\s+(?:close|c)\s*:?\s*${PRICE_TEXT}`, 'i');

/**
 * The labelled prices of a legend in a line of text, from its open on, and whether its close is
 * labelled too (else a volume's or a change's figure after the low is no close); null where the
 * line labels no open, high and low in that order.
 */
function legendIn(line: string): { text: string; closed: boolean } | null {
  const found = LEGEND.exec(line);
  if (!found) return null;
  const rest = line.slice(found.index + found[0].length);
  const close = LEGEND_CLOSE.exec(rest);
  const text = found[0] + (close?.[0] ?? '');
  // A locale's decimal comma ('O4414,466 H4436,150'), where no price has a point.
  return { text: text.includes('.') ? text : text.replaceAll(',', '.'), closed: close !== null };
}

/**
 * The quote in a line's first prices: an open, a high and a low with the same decimals, in order,
 * then the close with them (within the bar), cut short, or missing.
 */
function quoteOf(numbers: Price[]): Quote | null {
  const [first, second, third, fourth] = numbers;
  if (!first || !second || !third) return null;
  const decimals = first.decimals;
  if ([second, third].some((m) => m.decimals !== decimals)) return null;
  const [open, high, low] = [first, second, third].map((m) => Number(m.text)) as [number, number, number];
  if (high < Math.max(open, low) || low > open) return null;
  const close = fourth?.decimals === decimals ? Number(fourth.text) : null;
  if (close !== null) {
    return close <= high && close >= low ? { open, high, low, close, closeRange: [close, close], decimals } : null;
  }
  return { open, high, low, close, closeRange: cutClose(fourth, decimals, [low, high]), decimals };
}

/**
 * The prices a close cut short can be: '0.661' of a five-decimal quote is 0.66100 to 0.66199,
 * within the bar's low and high. A cut that leaves them no price, or one run into a label with
 * fewer decimals than the quote's ('1.084.31'), is a misread: the bar's range.
 */
function cutClose(cut: Price | undefined, decimals: number, [low, high]: [number, number]): [number, number] {
  if (!cut || cut.joined || cut.decimals >= decimals) return [low, high];
  const from = Math.max(low, Number(cut.text));
  const to = Math.min(high, Number(cut.text) + 10 ** -cut.decimals);
  return from <= to ? [from, to] : [low, high];
}

/** Reads the quote line of the chart whose plot is `plot` (full-image pixels). Never throws. */
export async function readQuote(
  image: Buffer,
  size: { width: number; height: number },
  plot: Box,
  textHeight: number,
): Promise<{ quote: Quote | null; text: string }> {
  const narrow = quoteRegion(size, plot, textHeight);
  const first = await readStrip(image, narrow, textHeight);
  // Read on where the strip ends a quote short (its close cut off) or starts a legend.
  const cutShort = first.quote !== null && first.quote.close === null;
  const legendStarts = first.quote === null && LEGEND_START.test(first.text);
  const wide = quoteRegion(size, plot, textHeight, QUOTE_WIDE);
  if (!(cutShort || legendStarts) || wide.right <= narrow.right) return first;
  const again = await readStrip(image, wide, textHeight);
  return again.quote ? again : first;
}

/** The strip `region` read by OCR at the quote's text size, and the quote in it. Never throws. */
async function readStrip(
  image: Buffer,
  region: Box,
  textHeight: number,
): Promise<{ quote: Quote | null; text: string }> {
  try {
    const zoom = Math.min(QUOTE_MAX_ZOOM, Math.max(1, QUOTE_OCR_TEXT_PX / textHeight));
    const picture = await ocrImage(image, region, zoom);
    const options = {
      tessedit_char_whitelist: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789.,:() ',
      tessedit_pageseg_mode: PSM.SPARSE_TEXT,
      debug_file: '/dev/null',
    } as unknown as Partial<RecognizeOptions>;
    const text = await readText(picture, options);
    return { quote: quoteInText(text), text };
  } catch {
    return { quote: null, text: '' };
  }
}

/** A quote's close and the last price read differ by more than this share of the bars' range. */
export const QUOTE_AGREES = 0.02;
/**
 * The last bar read is the quote's bar where its high, its low and an end of its body each lie
 * within this share of the bars' range of the quote's prices (a pixel or two on a chart a few
 * hundred pixels tall).
 */
export const QUOTE_BAR_MATCH = 0.01;

/**
 * Whether the last bar read is the bar the quote prints: its high and low where the quote's are
 * on the scale, and its open (an end of its body, from its own pixels) at the quote's open or
 * close. Then the bars, the scale and the quote's figures are the chart's, and a close read
 * elsewhere (an order's tag, an object's label within the bar's range) is not: the quote's close
 * is the bar's. A close the quote misread has only the high and low to agree with.
 */
export function quoteBarMatches(
  quote: Quote,
  last: { open: number; high: number; low: number },
  bars: { barsHigh: number; barsLow: number },
): boolean {
  if (quote.close === null || quote.close < quote.low || quote.close > quote.high) return false;
  const at = nearOnBars(bars);
  return quoteSpansBar(quote, last, bars) && (at(last.open, quote.open) || at(last.open, quote.close));
}

/**
 * Whether the last bar read runs from the quote's low to its high (within `QUOTE_BAR_MATCH` of the
 * bars' range each). A legend shows the bar a crosshair points at as readily as the latest: only
 * where it spans the last bar read are its figures the last bar's.
 */
export function quoteSpansBar(
  quote: Quote,
  last: { high: number; low: number },
  bars: { barsHigh: number; barsLow: number },
): boolean {
  const at = nearOnBars(bars);
  return at(last.high, quote.high) && at(last.low, quote.low);
}

/** Whether a price read and a price printed lie within `QUOTE_BAR_MATCH` of the bars' range. */
function nearOnBars(bars: { barsHigh: number; barsLow: number }): (read: number, printed: number) => boolean {
  const range = bars.barsHigh - bars.barsLow;
  return (read, printed) => range > 0 && Math.abs(read - printed) <= range * QUOTE_BAR_MATCH;
}
/**
 * Whether the quote speaks for this reading: all its prices within the picture's prices (the
 * scale's at its top and bottom rows; else it is a misread, or the live bar's of a chart scrolled
 * back, whose price is out of view), and then how far the last price read is from where its close
 * lies, as a share of the bars' range.
 */
export function quoteGap(
  quote: Quote,
  reading: { lastClose: number; barsHigh: number; barsLow: number; viewHigh: number; viewLow: number },
): number | null {
  const inView = (v: number): boolean => v <= reading.viewHigh && v >= reading.viewLow;
  if (![quote.open, quote.high, quote.low, ...quote.closeRange].every(inView)) return null;
  const range = reading.barsHigh - reading.barsLow;
  const [from, to] = quote.closeRange;
  const off = Math.max(0, from - reading.lastClose, reading.lastClose - to);
  return range > 0 ? off / range : null;
}
