/**
 * Finds the price axis (a vertical column of aligned number labels) and the plot pane beside
 * it. Works on the reduced image; coordinates here are work-image pixels.
 */
import { findBlobs, groupWords, type Word } from '../components.js';
import { dominantColour, rgbAt, type Box, type Raster, type Rgb } from '../raster.js';
import { scratchU8 } from '../scratch.js';

/** Text is drawn with strong contrast against the background; grid and watermarks are not. */
const TEXT_CONTRAST = 70;
/** Pane separators and borders are faint in dark themes, so this is lower than text. */
const LINE_CONTRAST = 18;
/** Candles and bars: strong colours, unlike the faint ringing a JPEG leaves beside them. */
const SHAPE_CONTRAST = 60;

export interface AxisColumn {
  side: 'left' | 'right';
  labels: Word[];
  strip: Box;
}

export interface Layout {
  axis: AxisColumn;
  plot: Box;
  /** Panes with a scale of their own in the axis's column (the price pane and labelled sub-windows). */
  panes: number;
}

/** Glyph-sized blobs of text ink in columns [x0, x1), grouped into words. */
function textWords(mask: Uint8Array, r: Raster, x0: number, x1: number, fullResolution = false): Word[] {
  const maxH = Math.max(12, Math.round(r.height * 0.05));
  const smallest = fullResolution ? 5 : 10;
  const glyphs = findBlobs(mask, r.width, r.height, x0, x1).filter((b) => {
    const h = b.bottom - b.top + 1;
    const w = b.right - b.left + 1;
    if (h > maxH) return false;
    // Glyphs set tightly at a high pixel ratio touch and make one wide blob: still text when
    // it is no longer than a label and, unlike a box, partly background. Below 10 px the blob
    // of a reduced image is more likely a label smudged whole, better read at full size; at
    // full size there is none better: small antialiased digits (MetaTrader's 7 px labels)
    // touch through their grey edge pixels.
    return w <= maxH * 1.2 || (h >= smallest && w <= h * 6 && b.pixels <= w * h * 0.75);
  });
  return groupWords(glyphs, smallest);
}

/**
 * Words shaped like price labels: at least three glyphs, wider than tall, and no more glyphs
 * than a long price has characters, with room for a few broken ones (a row of small candles,
 * chained into one 'word' of hundreds of glyphs, lined up with two more rows like it once made
 * an axis half the image wide).
 */
export const isNumberLike = (w: Word): boolean => {
  const h = w.bottom - w.top + 1;
  const wd = w.right - w.left + 1;
  return h >= 5 && w.glyphs >= 3 && w.glyphs <= 24 && wd >= h * 1.4 && wd <= h * 12;
};

/** The largest set of same-height words sharing a left or right edge, stacked vertically. */
export function alignedColumn(words: Word[], edges: readonly ('left' | 'right')[] = ['left', 'right']): Word[] {
  let best: Word[] = [];
  let bestX = -1;
  for (const edge of edges) {
    for (const anchor of words) {
      const ah = anchor.bottom - anchor.top;
      const members = words.filter(
        (w) =>
          Math.abs(w[edge] - anchor[edge]) <= 2 && Math.abs(w.bottom - w.top - ah) <= Math.max(1, Math.round(ah * 0.2)),
      );
      // Labels never overlap vertically; keep one word per text row.
      members.sort((a, b) => a.top - b.top);
      const rows: Word[] = [];
      for (const m of members) {
        const prev = rows[rows.length - 1];
        if (!prev || m.top > prev.bottom) rows.push(m);
      }
      const x = anchor[edge];
      if (rows.length > best.length || (rows.length === best.length && x > bestX)) {
        best = rows;
        bestX = x;
      }
    }
  }
  return best;
}

/**
 * Same ink as JPEG keeps it: brightness at full resolution, colour (chroma) at half resolution
 * and coarser, so a one-pixel line over coloured bars keeps its brightness but takes on some
 * of their hue. Brightness is compared tightly, chroma loosely.
 */
function sameInk(a: Rgb, b: Rgb): boolean {
  const dr = a[0] - b[0];
  const dg = a[1] - b[1];
  const db = a[2] - b[2];
  const dy = 0.299 * dr + 0.587 * dg + 0.114 * db;
  const dcb = -0.169 * dr - 0.331 * dg + 0.5 * db;
  const dcr = 0.5 * dr - 0.419 * dg - 0.081 * db;
  return Math.abs(dy) < 30 && Math.sqrt(dcb * dcb + dcr * dcr) < 60;
}

/** Whether pixel `p` (index into width × height) differs from `bg` by more than `limit`. */
function standsOut(r: Raster, bg: Rgb, p: number, limit: number): boolean {
  const i = p * 3;
  const dr = r.data[i]! - bg[0];
  const dg = r.data[i + 1]! - bg[1];
  const db = r.data[i + 2]! - bg[2];
  return dr * dr + dg * dg + db * db > limit * limit;
}

/** Text ink (strong contrast with the background) in columns [x0, x1); zero elsewhere. */
function textMask(r: Raster, bg: Rgb, x0: number, x1: number): Uint8Array {
  // Candle detection later borrows this plane for its own ink map; the layout is done by then.
  const mask = scratchU8('ink', r.width * r.height);
  for (let y = 0; y < r.height; y++) {
    for (let p = y * r.width + x0, end = y * r.width + x1; p < end; p++)
      mask[p] = standsOut(r, bg, p, TEXT_CONTRAST) ? 1 : 0;
  }
  clearLongVerticals(mask, r.width, r.height, x0, x1, Math.max(24, Math.round(r.height * 0.1)));
  return mask;
}

/**
 * Clears vertical runs of ink taller than `longest` rows: an axis's border line, which
 * MetaTrader joins to every label through its tick marks (each label then belonged to one blob
 * the height of the chart, and no label was found), a grid line or a panel's edge. Text is
 * never that tall, and a glyph crossed by such a line keeps its other strokes.
 */
function clearLongVerticals(
  mask: Uint8Array,
  width: number,
  height: number,
  x0: number,
  x1: number,
  longest: number,
): void {
  for (let x = x0; x < x1; x++) {
    let start = -1;
    for (let y = 0; y <= height; y++) {
      const on = y < height && mask[y * width + x] === 1;
      if (on && start < 0) start = y;
      if (!on && start >= 0) {
        if (y - start > longest) for (let k = start; k < y; k++) mask[k * width + x] = 0;
        start = -1;
      }
    }
  }
}

/** Median height of the axis labels, in the same pixels as their boxes. */
export function medianLabelHeight(labels: Word[]): number {
  const heights = labels.map((w) => w.bottom - w.top + 1).sort((a, b) => a - b);
  return heights[heights.length >> 1] ?? 0;
}

const stripOf = (labels: Word[], width: number): Box => ({
  left: Math.max(0, Math.min(...labels.map((w) => w.left)) - 2),
  right: Math.min(width, Math.max(...labels.map((w) => w.right)) + 3),
  top: Math.min(...labels.map((w) => w.top)),
  bottom: Math.max(...labels.map((w) => w.bottom)) + 1,
});

/** Whether word `w` lies in one of the label columns `skip` (strips of layouts already tried). */
const inColumn = (w: Box, skip: readonly Box[]): boolean =>
  skip.some((s) => w.right >= s.left && w.left <= s.right && w.bottom >= s.top && w.top <= s.bottom);

/**
 * `bg` is the image's background colour; distances are computed only where they are looked at.
 * `skip`: label columns already tried and found to be no price axis (a watchlist, a table), so
 * the next column in line is found instead, on either side.
 */
export function findLayout(r: Raster, bg: Rgb, skip: readonly Box[] = [], fullResolution = false): Layout | null {
  // The right side is by far the most common place for the price scale; the left is a fallback.
  const rightStart = Math.floor(r.width * 0.55);
  const rightWords = textWords(textMask(r, bg, rightStart, r.width), r, rightStart, r.width, fullResolution);
  let words = rightWords.filter((w) => !inColumn(w, skip));
  let { labels, panes } = axisColumn(r, bg, words, rightWords);
  let side: AxisColumn['side'] = 'right';
  if (labels.length < 3 || skip.length > 0) {
    const leftEnd = Math.floor(r.width * 0.3);
    const allLeft = textWords(textMask(r, bg, 0, leftEnd), r, 0, leftEnd, fullResolution);
    const leftWords = allLeft.filter((w) => !inColumn(w, skip));
    const left = axisColumn(r, bg, leftWords, allLeft);
    if (left.labels.length > labels.length) {
      words = leftWords;
      ({ labels, panes } = left);
      side = 'left';
    }
  }
  if (labels.length < 3) return null;
  const strip = stripOf(labels, r.width);
  const columns = side === 'right' ? { from: 0, to: strip.left } : { from: strip.right, to: r.width };

  const { top, bottom: separator } = paneRows(r, bg, strip);
  const bottom = Math.min(separator, timeAxisTop(r, bg, labels, words, strip, columns) ?? r.height);
  const plot: Box =
    side === 'right'
      ? { left: 0, top, right: plotEdge(r, bg, strip.left - 1, -1, top, bottom), bottom }
      : { left: plotEdge(r, bg, strip.right, 1, top, bottom) + 1, top, right: r.width, bottom };
  if (plot.right - plot.left < r.width * 0.3 || plot.bottom - plot.top < r.height * 0.2) return null;
  return { axis: { side, labels, strip }, plot: paneBounds(r, plot, side), panes };
}

/** Within this distance of the pane's own background a pixel is background (JPEG noise included). */
const PANE_BG_TOLERANCE = 12;
/** A line of the pane is mostly its background: candles, grid and text leave most of it bare. */
const PANE_LINE_SHARE = 0.35;

/**
 * The pane's far edges: where its background ends. Walking away from the axis (and up and
 * down from the labels' middle), lines of pane background follow each other with only grid
 * lines, wicks and bodies between them; past the pane's edge (a slide or window frame, a
 * watchlist or panel in another colour) they stop for good. A gap of bare lines wider than a
 * few per cent of the pane ends it at the last pane line before the gap. Where the frame has
 * the pane's colour nothing changes: the rough box stands.
 */
export function paneBounds(r: Raster, rough: Box, side: 'left' | 'right'): Box {
  const w = rough.right - rough.left;
  const h = rough.bottom - rough.top;
  // The pane's background, from its half by the axis (the far half may be a frame).
  const near: Box =
    side === 'right'
      ? { left: rough.left + Math.floor(w / 2), top: rough.top, right: rough.right, bottom: rough.bottom }
      : { left: rough.left, top: rough.top, right: rough.right - Math.floor(w / 2), bottom: rough.bottom };
  const paneBg = dominantColour(r, near);
  const isBg = (x: number, y: number): boolean => !standsOut(r, paneBg, y * r.width + x, PANE_BG_TOLERANCE);
  const colShare = (x: number, top: number, bottom: number): number => {
    const step = Math.max(1, Math.floor((bottom - top) / 200));
    let on = 0;
    let n = 0;
    for (let y = top; y < bottom; y += step, n++) if (isBg(x, y)) on++;
    return n ? on / n : 0;
  };
  const rowShare = (y: number, left: number, right: number): number => {
    const step = Math.max(1, Math.floor((right - left) / 300));
    let on = 0;
    let n = 0;
    for (let x = left; x < right; x += step, n++) if (isBg(x, y)) on++;
    return n ? on / n : 0;
  };
  /** The last pane line walking from `from` by `dir` up to `limit` (inclusive). */
  const walk = (from: number, dir: 1 | -1, limit: number, share: (k: number) => number, gapMax: number): number => {
    let last = from;
    for (let k = from; dir === 1 ? k <= limit : k >= limit; k += dir) {
      if (share(k) >= PANE_LINE_SHARE) last = k;
      else if (Math.abs(k - last) > gapMax) break;
    }
    return last;
  };
  const colGap = Math.max(6, Math.round(r.width * 0.02));
  const rowGap = Math.max(6, Math.round(r.height * 0.03));
  let { left, right } = rough;
  if (side === 'right') left = walk(rough.right - 1, -1, rough.left, (x) => colShare(x, rough.top, rough.bottom), colGap);
  else right = walk(rough.left, 1, rough.right - 1, (x) => colShare(x, rough.top, rough.bottom), colGap) + 1;
  const mid = Math.floor((rough.top + rough.bottom) / 2);
  const top = walk(mid, -1, rough.top, (y) => rowShare(y, left, right), rowGap);
  const bottom = walk(mid, 1, rough.bottom - 1, (y) => rowShare(y, left, right), rowGap) + 1;
  // Too little left of the pane: the background was not the pane's (a chart filled edge to edge).
  if (right - left < w * 0.3 || bottom - top < h * 0.3) return rough;
  return { left, top, right, bottom };
}

/** Columns looked at, right to left, before a side is given up (a watchlist has several). */
const MAX_TABLE_COLUMNS = 6;

/**
 * The price axis among `words` (all the side's words in `all`): the first label column that is
 * no table's. A watchlist, a quote table or an order ticket sets its numbers beside other words
 * on the same rows (a symbol, a second price, a change); a price axis's labels stand alone on
 * theirs, with the plot on one side and the image's edge or a margin on the other.
 */
function axisColumn(r: Raster, bg: Rgb, words: Word[], all: Word[]): LabelledPanes {
  let candidates = words;
  for (let k = 0; k < MAX_TABLE_COLUMNS; k++) {
    const found = paneColumn(r, bg, candidates);
    if (found.labels.length < 3 || !inTableRows(found.labels, all)) return found;
    const strip = stripOf(found.labels, r.width);
    candidates = candidates.filter((w) => !inColumn(w, [strip]));
  }
  return { labels: [], panes: 0 };
}

/**
 * Whether most of `labels` have another word on their baseline within six label heights: the cells
 * of a table's row. Words overlapping a label (its own detached digits) do not count.
 */
export function inTableRows(labels: Word[], words: Word[]): boolean {
  const h = medianLabelHeight(labels);
  const rowMate = (label: Word): boolean =>
    words.some((w) => {
      if (w.right >= label.left - 1 && w.left <= label.right + 1) return false;
      // Cells of a row share its baseline; a word that only overlaps the label's row (a
      // watchlist's row beside the axis, at its own pitch) does not.
      if (Math.abs(w.bottom - label.bottom) > Math.max(1, h * 0.15)) return false;
      const gap = w.left > label.right ? w.left - label.right : label.left - w.right;
      // Text of about the labels' size: not a tick, a dot of noise or a dash of the grid.
      const height = w.bottom - w.top + 1;
      return gap <= h * 6 && height >= h * 0.6 && height <= h * 1.6;
    });
  return labels.filter(rowMate).length > labels.length / 2;
}

/**
 * The price pane's labels among `words`: the column of number-like words aligned on their left
 * edges, or on their right, with the larger price pane. A volume pane's labels ('800', '1000')
 * can share the price labels' left edge and outnumber the price labels that do (others lost a
 * detached '0.'); the separator between the panes then leaves few of them on the price side.
 */
function paneColumn(r: Raster, bg: Rgb, words: Word[]): LabelledPanes {
  const numbers = words.filter(isNumberLike);
  let best: LabelledPanes = { labels: [], panes: 0 };
  for (const edge of ['left', 'right'] as const) {
    const aligned = alignedColumn(numbers, [edge]);
    if (aligned.length < 3) continue;
    const joined = aligned.map((l) => withDetachedDigits(l, words));
    const found = mainPaneLabels(r, bg, joined, stripOf(joined, r.width));
    // On a tie the right edges: price labels are set flush right.
    if (found.labels.length >= best.labels.length) best = found;
  }
  return best;
}

/** The price pane's labels, and how many panes with a scale of their own share its column. */
interface LabelledPanes {
  labels: Word[];
  panes: number;
}

/**
 * A label's leading '0' or '2,', a thousands group, or its decimals after the point can stand
 * further from its other digits than words allow: a monospaced dot or comma is as wide as a
 * digit, and a faint or small one is lost, leaving a gap of two digits ('0' and '8610'; '192' and
 * '300' at 6 px; '2' ',036' '.' '00'). Words of the label's cap height within that gap before
 * or after it are part of it, as long as the whole stays as long as a label can be.
 */
export function withDetachedDigits(label: Word, words: Word[]): Word {
  const h = label.bottom - label.top + 1;
  const part = (w: Word): boolean =>
    Math.abs(w.top - label.top) <= Math.max(1, h * 0.15) &&
    w.bottom - w.top + 1 <= h * 1.4 &&
    w.bottom - w.top + 1 >= h * 0.8 &&
    // A few digits and a separator: not a run of legend text.
    w.right - w.left + 1 <= h * 4;
  let joined = label;
  for (let k = 0; k < 4; k++) {
    const next = words.find(
      (w) =>
        part(w) &&
        ((w.right < joined.left && joined.left - w.right <= h * 1.5) ||
          (w.left > joined.right && w.left - joined.right <= h * 1.5)) &&
        Math.max(joined.right, w.right) - Math.min(joined.left, w.left) + 1 <= h * 12,
    );
    if (!next) break;
    joined = {
      ...joined,
      left: Math.min(joined.left, next.left),
      right: Math.max(joined.right, next.right),
      pixels: joined.pixels + next.pixels,
      glyphs: joined.glyphs + next.glyphs,
    };
  }
  return joined;
}

/**
 * Where the time axis begins under the pane, when its border is not a full-width line (some
 * platforms stop it at the price axis, or draw none). The time labels are a row of words in
 * the price labels' font, below the lowest price label read and within three label spacings
 * of it (the lowest labels can be hidden behind a price tag or a crosshair label); the pane
 * ends at the lowest line across the plot above them, else a little above them.
 */
function timeAxisTop(
  r: Raster,
  bg: Rgb,
  labels: Word[],
  words: Word[],
  strip: Box,
  columns: { from: number; to: number },
): number | null {
  const labelH = medianLabelHeight(labels);
  const centres = labels.map((w) => (w.top + w.bottom) / 2);
  const spacing = (centres[centres.length - 1]! - centres[0]!) / Math.max(1, centres.length - 1);
  const candidates = words.filter(
    (w) =>
      w.top >= strip.bottom &&
      w.top <= strip.bottom + 3 * spacing + labelH &&
      w.right < columns.to &&
      w.left >= columns.from &&
      // Month names descend below the line ('Jun', 'May'), digits do not.
      w.bottom - w.top + 1 >= labelH - Math.max(2, labelH * 0.25) &&
      w.bottom - w.top + 1 <= labelH + Math.max(2, labelH * 0.4),
  );
  // Time labels can be short ('14', 'Jan'), and bold digits may touch: two glyphs, or one
  // blob wider than a digit, make a word here. A day's number ('9') can be a single glyph.
  const isWord = (w: Word): boolean => w.glyphs >= 2 || w.right - w.left + 1 >= (w.bottom - w.top + 1) * 1.2;
  // The topmost row holding a word and another label well apart (a lone word may be anything;
  // time labels are spread along the axis).
  candidates.sort((a, b) => a.top - b.top);
  const row = candidates.find(
    (w) =>
      isWord(w) &&
      candidates.some((o) => o !== w && Math.abs(o.top - w.top) <= 2 && Math.abs(o.left - w.left) >= labelH * 3),
  );
  if (!row) return null;

  const isLine = (y: number): boolean => {
    const span = columns.to - columns.from;
    let off = 0;
    const base = y * r.width;
    for (let x = columns.from; x < columns.to && off <= span * 0.1; x++)
      if (!standsOut(r, bg, base + x, LINE_CONTRAST)) off++;
    return off <= span * 0.1;
  };
  // The border sits just above the labels; a line further up is a grid line inside the pane.
  const gap = Math.round(labelH * 0.6);
  for (let y = row.top - 1; y >= Math.max(strip.bottom, row.top - labelH * 1.5); y--) if (isLine(y)) return y;
  return Math.max(strip.bottom, row.top - gap);
}

/**
 * The layout of the reduced image `work`; when its labels are too small to find there (a wide
 * screenshot taken at device pixel ratio 1 has 8 px labels, 4 px once halved), the layout of
 * the full image, in work coordinates.
 */
export function findLayoutScaled(
  work: Raster,
  full: Raster,
  scale: number,
  bg: Rgb,
  skip: readonly Box[] = [],
): Layout | null {
  const layout = findLayout(work, bg, skip, scale === 1);
  if (layout || scale === 1) return layout;
  const big = findLayout(
    full,
    bg,
    skip.map((b) => ({
      left: b.left * scale,
      top: b.top * scale,
      right: (b.right + 1) * scale,
      bottom: (b.bottom + 1) * scale,
    })),
    true,
  );
  if (!big) return null;
  const shrink = (b: Box): Box => ({
    left: Math.floor(b.left / scale),
    top: Math.floor(b.top / scale),
    right: Math.min(work.width, Math.ceil(b.right / scale)),
    bottom: Math.min(work.height, Math.ceil(b.bottom / scale)),
  });
  // Label boxes stay fractional: they are scaled back up to cut the OCR crops.
  const labels = big.axis.labels.map((w) => ({
    ...w,
    left: w.left / scale,
    top: w.top / scale,
    right: (w.right + 1) / scale - 1,
    bottom: (w.bottom + 1) / scale - 1,
  }));
  return { axis: { side: big.axis.side, labels, strip: shrink(big.axis.strip) }, plot: shrink(big.plot), panes: big.panes };
}

/** Walks from the axis towards the plot looking for a border line; else keeps a small gap. */
export function plotEdge(r: Raster, bg: Rgb, from: number, dir: 1 | -1, top: number, bottom: number): number {
  const limit = Math.round(r.width * 0.03) + 4;
  for (let k = 0; k < limit; k++) {
    const x = from + dir * k;
    if (x < 0 || x >= r.width) break;
    let on = 0;
    for (let y = top; y < bottom; y++) if (standsOut(r, bg, y * r.width + x, LINE_CONTRAST)) on++;
    if (on < (bottom - top) * 0.9) continue;
    // The first full-height line from the axis is its border, unless candles stand beyond it:
    // then it is a vertical grid line and the chart has no border.
    if (k > 1 && hasShapesBetween(r, bg, x - dir * (k - 1), x - dir, top, bottom)) break;
    return x;
  }
  return dir === -1 ? Math.max(0, from - 2) : Math.min(r.width - 1, from + 2);
}

/**
 * Whether the columns from `axisSide` to `plotSide` hold something taller than a line that
 * does not fill them: a candle or bar. Between a border and its labels there are only thin
 * tick marks and boxes (price tags, crosshair labels), which reach the labels' side even
 * where their corners are rounded off.
 */
function hasShapesBetween(
  r: Raster,
  bg: Rgb,
  axisSide: number,
  plotSide: number,
  top: number,
  bottom: number,
): boolean {
  const from = Math.min(axisSide, plotSide);
  const to = Math.max(axisSide, plotSide);
  let run = 0;
  for (let y = top; y < bottom; y++) {
    let on = 0;
    for (let x = from; x <= to; x++) if (standsOut(r, bg, y * r.width + x, SHAPE_CONTRAST)) on++;
    const partial = on > 0 && on <= (to - from + 1) * 0.8 && !standsOut(r, bg, y * r.width + axisSide, SHAPE_CONTRAST);
    run = partial ? run + 1 : 0;
    // Tick marks at the labels' rows touch the border and can be four rows tall in a JPEG at
    // a pixel ratio of 2; a candle or bar (with its wick) is taller.
    if (run >= 6) return true;
  }
  return false;
}

/**
 * Whether row `y` is a pane separator: one line in one colour across plot and axis (pane
 * borders, the time-axis border). A grid line that happens to meet a price tag in the axis is
 * not: where a separator crosses the axis it is a thin line, a tag is a filled box.
 */
function isSeparator(r: Raster, bg: Rgb, strip: Box, y: number): boolean {
  // At least 95% of the row is line: give up as soon as more than 5% is background.
  let off = 0;
  const base = y * r.width;
  for (let x = 0; x < r.width && off <= r.width * 0.05; x++) if (!standsOut(r, bg, base + x, LINE_CONTRAST)) off++;
  if (off > r.width * 0.05) return false;
  // The axis is a small share of the row, so it is checked on its own: a separator runs across
  // it, where a grid line meeting a half-hidden label only touches a glyph or two.
  let axisOff = 0;
  for (let x = strip.left; x < strip.right; x++) if (!standsOut(r, bg, base + x, LINE_CONTRAST)) axisOff++;
  if (axisOff > (strip.right - strip.left) * 0.1) return false;

  const at = (x: number): Rgb => rgbAt(r, Math.min(r.width - 1, Math.max(0, Math.round(x))), y);
  const across = Array.from({ length: 8 }, (_, k) => at((strip.left * (k + 0.5)) / 8));
  const axisX = Math.round((strip.left + strip.right) / 2);
  if (!standsOut(r, bg, base + axisX, LINE_CONTRAST)) return false;
  // Three rows off a one- or two-pixel line the axis is background or label text again; beside
  // the edge of a filled box (a price tag, a crosshair label) it is mostly fill.
  const boxRow = (yy: number): boolean => {
    if (yy < 0 || yy >= r.height) return false;
    let on = 0;
    for (let x = strip.left; x < strip.right; x++) if (standsOut(r, bg, yy * r.width + x, LINE_CONTRAST)) on++;
    return on >= (strip.right - strip.left) * 0.6;
  };
  if (boxRow(y - 3) || boxRow(y + 3)) return false;
  const axis = at(axisX);
  const samples = [...across, axis, at(r.width - 2)];
  // The line's colour is the sample most others agree with; a candle or bar lying on the
  // line may spoil a sample or two.
  const agreeing = (c: Rgb): number => samples.filter((o) => sameInk(c, o)).length;
  const ref = samples.reduce((best, c) => (agreeing(c) > agreeing(best) ? c : best), axis);
  return sameInk(axis, ref) && agreeing(ref) >= samples.length * 0.75;
}

/**
 * A volume or indicator pane under (or over) the price pane has its own labels in the same
 * column; a separator line between two labels splits the column, and the tallest part is the
 * price pane's.
 */
function mainPaneLabels(r: Raster, bg: Rgb, labels: Word[], strip: Box): LabelledPanes {
  const groups: Word[][] = [[]];
  for (const [i, label] of labels.entries()) {
    const prev = labels[i - 1];
    if (prev) {
      for (let y = prev.bottom + 1; y < label.top; y++) {
        if (isSeparator(r, bg, strip, y)) {
          groups.push([]);
          break;
        }
      }
    }
    groups[groups.length - 1]!.push(label);
  }
  const extent = (g: Word[]): number => (g.length ? g[g.length - 1]!.bottom - g[0]!.top : -1);
  return {
    labels: groups.reduce((best, g) => (extent(g) > extent(best) ? g : best)),
    // A pane with a scale of its own prints two labels at least.
    panes: Math.max(1, groups.filter((g) => g.length >= 2).length),
  };
}

/**
 * The price pane's rows: between the nearest separator lines above and below the labels, else
 * the whole height.
 */
function paneRows(r: Raster, bg: Rgb, strip: Box): { top: number; bottom: number } {
  let top = 0;
  for (let y = strip.top - 1; y >= 0; y--) {
    if (isSeparator(r, bg, strip, y)) {
      top = y + 1;
      break;
    }
  }
  let bottom = r.height;
  for (let y = strip.bottom; y < r.height; y++) {
    if (isSeparator(r, bg, strip, y)) {
      bottom = y;
      break;
    }
  }
  return { top, bottom };
}
