/**
 * The last-price stage's entry: the bars as the bars stage found them, and the check of their
 * end against the series' tags → which trailing pieces it sets aside, the close it reads and
 * where from, and the evidence of the margin past the last bar. It never changes the bars it is
 * given: `settle` makes the series the rest of the pipeline reads from both results.
 */
import type { CandleDetection, PixelCandle } from '../bars/index.js';
import type { ReadingEvidence } from '../confidence/index.js';
import { unconfirmed } from '../confidence/index.js';
import type { Box, Raster, Rgb } from '../raster.js';
import { lineLabel } from './line-label.js';
import { marginInk } from './margin.js';
import { applyRightEdge } from './right-edge.js';
import {
  applyLastPriceTag,
  applyLoneBox,
  applyPriceLine,
  applyTextTag,
  axisBoxes,
  boxesAt,
  closeAt,
  lineTagBeforeObjects,
  unexplainedMarks,
  type Tag,
  type TagCheck,
} from './tags.js';

export interface LastPriceInput {
  work: Raster;
  /** The image's background and the plot's. */
  bg: Rgb;
  plotBg: Rgb;
  /** The axis's strip and its label boxes (work pixels). */
  strip: Box;
  labels: Box[];
  plot: Box;
  labelHeight: number;
  bars: Readonly<CandleDetection>;
  tagCheck: TagCheck;
  /** The boxes on the axis beside the plot, as the bars stage scanned them. */
  scanned: readonly Tag[];
}

export interface LastPriceReading {
  /** Trailing pieces past the bar that reaches the series' tag: objects at the plot's edge. */
  setAside: number;
  /** The last close's row (work pixels), where a mark on the chart set it; null: the bar's own. */
  close: number | null;
  source: ReadingEvidence['lastSource'];
  /** Boxes on the axis beside the latest bars that an unconfirmed last close leaves unexplained. */
  unexplained: number;
  /** Ink past the last bar where later bars would be (`marginInk`). */
  marginInk: number;
  /** Whether a box on the axis stands at the last close (the platform's mark of the last price). */
  closeMarked: boolean;
  /**
   * The box on the axis the last close was read from (a tag, a lone box), or else the one box that
   * stands at the close read, work pixels; null where there is none.
   */
  mark: Tag | null;
}

const copyOf = (c: PixelCandle): PixelCandle => ({ x: c.x, open: c.open, high: c.high, low: c.low, close: c.close });

/**
 * The last close: the series' own tag on the axis, a tag drawn as text, the price line, the one
 * box on the axis in the last bar's range, the bar's rightmost short run, or else the bar's own
 * close. Pieces past the bar that reaches the series' tag are set aside, and an object's label
 * past the bar a box marks (line-label.ts).
 */
export function readLastPrice(input: LastPriceInput): LastPriceReading {
  const { work, bg, plotBg, strip, labels, plot, labelHeight, bars, tagCheck, scanned } = input;
  const { colours, lines } = bars;
  // The marks' finders move the last bar's close on a copy; the bars stage's bars stay as found.
  let candles = bars.candles.slice(0, bars.candles.length - tagCheck.trimmed).map(copyOf);
  let setAside = tagCheck.trimmed;
  let source: ReadingEvidence['lastSource'] = 'bar';
  let mark = applyLastPriceTag(work, bg, plotBg, strip, plot, candles, labelHeight, colours, scanned, lines);
  if (mark) source = 'tag';
  else if (applyTextTag(work, bg, candles, labels, labelHeight)) source = 'text-tag';
  else if (
    applyPriceLine(
      work,
      plotBg,
      candles,
      lines,
      labelHeight,
      colours,
      axisBoxes(work, bg, strip, plot, lines, labelHeight, scanned),
    )
  )
    source = 'price-line';
  else {
    // A box of two lines (the price over the bar's countdown) is the platform's last-price tag,
    // whatever its colour: it says the bar that reaches it is the latest.
    const box = applyLoneBox(work, bg, strip, plot, candles, lines, labelHeight, scanned);
    // A series' tag that no late bar reaches is the bars stage's verdict: no label explains it away.
    const boxes =
      box || tagCheck.verdict === 'contradicts' ? null : axisBoxes(work, bg, strip, plot, lines, labelHeight, scanned);
    const label = boxes && lineLabel(candles, lines, boxes, labelHeight);
    // Objects past the bar a price line's tag marks (a label, a title's letters): set aside.
    const past = label ?? (boxes && lineTagBeforeObjects(candles, boxes, lines, labelHeight));
    mark = box ?? past?.box ?? null;
    if (box) source = box.lines === 2 ? 'tag' : 'box';
    else if (past) {
      // Objects past the series: their pieces are set aside, the box at the bar before them is the close.
      candles = candles.slice(0, -past.pieces);
      setAside += past.pieces;
      closeAt(candles[candles.length - 1]!, past.box.y);
      source = 'box';
    } else if (applyRightEdge(work, plotBg, candles, colours, plot.right)) source = 'right-edge';
  }
  const after = candles[candles.length - 1]?.close;
  const fromBar = source === 'bar' || source === 'right-edge';
  const atClose = after !== undefined ? boxesAt(scanned, after, labelHeight) : [];
  const closeMarked = atClose.length > 0;
  // A close read from a line or a bar with one box at it: the box prints the price too.
  if (!mark && atClose.length === 1) mark = atClose[0] ?? null;
  return {
    setAside,
    // Each finder that names a source has closed the last bar at its mark.
    close: source === 'bar' || after === undefined ? null : after,
    source,
    unexplained: fromBar
      ? unexplainedMarks(work, bg, strip, plot, candles, lines, labelHeight, scanned, closeMarked)
      : 0,
    marginInk: unconfirmed(source) ? marginInk(work, plot, plotBg, candles, lines) : 0,
    closeMarked,
    mark,
  };
}

/** The series as read: the bars stage's bars, less those set aside, the last closing where the last-price stage read. */
export function settle(bars: Readonly<CandleDetection>, last: LastPriceReading): CandleDetection {
  const candles = bars.candles.slice(0, bars.candles.length - last.setAside).map(copyOf);
  const end = candles[candles.length - 1];
  if (end && last.close !== null) closeAt(end, last.close);
  return { ...bars, candles };
}
