/**
 * A tag's box from the picture itself: the net finds a tag (a few input pixels high, at half the
 * input's resolution) but places its edges a pixel or two off, and on a box five pixels high
 * that is half its height. A tag is a filled box, so its edges are where its fill ends: from the
 * blob's middle, rows and then columns are taken while most of their pixels are of the fill.
 */
import type { ModelInput } from './model-input.js';

/** Largest channel difference of a pixel still of the fill (JPEG and scaling blur edges). */
const FILL_TOLERANCE = 48;
/** A row belongs to the box while at least this share of it (across the blob) is of the fill ... */
const ROW_SHARE = 0.5;
/** ... and a column while this share of the box's rows is (glyphs cover more of a column). */
const COLUMN_SHARE = 0.3;
/** Rows or columns in a row that may fail inside a box (a glyph's stroke). */
const GLYPH_GAP = 1;
/** A snapped box stays within this many times the blob's own height and width. */
const SNAP_REACH = 3;

export interface Span {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The most common colour in `s` (channels quantized to 16 levels), as its bucket's mean. */
function fillOf(img: ModelInput, s: Span): [number, number, number] | null {
  const counts = new Map<number, { n: number; r: number; g: number; b: number }>();
  for (let y = s.top; y < s.bottom; y++) {
    for (let x = s.left; x < s.right; x++) {
      const i = (y * img.width + x) * 3;
      const r = img.rgb[i] ?? 0;
      const g = img.rgb[i + 1] ?? 0;
      const b = img.rgb[i + 2] ?? 0;
      const key = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
      const c = counts.get(key) ?? { n: 0, r: 0, g: 0, b: 0 };
      c.n++;
      c.r += r;
      c.g += g;
      c.b += b;
      counts.set(key, c);
    }
  }
  let best: { n: number; r: number; g: number; b: number } | null = null;
  for (const c of counts.values()) if (!best || c.n > best.n) best = c;
  return best ? [best.r / best.n, best.g / best.n, best.b / best.n] : null;
}

/**
 * The filled box around the blob `core` (input pixels, right and bottom exclusive), or null
 * where there is none: no fill covering most of the blob's middle row, or a fill that runs
 * far past the blob (the pane's background, not a tag).
 */
export function snappedTag(img: ModelInput, core: Span): Span | null {
  const s: Span = {
    left: Math.max(0, Math.floor(core.left)),
    top: Math.max(0, Math.floor(core.top)),
    right: Math.min(img.width, Math.ceil(core.right)),
    bottom: Math.min(img.height, Math.ceil(core.bottom)),
  };
  if (s.right <= s.left || s.bottom <= s.top) return null;
  const fill = fillOf(img, s);
  if (!fill) return null;
  const isFill = (x: number, y: number): boolean => {
    const i = (y * img.width + x) * 3;
    return (
      Math.abs((img.rgb[i] ?? 0) - fill[0]) <= FILL_TOLERANCE &&
      Math.abs((img.rgb[i + 1] ?? 0) - fill[1]) <= FILL_TOLERANCE &&
      Math.abs((img.rgb[i + 2] ?? 0) - fill[2]) <= FILL_TOLERANCE
    );
  };
  const rowFull = (y: number, l: number, r: number): boolean => {
    let n = 0;
    for (let x = l; x < r; x++) if (isFill(x, y)) n++;
    return n >= ROW_SHARE * (r - l);
  };
  const colFull = (x: number, t: number, b: number): boolean => {
    let n = 0;
    for (let y = t; y < b; y++) if (isFill(x, y)) n++;
    return n >= COLUMN_SHARE * (b - t);
  };
  const midY = Math.floor((s.top + s.bottom) / 2);
  const h = s.bottom - s.top;
  const rows = (y: number): boolean => y >= 0 && y < img.height && rowFull(y, s.left, s.right);
  const top = reach(midY, -1, SNAP_REACH * h, rows);
  const bottom = reach(midY, 1, SNAP_REACH * h, rows);
  if (top === null || bottom === null) return null;
  const midX = Math.floor((s.left + s.right) / 2);
  const w = s.right - s.left;
  const cols = (x: number): boolean => x >= 0 && x < img.width && colFull(x, top, bottom + 1);
  const left = reach(midX, -1, SNAP_REACH * w, cols);
  const right = reach(midX, 1, SNAP_REACH * w, cols);
  if (left === null || right === null) return null;
  return { left, top, right: right + 1, bottom: bottom + 1 };
}

/**
 * The last index from `from` stepping by `dir` that `passes` (a glyph's row or column may fail
 * where the fill goes on past it: up to GLYPH_GAP in a row are stepped over); null where `from`
 * itself and its next GLYPH_GAP fail, or the run goes on `limit` steps (no box's edge).
 */
function reach(from: number, dir: 1 | -1, limit: number, passes: (i: number) => boolean): number | null {
  let last: number | null = null;
  for (let i = from, gap = 0; Math.abs(i - from) <= limit; i += dir) {
    if (passes(i)) {
      last = i;
      gap = 0;
    } else if (++gap > GLYPH_GAP) {
      return last;
    }
  }
  return null;
}
