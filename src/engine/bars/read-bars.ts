/**
 * The bars stage's entry: the plot (work pixels) → the bars in it, as pieces (detect.ts), as a
 * column profile of bars that touch (dense.ts) or as a line chart's columns (line.ts), with the
 * check of their end against the series' tags on the axis, which the last-price stage takes as it
 * is (the tags are scanned once).
 */
import { axisTags, boxAt, reconcileWithTags, type Tag, type TagCheck } from '../last-price/tags.js';
import { dominantColour, type Box, type Raster, type Rgb } from '../raster.js';
import { readDense } from './dense.js';
import { detectCandles } from './detect.js';
import { dropTopLineTail } from './tail.js';
import { readLine } from './line.js';
import {
  CLEAR_SERIES_QUALITY,
  MIN_BARS,
  MIN_COVERAGE,
  MIN_QUALITY,
  TEXT_LINE_SHARE,
  TEXT_LINE_SPAN,
  TRACK_END_GAP,
  TRACK_END_PX,
} from './params.js';
import { coverage, type CandleDetection, type PixelCandle } from './series.js';

export { CLEAR_SERIES_QUALITY, MIN_QUALITY } from './params.js';

export interface BarsInput {
  work: Raster;
  /** The image's background. */
  bg: Rgb;
  axis: { strip: Box; side: 'left' | 'right' };
  plot: Box;
  labelHeight: number;
  /** The last try: a track of bars thinner than a pixel that only the chart's own tag says is the price. */
  fromTag?: boolean;
}

export interface BarsReading {
  /** The bars as found (never changed after), or null when nothing series-like was found. */
  detection: CandleDetection | null;
  plotBg: Rgb;
  tagCheck: TagCheck;
  /** The boxes on the axis beside the plot, scanned once for the reading of this plot. */
  scanned: readonly Tag[];
  /** Whether the bars, less the pieces the tag check sets aside, are a price series. */
  found: boolean;
}

const NO_TAG: TagCheck = { verdict: 'no-tag', tags: [], trimmed: 0 };

/** The most of the bars that lie wholly within one band of `height` rows. */
export function inTextLine(candles: readonly PixelCandle[], height: number): number {
  let most = 0;
  for (const c of candles) {
    const n = candles.filter((o) => o.high >= c.high && o.low <= c.high + height).length;
    most = Math.max(most, n);
  }
  return most;
}

/** The pieces less a run of the plot's top line's text at their end (`dropTopLineTail`). */
function withoutTopLineTail(d: CandleDetection, top: number, labelHeight: number): CandleDetection {
  const candles = [...d.candles];
  dropTopLineTail(candles, top, labelHeight);
  return candles.length === d.candles.length ? d : { ...d, candles };
}

export const isSeries = (d: CandleDetection | null, minQuality = MIN_QUALITY, setAside = 0): d is CandleDetection =>
  d !== null && d.candles.length - setAside >= MIN_BARS && d.quality >= minQuality;

/**
 * Whether the chart's tag says a dense track read without a series' usual evidence is the price:
 * one tag in the series' colours, which the track's very last bar reaches (a tag that only a bar
 * some columns back reaches stands where the track goes on), and that bar at the plot's right
 * edge, where the latest bar stands. A chart scrolled back, its tag beyond the visible bars, stays
 * refused.
 */
export function tagEndsTrack(
  candles: readonly PixelCandle[],
  check: Pick<TagCheck, 'verdict' | 'tags'>,
  plot: Box,
): boolean {
  const last = candles[candles.length - 1];
  if (!last || check.verdict !== 'agrees' || check.tags.length !== 1) return false;
  return plot.right - last.x <= (plot.right - plot.left) * TRACK_END_GAP + TRACK_END_PX;
}

/**
 * The bars in `plot`. Bars a pixel or two apart touch and leave no pieces: they are read as a
 * column profile. Bars thinner than a pixel, in shades of their colours, each as short as a line
 * is thick, make a track as flat as a line (an equity curve's, which is no price series). The
 * chart's own tag in the series' colours, reached by that track's last bar, says it is the price:
 * it is taken where the pieces found only pieces the tag contradicts (a title's letters), or,
 * with `fromTag` (the last try, after the labels' pane), none. Where there are still no bars, or
 * only pieces below CLEAR_SERIES_QUALITY that no tag of theirs confirms, a line chart is read
 * when one line's end stands at a box on the axis: that box outweighs such pieces.
 */
export function readBars({ work, bg, axis, plot, labelHeight, fromTag = false }: BarsInput): BarsReading {
  const plotBg = dominantColour(work, plot);
  let pieces = detectCandles(work, plot, { axisSide: axis.side });
  // Bars no taller together than a line of text are its letters (a title over a line chart); so
  // are bars of a weak series most of which lie in one line of text (a time axis's dates).
  const text = (d: CandleDetection | null): boolean => {
    if (d === null) return false;
    const inLine = inTextLine(d.candles, labelHeight * TEXT_LINE_SPAN);
    return (
      inLine === d.candles.length || (d.quality < CLEAR_SERIES_QUALITY && inLine >= d.candles.length * TEXT_LINE_SHARE)
    );
  };
  const seriesLike = (d: CandleDetection | null, setAside = 0): d is CandleDetection =>
    isSeries(d, MIN_QUALITY, setAside) && !text(d) && coverage(d.candles) >= MIN_COVERAGE;
  let detection = seriesLike(pieces) ? pieces : (readDense(work, plot, plotBg) ?? pieces);
  let scanned: Tag[] | undefined;
  const scan = () => (scanned ??= axisTags(work, bg, axis.strip, plot.top, plot.bottom, labelHeight));
  const check = (d: CandleDetection) =>
    reconcileWithTags(work, bg, plotBg, axis.strip, plot, d.candles, labelHeight, d.colours, scan(), d.lines);
  let tagCheck = seriesLike(detection) ? check(detection) : NO_TAG;
  // Pieces that end in the plot's top line of text (an Expert Advisor's name and icon), where no
  // tag of the series says their last is the price: the text is set aside (a rally into the top
  // line ends at the series' tag).
  if (pieces && detection === pieces && tagCheck.verdict !== 'agrees') {
    const trimmed = withoutTopLineTail(pieces, plot.top, labelHeight);
    if (trimmed !== pieces && seriesLike(trimmed)) {
      detection = pieces = trimmed;
      tagCheck = check(trimmed);
    }
  }
  const series = () => seriesLike(detection, tagCheck.trimmed);
  if ((fromTag && !series()) || (detection === pieces && tagCheck.verdict === 'contradicts' && !tagCheck.marked)) {
    const dense = readDense(work, plot, plotBg, { tagged: true });
    const denseCheck = dense && check(dense);
    if (dense && denseCheck && tagEndsTrack(dense.candles, denseCheck, plot)) {
      detection = dense;
      tagCheck = denseCheck;
    }
  }
  // No bars, or pieces no series' tag vouches for and too irregular to stand alone (a level's and
  // a zone's labels over a line chart): a line chart, where the axis marks the line's end.
  // A last piece a box of its own marks (`marked`) is vouched for.
  const unconfirmed =
    detection !== null &&
    detection.quality < CLEAR_SERIES_QUALITY &&
    tagCheck.verdict !== 'agrees' &&
    tagCheck.verdict !== 'trimmed' &&
    !tagCheck.marked;
  if (!series() || unconfirmed) {
    const line = readLine(work, plot, plotBg, (row) => boxAt(scan(), row, labelHeight));
    if (line) {
      detection = line;
      tagCheck = check(line);
    }
  }
  const found = series();
  return { detection, plotBg, tagCheck: found ? tagCheck : NO_TAG, scanned: found ? scan() : [], found };
}
