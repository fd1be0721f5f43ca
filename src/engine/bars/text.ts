/**
 * Text in the plot: legends, time labels, watermarks and the marks beside high and low bars are
 * rows of glyphs of one height on one baseline, which bars side by side almost never are. They
 * are erased from the ink before bars are looked for.
 */
import { findBlobs, labelComponents, type Blob } from '../components.js';
import type { Box } from '../raster.js';
import {
  EXTEND_GAP,
  EXTEND_HEIGHT,
  GLYPH_GAP,
  GLYPH_MAX_WIDTH,
  GLYPH_MIN_HEIGHT,
  GLYPH_TOP_TOLERANCE,
  MIN_GLYPHS,
  TEXT_BAND_ABOVE,
  TEXT_BAND_BELOW,
  TEXT_MARK_HEIGHT,
  TEXT_MAX_HEIGHT_PX,
  TEXT_MAX_HEIGHT_SHARE,
} from './params.js';

interface TextLine {
  box: Box;
  /** Indices of its glyphs in the list searched. */
  glyphs: number[];
}

/**
 * Rows of glyphs that share a baseline and a cap height: three or more side by side with small
 * gaps. Candles side by side almost never line up top and bottom like that. With `extend`, a
 * line also takes in its neighbours on the same baseline that are up to twice its height (a
 * chain of x-height letters beside capitals and digits, antialiased rows included) and at most
 * a colon and a space away (two heights): the mixed heights of a word ('Volume') and digits
 * run together into one blob ('591') break the chain.
 */
function textLines(glyphs: Blob[], maxH: number, extend: boolean): TextLine[] {
  const byBottom = new Map<number, number[]>();
  glyphs.forEach((g, k) => {
    const height = g.bottom - g.top + 1;
    if (height < GLYPH_MIN_HEIGHT || height > maxH || g.right - g.left + 1 > maxH * GLYPH_MAX_WIDTH) return;
    byBottom.set(g.bottom, [...(byBottom.get(g.bottom) ?? []), k]);
  });
  const lines: TextLine[] = [];
  // A line is found again from the row a pixel above its baseline, or from another chain in it
  // that the extension reaches.
  const seen = new Set<string>();
  for (const [bottom, list] of byBottom) {
    const row = [...list, ...(byBottom.get(bottom + 1) ?? [])]
      .map((k) => ({ k, g: glyphs[k]! }))
      .sort((a, b) => a.g.left - b.g.left);
    for (let [first, last] of sameHeightRuns(
      row.map((e) => e.g),
      bottom,
    )) {
      const chain = row.slice(first, last + 1).map((e) => e.g);
      const top = Math.min(...chain.map((g) => g.top));
      const height = bottom - top + 1;
      let right = Math.max(...chain.map((g) => g.right));
      const fits = (g: Blob | undefined, gap: number): boolean =>
        extend && g !== undefined && g.bottom - g.top + 1 <= height * EXTEND_HEIGHT && gap <= height * EXTEND_GAP;
      while (fits(row[first - 1]?.g, (row[first]?.g.left ?? 0) - (row[first - 1]?.g.right ?? 0))) first--;
      while (fits(row[last + 1]?.g, (row[last + 1]?.g.left ?? 0) - right)) {
        last++;
        right = Math.max(right, row[last]?.g.right ?? 0);
      }
      const members = row.slice(first, last + 1);
      const key = `${first}:${last}:${members[0]?.k}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const box: Box = {
        left: Math.min(...members.map((e) => e.g.left)),
        right,
        top: Math.min(...members.map((e) => e.g.top)),
        bottom,
      };
      lines.push({ box, glyphs: members.map((e) => e.k) });
    }
  }
  return lines;
}

/** Index ranges of three or more glyphs in a row (sorted by left) of one height, close together. */
function sameHeightRuns(row: Blob[], bottom: number): [number, number][] {
  const runs: [number, number][] = [];
  let start = 0;
  for (let i = 1; i <= row.length; i++) {
    const prev = row[i - 1];
    const g = row[i];
    if (
      prev &&
      g &&
      Math.abs(prev.top - g.top) <= GLYPH_TOP_TOLERANCE &&
      g.left - prev.right <= (bottom - g.top + 1) * GLYPH_GAP
    )
      continue;
    if (i - start >= MIN_GLYPHS) runs.push([start, i - 1]);
    start = i;
  }
  return runs;
}

const textHeightCap = (h: number): number => Math.max(TEXT_MAX_HEIGHT_PX, Math.round(h * TEXT_MAX_HEIGHT_SHARE));

/**
 * Legends, time labels and watermarks are text. What is left of it after line removal is
 * erased as a band around each line, wide enough for its punctuation and descenders.
 */
export function eraseText(ink: Uint8Array, w: number, h: number): void {
  for (const { box } of textLines(findBlobs(ink, w, h, 0, w), textHeightCap(h), false)) {
    const height = box.bottom - box.top + 1;
    const bandTop = box.top - TEXT_BAND_ABOVE;
    const bandBottom = box.bottom + Math.ceil(height * TEXT_BAND_BELOW);
    // Widen to catch punctuation and descenders of the same text line.
    for (let y = Math.max(0, bandTop); y <= Math.min(h - 1, bandBottom); y++) {
      ink.fill(0, y * w + Math.max(0, box.left - height), y * w + Math.min(w, box.right + height));
    }
  }
}

/**
 * Text while its glyphs are whole, before line removal takes the serifs off a legend running
 * across the plot and the baseline pass cuts its letters to their bottoms (what is left of a
 * legend's last value beyond the last candle is read as bars). Only the glyphs' own pixels go,
 * with the small marks (dots, colons, commas) inside the line's band: a high/low mark's text
 * sits right beside the bar it marks.
 */
export function eraseWholeText(ink: Uint8Array, w: number, h: number): void {
  // Its labelling is done with before the candles' own, so the two share one buffer.
  const { labels, blobs } = labelComponents(ink, w, h);
  const lines = textLines(blobs, textHeightCap(h), true);
  if (lines.length === 0) return;
  const erase = new Uint8Array(blobs.length);
  for (const { box, glyphs } of lines) {
    for (const k of glyphs) erase[k] = 1;
    const height = box.bottom - box.top + 1;
    blobs.forEach((b, k) => {
      if (b.bottom - b.top + 1 > height * TEXT_MARK_HEIGHT) return;
      if (b.left < box.left - height || b.right > box.right + height) return;
      if (b.top < box.top - TEXT_BAND_ABOVE || b.bottom > box.bottom + height * TEXT_BAND_BELOW) return;
      erase[k] = 1;
    });
  }
  for (let p = 0; p < w * h; p++) {
    const k = labels[p] ?? -1;
    if (k >= 0 && erase[k]) ink[p] = 0;
  }
}
