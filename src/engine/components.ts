/** Connected components of a binary mask, and their grouping into text words. */
import { scratchI32 } from './scratch.js';
import { wordsOf } from './sparse.js';

export interface Blob {
  left: number;
  top: number;
  right: number; // inclusive
  bottom: number; // inclusive
  pixels: number;
  /** The mask value the component is made of. */
  value?: number;
}

const capacities = new Map<string, number>();

interface Runs {
  start: Int32Array;
  end: Int32Array;
  row: Int32Array;
  root: Int32Array;
  count: number;
}

/**
 * Horizontal runs of equal non-background value inside [x0, x1), joined by union-find into
 * 8-connected components (runs of the same value that touch, diagonals included). Far fewer
 * union operations than per-pixel labelling; run arrays are borrowed scratch, not allocated.
 */
// eslint-disable-next-line max-lines-per-function -- the union-find over runs of every picture read, on borrowed scratch arrays; kept in one loop, as splitting it costs calls per run
function connectRuns(
  mask: Uint8Array,
  width: number,
  height: number,
  x0: number,
  x1: number,
  key: string,
  background: number,
): Runs {
  // Run arrays grow by doubling; they start at the size this key needed last time. No closure
  // captures them: V8 keeps variables a closure captures in memory, not in registers.
  let capacity = Math.max(1024, capacities.get(key) ?? 0);
  let start = scratchI32(`${key}:start`, capacity);
  let end = scratchI32(`${key}:end`, capacity);
  let row = scratchI32(`${key}:row`, capacity);
  let parent = scratchI32(`${key}:parent`, capacity);
  // Masks are mostly background: it is skipped four pixels at a time where the mask's bytes
  // line up with 32-bit words.
  const words = wordsOf(mask);
  const empty = (background * 0x01010101) >>> 0;
  let n = 0;
  let prevFirst = 0;
  let prevLast = 0;
  for (let y = 0; y < height; y++) {
    const first = n;
    const base = y * width;
    const above = base - width;
    // Runs of the previous row are sorted by x: walk them with a moving lower bound.
    let p0 = prevFirst;
    let x = x0;
    while (x < x1) {
      const q = base + x;
      if (words !== null && (q & 3) === 0) {
        let k = q >> 2;
        const last = (base + x1 - 4) >> 2;
        while (k <= last && words[k] === empty) k++;
        if (k > q >> 2) {
          x = (k << 2) - base;
          continue;
        }
      }
      const v = mask[q]!;
      if (v === background) {
        x++;
        continue;
      }
      const s = x;
      while (x < x1 && mask[base + x] === v) x++;
      if (n === capacity) {
        capacity *= 2;
        start = grown(`${key}:start`, start, capacity);
        end = grown(`${key}:end`, end, capacity);
        row = grown(`${key}:row`, row, capacity);
        parent = grown(`${key}:parent`, parent, capacity);
      }
      const id = n++;
      start[id] = s;
      end[id] = x - 1;
      row[id] = y;
      parent[id] = id;
      while (p0 < prevLast && end[p0]! < s - 1) p0++;
      for (let p = p0; p < prevLast && start[p]! <= x; p++) {
        if (mask[above + start[p]!] !== v) continue;
        const a = findRoot(parent, p);
        const b = findRoot(parent, id);
        if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
      }
    }
    prevFirst = first;
    prevLast = n;
  }
  for (let i = 0; i < n; i++) parent[i] = findRoot(parent, i);
  capacities.set(key, capacity);
  return { start, end, row, root: parent, count: n };
}

/** A run array moved to a larger scratch buffer. */
function grown(key: string, old: Int32Array, capacity: number): Int32Array {
  const next = scratchI32(key, capacity);
  next.set(old);
  return next;
}

/** Union-find root of `a`, compressing the path on the way. */
function findRoot(parent: Int32Array, a: number): number {
  let r = a;
  while (parent[r] !== r) r = parent[r]!;
  while (parent[a] !== r) {
    const next = parent[a]!;
    parent[a] = r;
    a = next;
  }
  return r;
}

/** Bounding boxes of the components of runs, in order of first appearance. */
function collectBlobs(runs: Runs, mask: Uint8Array, width: number, paint?: Int32Array): Blob[] {
  const idOfRoot = new Map<number, number>();
  const blobs: Blob[] = [];
  for (let i = 0; i < runs.count; i++) {
    const root = runs.root[i] ?? i;
    const s = runs.start[i] ?? 0;
    const e = runs.end[i] ?? 0;
    const y = runs.row[i] ?? 0;
    let id = idOfRoot.get(root);
    if (id === undefined) {
      id = blobs.length;
      idOfRoot.set(root, id);
      blobs.push({ left: s, right: e, top: y, bottom: y, pixels: 0, value: mask[y * width + s] ?? 0 });
    }
    const b = blobs[id];
    if (b) {
      if (s < b.left) b.left = s;
      if (e > b.right) b.right = e;
      b.bottom = y;
      b.pixels += e - s + 1;
    }
    paint?.fill(id, y * width + s, y * width + e + 1);
  }
  return blobs;
}

/** 8-connected components of equal value (other than `background`) inside columns [x0, x1). */
export function findBlobs(
  mask: Uint8Array,
  width: number,
  height: number,
  x0: number,
  x1: number,
  background = 0,
): Blob[] {
  return collectBlobs(connectRuns(mask, width, height, x0, x1, 'runs', background), mask, width);
}

export interface Word extends Blob {
  glyphs: number;
  /** A tag's price row read as a label (layout/axis-column.ts: withTagLabels). */
  tag?: true;
}

/** Joins glyph-sized blobs on the same text line into words (labels have no inner spaces). */
/**
 * Glyphs in a blob: glyphs set tightly at a high pixel ratio touch, and make one blob as wide
 * as several (digits are about 0.6 as wide as tall). A blob under `smallest` px tall is one:
 * small text of a reduced image that runs together is a smudge, not a word (at full size,
 * small antialiased digits touch too, and count by width from 5 px).
 */
function glyphCount(b: Blob, smallest: number): number {
  const h = b.bottom - b.top + 1;
  return h < smallest ? 1 : Math.max(1, Math.round((b.right - b.left + 1) / (h * 0.8)));
}

/** A stroke leading no word: at most this share of its height wide ... */
const STROKE_MAX_WIDTH = 0.35;
/** ... this many times as tall as the glyph after it ... */
const STROKE_TALLER = 1.25;
/** ... and further from it than this share of the glyph's height (letters stand closer). */
const STROKE_GAP = 0.3;

/**
 * Whether `first`, a word's only glyph so far, is a stroke that `g` should not follow into a
 * word: thin, a quarter taller than `g` and further from it than letters stand (a bar at the
 * plot's edge beside the label at its price: chained in, it made the label too tall to read).
 */
function strokeBefore(first: Blob | undefined, g: Blob): boolean {
  if (!first) return false;
  const fh = first.bottom - first.top + 1;
  const h = g.bottom - g.top + 1;
  return (
    first.right - first.left + 1 <= fh * STROKE_MAX_WIDTH &&
    fh > h * STROKE_TALLER &&
    g.left - first.right > h * STROKE_GAP
  );
}

/** A blob no more than this many pixels tall and wide is a dot: a point, or one dot of a dotted line. */
const DOT_PX = 3;

const isDot = (b: Blob): boolean => b.bottom - b.top + 1 <= DOT_PX && b.right - b.left + 1 <= DOT_PX;

export function groupWords(glyphs: Blob[], smallest = 10): Word[] {
  const sorted = [...glyphs].sort((a, b) => a.left - b.left);
  const maxHeight = sorted.reduce((m, g) => Math.max(m, g.bottom - g.top + 1), 0);
  // Glyphs come left to right, so a word whose right edge lies further back than any allowed
  // gap can take no more glyphs: only the open words are searched (thousands of grid dashes
  // made the full search quadratic).
  const maxGap = Math.max(3, maxHeight * 0.6);
  const words: Word[] = [];
  let open: Word[] = [];
  // The height of each word's last glyph: the spacing allowed after it goes by that glyph, not
  // by the whole word, which grows when glyph-sized candles and grid dots chain into it.
  const lastHeight = new Map<Word, number>();
  // Words of one glyph so far, and that glyph.
  const single = new Map<Word, Blob>();
  // Each word's rightmost glyph, and the words that end in two dots or more side by side: a
  // dotted line running on from them (a grid line under an object's label, up to the axis).
  const lastGlyph = new Map<Word, Blob>();
  const dotted = new Set<Word>();
  for (const g of sorted) {
    const h = g.bottom - g.top + 1;
    if (open.length > 32) open = open.filter((w) => g.left - w.right <= maxGap);
    const host = open.find((w) => {
      const wh = w.bottom - w.top + 1;
      const overlap = Math.min(w.bottom, g.bottom) - Math.max(w.top, g.top) + 1;
      // Dots and commas are short, so overlap and spacing go by the taller of the two.
      // After a dotted line only the next dot is near: a label past its end starts a word of its own.
      const gap = dotted.has(w) && !isDot(g) ? 3 : Math.max(3, Math.max(h, lastHeight.get(w) ?? wh) * 0.6);
      // A run of dots (a dotted grid line ending just before a label) starts no word of glyphs.
      const dots = wh <= 3 && h >= wh * 2.5;
      return (
        !dots &&
        !strokeBefore(single.get(w), g) &&
        overlap >= Math.min(h, wh) * 0.5 &&
        g.left - w.right <= gap &&
        g.left >= w.left
      );
    });
    if (host) single.delete(host);
    // A mark inside the word (the slash in a zero) is not its last glyph.
    if (host && g.right > host.right) {
      const before = lastGlyph.get(host);
      if (before && isDot(before) && isDot(g) && g.left > before.right) dotted.add(host);
      else dotted.delete(host);
      lastHeight.set(host, h);
      lastGlyph.set(host, g);
    }
    if (host) {
      host.left = Math.min(host.left, g.left);
      host.right = Math.max(host.right, g.right);
      host.top = Math.min(host.top, g.top);
      host.bottom = Math.max(host.bottom, g.bottom);
      host.pixels += g.pixels;
      host.glyphs += glyphCount(g, smallest);
    } else {
      const word = { ...g, glyphs: glyphCount(g, smallest) };
      lastHeight.set(word, h);
      lastGlyph.set(word, g);
      single.set(word, g);
      words.push(word);
      open.push(word);
    }
  }
  return words;
}

export interface Labelled {
  /** Component id per pixel, -1 for background. Borrowed scratch: see scratch.ts. */
  labels: Int32Array;
  blobs: Blob[];
}

/**
 * Like findBlobs over the whole mask, but also paints each pixel with its component id. Pixels
 * join only pixels of the same value, so one call separates the components of every colour of
 * a label map (`background` is the value that is no component). `key` names the scratch buffers, so two labellings can be alive at once.
 */
export function labelComponents(
  mask: Uint8Array,
  width: number,
  height: number,
  key = 'labels',
  background = 0,
): Labelled {
  const labels = scratchI32(key, width * height, -1);
  // Runs are consumed before the next labelling starts, so every call shares one set of them.
  const blobs = collectBlobs(connectRuns(mask, width, height, 0, width, 'runs', background), mask, width, labels);
  return { labels, blobs };
}
