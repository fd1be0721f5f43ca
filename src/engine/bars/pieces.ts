/**
 * Pieces: the candle ink's connected components, one a bar once an overlay line's cuts are
 * joined again (`mergeCut`) and touching bars are cut apart (`splitWide`). A bar stands at its
 * stem or wick column (`stemColumn`), not at the middle of its box.
 */
import type { Blob } from '../components.js';
import {
  BOX_ALIKE,
  BOX_MIN_HEIGHT,
  BOX_PARTS,
  BOX_ROW_TOLERANCE,
  CUT_OVERLAP,
  CUT_WINDOW,
  MIN_COMPONENT_PIXELS,
  MIN_PITCH,
  NO_PERIOD_LONGEST,
  SHADING_HEIGHT,
  STEM_TALL,
  TYPICAL_WIDTH,
  WIDE_PERIOD,
  WIDE_PERIOD_PX,
  WIDE_TYPICAL,
} from './params.js';

export interface Piece extends Blob {
  /** Component ids that make up this candle (an overlay line can cut one candle in two). */
  ids: number[];
  /** Column of the wick or stem (the tallest column); the bar's true x position. */
  cx?: number;
  /** Cut from a wider piece: rows and pixels still those of the whole piece. */
  split?: boolean;
  /** `ids` as a set, made when first needed for a piece of many components. */
  idSet?: Set<number>;
  /** On the lattice by the middle of its box, not by its stem: an outline broken in two. */
  offStem?: boolean;
}

/** Whether component `id` belongs to the piece (called per pixel: a set once there are many ids). */
export function owns(p: Piece, id: number): boolean {
  if (p.ids.length <= 4) return p.ids.includes(id);
  p.idSet ??= new Set(p.ids);
  return p.idSet.has(id);
}

/**
 * Rows and pixel count of a piece cut from a wider one, from its own columns: the longest run of
 * rows they ink, gaps up to `maxGap` bridged (an overlay line's cut). A box drawn round bars (a
 * volume profile's, a session's, a dialog's) joins them into one wide piece, and a part of it
 * would span the box's height by its top and bottom edges alone.
 */
export function shrinkToInk(p: Piece, labels: Int32Array, w: number, maxGap: number): void {
  const runs: { top: number; bottom: number; pixels: number }[] = [];
  for (let y = p.top; y <= p.bottom; y++) {
    let n = 0;
    for (let x = p.left; x <= p.right; x++) if (owns(p, labels[y * w + x] ?? -1)) n++;
    if (n === 0) continue;
    const run = runs[runs.length - 1];
    if (run && y - run.bottom - 1 <= maxGap) Object.assign(run, { bottom: y, pixels: run.pixels + n });
    else runs.push({ top: y, bottom: y, pixels: n });
  }
  const longest = runs.reduce<(typeof runs)[number] | undefined>(
    (a, b) => (!a || b.bottom - b.top > a.bottom - a.top ? b : a),
    undefined,
  );
  if (longest) Object.assign(p, { ...longest, split: false });
}

/**
 * Bars joined into one wide piece (touching candles, a staircase of OHLC bars) rise and fall
 * from part to part; most parts of a box of text (a tooltip, a trade plan, a legend's or a
 * dialog's fill) span the same rows, its own. Those parts are dropped; a part that reaches
 * beyond them is a bar drawn across the box and stays. A box nearly the plot's height is a
 * shaded time range (a session), whose bars show through it: it is left alone. `parts` are the
 * pieces after `splitWide` and `shrinkToInk` (parts of one piece share its `ids`); `h` is the
 * plot's height.
 */
export function dropBoxes(parts: Piece[], h: number): Piece[] {
  const byPiece = new Map<number[], Piece[]>();
  for (const p of parts) {
    const group = byPiece.get(p.ids);
    if (group) group.push(p);
    else byPiece.set(p.ids, [p]);
  }
  const drop = new Set<Piece>();
  const median = (v: number[]): number => [...v].sort((a, b) => a - b)[v.length >> 1] ?? 0;
  for (const group of byPiece.values()) {
    if (group.length < BOX_PARTS) continue;
    const top = median(group.map((p) => p.top));
    const bottom = median(group.map((p) => p.bottom));
    if (bottom - top >= h * SHADING_HEIGHT) continue;
    if (bottom - top < BOX_MIN_HEIGHT) continue;
    const own = group.filter(
      (p) => Math.abs(p.top - top) <= BOX_ROW_TOLERANCE && Math.abs(p.bottom - bottom) <= BOX_ROW_TOLERANCE,
    );
    if (own.length >= BOX_PARTS && own.length >= group.length * BOX_ALIKE) for (const p of own) drop.add(p);
  }
  return drop.size ? parts.filter((p) => !drop.has(p)) : parts;
}

export const centreOf = (p: Piece): number => p.cx ?? (p.left + p.right) / 2;

/**
 * The tallest columns of a piece are its wick or stem; ticks and flat bodies tie, and the two
 * sides of an outlined body nearly tie (an overlay line may have cut one shorter), so all
 * columns within three quarters of the tallest are averaged.
 */
export function stemColumn(p: Piece, labels: Int32Array, w: number): number {
  const counts: number[] = [];
  for (let x = p.left; x <= p.right; x++) {
    let n = 0;
    for (let y = p.top; y <= p.bottom; y++) if (owns(p, labels[y * w + x] ?? -1)) n++;
    counts.push(n);
  }
  const max = Math.max(...counts);
  let sum = 0;
  let k = 0;
  counts.forEach((n, i) => {
    if (n >= max * STEM_TALL) {
      sum += p.left + i;
      k++;
    }
  });
  return k ? sum / k : (p.left + p.right) / 2;
}

/**
 * Components that share columns and nearly touch vertically are one candle cut by an overlay
 * line drawn across it (a moving average, the last-price line).
 */
export function mergeCut(blobs: Blob[], maxGap: number): Piece[] {
  const pieces: Piece[] = blobs
    .map((b, id) => ({ ...b, ids: [id] }))
    .filter((b) => b.pixels >= MIN_COMPONENT_PIXELS)
    .sort((a, b) => a.left - b.left);
  const merged: Piece[] = [];
  for (const p of pieces) {
    const host = merged.find((m) => {
      const overlap = Math.min(m.right, p.right) - Math.max(m.left, p.left) + 1;
      const narrow = Math.min(m.right - m.left, p.right - p.left) + 1;
      const gap = Math.max(m.top, p.top) - Math.min(m.bottom, p.bottom);
      return overlap >= narrow * CUT_OVERLAP && gap <= maxGap;
    });
    if (host) {
      host.left = Math.min(host.left, p.left);
      host.right = Math.max(host.right, p.right);
      host.top = Math.min(host.top, p.top);
      host.bottom = Math.max(host.bottom, p.bottom);
      host.pixels += p.pixels;
      host.ids.push(...p.ids);
    } else merged.push(p);
  }
  return merged;
}

/** Whether two boxes overlap or lie within `gap` pixels of each other. */
export const touches = (a: Blob, b: Blob, gap: number): boolean =>
  a.left - gap <= b.right && b.left - gap <= a.right && a.top - gap <= b.bottom && b.top - gap <= a.bottom;

/**
 * Touching candles (or OHLC bars joined by their ticks) merge into one piece; cut pieces much
 * wider than usual at even steps. With the bar period known, the usual width is the median
 * over the ink (each piece weighted by its pixels, so the thin fragments a JPEG makes of
 * outlined bodies do not make every whole candle look like two), at most 0.9 periods.
 */
export function splitWide(pieces: Piece[], period: number, columns: ArrayLike<number>): Piece[] {
  let typical: number;
  let pitch: number;
  if (period >= MIN_PITCH) {
    // A bar is narrower than the spacing: wider pieces are bars joined together.
    typical = Math.min(weightedMedian(pieces.map((p) => [p.right - p.left + 1, p.pixels])), period * TYPICAL_WIDTH);
    pitch = period;
  } else {
    const widths = pieces.map((p) => p.right - p.left + 1).sort((a, b) => a - b);
    typical = widths[Math.floor(widths.length / 2)] ?? 1;
    const centres = pieces.map((p) => (p.left + p.right) / 2).sort((a, b) => a - b);
    const gaps = centres
      .slice(1)
      .map((c, i) => c - (centres[i] ?? 0))
      .filter((g) => g > 0)
      .sort((a, b) => a - b);
    pitch = Math.max(typical, gaps[Math.floor(gaps.length / 2)] ?? typical);
  }
  // Without a period, longer runs are not bars; with one, a staircase of OHLC bars joined by
  // their ticks can run across the whole plot in a trend.
  const longest = period >= MIN_PITCH ? Infinity : pitch * NO_PERIOD_LONGEST;
  // No bar is wider than the spacing, apart from a JPEG fringe: a piece well over one spacing
  // wide holds two bars, even when most bars are narrower than usual (a close tick erased
  // with the price line leaves the last two OHLC bars joined by their ticks, 1.6 spacings wide).
  const widest =
    period >= MIN_PITCH
      ? Math.min(typical * WIDE_TYPICAL, Math.max(period * WIDE_PERIOD, period + WIDE_PERIOD_PX))
      : typical * WIDE_TYPICAL;
  return pieces.flatMap((p) => {
    const width = p.right - p.left + 1;
    if (width < widest || width > longest) return width > longest ? [] : [p];
    // Two bars a spacing apart span more than the spacing (a hollow body wider than most
    // pieces, when fragments make the typical width small, is one bar).
    if (period >= MIN_PITCH && width <= period) return [p];
    const parts = Math.max(2, Math.round(width / pitch));
    const step = width / parts;
    // Each cut goes to the emptiest column near its even position: the gap between two
    // bodies, or a tick between two stems.
    const cuts = [p.left];
    for (let k = 1; k < parts; k++) {
      const nominal = p.left + k * step;
      let best = Math.round(nominal);
      for (let x = Math.ceil(nominal - step * CUT_WINDOW); x <= Math.floor(nominal + step * CUT_WINDOW); x++) {
        if (x <= (cuts[k - 1] ?? p.left) || x > p.right) continue;
        const better = (columns[x] ?? 0) - (columns[best] ?? 0);
        if (better < 0 || (better === 0 && Math.abs(x - nominal) < Math.abs(best - nominal))) best = x;
      }
      cuts.push(best);
    }
    cuts.push(p.right + 1);
    return cuts.slice(0, -1).map((left, k) => ({ ...p, left, right: (cuts[k + 1] ?? p.right + 1) - 1, split: true }));
  });
}

/** Median of values weighted by their weights: the value under the middle of the total weight. */
export function weightedMedian(items: [value: number, weight: number][]): number {
  const sorted = [...items].sort((a, b) => a[0] - b[0]);
  const total = sorted.reduce((s, [, wt]) => s + wt, 0);
  let acc = 0;
  for (const [v, wt] of sorted) {
    acc += wt;
    if (acc >= total / 2) return v;
  }
  return sorted[sorted.length - 1]?.[0] ?? 1;
}
