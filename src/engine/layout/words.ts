/**
 * Text in the layout's search area: the text-ink mask, glyph blobs grouped into words, the words
 * shaped like price labels, and columns of them aligned on one edge.
 */
import { findBlobs, groupWords, type Word } from '../components.js';
import { colourDistance, type Box, type Raster, type Rgb } from '../raster.js';
import { scratchU8 } from '../scratch.js';
import {
  COLUMN_EDGE_PX,
  COLUMN_HEIGHT_SPREAD,
  GLYPH_MAX_WIDTH,
  LABEL_MAX_GLYPHS,
  LABEL_MAX_WIDTH,
  LABEL_MIN_GLYPHS,
  LABEL_MIN_PX,
  LABEL_MIN_WIDTH,
  LONGEST_TEXT_RUN_PX,
  LONGEST_TEXT_RUN_SHARE,
  SAME_BACKGROUND,
  STRIP_PAD_LEFT_PX,
  STRIP_PAD_RIGHT_PX,
  STRIP_SPREAD,
  TALLEST_GLYPH_PX,
  TALLEST_GLYPH_SHARE,
  TEXT_CONTRAST,
  TILE,
  TOUCHING_GLYPHS_MAX_FILL,
  TOUCHING_GLYPHS_MAX_WIDTH,
  TOUCHING_GLYPHS_MIN_PX,
  TOUCHING_GLYPHS_MIN_PX_FULL,
} from './params.js';

/** Glyph-sized blobs of text ink in columns [x0, x1), grouped into words. */
export function textWords(mask: Uint8Array, r: Raster, x0: number, x1: number, fullResolution = false): Word[] {
  const maxH = Math.max(TALLEST_GLYPH_PX, Math.round(r.height * TALLEST_GLYPH_SHARE));
  const smallest = fullResolution ? TOUCHING_GLYPHS_MIN_PX_FULL : TOUCHING_GLYPHS_MIN_PX;
  const glyphs = findBlobs(mask, r.width, r.height, x0, x1).filter((b) => {
    const h = b.bottom - b.top + 1;
    const w = b.right - b.left + 1;
    if (h > maxH) return false;
    // Glyphs set tightly at a high pixel ratio touch and make one wide blob: still text when
    // it is no longer than a label and, unlike a box, partly background. Below 10 px the blob
    // of a reduced image is more likely a label smudged whole, better read at full size; at
    // full size there is none better: small antialiased digits (MetaTrader's 7 px labels)
    // touch through their grey edge pixels.
    return (
      w <= maxH * GLYPH_MAX_WIDTH ||
      (h >= smallest && w <= h * TOUCHING_GLYPHS_MAX_WIDTH && b.pixels <= w * h * TOUCHING_GLYPHS_MAX_FILL)
    );
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
  return (
    h >= LABEL_MIN_PX &&
    w.glyphs >= LABEL_MIN_GLYPHS &&
    w.glyphs <= LABEL_MAX_GLYPHS &&
    wd >= h * LABEL_MIN_WIDTH &&
    wd <= h * LABEL_MAX_WIDTH
  );
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
          Math.abs(w[edge] - anchor[edge]) <= COLUMN_EDGE_PX &&
          Math.abs(w.bottom - w.top - ah) <= Math.max(1, Math.round(ah * COLUMN_HEIGHT_SPREAD)),
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
 * Text ink (strong contrast with the background) in columns [x0, x1); zero elsewhere. Text stands
 * out from the background around it. In a whole window that is not always the picture's
 * commonest colour: a black chart inside grey panels is as far from the panels' grey as its
 * labels are, and would be all 'text'. Where a tile (TILE pixels square, far larger than a label
 * or a price tag) is filled with another colour than the picture's background, text ink must
 * stand out from that colour too.
 */
export function textMask(r: Raster, bg: Rgb, x0: number, x1: number): Uint8Array {
  // Candle detection later borrows this plane for its own ink map; the layout is done by then.
  const mask = scratchU8('ink', r.width * r.height);
  const [bgR, bgG, bgB] = bg;
  const limit = TEXT_CONTRAST * TEXT_CONTRAST;
  for (let ty = 0; ty < r.height; ty += TILE) {
    const y1 = Math.min(r.height, ty + TILE);
    for (let tx = x0; tx < x1; tx += TILE) {
      const tx1 = Math.min(x1, tx + TILE);
      const local = tileBackground(r, tx, ty, tx1, y1);
      const same = colourDistance(local, bg) <= SAME_BACKGROUND;
      // standsOut from `bg` and, on another fill, from the tile's own colour, inlined.
      const [localR, localG, localB] = local;
      for (let y = ty; y < y1; y++) {
        for (let p = y * r.width + tx, end = y * r.width + tx1; p < end; p++) {
          const c = r.data[p * 3]!;
          const g = r.data[p * 3 + 1]!;
          const b = r.data[p * 3 + 2]!;
          const fromBg = (c - bgR) * (c - bgR) + (g - bgG) * (g - bgG) + (b - bgB) * (b - bgB) > limit;
          const fromLocal =
            same || (c - localR) * (c - localR) + (g - localG) * (g - localG) + (b - localB) * (b - localB) > limit;
          mask[p] = fromBg && fromLocal ? 1 : 0;
        }
      }
    }
  }
  const longest = Math.max(LONGEST_TEXT_RUN_PX, Math.round(r.height * LONGEST_TEXT_RUN_SHARE));
  clearLongVerticals(mask, r.width, r.height, x0, x1, longest);
  return mask;
}

/** The commonest colour of an 8 x 8 grid of samples in the tile (a flat fill repeats). */
function tileBackground(r: Raster, x0: number, y0: number, x1: number, y1: number): Rgb {
  const keys: number[] = [];
  const counts: number[] = [];
  const sx = Math.max(1, Math.floor((x1 - x0) / 8));
  const sy = Math.max(1, Math.floor((y1 - y0) / 8));
  for (let y = y0; y < y1; y += sy) {
    for (let x = x0; x < x1; x += sx) {
      const i = (y * r.width + x) * 3;
      const key = ((r.data[i]! >> 3) << 10) | ((r.data[i + 1]! >> 3) << 5) | (r.data[i + 2]! >> 3);
      const k = keys.indexOf(key);
      if (k >= 0) counts[k]!++;
      else {
        keys.push(key);
        counts.push(1);
      }
    }
  }
  let best = 0;
  for (let k = 1; k < counts.length; k++) if (counts[k]! > counts[best]!) best = k;
  const key = keys[best] ?? 0;
  return [((key >> 10) & 31) * 8 + 4, ((key >> 5) & 31) * 8 + 4, (key & 31) * 8 + 4];
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
  // Row by row, each column's run carried along: the mask is read in memory order.
  const start = new Int32Array(Math.max(0, x1 - x0)).fill(-1);
  for (let y = 0; y <= height; y++) {
    for (let x = x0; x < x1; x++) {
      const on = y < height && mask[y * width + x] === 1;
      const from = start[x - x0] ?? -1;
      if (on && from < 0) start[x - x0] = y;
      if (!on && from >= 0) {
        if (y - from > longest) for (let k = from; k < y; k++) mask[k * width + x] = 0;
        start[x - x0] = -1;
      }
    }
  }
}

/** Median gap between neighbouring labels' centres (the axis's step in pixels), in the same pixels as their boxes. */
export function labelPitch(labels: readonly Box[]): number {
  const centres = labels.map((l) => (l.top + l.bottom) / 2).sort((a, b) => a - b);
  const gaps = centres
    .slice(1)
    .map((c, i) => c - (centres[i] ?? c))
    .sort((a, b) => a - b);
  return gaps[Math.floor(gaps.length / 2)] ?? 0;
}

/** Median height of the axis labels, in the same pixels as their boxes. */
export function medianLabelHeight(labels: Word[]): number {
  const heights = labels.map((w) => w.bottom - w.top + 1).sort((a, b) => a - b);
  return heights[heights.length >> 1] ?? 0;
}

/**
 * The axis's strip: the labels' columns and rows. With the axis's `side` known, a word reaching
 * much further towards the plot than the labels' edge on that side (a date of the time axis under
 * the labels, a word run into the bars by the axis) does not widen it: labels are printed alike,
 * their edges within a few digits of each other.
 */
export function stripOf(labels: Word[], width: number, side?: 'left' | 'right'): Box {
  const middle = (values: number[]): number => values.sort((a, b) => a - b)[values.length >> 1] ?? 0;
  const wide = middle(labels.map((w) => w.right - w.left + 1)) * STRIP_SPREAD;
  const left = middle(labels.map((w) => w.left));
  const right = middle(labels.map((w) => w.right));
  const plotSide = labels.filter((w) =>
    side === 'right' ? w.left >= left - wide : side === 'left' ? w.right <= right + wide : true,
  );
  return {
    left: Math.max(0, Math.min(...(side === 'right' ? plotSide : labels).map((w) => w.left)) - STRIP_PAD_LEFT_PX),
    right: Math.min(width, Math.max(...(side === 'left' ? plotSide : labels).map((w) => w.right)) + STRIP_PAD_RIGHT_PX),
    top: Math.min(...labels.map((w) => w.top)),
    bottom: Math.max(...labels.map((w) => w.bottom)) + 1,
  };
}

/** Whether word `w` lies in one of the label columns `skip` (strips of layouts already tried). */
export const inColumn = (w: Box, skip: readonly Box[]): boolean =>
  skip.some((s) => w.right >= s.left && w.left <= s.right && w.bottom >= s.top && w.top <= s.bottom);
