/**
 * Text in the plot: legends, time labels, watermarks and the marks beside high and low bars are
 * rows of glyphs of one height on one baseline, which bars side by side almost never are; an
 * object's label on a fill is a solid box with text inside. They are erased from the ink before
 * bars are looked for.
 */
import { findBlobs, labelComponents, type Blob } from '../components.js';
import type { Box, Raster } from '../raster.js';
import { scratchI32, scratchU32, scratchU8 } from '../scratch.js';
import { nextSet, wordsOf } from '../sparse.js';
import {
  EXTEND_GAP,
  EXTEND_HEIGHT,
  GLYPH_GAP,
  GLYPH_MAX_WIDTH,
  GLYPH_MIN_HEIGHT,
  GLYPH_TOP_TOLERANCE,
  LABEL_BOX_ASPECT,
  LABEL_BOX_CLEARANCE,
  LABEL_BOX_CONTRAST,
  LABEL_BOX_FILL,
  LABEL_BOX_FULL_COLUMN,
  LABEL_BOX_FULL_COLUMNS,
  LABEL_BOX_MIN_HEIGHT,
  LABEL_BOX_SIDE_INK,
  LABEL_BOX_TEXT_COLUMNS,
  LABEL_BOX_TEXT_SHARE,
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

/**
 * Labels on a fill in the plot (an object's price in a box, of any colour), erased with all the
 * ink inside them. A box is solid ink, its text included, so its rows are long runs of ink and
 * its columns too; lines crossing or touching it (an order's line under its label, a moving
 * average) are thin one way and fall away, leaving the box a blob of its own.
 */
export function eraseLabelBoxes(ink: Uint8Array, w: number, h: number, r: Raster, plot: Box): void {
  const k = LABEL_BOX_MIN_HEIGHT;
  const long = k * LABEL_BOX_ASPECT;
  // Ink in a row's run as long as the narrowest box is wide, and k rows down a column of such
  // runs: the box less its top k - 1 rows. Each column keeps the length of its current run.
  const thick = scratchU8('text:thick', w * h);
  const lastRow = scratchI32('text:last-row', w, -2);
  const down = scratchU32('text:down', w);
  const words = wordsOf(ink);
  let any = false;
  for (let y = 0; y < h; y++) {
    const end = (y + 1) * w;
    for (let p = nextSet(ink, words, y * w, end); p < end; p = nextSet(ink, words, p, end)) {
      const start = p;
      while (p < end && ink[p]) p++;
      if (p - start < long) continue;
      for (let q = start, x = start - y * w; q < p; q++, x++) {
        down[x] = lastRow[x] === y - 1 ? down[x]! + 1 : 1;
        lastRow[x] = y;
        if (down[x]! >= k) {
          thick[q] = 1;
          any = true;
        }
      }
    }
  }
  if (!any) return;
  for (const core of findBlobs(thick, w, h, 0, w)) {
    const b: Blob = { ...core, top: core.top - (k - 1), pixels: core.pixels + (k - 1) * (core.right - core.left + 1) };
    if (!filledWide(b) || !standsAlone(ink, w, h, b) || !holdsText(r, plot, b)) continue;
    for (let y = Math.max(0, b.top - 1); y <= Math.min(h - 1, b.bottom + 1); y++)
      ink.fill(0, y * w + Math.max(0, b.left - 1), y * w + Math.min(w, b.right + 2));
  }
}

/** A blob that fills most of its bounds and is wider than tall: a label box, if text is inside. */
function filledWide(b: Blob): boolean {
  const width = b.right - b.left + 1;
  const height = b.bottom - b.top + 1;
  return (
    height >= LABEL_BOX_MIN_HEIGHT && width >= height * LABEL_BOX_ASPECT && b.pixels >= width * height * LABEL_BOX_FILL
  );
}

/**
 * Whether a box stands clear of other ink on three of its sides at least (a line may run along
 * the fourth): a part of something larger (a volume profile's rows, a panel) touches ink all
 * round, and erasing it would leave the rest as pieces.
 */
function standsAlone(ink: Uint8Array, w: number, h: number, b: Box): boolean {
  const d = LABEL_BOX_CLEARANCE;
  const share = (x0: number, y0: number, dx: number, dy: number, n: number): number => {
    let inked = 0;
    let seen = 0;
    for (let i = 0, x = x0, y = y0; i < n; i++, x += dx, y += dy) {
      if (x < 0 || y < 0 || x >= w || y >= h) continue;
      seen++;
      inked += ink[y * w + x] ? 1 : 0;
    }
    return seen === 0 ? 0 : inked / seen;
  };
  const width = b.right - b.left + 1;
  const height = b.bottom - b.top + 1;
  const sides = [
    share(b.left, b.top - d, 1, 0, width),
    share(b.left, b.bottom + d, 1, 0, width),
    share(b.left - d, b.top, 0, 1, height),
    share(b.right + d, b.top, 0, 1, height),
  ];
  return sides.filter((s) => s <= LABEL_BOX_SIDE_INK).length >= 3;
}

/**
 * Whether a filled box `b` (plot pixels) holds text: inside its edge, pixels far from its fill
 * (their median colour) cover a share of it and spread over many of its columns, most of them
 * not from top to bottom (a bar of two colours side by side, a volume profile's row, has
 * whole columns of the other colour; glyphs only their upright strokes).
 */
function holdsText(r: Raster, plot: Box, b: Box): boolean {
  const inset = 2;
  const left = plot.left + b.left + inset;
  const right = plot.left + b.right - inset;
  const top = plot.top + b.top + inset;
  const bottom = plot.top + b.bottom - inset;
  if (right < left || bottom < top) return false;
  const { data, width } = r;
  const histogram = new Uint32Array(3 * 256);
  for (let y = top; y <= bottom; y++)
    for (let i = (y * width + left) * 3, end = (y * width + right) * 3; i <= end; i += 3) {
      histogram[data[i]!]!++;
      histogram[256 + data[i + 1]!]!++;
      histogram[512 + data[i + 2]!]!++;
    }
  const cells = (right - left + 1) * (bottom - top + 1);
  const median = (channel: number): number => {
    for (let v = 0, seen = 0; v < 256; v++) if ((seen += histogram[channel * 256 + v]!) > cells >> 1) return v;
    return 255;
  };
  const [fr, fg, fb] = [median(0), median(1), median(2)];
  const far = LABEL_BOX_CONTRAST * LABEL_BOX_CONTRAST;
  let text = 0;
  let textColumns = 0;
  let fullColumns = 0;
  for (let x = left; x <= right; x++) {
    let column = 0;
    for (let y = top, i = (y * width + x) * 3; y <= bottom; y++, i += width * 3) {
      const dr = data[i]! - fr;
      const dg = data[i + 1]! - fg;
      const db = data[i + 2]! - fb;
      if (dr * dr + dg * dg + db * db > far) column++;
    }
    text += column;
    if (column > 0) textColumns++;
    if (column >= (bottom - top + 1) * LABEL_BOX_FULL_COLUMN) fullColumns++;
  }
  return (
    text >= cells * LABEL_BOX_TEXT_SHARE &&
    textColumns >= (right - left + 1) * LABEL_BOX_TEXT_COLUMNS &&
    fullColumns <= textColumns * LABEL_BOX_FULL_COLUMNS
  );
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
