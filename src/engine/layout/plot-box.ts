/**
 * The plot box's edges: its border beside the axis (or a small gap when the chart has none), and
 * its far edges, where the pane's background ends.
 */
import { colourDistance, dominantColour, rgbAt, type Box, type Raster, type Rgb } from '../raster.js';
import { INK_CONTRAST } from '../raster.js';
import { scratchU32 } from '../scratch.js';
import { standsOut } from './ink.js';
import {
  BAND_CROSSING_MAX_WIDTH,
  BAND_CROSSING_ROWS,
  BAND_CROSSINGS_MIN,
  BEYOND_FRAME_INK,
  BORDER_MIN_HEIGHT,
  BORDER_SEARCH,
  BORDER_SEARCH_PX,
  FRAME_EDGE,
  FRAME_LINE_DEPTH,
  FRAME_MIN_WIDTH,
  FRAME_MIN_WIDTH_SHARE,
  FRAME_NEAR_REACH,
  FRAME_PANE_SHARE,
  FRAME_SHARE,
  FRAME_SIDE,
  LINE_CONTRAST,
  NO_BORDER_GAP_PX,
  PANE_BG_TOLERANCE,
  PANE_COLUMN_GAP,
  PANE_GAP_MIN_PX,
  PANE_LINE_SHARE,
  PANE_MIN_SHARE,
  PANE_ROW_GAP,
  SAME_FILL,
  SHAPE_MIN_ROWS,
  SHAPE_ROW_FILL,
  TICK_ROWS,
} from './params.js';

/** Rows from `top` to `bottom`. */
export interface Span {
  top: number;
  bottom: number;
}

/**
 * Walks from the axis towards the plot looking for a border line; else keeps a small gap. The
 * pane's rows are rough (a phone's header or a window's toolbar above the chart counts in them,
 * where no border runs): where no line inks them, one is sought again over `labelRows`, the
 * labels' own span, beside which the border surely runs.
 */
export function plotEdge(
  r: Raster,
  bg: Rgb,
  from: number,
  dir: 1 | -1,
  top: number,
  bottom: number,
  labelRows?: Span,
): number {
  let line = borderLine(r, bg, from, dir, { top, bottom });
  if (line === undefined && labelRows) line = borderLine(r, bg, from, dir, labelRows);
  if (typeof line === 'number') return line;
  return dir === -1 ? Math.max(0, from - NO_BORDER_GAP_PX) : Math.min(r.width - 1, from + NO_BORDER_GAP_PX);
}

/**
 * The first line from `from` by `dir` that inks the `rows`: the border; null where candles stand
 * beyond it (a vertical grid line: the chart has no border); undefined where no line inks them.
 */
function borderLine(r: Raster, bg: Rgb, from: number, dir: 1 | -1, { top, bottom }: Span): number | null | undefined {
  const limit = Math.round(r.width * BORDER_SEARCH) + BORDER_SEARCH_PX;
  for (let k = 0; k < limit; k++) {
    const x = from + dir * k;
    if (x < 0 || x >= r.width) break;
    let on = 0;
    for (let y = top; y < bottom; y++) if (standsOut(r, bg, y * r.width + x, LINE_CONTRAST)) on++;
    if (on < (bottom - top) * BORDER_MIN_HEIGHT) continue;
    return k > 1 && hasShapesBetween(r, bg, x - dir * (k - 1), x - dir, top, bottom) ? null : x;
  }
  return undefined;
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
    for (let x = from; x <= to; x++) if (standsOut(r, bg, y * r.width + x, INK_CONTRAST)) on++;
    const partial =
      on > 0 && on <= (to - from + 1) * SHAPE_ROW_FILL && !standsOut(r, bg, y * r.width + axisSide, INK_CONTRAST);
    run = partial ? run + 1 : 0;
    // Tick marks at the labels' rows touch the border and can be four rows tall in a JPEG at
    // a pixel ratio of 2; a candle or bar (with its wick) is taller.
    if (run >= SHAPE_MIN_ROWS) return true;
  }
  return false;
}

/**
 * The pane's far edges: where its background ends. Walking away from the axis (and up and
 * down from the labels' middle), lines of pane background follow each other with only grid
 * lines, wicks and bodies between them; past the pane's edge (a slide or window frame, a
 * watchlist or panel in another colour) they stop for good. A gap of bare lines wider than a
 * few per cent of the pane ends it at the last pane line before the gap. Where the frame has
 * the pane's colour nothing changes: the rough box stands.
 *
 * `inside`: rows between neighbouring labels on the axis's step, a tag hiding one counted
 * (find.ts `onStepSpans`). A gap that opens there is inside the pane (a filled rectangle drawn
 * across the prices, a zone of supply or demand): the axis prints its labels at their step beside
 * it and past it. A window's title bar opens past the labels, and a sub-window's tabs before
 * labels off the step (its own).
 */
export function paneBounds(r: Raster, rough: Box, side: 'left' | 'right', inside: readonly Span[] = []): Box {
  const w = rough.right - rough.left;
  const h = rough.bottom - rough.top;
  // The pane's background, from its half by the axis (the far half may be a frame).
  const near: Box =
    side === 'right'
      ? { left: rough.left + Math.floor(w / 2), top: rough.top, right: rough.right, bottom: rough.bottom }
      : { left: rough.left, top: rough.top, right: rough.right - Math.floor(w / 2), bottom: rough.bottom };
  const paneBg = dominantColour(r, near);
  const colShares = backgroundByColumn(r, paneBg, rough);
  const colShare = (x: number): number => colShares[x - rough.left] ?? 0;
  /** The last pane line walking from `from` by `dir` up to `limit` (inclusive); no gap that opens `within` ends it. */
  const walk = (
    from: number,
    dir: 1 | -1,
    limit: number,
    share: (k: number) => number,
    gapMax: number,
    within: readonly Span[] = [],
  ): number => {
    let last = from;
    for (let k = from; dir === 1 ? k <= limit : k >= limit; k += dir) {
      if (share(k) >= PANE_LINE_SHARE) last = k;
      else if (Math.abs(k - last) > gapMax && !within.some((w) => last > w.top && last < w.bottom)) break;
    }
    return last;
  };
  const colGap = Math.max(PANE_GAP_MIN_PX, Math.round(r.width * PANE_COLUMN_GAP));
  const rowGap = Math.max(PANE_GAP_MIN_PX, Math.round(r.height * PANE_ROW_GAP));
  let { left, right } = rough;
  if (side === 'right') {
    left = walk(rough.right - 1, -1, rough.left, colShare, colGap);
    left = nearColourEdge(r, paneBg, rough, rough.right - 1, -1, left) ?? left;
  } else {
    right = walk(rough.left, 1, rough.right - 1, colShare, colGap) + 1;
    right = (nearColourEdge(r, paneBg, rough, rough.left, 1, right - 1) ?? right - 1) + 1;
  }
  const mid = Math.floor((rough.top + rough.bottom) / 2);
  const rowShares = backgroundByRow(r, paneBg, { ...rough, left, right });
  const rowShare = (y: number): number => rowShares[y - rough.top] ?? 0;
  const rowIsPane = (y: number): boolean => rowShare(y) >= PANE_LINE_SHARE;
  const within = [...inside, ...crossedBands(r, paneBg, { ...rough, left, right }, rowIsPane)];
  const top = walk(mid, -1, rough.top, rowShare, rowGap, within);
  const bottom = walk(mid, 1, rough.bottom - 1, rowShare, rowGap, within) + 1;
  // A header or a footer bar a few units off the pane's colour (a phone app's).
  const pane = withoutNearColourBars(r, paneBg, { left, top, right, bottom }, mid);
  // Too little left of the pane: the background was not the pane's (a chart filled edge to edge).
  if (pane.right - pane.left < w * PANE_MIN_SHARE || pane.bottom - pane.top < h * PANE_MIN_SHARE) return rough;
  return axesFrame(r, paneBg, pane, side) ?? pane;
}

/**
 * Each column's share of `box`'s rows (about 200 of them, evenly spaced) within PANE_BG_TOLERANCE
 * of `paneBg`, counted row by row: down a column, every pixel read would be a row apart in memory.
 */
function backgroundByColumn(r: Raster, paneBg: Rgb, box: Box): Float64Array {
  const shares = new Float64Array(Math.max(0, box.right - box.left));
  const step = Math.max(1, Math.floor((box.bottom - box.top) / 200));
  const [bgR, bgG, bgB] = paneBg;
  const limit = PANE_BG_TOLERANCE * PANE_BG_TOLERANCE;
  let rows = 0;
  for (let y = box.top; y < box.bottom; y += step, rows++) {
    for (let k = 0, i = (y * r.width + box.left) * 3; k < shares.length; k++, i += 3) {
      const dr = r.data[i]! - bgR;
      const dg = r.data[i + 1]! - bgG;
      const db = r.data[i + 2]! - bgB;
      if (dr * dr + dg * dg + db * db <= limit) shares[k]++;
    }
  }
  if (rows) for (let k = 0; k < shares.length; k++) shares[k] = (shares[k] ?? 0) / rows;
  return shares;
}

/**
 * Each row's share of `box`'s columns (about 300 of them, evenly spaced) within PANE_BG_TOLERANCE
 * of `paneBg`: counted once for the walks up and down and for the bands across the pane.
 */
function backgroundByRow(r: Raster, paneBg: Rgb, box: Box): Float64Array {
  const shares = new Float64Array(Math.max(0, box.bottom - box.top));
  const step = Math.max(1, Math.floor((box.right - box.left) / 300));
  const [bgR, bgG, bgB] = paneBg;
  const limit = PANE_BG_TOLERANCE * PANE_BG_TOLERANCE;
  for (let y = box.top; y < box.bottom; y++) {
    let on = 0;
    let n = 0;
    for (let x = box.left; x < box.right; x += step, n++) {
      const i = (y * r.width + x) * 3;
      const dr = r.data[i]! - bgR;
      const dg = r.data[i + 1]! - bgG;
      const db = r.data[i + 2]! - bgB;
      if (dr * dr + dg * dg + db * db <= limit) on++;
    }
    shares[y - box.top] = n ? on / n : 0;
  }
  return shares;
}

/** The pane less a header and a footer bar a few units off its colour (`nearColourRows`). */
function withoutNearColourBars(r: Raster, paneBg: Rgb, pane: Box, mid: number): Box {
  const top = nearColourRows(r, paneBg, pane, mid, -1, pane.top) ?? pane.top;
  const bottom = (nearColourRows(r, paneBg, pane, mid, 1, pane.bottom - 1) ?? pane.bottom - 1) + 1;
  return { ...pane, top, bottom };
}

/**
 * Bands of rows across the pane that are no pane rows (a zone of supply or demand filled behind
 * the bars, from the window's edge to the axis) with pane rows on both sides, which bars cross:
 * at BAND_CROSSINGS_MIN places at least, ink runs from the pane's rows over the band's edge into
 * it in another colour than the band's fill, each run no wider than a candle. A window's title
 * bar, a sub-window's tabs or the gap between two charts stand between panes: nothing crosses
 * them. Each band is returned two rows wider on each side, so its pane rows fall inside it.
 */
export function crossedBands(r: Raster, paneBg: Rgb, pane: Box, rowIsPane: (y: number) => boolean): Span[] {
  const bands: Span[] = [];
  let start = -1;
  for (let y = pane.top; y < pane.bottom; y++) {
    if (!rowIsPane(y)) {
      if (start < 0) start = y;
      continue;
    }
    if (start > pane.top) bands.push({ top: start, bottom: y - 1 });
    start = -1;
  }
  const widest = Math.max(1, Math.round((pane.right - pane.left) * BAND_CROSSING_MAX_WIDTH));
  const reach = BAND_CROSSING_ROWS;
  return bands
    .filter((band) => band.bottom - band.top + 1 > reach * 2)
    .filter((band) => {
      const fill = dominantColour(r, { left: pane.left, top: band.top, right: pane.right, bottom: band.bottom + 1 });
      const ink = (x: number, y: number): boolean => standsOut(r, paneBg, y * r.width + x, INK_CONTRAST);
      const notFill = (x: number, y: number): boolean => standsOut(r, fill, y * r.width + x, INK_CONTRAST);
      // Ink in the pane's rows next to the edge, and not the band's fill in its rows next to it.
      const crosses = (x: number, paneRow: number, bandRow: number, dir: 1 | -1): boolean => {
        for (let k = 0; k < reach; k++) if (!ink(x, paneRow - dir * k) || !notFill(x, bandRow + dir * k)) return false;
        return true;
      };
      let crossings = 0;
      for (const [paneRow, bandRow, dir] of [
        [band.top - 1, band.top, 1],
        [band.bottom + 1, band.bottom, -1],
      ] as const) {
        let run = 0;
        for (let x = pane.left; x <= pane.right; x++) {
          if (x < pane.right && crosses(x, paneRow, bandRow, dir)) run++;
          else {
            if (run > 0 && run <= widest) crossings++;
            run = 0;
          }
        }
      }
      return crossings >= BAND_CROSSINGS_MIN;
    })
    .map((band) => ({ top: band.top - 2, bottom: band.bottom + 2 }));
}

/** The rows a run of a column's ink spans. */
const rowsOf = (run: { top: number; bottom: number }): number => run.bottom - run.top + 1;

/**
 * A plotting library's axes frame (matplotlib, plotly, a charting book's figure): a rectangle of
 * lines round the plot, the title above it and the time labels below. Its far side (away from
 * the axis) is the first long thin line walking in from the pane's far edge with no ink beyond
 * it; with lines along its top and bottom it closes a box, and the plot is its inside. A
 * crosshair's or a session's line has bars beyond it; a wick or a body is short or wide. Null
 * when there is no such frame.
 */
export function axesFrame(r: Raster, paneBg: Rgb, pane: Box, side: 'left' | 'right'): Box | null {
  const height = pane.bottom - pane.top;
  const ink = (x: number, y: number): boolean => standsOut(r, paneBg, y * r.width + x, LINE_CONTRAST);
  const longestRun = (x: number, from = pane.top, to = pane.bottom): { top: number; bottom: number } => {
    let best = { top: 0, bottom: -1 };
    let start = -1;
    for (let y = from; y <= to; y++) {
      if (y < to && ink(x, y)) {
        if (start < 0) start = y;
        continue;
      }
      if (start >= 0 && y - 1 - start > best.bottom - best.top) best = { top: start, bottom: y - 1 };
      start = -1;
    }
    return best;
  };
  const tall = (run: { top: number; bottom: number }): boolean => rowsOf(run) >= height * FRAME_SIDE;
  // Walking in from the far edge, up to the pane's middle.
  const inward = side === 'left' ? -1 : 1;
  const far = side === 'left' ? pane.right - 1 : pane.left;
  const middle = Math.floor((pane.left + pane.right) / 2);
  // A column with so long a run has ink on most of every fourth row: the others are passed over
  // without following their runs.
  const sampled = (x: number): boolean => {
    let n = 0;
    for (let y = pane.top; y < pane.bottom; y += 4) if (ink(x, y)) n++;
    return n * 4 >= height * FRAME_SIDE - 4;
  };
  for (let x = far; side === 'left' ? x > middle : x < middle; x += inward) {
    if (!sampled(x)) continue;
    const run = longestRun(x);
    if (!tall(run)) continue;
    // A line, not a body: a few columns further in it does not go on.
    if (tall(longestRun(x + FRAME_LINE_DEPTH * inward))) return null;
    let beyond = 0;
    let n = 0;
    for (let k = x - inward; side === 'left' ? k <= far : k >= far; k -= inward)
      for (let y = run.top; y <= run.bottom; y++, n++) if (ink(k, y)) beyond++;
    if (n > 0 && beyond > n * BEYOND_FRAME_INK) return null;
    // The near side is the first long line walking out from the pane's edge by the axis (grid
    // lines stand further in); the top and bottom edges join the two.
    const nearEdge = side === 'left' ? pane.left : pane.right - 1;
    let near = -1;
    for (let k = nearEdge; Math.abs(k - nearEdge) < (pane.right - pane.left) * FRAME_NEAR_REACH; k -= inward) {
      if (tall(longestRun(k))) {
        near = k;
        break;
      }
    }
    // Between the near side and the pane's edge by the axis stand only tick marks: bars there
    // (the frame was a drawing's rectangle among them) keep the pane whole. Only the frame's rows
    // count: below it, the time labels (rotated, a plotting library's) reach under the axis.
    if (near < 0) return null;
    for (let k = nearEdge; k !== near; k -= inward)
      if (rowsOf(longestRun(k, run.top, run.bottom + 1)) > TICK_ROWS) return null;
    const from = Math.min(near, x);
    const to = Math.max(near, x);
    const edge = (y: number): boolean => {
      let on = 0;
      for (let k = from; k <= to; k++) if (ink(k, y)) on++;
      return on >= (to - from + 1) * FRAME_EDGE;
    };
    const top = [run.top, run.top + 1].find(edge);
    const bottom = [run.bottom, run.bottom - 1].find(edge);
    if (top === undefined || bottom === undefined) return null;
    return { left: from + 1, top: top + 1, right: to, bottom };
  }
  return null;
}

/**
 * `nearColourEdge` across the rows: a phone app's header or footer bar painted a few units off the
 * pane's colour, its icons and title on it. Walking from row `from` by `dir`, the first row filled
 * across the pane with one such colour, past which the pane's colour fills no row again up to
 * `limit` (at least FRAME_MIN_WIDTH rows). Returns the last pane row before it, or null.
 */
export function nearColourRows(
  r: Raster,
  paneBg: Rgb,
  box: Box,
  from: number,
  dir: 1 | -1,
  limit: number,
): number | null {
  const step = Math.max(1, Math.floor((box.right - box.left) / 300));
  const samples = Math.ceil((box.right - box.left) / step);
  const share = (y: number, colour: Rgb): number => sameShare(r, colour, samples, [box.left, y], [step, 0]);
  const height = Math.max(FRAME_MIN_WIDTH, Math.round(r.height * FRAME_MIN_WIDTH_SHARE));
  const inRange = (y: number): boolean => (dir === 1 ? y <= limit : y >= limit);
  const middle = Math.floor((box.left + box.right) / 2);
  // The pane's own colour, exactly: the background found can be a blend of the pane's and the
  // bar's, both in one bin of its histogram. Counted once, and only for a row that may be a bar.
  let paneColour: Rgb | null = null;
  const pane = (): Rgb => (paneColour ??= commonestColour(r, box, step));
  for (let y = from + dir; inRange(y); y += dir) {
    const fill = rgbAt(r, middle, y);
    // The row's middle pixel first (the pane's own colour on most rows), then the whole row.
    if (colourDistance(fill, paneBg) > PANE_BG_TOLERANCE || colourDistance(fill, pane()) <= 2 * SAME_FILL) continue;
    if (share(y, fill) < FRAME_SHARE) continue;
    if (!inRange(y + dir * (height - 1))) return null;
    let bar = true;
    for (let k = y + dir; bar && inRange(k); k += dir) bar = share(k, pane()) < FRAME_PANE_SHARE;
    if (bar) return y - dir;
  }
  return null;
}

/** The share of `n` pixels (the k-th at (x0, y0) + k (dx, dy)) within SAME_FILL of `colour`. */
function sameShare(
  r: Raster,
  colour: Rgb,
  n: number,
  [x0, y0]: readonly [number, number],
  [dx, dy]: readonly [number, number],
): number {
  const [cr, cg, cb] = colour;
  const limit = SAME_FILL * SAME_FILL;
  const stride = (dy * r.width + dx) * 3;
  let same = 0;
  for (let k = 0, i = (y0 * r.width + x0) * 3; k < n; k++, i += stride) {
    const dr = r.data[i]! - cr;
    const dg = r.data[i + 1]! - cg;
    const db = r.data[i + 2]! - cb;
    if (dr * dr + dg * dg + db * db <= limit) same++;
  }
  return n > 0 ? same / n : 0;
}

/**
 * The commonest colour in `box`, exactly (every `step`th column of every `step`th row); of colours
 * as common, the first to reach that count. Counted in an open-addressed table of the colours
 * seen (a Map of tens of thousands of samples costs more than the pane's other tests together).
 */
function commonestColour(r: Raster, box: Box, step: number): Rgb {
  const samples = Math.ceil((box.right - box.left) / step) * Math.ceil((box.bottom - box.top) / step);
  let bits = 10;
  while (1 << bits < samples * 2) bits++;
  const mask = (1 << bits) - 1;
  // Each slot holds a colour plus one (0 is an empty slot) and its count.
  const keys = scratchU32('plot-box:colours', mask + 1);
  const counts = scratchU32('plot-box:colour-counts', mask + 1);
  let bestCount = 0;
  let bestKey = 0;
  for (let y = box.top; y < box.bottom; y += step) {
    for (let x = box.left; x < box.right; x += step) {
      const i = (y * r.width + x) * 3;
      const key = ((r.data[i]! << 16) | (r.data[i + 1]! << 8) | r.data[i + 2]!) + 1;
      let slot = Math.imul(key, 0x9e3779b1) >>> (32 - bits);
      while (keys[slot] !== 0 && keys[slot] !== key) slot = (slot + 1) & mask;
      keys[slot] = key;
      const n = (counts[slot] ?? 0) + 1;
      counts[slot] = n;
      if (n > bestCount) {
        bestCount = n;
        bestKey = key;
      }
    }
  }
  if (bestCount === 0) return rgbAt(r, box.left, box.top);
  const colour = bestKey - 1;
  return [colour >> 16, (colour >> 8) & 255, colour & 255];
}

/**
 * A card, a chat's bubble or a window round the chart can be painted a few units off the pane's
 * own colour (within PANE_BG_TOLERANCE), too near for the pane's background test to tell. It
 * starts at a straight edge: the first column (walking from `from` by `dir`) filled from top to
 * bottom with one such colour, which goes on for a few columns and never gives way to the pane's
 * colour again up to `limit`. A translucent box drawn in the pane (a volume profile's) spans only
 * part of its height; a shaded session or a grid line has the pane's colour on its far side.
 * Returns the last pane column before it, or null.
 */
export function nearColourEdge(
  r: Raster,
  paneBg: Rgb,
  rough: Box,
  from: number,
  dir: 1 | -1,
  limit: number,
): number | null {
  const step = Math.max(1, Math.floor((rough.bottom - rough.top) / 200));
  const samples = Math.ceil((rough.bottom - rough.top) / step);
  const share = (x: number, colour: Rgb): number => sameShare(r, colour, samples, [x, rough.top], [0, step]);
  const width = Math.max(FRAME_MIN_WIDTH, Math.round(r.width * FRAME_MIN_WIDTH_SHARE));
  const inRange = (x: number): boolean => (dir === 1 ? x <= limit : x >= limit);
  for (let x = from; inRange(x); x += dir) {
    const fill = rgbAt(r, x, Math.floor((rough.top + rough.bottom) / 2));
    const off = colourDistance(fill, paneBg);
    if (off <= SAME_FILL || off > PANE_BG_TOLERANCE || share(x, fill) < FRAME_SHARE) continue;
    // A grid line or a border is a column or two of one colour; a frame goes on, and the pane's
    // colour does not come back.
    if (!inRange(x + dir * (width - 1))) return null;
    let frame = true;
    for (let k = x + dir; frame && k !== x + dir * width; k += dir) frame = share(k, fill) >= FRAME_SHARE;
    for (let k = x + dir * width; frame && inRange(k); k += dir) frame = share(k, paneBg) < FRAME_PANE_SHARE;
    if (frame) return x - dir;
  }
  return null;
}
