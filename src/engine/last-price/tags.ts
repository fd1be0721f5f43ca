/**
 * The last-price tag. Charting platforms mark the last close on the price axis with a box
 * filled in the last candle's colour, centred on the close to the pixel. Candle detection can
 * go wrong exactly there: a doji lying on the same-colour price line, or an ambiguous last
 * body whose open and close are swapped. The tag settles it.
 */
import type { PixelCandle, PlotLine } from '../bars/index.js';
import { barsContinue, lastOnPitch, linked } from '../bars/series.js';
import {
  CHROMATIC,
  chroma,
  colourDistance,
  hue,
  INK_CONTRAST,
  rgbAt,
  type Box,
  type Raster,
  type Rgb,
} from '../raster.js';
import {
  BOX_CONTRAST,
  BOX_PROBE_COLUMNS,
  BOX_PROBE_ROWS,
  BOX_ROW,
  BOX_TEXT_RUN,
  CANDLE_COLOUR_REACH,
  CANDLE_COLOURS,
  CANDLE_MARGIN,
  CANDLE_MARGIN_MIN_PX,
  AT_BODY,
  CROSSHAIR_LINE_PX,
  FAR_EDGE_INSET,
  FAR_EDGE_MAX_SHARE,
  FAR_EDGE_MIN_PX,
  FILL_CONTRAST,
  FILL_ROW,
  HUE_OFF,
  HUE_WEAKEST,
  LABEL_STYLE_MIN,
  LABEL_STYLE_SPAN,
  LINE_LABEL_BELOW,
  LINE_LABEL_FOOT_PX,
  LINE_LABEL_MAX_PIECES,
  LINE_LABEL_TALLEST,
  LATTICE_ANCHOR,
  MAX_TRAILING_OBJECTS,
  MIN_BARS_BEFORE_OBJECTS,
  MIN_LINE,
  MIN_STRIP_COLUMNS,
  MIN_TAG,
  MIN_TWO_LINES,
  OFF_LATTICE,
  ONE_LINE_TAG,
  PRICE_LINE_AT_CLOSE,
  PUSHED_PX,
  RECENT_MARK_BARS,
  SAME_COLOUR,
  SAME_TINT,
  SERIES_STRONGEST,
  SPLIT_EDGE_MIN_ROWS,
  SPLIT_PART_FILL,
  TAG_STRONGEST,
  TEXT_TAG_HEIGHT,
  TEXT_TAG_HEIGHT_MIN_PX,
  TEXT_TAG_MIN_LABELS,
  TEXT_TAG_WIDTH,
  TEXT_TAG_WIDTH_MIN_PX,
  TWIN_FILL,
  TWO_LINE_TAG,
} from './params.js';

const NONE = 0;
const TEXT = 1;
const FILL = 2;
type RowKind = typeof NONE | typeof TEXT | typeof FILL;

export interface Tag {
  /** Centre row, work pixels. */
  y: number;
  /** The box's first and last rows where it was measured (absent on a box known by its row only). */
  top?: number;
  bottom?: number;
  fill: Rgb;
  /** Lines of text on the box: two on a tag that shows the price over the bar's countdown. */
  lines: 1 | 2;
}

/**
 * Filled boxes in the axis strip: runs of rows, between 0.8 and three label heights tall,
 * filled from edge to edge of the label column above and below their text.
 */
export function axisTags(r: Raster, bg: Rgb, strip: Box, top: number, bottom: number, labelHeight: number): Tag[] {
  const tags: Tag[] = [];
  const columns = strip.right - strip.left;
  if (columns < MIN_STRIP_COLUMNS) return tags;
  const standsOut = (i: number): boolean => {
    const dr = (r.data[i] ?? 0) - bg[0];
    const dg = (r.data[i + 1] ?? 0) - bg[1];
    const db = (r.data[i + 2] ?? 0) - bg[2];
    return dr * dr + dg * dg + db * db > FILL_CONTRAST * FILL_CONTRAST;
  };
  // Text on the tag may be the background's colour, so a row through it can be mostly text;
  // but the strip's plot-side column, blank beside plain labels, is fill all the way down, or
  // nearly all of the row is (a glyph of the label the box hides can peek out at its edge).
  // The box may stop a little short of the labels' far edge (its corners rounded, or it is
  // only as wide as its own text).
  const inset = Math.min(
    Math.floor(columns * FAR_EDGE_MAX_SHARE),
    Math.max(FAR_EDGE_MIN_PX, Math.round(labelHeight * FAR_EDGE_INSET)),
  );
  // FILL: the row is the box's fill (its margin above or below the text). TEXT: a row through
  // the tag's text, whose first glyph can cover the plot-side column; a plain label's row can
  // look the same, so such rows only continue a box that fill rows open and close.
  const rowKind = (y: number): RowKind => {
    const first = (y * r.width + strip.left) * 3;
    const end = (y * r.width + strip.right) * 3;
    let farEdge = false;
    for (let k = 1; k <= inset && !farEdge; k++) farEdge = standsOut(end - 3 * k);
    if (!farEdge) return NONE;
    let on = 0;
    for (let i = first; i < end; i += 3) if (standsOut(i)) on++;
    if (on >= columns * FILL_ROW || (standsOut(first) && on >= columns * BOX_ROW)) return FILL;
    return on >= columns * BOX_ROW ? TEXT : NONE;
  };
  const end = Math.min(r.height, bottom);
  let runStart = -1;
  let lastFill = -1;
  for (let y = Math.max(0, top); y <= end; y++) {
    const kind = y < end ? rowKind(y) : NONE;
    if (kind === FILL) {
      if (runStart < 0) runStart = y;
      lastFill = y;
      continue;
    }
    if (runStart < 0) continue;
    // Text rows for about a label's height, or one stray row, do not end the box.
    const inside =
      y - lastFill <= labelHeight * BOX_TEXT_RUN && (kind === TEXT || (y + 1 < end && rowKind(y + 1) !== NONE));
    if (inside) continue;
    // A part of the axis's own paint (a label the box touches, split off it) is no box.
    tags.push(
      ...boxTags(r, strip, runStart, lastFill, labelHeight).filter((t) => colourDistance(t.fill, bg) > FILL_CONTRAST),
    );
    runStart = -1;
  }
  return tags;
}

/**
 * The tags a filled box of rows `top`..`bottom` makes. One line of text: up to three label
 * heights, centred on the box. Two lines (TradingView's price over the bar's countdown): two
 * bands of text on one fill; the price is the upper line. Boxes touching (a crosshair label on
 * the tag, the last price's tag on an indicator's) are too tall for one line and have other
 * fills at their top and bottom: they are split where the lower fill takes over, and each part
 * with text on it is a tag of its own. A box too tall for one line that is neither (a zone's
 * fill, a gradient) is no tag.
 */
function boxTags(r: Raster, strip: Box, top: number, bottom: number, labelHeight: number): Tag[] {
  const height = bottom - top + 1;
  if (height < labelHeight * MIN_TAG) return [];
  const whole = tagOf(r, strip, top, bottom);
  const lines = (fill: Rgb, from = top, to = bottom) =>
    textBands(r, strip, from, to, fill).filter((b) => b.bottom - b.top + 1 >= labelHeight * MIN_LINE);
  if (height >= labelHeight * MIN_TAG * 2) {
    const parts = height <= labelHeight * TWO_LINE_TAG * 2 ? splitBoxes(r, strip, top, bottom, labelHeight) : null;
    if (parts)
      return parts
        .filter((p) => lines(tagOf(r, strip, p.top, p.bottom).fill, p.top, p.bottom).length > 0)
        .flatMap((p) => boxTags(r, strip, p.top, p.bottom, labelHeight));
  }
  if (height > labelHeight * TWO_LINE_TAG) return [];
  const middle = top + Math.floor(height / 2);
  const oneFill =
    colourDistance(tagOf(r, strip, top, middle - 1).fill, tagOf(r, strip, middle, bottom).fill) <= SAME_COLOUR;
  // A line of text is most of a label's height; a glyph's thin strokes or the box's antialiased
  // edge split one line into short bands, and a box of one line is about two label heights.
  const bands = lines(whole.fill);
  const upper = bands[0];
  if (bands.length === 2 && upper && height >= labelHeight * MIN_TWO_LINES && oneFill)
    return [{ ...whole, y: (upper.top + upper.bottom) / 2, lines: 2 }];
  return height <= labelHeight * ONE_LINE_TAG ? [whole] : [];
}

/**
 * Two boxes touching: the fill at the top differs from the fill at the bottom, and the rows
 * above a split hold most of the upper fill, the rows below it most of the lower (outlines and
 * the gap between the boxes have neither). Null when the top and bottom are one fill.
 */
function splitBoxes(
  r: Raster,
  strip: Box,
  top: number,
  bottom: number,
  labelHeight: number,
): { top: number; bottom: number }[] | null {
  const edge = Math.max(SPLIT_EDGE_MIN_ROWS, Math.round(labelHeight));
  const upperFill = tagOf(r, strip, top, top + edge - 1).fill;
  const lowerFill = tagOf(r, strip, bottom - edge + 1, bottom).fill;
  if (colourDistance(upperFill, lowerFill) <= SAME_COLOUR) return null;
  const near = (y: number, fill: Rgb): number => {
    let n = 0;
    for (let x = strip.left; x < strip.right; x++) if (colourDistance(rgbAt(r, x, y), fill) <= SAME_COLOUR / 2) n++;
    return n;
  };
  const least = Math.ceil(labelHeight * MIN_TAG);
  let above = 0;
  let below = 0;
  for (let y = top; y <= bottom; y++) below += near(y, lowerFill);
  let best = { y: -1, score: -1 };
  for (let y = top; y <= bottom - least; y++) {
    above += near(y, upperFill);
    below -= near(y, lowerFill);
    if (y + 1 - top >= least && above + below > best.score) best = { y: y + 1, score: above + below };
  }
  if (best.y < 0) return null;
  const parts = [
    { top, bottom: best.y - 1 },
    { top: best.y, bottom },
  ];
  // Each part is a box painted in its fill; a line across the box's edge (MetaTrader's bid line
  // at its tag's top) has a fill of a few rows only.
  const filled = (p: { top: number; bottom: number }, fill: Rgb): boolean => {
    let n = 0;
    for (let y = p.top; y <= p.bottom; y++) n += near(y, fill);
    return n >= (p.bottom - p.top + 1) * (strip.right - strip.left) * SPLIT_PART_FILL;
  };
  return filled(parts[0]!, upperFill) && filled(parts[1]!, lowerFill) ? parts : null;
}

/**
 * Runs of rows of the box with text on its fill: pixels of another colour (a stray pixel is
 * noise) between the box's own edges, the first and last columns its fill reaches (a box can
 * stop short of the strip's far edge, where every row is background).
 */
function textBands(r: Raster, strip: Box, top: number, bottom: number, fill: Rgb): { top: number; bottom: number }[] {
  const bands: { top: number; bottom: number }[] = [];
  let left = strip.right;
  let right = strip.left - 1;
  for (let y = top; y <= bottom; y++) {
    for (let x = strip.left; x < strip.right; x++) {
      if (colourDistance(rgbAt(r, x, y), fill) > SAME_COLOUR) continue;
      left = Math.min(left, x);
      right = Math.max(right, x);
    }
  }
  for (let y = top; y <= bottom; y++) {
    let text = 0;
    for (let x = left; x <= right; x++) if (colourDistance(rgbAt(r, x, y), fill) > SAME_COLOUR) text++;
    if (text < 2) continue;
    const band = bands[bands.length - 1];
    if (band && band.bottom === y - 1) band.bottom = y;
    else bands.push({ top: y, bottom: y });
  }
  return bands;
}

/** The fill is the commonest colour of the box (the text on it is a minority). */
function tagOf(r: Raster, strip: Box, top: number, bottom: number): Tag {
  const counts = new Map<number, { n: number; c: Rgb }>();
  for (let y = top; y <= bottom; y++) {
    for (let x = strip.left; x < strip.right; x++) {
      const c = rgbAt(r, x, y);
      const key = ((c[0] >> 4) << 8) | ((c[1] >> 4) << 4) | (c[2] >> 4);
      const entry = counts.get(key);
      if (entry) entry.n++;
      else counts.set(key, { n: 1, c });
    }
  }
  let best: { n: number; c: Rgb } = { n: 0, c: [0, 0, 0] };
  for (const entry of counts.values()) if (entry.n > best.n) best = entry;
  return { y: (top + bottom) / 2, top, bottom, fill: best.c, lines: 1 };
}

/** Colours of the ink in the last candle's box (body, wick or outline), commonest first. */
function candleColours(r: Raster, plotBg: Rgb, c: PixelCandle): Rgb[] {
  const counts = new Map<number, { n: number; c: Rgb }>();
  const x0 = Math.max(0, Math.floor(c.x) - CANDLE_COLOUR_REACH);
  const x1 = Math.min(r.width - 1, Math.ceil(c.x) + CANDLE_COLOUR_REACH);
  for (let y = Math.max(0, Math.floor(c.high)); y <= Math.min(r.height - 1, Math.ceil(c.low)); y++) {
    for (let x = x0; x <= x1; x++) {
      const p = rgbAt(r, x, y);
      if (colourDistance(p, plotBg) <= INK_CONTRAST) continue;
      const key = ((p[0] >> 5) << 6) | ((p[1] >> 5) << 3) | (p[2] >> 5);
      const entry = counts.get(key);
      if (entry) entry.n++;
      else counts.set(key, { n: 1, c: p });
    }
  }
  return [...counts.values()]
    .sort((a, b) => b.n - a.n)
    .slice(0, CANDLE_COLOURS)
    .map((e) => e.c);
}

/**
 * Corrects the last candle in place from the tag in the last candle's colour whose row lies
 * within the candle's range (a little margin for antialiasing): its close becomes the tag's
 * row, and an open nearer the tag than the close was is the close it was swapped with.
 * Returns the tag used, or null.
 */
export function applyLastPriceTag(
  r: Raster,
  bg: Rgb,
  plotBg: Rgb,
  strip: Box,
  plot: Box,
  candles: PixelCandle[],
  labelHeight: number,
  seriesColours: Rgb[] = [],
  scanned?: readonly Tag[],
  lines: readonly PlotLine[] = [],
): Tag | null {
  const last = candles[candles.length - 1];
  if (!last) return null;
  const colours = candleColours(r, plotBg, last);
  if (colours.length === 0) return null;
  const inRange = withinCandle(last, labelHeight);
  // The tag is in the last bar's colour, or a little stronger: a one-pixel wick between two
  // pixel columns is paler than the fill (not much: a crosshair's grey line through the bar is
  // a pale version of a dark crosshair label). The last piece found can hold a neighbour's ink
  // too, so any of the series' colours will do, at any strength or saturation of its hue.
  const matches = (fill: Rgb, k: Rgb): boolean =>
    colourDistance(k, fill) <= SAME_COLOUR || shadeOf(fill, k, plotBg, TAG_STRONGEST);
  // The tag is as clear of the plot's background as candle ink is (a crosshair label can be a
  // box barely lighter than a black chart, as dark as the grey at a candle's edges).
  // When every series colour has a hue, a grey box is a crosshair label, whatever grey the
  // crosshair's line leaves in the last bar's box.
  const huedSeries = seriesColours.length > 0 && seriesColours.every((k) => chroma(k) >= CHROMATIC);
  const boxes = scanned ?? axisTags(r, bg, strip, plot.top, plot.bottom, labelHeight);
  const tags = boxes.filter(
    (t) =>
      !twinned(t, boxes, labelHeight) &&
      colourDistance(t.fill, plotBg) > INK_CONTRAST &&
      !(huedSeries && chroma(t.fill) < CHROMATIC) &&
      (colours.some((c) => matches(t.fill, c)) ||
        seriesColours.some((k) => shadeOf(t.fill, k, plotBg) || sameTint(t.fill, k))) &&
      inRange(t.y),
  );
  // A crosshair label is grey, white or black; beside one, the tag is the coloured box.
  const chosen = tags.length === 1 ? tags[0] : onlyOne(tags.filter((t) => chroma(t.fill) > CHROMATIC));
  if (!chosen) return null;
  // A box far out on the last bar's wick gives way to the one box at its close (see bodyGap), and
  // so does one away from its close at the other end of its body: the bar and that box agree on
  // the close (MetaTrader's bid), and the tag in the series' colour is the ask's or an order's.
  const near = labelHeight * AT_BODY;
  const atClose = onlyOne(
    boxes.filter(
      (t) =>
        !twinned(t, boxes, labelHeight) &&
        colourDistance(t.fill, plotBg) > INK_CONTRAST &&
        Math.abs(t.y - last.close) <= near,
    ),
  );
  const bid =
    chroma(chosen.fill) >= CHROMATIC
      ? onlyOne(boxes.filter((t) => t !== chosen && inRange(t.y) && onSolidGreyLine(t, lines)))
      : undefined;
  const tag =
    bid ?? (bodyGap(chosen, last) <= near && Math.abs(chosen.y - last.close) <= near ? chosen : (atClose ?? chosen));
  closeAt(last, rowOf(tag, last, plot));
  return tag;
}

/**
 * MetaTrader's bid: a grey box on a solid grey line across the plot (a crosshair's line is dashed
 * or dotted, `axisBoxes`). In the last bar's range it is the last price, and a tag in a hue of the
 * series' beside it is an order's (a take profit in the up bars' green) or the ask's. Beside a
 * black or white tag in the bars' own colour it is no bid (a grey ask over a black bid).
 */
function onSolidGreyLine(t: Tag, lines: readonly PlotLine[]): boolean {
  return chroma(t.fill) < CHROMATIC && lineAt(t, lines, (l) => l.dashed === false && chroma(l.colour) < CHROMATIC);
}

/** Whether one of the plot's `lines` that passes `test` runs across at tag t's row. */
const lineAt = (t: Tag, lines: readonly PlotLine[], test: (l: PlotLine) => boolean): boolean =>
  lines.some((l) => Math.abs(l.y - t.y) <= CROSSHAIR_LINE_PX && test(l));

/**
 * Where a box on the axis puts the last close: its centre row; but a box that meets the plot's
 * top or bottom row (within PUSHED_PX) was pushed there to stay on the axis (a phone app's tag
 * for a price near the edge) or cut there, and says only that the close is within its rows: the
 * last bar's close, brought within them.
 */
function rowOf(tag: Tag, last: PixelCandle, plot: Box): number {
  const { top, bottom } = tag;
  if (top === undefined || bottom === undefined) return tag.y;
  if (top - plot.top > PUSHED_PX && plot.bottom - bottom > PUSHED_PX) return tag.y;
  return Math.min(bottom, Math.max(top, last.close));
}

/**
 * How far a box's row stands from the last bar's body (0 on it). The platform's tag for the last
 * price stands where the last bar closes, at an end of its body (the bid line drawn through the
 * close may take a few rows off the body as found); a box far along its wick is an order's, an
 * alert's or a level's that the bar passed through. Where the box taken for the tag is such a
 * box and one other box stands at the bar's close, whatever its colour (MetaTrader's grey bid
 * tag), that one is the last price; a box at the open is another mark (a crosshair's label).
 */
function bodyGap(t: Tag, c: PixelCandle): number {
  const top = Math.min(c.open, c.close);
  const bottom = Math.max(c.open, c.close);
  return t.y < top ? top - t.y : t.y > bottom ? t.y - bottom : 0;
}

/**
 * The chart's last price has one tag; boxes of one fill at several prices are an indicator's
 * values (the lines of a band, a set of levels), whatever colour they share with the bars.
 */
export function twinned(t: Tag, boxes: readonly Tag[], labelHeight: number): boolean {
  return boxes.some((o) => o !== t && Math.abs(o.y - t.y) > labelHeight && colourDistance(o.fill, t.fill) <= TWIN_FILL);
}

export type TagVerdict =
  /** No tag in the series' colours on the axis: nothing to check the last bar against. */
  | 'no-tag'
  /** The last bar reaches a series-coloured tag. */
  | 'agrees'
  /** The last pieces were objects beside the series: the bar before them reaches the tag. */
  | 'trimmed'
  /** The chart marks its last price where no bar near the end reaches: the reading is wrong somewhere. */
  | 'contradicts';

/** The last bar checked against the series' tags on the axis. */
export interface TagCheck {
  verdict: TagVerdict;
  tags: Tag[];
  /** Trailing pieces past the bar that reaches the tag: objects at the plot's edge. */
  trimmed: number;
  /** The last piece, unreached, is a bar in the series' step that a box of its own marks (`markedBar`). */
  marked?: boolean;
}

/**
 * Checks the last bar against the coloured tags on the axis that are in the series' colours
 * (grey, white and black boxes are crosshair and plain labels; other hues are drawings and
 * indicators). A chart that marks its last price with such a tag where the last bar found does
 * not reach was read wrong: the last pieces are objects at the plot's edge (label boxes, a
 * countdown, a text), which are dropped when the bar just before them reaches the tag (up to
 * three of any kind where the tag is the only one in the series' colours, more while each is a
 * glyph of an object's label on its own line), or the
 * series or the scale is not what was found, which the caller must not answer from. A last
 * piece in the series' step that a box of its own marks is no object: the tag is contradicted
 * (`marked`), and the box, not the tag, says where the last close is.
 * `trimmed`: how many trailing pieces are such objects (the caller sets them aside).
 * `lines`: the plot's horizontal lines, under an object's label.
 */
export function reconcileWithTags(
  r: Raster,
  bg: Rgb,
  plotBg: Rgb,
  strip: Box,
  plot: Box,
  candles: readonly PixelCandle[],
  labelHeight: number,
  seriesColours: Rgb[],
  scanned: readonly Tag[] = axisTags(r, bg, strip, plot.top, plot.bottom, labelHeight),
  lines: readonly PlotLine[] = [],
): TagCheck {
  const tags = scanned.filter(
    (t) =>
      chroma(t.fill) > CHROMATIC &&
      colourDistance(t.fill, plotBg) > INK_CONTRAST &&
      seriesColours.some((k) => shadeOf(t.fill, k, plotBg) || sameTint(t.fill, k)),
  );
  const reaches = (c: PixelCandle | undefined) =>
    c !== undefined && tags.some((t) => withinCandle(c, labelHeight)(t.y));
  if (tags.length === 0) return { verdict: 'no-tag', tags, trimmed: 0 };
  if (reaches(candles[candles.length - 1])) return { verdict: 'agrees', tags, trimmed: 0 };
  // A platform prints one last-price tag: among several tags in the series' colours (a
  // position's, orders'), the one an earlier bar reaches says nothing of where the series ends (a
  // line going on past an order's level), so none of the last few pieces is set aside as an
  // object past it (nor is the last one weighed as a bar its own box marks); an object's label,
  // glyph by glyph on its own line, still is (below).
  const oneTag = tags.length === 1;
  for (let k = 1; oneTag && k <= MAX_TRAILING_OBJECTS && candles.length - k >= 1; k++) {
    if (!reaches(candles[candles.length - 1 - k])) continue;
    // A last piece in the series' step with a box of its own at its close is the latest bar,
    // marked (MetaTrader's grey bid beside an order's tag in the series' colour): two marks
    // that disagree.
    if (markedBar(candles, axisBoxes(r, bg, strip, plot, [...lines], labelHeight, scanned), tags, labelHeight))
      return { verdict: 'contradicts', tags, trimmed: 0, marked: true };
    // Pieces taller than a line of text that go on with the series step after step, each
    // touching the one before, are its latest bars: the tag an earlier bar reaches is an order's
    // or a level's (a stop in the down colour a few bars back), not the last price.
    if (barsContinue(candles, k, labelHeight * LINE_LABEL_TALLEST)) break;
    return { verdict: 'trimmed', tags, trimmed: k };
  }
  // An object's label past the series breaks into more pieces than a countdown: glyph after
  // glyph on a line of its own (not the tag's), back to the bar that reaches the tag.
  const objectLines = namedLines(lines.filter((l) => tags.every((t) => Math.abs(l.y - t.y) > labelHeight)));
  const glyph = labelGlyph(objectLines, labelHeight);
  let [lineTop, lineFoot] = [Infinity, -Infinity];
  for (let k = 1; k <= LINE_LABEL_MAX_PIECES && candles.length - k >= 1; k++) {
    const piece = candles[candles.length - k]!;
    // A label's glyphs stand on its line of text, and another label's are no taller than its
    // letters; a piece taller than a label that steps off the line is a bar (labels as tall as
    // the bars, on a phone), unless its foot is a line a label can name: a glyph joined to the
    // line under it (levels' labels set larger than the axis's, on a phone).
    [lineTop, lineFoot] = [Math.min(lineTop, piece.high), Math.max(lineFoot, piece.low)];
    const onItsLine = objectLines.some((l) => Math.abs(l.y - piece.low) <= LINE_LABEL_FOOT_PX);
    const offLine =
      lineFoot - lineTop > labelHeight * LINE_LABEL_TALLEST && piece.low - piece.high > labelHeight && !onItsLine;
    if (!glyph(piece) || offLine) break;
    if (k > MAX_TRAILING_OBJECTS && reaches(candles[candles.length - 1 - k]))
      return { verdict: 'trimmed', tags, trimmed: k };
  }
  // A platform prints one last-price tag. Several tags in the series' colours that the last bar
  // does not reach, of one colour or two, are a position's or orders' lines (a stop in the down colour,
  // a target in the up colour, two stops), or an indicator's levels: they say nothing of where
  // the last bar is.
  if (tags.length >= 2) return { verdict: 'no-tag', tags, trimmed: 0 };
  return { verdict: 'contradicts', tags, trimmed: 0 };
}

/**
 * Whether the last piece stands one step of the series past the bar before it and a box other
 * than the series' tags stands at its close.
 */
function markedBar(
  candles: readonly PixelCandle[],
  boxes: readonly Tag[],
  tags: readonly Tag[],
  labelHeight: number,
): boolean {
  const last = candles[candles.length - 1];
  if (!last || !lastOnPitch(candles)) return false;
  return boxAt(
    boxes.filter((b) => !tags.includes(b)),
    last.close,
    labelHeight,
  );
}

/** The lines an object's label can stand on: all but grey dashed ones (a grid's, a crosshair's). */
export const namedLines = (lines: readonly PlotLine[]): PlotLine[] =>
  lines.filter((l) => !(l.dashed && chroma(l.colour) < CHROMATIC));

/**
 * Whether a piece past the bars is a glyph of an object's label (line-label.ts): no taller than
 * a line of text, with one of the `named` lines (`namedLines`) drawn across the plot at its foot
 * or just below it.
 */
export function labelGlyph(named: readonly PlotLine[], labelHeight: number): (c: PixelCandle) => boolean {
  return (c) =>
    c.low - c.high <= labelHeight * LINE_LABEL_TALLEST &&
    named.some((l) => l.y >= c.high && l.y <= c.low + labelHeight * LINE_LABEL_BELOW);
}

const onlyOne = <T>(items: T[]): T | undefined => (items.length === 1 ? items[0] : undefined);

/** The boxes on the axis that stand at `row`: within AT_BODY of a label's height of it. */
export const boxesAt = (boxes: readonly Tag[], row: number, labelHeight: number): Tag[] =>
  boxes.filter((t) => Math.abs(t.y - row) <= labelHeight * AT_BODY);

/** Whether a box on the axis stands at `row`. */
export const boxAt = (boxes: readonly Tag[], row: number, labelHeight: number): boolean =>
  boxesAt(boxes, row, labelHeight).length > 0;

/**
 * Whether a tag's fill is candle colour k at full saturation: a JPEG takes much of the colour
 * out of one-pixel outlines and wicks (MetaTrader's bright green reads as a greyish green), but
 * not their hue. The fill must have a hue of its own, and k at least some.
 */
export function sameTint(fill: Rgb, k: Rgb): boolean {
  if (chroma(fill) < CHROMATIC || chroma(k) < CHROMATIC / 2 || chroma(fill) < chroma(k)) return false;
  const d = Math.abs(hue(fill) - hue(k));
  return Math.min(d, 360 - d) <= SAME_TINT;
}
/**
 * Whether `fill` is colour k at its strength or stronger (up to `strongest` times as far from
 * the background): a series colour measured from thin strokes is paler than a tag's fill, as a
 * JPEG fades them.
 */
function shadeOf(fill: Rgb, k: Rgb, bg: Rgb, strongest = SERIES_STRONGEST): boolean {
  const d = [k[0] - bg[0], k[1] - bg[1], k[2] - bg[2]] as const;
  const p = [fill[0] - bg[0], fill[1] - bg[1], fill[2] - bg[2]] as const;
  const len2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
  if (len2 === 0) return false;
  const t = (p[0] * d[0] + p[1] * d[1] + p[2] * d[2]) / len2;
  const off = Math.hypot(p[0] - t * d[0], p[1] - t * d[1], p[2] - t * d[2]);
  return t >= HUE_WEAKEST && t <= strongest && off <= SAME_COLOUR * HUE_OFF;
}

/** Whether ink of colour `ink` is series colour k: the same colour, or its hue as a JPEG fades or deepens it. */
const seriesInk = (ink: Rgb, k: Rgb, bg: Rgb): boolean =>
  colourDistance(ink, k) <= SAME_COLOUR || sameTint(ink, k) || shadeOf(ink, k, bg);

/** Whether row y lies within the candle's range, with a little margin for antialiasing. */
function withinCandle(c: PixelCandle, labelHeight: number): (y: number) => boolean {
  const margin = Math.max(CANDLE_MARGIN_MIN_PX, labelHeight * CANDLE_MARGIN);
  return (y) => y >= c.high - margin && y <= c.low + margin;
}

/** The last close becomes row y; an open nearer y than the close was is the close it was swapped with. */
export function closeAt(last: PixelCandle, y: number): void {
  if (Math.abs(y - last.open) < Math.abs(y - last.close)) last.open = last.close;
  last.close = y;
  last.high = Math.min(last.high, y);
  last.low = Math.max(last.low, y);
}

/**
 * The last resort before the bar's own close: exactly one box on the axis (any fill: a tag in an
 * indicator's colour, a white bid box, a dark box with an outline) within the last bar's range.
 * Platforms mark the last price with such a box even when its colour is not the series' (a
 * custom theme, an indicator that paints the bars); a drawing's tag or a crosshair label inside
 * the last bar's range is still a price that bar traded at, so the error can be no larger than
 * taking the bar's close, and most often the box is the last price. Of two or more boxes there
 * (a position's entry and stop, drawings, MetaTrader's grey bid tag beside an order's) only one
 * standing at the bar's close says where it closed; a box painted like others elsewhere on the
 * axis (an indicator's values) says nothing. Returns the box used, or null.
 */
export function applyLoneBox(
  r: Raster,
  bg: Rgb,
  strip: Box,
  plot: Box,
  candles: PixelCandle[],
  lines: PlotLine[],
  labelHeight: number,
  scanned?: readonly Tag[],
): Tag | null {
  const last = candles[candles.length - 1];
  if (!last) return null;
  const boxes = axisBoxes(r, bg, strip, plot, lines, labelHeight, scanned);
  // An indicator's values painted alike at three or more prices (a band's lines) are set aside
  // to find the box among them; a box painted like one other may be the tag itself.
  const banded = (t: Tag) => boxes.filter((o) => o !== t && twinned(t, [o], labelHeight)).length >= 2;
  const lone = onlyOne(boxes.filter((t) => withinCandle(last, labelHeight)(t.y) && !banded(t)));
  // Several boxes in the bar's range (an order's tag on its wick beside MetaTrader's grey bid tag,
  // which its grey bid line makes look like a crosshair's label): the one at the bar's close.
  const all = scanned ?? axisTags(r, bg, strip, plot.top, plot.bottom, labelHeight);
  const box =
    lone ??
    onlyOne(all.filter((t) => Math.abs(t.y - last.close) <= labelHeight * AT_BODY && !twinned(t, all, labelHeight)));
  if (!box || twinned(box, boxes, labelHeight)) return null;
  closeAt(last, rowOf(box, last, plot));
  return box;
}

/**
 * The price line's tag a bar just before the last pieces reaches: a box on the axis on a solid
 * line across the plot (MetaTrader's bid line and its tag, in the theme's colour; a crosshair's
 * and an order's lines are dashed). Where the last piece found reaches no box and the bar up to
 * MAX_TRAILING_OBJECTS pieces before it reaches that one, the pieces after the bar are objects
 * past the latest bar (an object's label, a title's letters, an indicator line's end) when the
 * first of them stands apart from the bar's range, not touching it as the next bar would, and
 * they do not go on with the series (`barsContinue`). Returns the box and how many pieces to set
 * aside, or null. `boxes`: the axis's boxes (`axisBoxes`).
 */
export function lineTagBeforeObjects(
  candles: readonly PixelCandle[],
  boxes: readonly Tag[],
  lines: readonly PlotLine[],
  labelHeight: number,
): { box: Tag; pieces: number } | null {
  const last = candles[candles.length - 1];
  if (!last || boxes.some((t) => withinCandle(last, labelHeight)(t.y))) return null;
  const onLine = boxes.filter((t) => lineAt(t, lines, (l) => l.dashed === false));
  for (let k = 1; k <= MAX_TRAILING_OBJECTS && candles.length - k >= MIN_BARS_BEFORE_OBJECTS; k++) {
    const bar = candles[candles.length - 1 - k]!;
    const reached = onLine.filter((t) => withinCandle(bar, labelHeight)(t.y));
    if (reached.length === 0) continue;
    const box = onlyOne(reached);
    const apart = !linked(bar, candles[candles.length - k]!);
    if (!box || !apart || barsContinue(candles, k, labelHeight * LINE_LABEL_TALLEST)) return null;
    return { box, pieces: k };
  }
  return null;
}

/**
 * The boxes on the axis within the plot's rows, but for crosshair labels: a crosshair's label is
 * a grey box with a grey dashed line across the plot at its row (the tag of a price line has the
 * line's colour). A grey box on a solid grey line is MetaTrader's bid as often as a crosshair's
 * label: it is one unless `closeMarked` (another box already marks the last close).
 */
export function axisBoxes(
  r: Raster,
  bg: Rgb,
  strip: Box,
  plot: Box,
  lines: PlotLine[],
  labelHeight: number,
  scanned: readonly Tag[] = axisTags(r, bg, strip, plot.top, plot.bottom, labelHeight),
  closeMarked = false,
): Tag[] {
  const crosshairLine = (l: PlotLine): boolean => chroma(l.colour) < CHROMATIC && (l.dashed !== false || closeMarked);
  const crosshair = (t: Tag): boolean => chroma(t.fill) < CHROMATIC && lineAt(t, lines, crosshairLine);
  const boxes = scanned.filter((t) => !crosshair(t));
  // An axis that prints every label in a box of its own: boxes of one fill from the top of the
  // axis to its foot are the labels' (a drawing's tags of one colour huddle where it was drawn).
  const height = plot.bottom - plot.top;
  const labelStyle = (t: Tag): boolean => {
    const alike = boxes.filter((o) => colourDistance(o.fill, t.fill) <= SAME_COLOUR / 2).map((o) => o.y);
    return alike.length >= LABEL_STYLE_MIN && Math.max(...alike) - Math.min(...alike) >= height * LABEL_STYLE_SPAN;
  };
  return boxes.filter((t) => !labelStyle(t));
}

/**
 * How many boxes on the axis stand beside the latest bars (within their range, a label's height
 * of margin) while the last close was taken from the last bar itself: the chart marks prices
 * there (its last price, a bid, a position's levels) that the reading cannot place, so the bar
 * found last may not be the latest (a short last bar lost under the price line, an indicator
 * painted over the candles). `closeMarked`: a box stands at the last close (see `axisBoxes`).
 */
export function unexplainedMarks(
  r: Raster,
  bg: Rgb,
  strip: Box,
  plot: Box,
  candles: PixelCandle[],
  lines: PlotLine[],
  labelHeight: number,
  scanned?: readonly Tag[],
  closeMarked = false,
): number {
  const recent = candles.slice(-RECENT_MARK_BARS);
  if (recent.length === 0) return 0;
  const top = Math.min(...recent.map((c) => c.high)) - labelHeight;
  const bottom = Math.max(...recent.map((c) => c.low)) + labelHeight;
  return axisBoxes(r, bg, strip, plot, lines, labelHeight, scanned, closeMarked).filter(
    (t) => t.y >= top && t.y <= bottom,
  ).length;
}

/**
 * Without a tag, the price line: platforms draw it across the plot at the last close, in the
 * last candle's colour. Horizontal lines of that colour (adjacent rows are one line, as a JPEG
 * spreads it) crossing the last candle's range: exactly one sets the close, unless it stands
 * away from the ends of a body the bar has besides its wicks, and from its high and low
 * (PRICE_LINE_AT_CLOSE): the close is at one of them. A last piece painted in none of the
 * series' `colours` is no candle: an object's label at the end of its own line (MetaTrader's
 * Fibonacci level "38.2 1.08703", a pivot's "R1") is in the line's colour, and the line through
 * it is the object's, not the price's. Nor is a line away from the bar's close where one of the
 * axis's `boxes` stands at that close, nearer it than the line: the bar and the box agree on the
 * close (MetaTrader's bid), and the line through the bar's range is an order's or the ask's.
 */
export function applyPriceLine(
  r: Raster,
  plotBg: Rgb,
  candles: PixelCandle[],
  lines: PlotLine[],
  labelHeight: number,
  colours: readonly Rgb[],
  boxes: readonly Tag[] = [],
): boolean {
  const last = candles[candles.length - 1];
  if (!last) return false;
  const main = candleColours(r, plotBg, last)[0];
  if (!main || !colours.some((k) => seriesInk(main, k, plotBg))) return false;
  const rows = lines
    .filter((l) => colourDistance(main, l.colour) <= SAME_COLOUR)
    .map((l) => l.y)
    .filter(withinCandle(last, labelHeight))
    .sort((a, b) => a - b);
  const groups: number[][] = [];
  for (const y of rows) {
    const group = groups[groups.length - 1];
    if (group && y - (group[group.length - 1] ?? y) <= 1) group.push(y);
    else groups.push([y]);
  }
  if (groups.length !== 1) return false;
  const group = groups[0]!;
  const y = group.reduce((s, row) => s + row, 0) / group.length;
  const edge = Math.max(CANDLE_MARGIN_MIN_PX, labelHeight * PRICE_LINE_AT_CLOSE);
  // A body that runs the bar's whole range may be its wick, the body lost on the line itself.
  const ownBody =
    Math.min(last.open, last.close) > last.high + edge || Math.max(last.open, last.close) < last.low - edge;
  // The close is at an end of the body, or at the bar's high or low where it has no wick there
  // (a body's end can be misread; its wick's cannot).
  const atEnd = [last.open, last.close, last.high, last.low].some((row) => Math.abs(y - row) <= edge);
  if (ownBody && !atEnd) return false;
  const atClose = (b: Tag): boolean =>
    Math.abs(b.y - last.close) <= labelHeight * AT_BODY && Math.abs(b.y - last.close) < Math.abs(b.y - y);
  if (Math.abs(y - last.close) > edge && boxes.some(atClose)) return false;
  closeAt(last, y);
  return true;
}

/**
 * A last-price tag drawn without a box (a hollow up bar's tag is transparent; a white bar's is
 * white on a white chart) is text like the axis labels, but its row breaks their even spacing.
 * `labels` are the axis labels' boxes. When exactly one label is off the lattice the others
 * line up on, has a label's size and no box around it, and lies within the last candle's range, the last close
 * becomes its row. Returns whether it was used.
 */
export function applyTextTag(r: Raster, bg: Rgb, candles: PixelCandle[], labels: Box[], labelHeight: number): boolean {
  const last = candles[candles.length - 1];
  if (!last || labels.length < TEXT_TAG_MIN_LABELS) return false;
  const centre = (b: Box): number => (b.top + b.bottom) / 2;
  const extras = offLattice(labels.map(centre), labelHeight);
  if (extras?.length !== 1) return false;
  // The tag's text is a label's: the same font and digits, so the same size. A crosshair label
  // seen as a word takes its box's edges with it.
  const tag = labels.find((b) => centre(b) === extras[0]);
  const widths = labels.map((b) => b.right - b.left).sort((a, b) => a - b);
  const width = widths[widths.length >> 1] ?? 0;
  if (!tag || Math.abs(tag.right - tag.left - width) > Math.max(TEXT_TAG_WIDTH_MIN_PX, width * TEXT_TAG_WIDTH))
    return false;
  if (
    Math.abs(tag.bottom - tag.top + 1 - labelHeight) > Math.max(TEXT_TAG_HEIGHT_MIN_PX, labelHeight * TEXT_TAG_HEIGHT)
  )
    return false;
  // A crosshair label's box can be faint enough for its text to pass as a word; around a tag
  // without a box there is only background.
  const y = Math.round(centre(tag));
  for (const x of [tag.left - BOX_PROBE_COLUMNS, tag.right + BOX_PROBE_COLUMNS]) {
    if (x < 0 || x >= r.width) continue;
    for (const yy of [y - BOX_PROBE_ROWS, y, y + BOX_PROBE_ROWS])
      if (colourDistance(rgbAt(r, x, yy), bg) > BOX_CONTRAST) return false;
  }
  if (!withinCandle(last, labelHeight)(centre(tag))) return false;
  closeAt(last, centre(tag));
  return true;
}

/**
 * The label centres off the lattice the others line up on: the best anchor at the median gap,
 * then a least-squares fit of the labels on it (labels sit on whole pixels, so their gaps
 * alternate: 33, 34...). Null when the labels are closer than a label's height.
 */
function offLattice(centres: number[], labelHeight: number): number[] | null {
  const sorted = [...centres].sort((a, b) => a - b);
  const gaps = sorted
    .slice(1)
    .map((c, i) => c - (sorted[i] ?? c))
    .sort((a, b) => a - b);
  const roughPitch = gaps[Math.floor(gaps.length / 2)] ?? 0;
  if (roughPitch < labelHeight) return null;
  const lined = (anchor: number, pitch: number, c: number, tolerance: number): boolean => {
    const steps = (c - anchor) / pitch;
    return Math.abs(steps - Math.round(steps)) <= tolerance;
  };
  const count = (anchor: number): number => sorted.filter((c) => lined(anchor, roughPitch, c, LATTICE_ANCHOR)).length;
  const anchor = sorted.reduce((best, a) => (count(a) > count(best) ? a : best), sorted[0] ?? 0);
  const fitted = sorted.filter((c) => lined(anchor, roughPitch, c, LATTICE_ANCHOR));
  const steps = fitted.map((c) => Math.round((c - anchor) / roughPitch));
  const meanK = steps.reduce((s, k) => s + k, 0) / fitted.length;
  const meanC = fitted.reduce((s, c) => s + c, 0) / fitted.length;
  let sxy = 0;
  let sxx = 0;
  fitted.forEach((c, i) => {
    const k = (steps[i] ?? 0) - meanK;
    sxy += k * (c - meanC);
    sxx += k * k;
  });
  const pitch = sxx > 0 ? sxy / sxx : roughPitch;
  const origin = meanC - pitch * meanK;
  return sorted.filter((c) => !lined(origin, pitch, c, OFF_LATTICE));
}
