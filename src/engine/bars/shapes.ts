/**
 * Which colours are the series: the colour clusters shaped like candles or bars (many narrow
 * pieces spread over the plot, with tall wicks or stems) are kept, overlay lines (moving
 * averages: long, continuous, thin) are not. Minor colours, a JPEG's desaturated wicks and
 * outlines, join the candle ink they touch; a colour drawn only down the bars' stems is a wick
 * colour, left out of the body edges.
 */
import { findBlobs, type Blob } from '../components.js';
import { eraseTextBoxes } from './boxes.js';
import { colourDistance, type Box, type Raster, type Rgb } from '../raster.js';
import { scratchU32, scratchU8 } from '../scratch.js';
import { nextSet, wordsOf } from '../sparse.js';
import { candleDebug } from './debug.js';
import { labelInk, maskOf, type Cluster } from './ink.js';
import {
  BODY_MIN_WIDTH,
  CANDLE_QUARTILE_HEIGHT,
  CANDLE_SPAN,
  CONTINUOUS,
  FAINT_LINE_HEIGHT,
  JAGGED,
  LINE_CONTINUITY,
  LONG_STROKE,
  MIN_ROWS_SHARE,
  MIN_SEGMENTS,
  MIN_TALL,
  MOSTLY_LONG,
  SERIES_MIN_SHARE,
  SHORT_SERIES_JAGGED,
  SHORT_SERIES_SPAN,
  STEM_MIN_HEIGHT,
  STEM_OVER_MIDDLE,
  STEM_OVER_QUARTILE,
  TALL_PERCENTILE,
  THIN_LINE_HEIGHT,
  WICK_COLOUR_DISTANCE,
  WICK_MAX_WIDTH,
  WICK_MIN_SPAN,
  WICK_STEM_SHARE,
} from './params.js';
import { owns, type Piece } from './pieces.js';

export interface ClusterShape {
  candleLike: boolean;
  /** Present in most columns it spans, as a continuous overlay line is. */
  continuous: boolean;
  /** Ink in its tallest columns (98th percentile): wicks and stems are tall, lines are not. */
  tallCount: number;
  /** Columns far taller than most (OHLC stems among ticks, wicks among thin bodies). */
  stems: boolean;
}

/** Candle colours appear as many separate narrow pieces spread over the plot. */
export function clusterShapes(label: Uint8Array, nClusters: number, w: number, h: number): ClusterShape[] {
  // One pass collects, per cluster, pixels per column and which rows it touches.
  const colCount = scratchU32('shapes:cols', nClusters * w);
  const rowUsed = scratchU8('shapes:rows', nClusters * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const c = label[y * w + x] ?? 255;
      if (c === 255) continue;
      colCount[c * w + x] = (colCount[c * w + x] ?? 0) + 1;
      rowUsed[c * h + y] = 1;
    }
  }
  return Array.from({ length: nClusters }, (_, c) => clusterShape(colCount, rowUsed, c, w, h));
}

/** The shape of cluster c's ink, from its pixels per column and the rows it touches. */
function clusterShape(colCount: Uint32Array, rowUsed: Uint8Array, c: number, w: number, h: number): ClusterShape {
  let first = -1;
  let last = -1;
  let present = 0;
  let segments = 0;
  const counts: number[] = [];
  for (let x = 0; x < w; x++) {
    const n = colCount[c * w + x] ?? 0;
    if (n === 0) continue;
    if (first < 0) first = x;
    last = x;
    present++;
    counts.push(n);
    if (x === 0 || (colCount[c * w + x - 1] ?? 0) === 0) segments++;
  }
  let rowsUsed = 0;
  for (let y = 0; y < h; y++) rowsUsed += rowUsed[c * h + y] ?? 0;
  // Bars side by side differ in height column by column (wick, body, the next bar); a filled
  // area or a band is smooth.
  let change = 0;
  let total = 0;
  for (let x = first + 1; x <= last; x++) {
    const n = colCount[c * w + x] ?? 0;
    change += Math.abs(n - (colCount[c * w + x - 1] ?? 0));
    total += n;
  }
  const jagged = total > 0 ? change / total : 0;
  counts.sort((a, b) => a - b);
  const span = last - first + 1;
  const continuity = span > 0 ? present / span : 1;
  // Upper quartile: OHLC ticks are one pixel tall but every bar has a tall stem.
  const upperQuartile = counts[Math.floor(counts.length * 0.75)] ?? 0;
  // Every candle or bar has a tall column (wick or stem), even when its ticks are flat.
  // (98th percentile: OHLC bars with long ticks have their stem in one column of twenty.)
  const tallCount = counts[Math.floor(counts.length * TALL_PERCENTILE)] ?? 0;
  // Stems 3 px wide every 10 px are a quarter of the columns and reach the upper quartile:
  // then they still stand far above the middle column.
  const middleCount = counts[Math.floor(counts.length * 0.5)] ?? 0;
  const stems =
    tallCount >= STEM_MIN_HEIGHT &&
    (tallCount >= upperQuartile * STEM_OVER_QUARTILE || tallCount >= middleCount * STEM_OVER_MIDDLE);
  return {
    continuous: continuity >= CONTINUOUS,
    tallCount,
    stems,
    // Moving averages and other overlays are continuous lines: they fail on continuity.
    // OHLC bars whose ticks touch cover every column like a line, but their stems stand far
    // taller than the ticks in most columns; a line is about equally thin everywhere.
    candleLike:
      // A short series at the right of a wide plot still changes height at every bar.
      (span >= w * CANDLE_SPAN || (span >= w * SHORT_SERIES_SPAN && jagged >= SHORT_SERIES_JAGGED)) &&
      // A dense chart's bars touch into a few wide pieces: they are still bars if jagged.
      (segments >= MIN_SEGMENTS || stems || jagged >= JAGGED) &&
      tallCount >= MIN_TALL &&
      rowsUsed >= h * MIN_ROWS_SHARE &&
      (continuity < LINE_CONTINUITY || upperQuartile >= CANDLE_QUARTILE_HEIGHT || stems),
  };
}

/**
 * An overlay line (moving average) drawn over the candles is one long connected stroke; a
 * candle colour is many separate narrow pieces. A cluster whose ink lies mostly in pieces
 * spanning a large part of the plot is a line, even if the candles break it into segments.
 */
export function mostlyLong(regions: Blob[], c: number, w: number): boolean {
  let total = 0;
  let long = 0;
  for (const b of regions) {
    if (b.value !== c) continue;
    total += b.pixels;
    if (b.right - b.left + 1 >= w * LONG_STROKE) long += b.pixels;
  }
  return total > 0 && long >= total * MOSTLY_LONG;
}

/**
 * Kept colours whose ink is thin vertical strokes (wicks drawn in their own colour) while
 * another kept colour forms wider shapes (bodies). OHLC bars are one colour with ticks, so
 * their pieces are wide and no colour is marked. `stemShare(c)` is the share of colour c's
 * ink in the candles that lies on their stem column: a wick colour lies there, while the
 * outline of hollow or outlined bodies (MetaTrader) also runs down both body edges, and in a
 * JPEG breaks into thin pieces that would otherwise pass for wicks.
 */
export function wickClusters(
  regions: Blob[],
  keep: boolean[],
  colours: Rgb[],
  stemShare: (c: number) => number,
): boolean[] {
  const widths = keep.map((k, c) => {
    if (!k) return 0;
    const ws = regions
      .filter((b) => b.value === c && b.bottom - b.top >= WICK_MIN_SPAN)
      .map((b) => b.right - b.left + 1)
      .sort((a, b) => a - b);
    return ws[Math.floor(ws.length / 2)] ?? 0;
  });
  const bodies = colours.filter((_, c) => keep[c] && (widths[c] ?? 0) >= BODY_MIN_WIDTH);
  // A wick colour is its own colour, not a body colour's antialiased or JPEG-smeared edge.
  const distinct = (k: Rgb): boolean => bodies.every((b) => colourDistance(k, b) > WICK_COLOUR_DISTANCE);
  return widths.map(
    (x, c) =>
      Boolean(keep[c]) &&
      bodies.length > 0 &&
      x > 0 &&
      x <= WICK_MAX_WIDTH &&
      distinct(colours[c] ?? [0, 0, 0]) &&
      stemShare(c) >= WICK_STEM_SHARE,
  );
}

/**
 * Adds ink of the `minor` colours (or of no colour) that touches kept ink or continue such a pixel straight up
 * or down (hysteresis along columns): a wick or outline broken into other colours by JPEG stays
 * part of its candle. Growing only along columns keeps a line that crosses a candle out of it,
 * apart from a pixel beside the candle and the line's own thickness.
 */
export function growVertically(
  mask: Uint8Array,
  ink: Uint8Array,
  label: Uint8Array,
  minor: boolean[],
  w: number,
  h: number,
): void {
  // Ink near no colour cluster (a thin edge JPEG has smeared towards grey) is minor too. Weak
  // pixels are marked 3 in a first pass (ink is sparse), so the passes below read one plane.
  const weakColour = new Uint8Array(256);
  minor.forEach((m, c) => (weakColour[c] = m ? 1 : 0));
  weakColour[255] = 1;
  const n = w * h;
  const weak: number[] = [];
  const words = wordsOf(ink);
  for (let p = nextSet(ink, words, 0, n); p < n; p = nextSet(ink, words, p + 1, n)) {
    if (ink[p] === 1 && mask[p] === 0 && weakColour[label[p]!] === 1) {
      mask[p] = 3;
      weak.push(p);
    }
  }
  // Down the image: a weak pixel joins below a joined one, or beside kept ink (1) among its
  // eight neighbours. Joined pixels are marked 2 until the way back up, so they do not seed
  // their neighbours sideways.
  for (const p of weak) {
    const x = p % w;
    const top = p >= w ? -w : 0;
    const bottom = p + w < n ? w : 0;
    const left = x > 0 ? -1 : 0;
    const right = x + 1 < w ? 1 : 0;
    const above = mask[p + top];
    if (
      (top !== 0 && (above === 1 || above === 2)) ||
      mask[p + top + left] === 1 ||
      mask[p + top + right] === 1 ||
      mask[p + left] === 1 ||
      mask[p + right] === 1 ||
      mask[p + bottom + left] === 1 ||
      mask[p + bottom] === 1 ||
      mask[p + bottom + right] === 1
    )
      mask[p] = 2;
  }
  // Back up: a weak pixel joins above a joined one; every mark becomes 1 or 0.
  for (let k = weak.length - 1; k >= 0; k--) {
    const p = weak[k]!;
    const v = mask[p];
    if (v === 2) mask[p] = 1;
    else if (v === 3) mask[p] = p + w < n && mask[p + w] === 1 ? 1 : 0;
  }
}

/** Pixels of each of `n` values over `blobs`. */
function pixelsByValue(blobs: Blob[], n: number): number[] {
  const out = new Array<number>(n).fill(0);
  for (const b of blobs) if (b.value !== undefined && b.value < n) out[b.value] = (out[b.value] ?? 0) + b.pixels;
  return out;
}

/** The series' colours among the clusters, and its ink. */
export interface SeriesColours {
  /** Each ink pixel's cluster (255: near none). */
  label: Uint8Array;
  /** Connected pieces of each colour, for the overlay-line and wick-colour tests. */
  regions: Blob[];
  /** The clusters that are candle colours. */
  keep: boolean[];
  /** The candle ink: kept colours, and the minor ones grown onto them. */
  mask: Uint8Array;
}

export function seriesColours(r: Raster, plot: Box, ink: Uint8Array, clusters: Cluster[], bg: Rgb): SeriesColours {
  const w = plot.right - plot.left;
  const h = plot.bottom - plot.top;
  const label = labelInk(r, plot, ink, clusters, bg, scratchU8('candles:label', w * h, 255));
  // Boxes of text (a trade plan, a status table, signal labels) are no bars, whatever their fill.
  let regions = findBlobs(label, w, h, 0, w, 255);
  let counts = clusters.map((c) => c.count);
  const erased = eraseTextBoxes(label, ink, regions, w);
  if (erased.boxes.length > 0) {
    // A colour keeps the share of its weight that was not in the boxes (a box of several fills
    // takes some of each, and of every colour inside it).
    const before = pixelsByValue(regions, clusters.length);
    counts = clusters.map((c, i) => c.count * Math.max(0, 1 - (erased.lost[i] ?? 0) / Math.max(1, before[i] ?? 0)));
    regions = findBlobs(label, w, h, 0, w, 255);
  }
  const shapes = clusterShapes(label, clusters.length, w, h);
  // Remnants of removed lines or text form small clusters; candle colours carry real weight.
  const count = (i: number): number => counts[i] ?? 0;
  const candleInk = clusters.reduce((s, _, i) => s + (shapes[i]?.candleLike ? count(i) : 0), 0);
  const weighty = (i: number): boolean => Boolean(shapes[i]?.candleLike) && count(i) >= candleInk * SERIES_MIN_SHARE;
  // An overlay line broken up by a JPEG or by the candles over it can pass the shape test; it
  // is still continuous and, column by column, far shorter than the candles' wicks (of the
  // colours with weight: a crosshair's line and what is left of a box's colour are tall too).
  const tallest = Math.max(0, ...shapes.map((sh, i) => (weighty(i) ? sh.tallCount : 0)));
  // The commonest candle-like colour is a candle colour; a crosshair's vertical line is tallest.
  const main = clusters.reduce((m, _, i) => (shapes[i]?.candleLike && count(i) > count(m) ? i : m), -1);
  const mainTall = shapes[main]?.tallCount ?? 0;
  // One broken at every bar (drawn under white bodies) is not continuous, but no column of it
  // comes near a wick's height.
  const thinLine = (i: number): boolean => {
    const tall = shapes[i]?.tallCount ?? 0;
    return (Boolean(shapes[i]?.continuous) && tall < tallest * THIN_LINE_HEIGHT) || tall < mainTall * FAINT_LINE_HEIGHT;
  };
  const keep = clusters.map(
    (_, i) =>
      weighty(i) &&
      // OHLC bars joined by their ticks are long strokes too, but with stems.
      (shapes[i]?.stems || !mostlyLong(regions, i, w)) &&
      !thinLine(i),
  );
  const mask = maskOf(ink, label, Uint8Array.from(keep, Number), scratchU8('candles:mask', w * h));
  // Minor colours that are not overlay lines (JPEG-desaturated wicks and thin outlines, a wick
  // colour too light to count on its own) join the candles they touch above or below.
  const minor = clusters.map((_, c) => !keep[c] && !shapes[c]?.continuous && !mostlyLong(regions, c, w));
  growVertically(mask, ink, label, minor, w, h);
  candleDebug.sink?.('label', {
    label: label.slice(0, w * h),
    keep,
    minor,
    shapes,
    counts,
    mask: mask.slice(0, w * h),
  });
  return { label, regions, keep, mask };
}

/**
 * Some themes draw wicks in their own colour. Wick ink must not count as a body edge: with
 * narrow bodies a wick column can be the piece's edge and would look like an OHLC tick.
 * `labels` numbers the candle mask's components, which `bars` own.
 */
export function wickColours(
  colours: SeriesColours,
  clusters: Cluster[],
  bars: Piece[],
  labels: Int32Array,
  w: number,
): boolean[] {
  const { label, regions, keep } = colours;
  const stemShare = (c: number): number => {
    let onStem = 0;
    let all = 0;
    for (const p of bars) {
      const stem = Math.round(p.cx ?? (p.left + p.right) / 2);
      for (let y = p.top; y <= p.bottom; y++) {
        for (let x = p.left; x <= p.right; x++) {
          const idx = y * w + x;
          if (label[idx] !== c || !owns(p, labels[idx] ?? -1)) continue;
          all++;
          if (Math.abs(x - stem) <= 1) onStem++;
        }
      }
    }
    return all ? onStem / all : 0;
  };
  return wickClusters(
    regions,
    keep,
    clusters.map((c) => c.colour),
    stemShare,
  );
}
