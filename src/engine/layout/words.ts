/**
 * Text in the layout's search area: the text-ink mask, glyph blobs grouped into words, the words
 * shaped like price labels, and columns of them aligned on one edge.
 */
import { findBlobs, groupWords, type Word } from '../components.js';
import type { Box, Raster, Rgb } from '../raster.js';
import { scratchU8 } from '../scratch.js';
import { standsOut, TEXT_CONTRAST } from './ink.js';

/** Glyph-sized blobs of text ink in columns [x0, x1), grouped into words. */
export function textWords(mask: Uint8Array, r: Raster, x0: number, x1: number, fullResolution = false): Word[] {
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

/** Text ink (strong contrast with the background) in columns [x0, x1); zero elsewhere. */
export function textMask(r: Raster, bg: Rgb, x0: number, x1: number): Uint8Array {
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

export const stripOf = (labels: Word[], width: number): Box => ({
  left: Math.max(0, Math.min(...labels.map((w) => w.left)) - 2),
  right: Math.min(width, Math.max(...labels.map((w) => w.right)) + 3),
  top: Math.min(...labels.map((w) => w.top)),
  bottom: Math.max(...labels.map((w) => w.bottom)) + 1,
});

/** Whether word `w` lies in one of the label columns `skip` (strips of layouts already tried). */
export const inColumn = (w: Box, skip: readonly Box[]): boolean =>
  skip.some((s) => w.right >= s.left && w.left <= s.right && w.bottom >= s.top && w.top <= s.bottom);
