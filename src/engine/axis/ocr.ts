/**
 * Reads axis labels with tesseract.js, offline. Label crops are normalised (dark text on white,
 * contrast-stretched grey, scaled to a comfortable height) and stacked into one small image, so a single
 * recognition call reads them all.
 */
import { createRequire } from 'node:module';
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createWorker, OEM, PSM, type RecognizeOptions, type Worker } from 'tesseract.js';
import { labelComponents } from '../components.js';
import type { Box, Raster } from '../raster.js';
import {
  LABEL_FILL_SHARE,
  LABEL_FILL_TOLERANCE,
  LABEL_FRAMED_EDGE,
  MARK_LEVEL,
  MAX_UPSCALE,
  STACK_GAP,
  TARGET_TEXT_HEIGHT,
} from './params.js';

const require = createRequire(import.meta.url);

/** LSTM-only English data shipped in @tesseract.js-data/eng: never fetched from the network. */
function languageDir(): string {
  const pkg = require.resolve('@tesseract.js-data/eng/package.json');
  return path.join(path.dirname(pkg), '4.0.0_best_int');
}

let workerPromise: Promise<Worker> | null = null;

async function createOcrWorker(): Promise<Worker> {
  const cachePath = path.join(os.tmpdir(), 'piplens-tesseract');
  mkdirSync(cachePath, { recursive: true });
  const worker = await createWorker('eng', OEM.LSTM_ONLY, {
    langPath: languageDir(),
    cachePath,
    cacheMethod: 'none',
    gzip: true,
  });
  await worker.setParameters(AXIS_PARAMETERS);
  return worker;
}

/** How the worker reads axis labels: one block of digits and separators. */
const AXIS_PARAMETERS = {
  tessedit_pageseg_mode: PSM.SINGLE_BLOCK,
  tessedit_char_whitelist: '0123456789.,-',
  user_defined_dpi: '300',
};

/** One warm worker, reused: creating one costs far more than a recognition. */
export function getOcrWorker(): Promise<Worker> {
  workerPromise ??= createOcrWorker().catch((error: unknown) => {
    workerPromise = null;
    throw error;
  });
  return workerPromise;
}

/** Readings under way: the worker is terminated only once they are done. */
const reading = new Set<Promise<unknown>>();

export async function terminateOcr(): Promise<void> {
  const pending = workerPromise;
  workerPromise = null;
  // A reading started before this call (an analysis refused meanwhile leaves its labels' reading
  // behind) would post its job to a terminated worker and throw out of the event loop.
  await Promise.allSettled([...reading]);
  if (pending) await (await pending).terminate();
}

/** Binary PGM: Leptonica reads it directly, which saves encoding a PNG per call. */
function pgm(width: number, height: number, pixels: Uint8Array): Buffer {
  return Buffer.concat([Buffer.from(`P5\n${width} ${height}\n255\n`), pixels]);
}

interface Strip {
  image: Buffer;
  /** Vertical centre of each label row in the stacked image. */
  rowCentres: number[];
}

/**
 * Paints over the dot or short slash that some monospaced fonts (DejaVu Sans Mono) draw inside
 * the zero, in place, leaving a plain ring: Tesseract reads the marked zero as '6' or '60'.
 * The mark is a small piece of text near the middle of a larger glyph's box with the ring's
 * hole all around it. Nothing else in a price label is: the decimal point sits between glyphs,
 * a piece of a stroke has the outside background or more stroke on one side, and the waist of
 * an 8 parts two different holes. Linear in the crop's pixels.
 * `text` and `background` are the grey levels of the text and of the background.
 */
// eslint-disable-next-line max-lines-per-function -- one linear pass over the crop's pixels in steps that share its scratch arrays (glyphs, holes, boxes); split, each step would take them all as parameters
export function clearZeroMarks(grey: Float32Array, w: number, h: number, text: number, background: number): void {
  const span = text - background;
  if (Math.abs(span) < 1) return;
  const n = w * h;
  // Glyphs: pixels nearer the text level than the background. A mark that blurs into its ring
  // joins the ring's component here, which still gives the ring's box.
  const glyphMask = new Uint8Array(n);
  // Mark candidates: the same at the stricter level, where the mark comes apart from the ring.
  const markMask = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const t = ((grey[i] ?? background) - background) / span;
    glyphMask[i] = t > 0.5 ? 1 : 0;
    markMask[i] = t > MARK_LEVEL ? 1 : 0;
  }
  const glyphs = labelComponents(glyphMask, w, h, 'ocr:glyphs');
  const { labels, blobs: marks } = labelComponents(markMask, w, h, 'ocr:marks');

  // Background regions: 0 is the outside (reachable from the crop's edge without crossing
  // text), higher numbers are the holes inside glyphs, -1 is text. Background joins side to side
  // only: a diagonal gap between two antialiased pixels of a small ring would let its hole leak.
  const region = new Int32Array(n).fill(-1);
  const queue = new Int32Array(n);
  // The glyph around each hole: the one just above the hole's first pixel in reading order.
  const ringOf: number[] = [-1];
  const fill = (seed: number, id: number): void => {
    if (glyphMask[seed] || region[seed] !== -1) return;
    region[seed] = id;
    let tail = 0;
    queue[tail++] = seed;
    for (let head = 0; head < tail; head++) {
      const j = queue[head] ?? 0;
      const x = j % w;
      for (const k of [x > 0 ? j - 1 : -1, x < w - 1 ? j + 1 : -1, j - w, j + w]) {
        if (k < 0 || k >= n || glyphMask[k] || region[k] !== -1) continue;
        region[k] = id;
        queue[tail++] = k;
      }
    }
  };
  for (let x = 0; x < w; x++) {
    fill(x, 0);
    fill((h - 1) * w + x, 0);
  }
  for (let y = 0; y < h; y++) {
    fill(y * w, 0);
    fill(y * w + w - 1, 0);
  }
  for (let i = 0; i < n; i++) {
    if (glyphMask[i] || region[i] !== -1) continue;
    ringOf.push(glyphs.labels[i - w] ?? -1);
    fill(i, ringOf.length - 1);
  }
  if (ringOf.length === 1) return; // no glyph has a hole, so there is no zero

  // A mark never touches the outside background: a piece of a stroke does, on one side.
  const doomed = new Uint8Array(marks.length).fill(1);
  for (let i = 0; i < n; i++) {
    const m = labels[i] ?? -1;
    if (m < 0 || !doomed[m]) continue;
    const x = i % w;
    const y = (i - x) / w;
    for (let ny = Math.max(0, y - 1); ny <= Math.min(h - 1, y + 1); ny++) {
      for (let nx = Math.max(0, x - 1); nx <= Math.min(w - 1, x + 1); nx++) {
        if (region[ny * w + nx] === 0) doomed[m] = 0;
      }
    }
  }
  // One same hole lies straight above it and straight below it, past at most the mark's own
  // faint edge (text below the strict level). The waist of an 8 has two different holes there.
  const holeFrom = (x: number, y: number, dy: number): number => {
    for (; y >= 0 && y < h; y += dy) {
      const j = y * w + x;
      if (markMask[j]) return -1;
      if (!glyphMask[j]) return region[j] ?? -1;
    }
    return -1;
  };
  const above = new Uint8Array(ringOf.length);
  for (let m = 0; m < marks.length; m++) {
    const mark = marks[m];
    if (!mark || !doomed[m]) continue;
    above.fill(0);
    for (let x = mark.left; x <= mark.right; x++) above[Math.max(0, holeFrom(x, mark.top - 1, -1))] = 1;
    let hole = 0;
    for (let x = mark.left; x <= mark.right && !hole; x++) {
      const below = holeFrom(x, mark.bottom + 1, 1);
      if (below > 0 && above[below]) hole = below;
    }
    // And it lies strictly inside the box of the ring around that hole (the ring itself reaches
    // the box's edges), is at most half its width and height, and sits in its middle half.
    const ring = glyphs.blobs[ringOf[hole] ?? -1];
    if (!hole || !ring) {
      doomed[m] = 0;
      continue;
    }
    const rw = ring.right - ring.left + 1;
    const rh = ring.bottom - ring.top + 1;
    const inside = mark.left > ring.left && mark.right < ring.right && mark.top > ring.top && mark.bottom < ring.bottom;
    const small = (mark.right - mark.left + 1) * 2 <= rw && (mark.bottom - mark.top + 1) * 2 <= rh;
    const centred =
      Math.abs(mark.left + mark.right - ring.left - ring.right) * 2 <= rw &&
      Math.abs(mark.top + mark.bottom - ring.top - ring.bottom) * 2 <= rh;
    if (!inside || !small || !centred) doomed[m] = 0;
  }
  if (!doomed.includes(1)) return;

  // Paint each mark and the faint pixels around it (its blurred edge, which may bridge it to the
  // ring) with the background; the ring's own strong pixels are text at the strict level and stay.
  const paint: number[] = [];
  for (let i = 0; i < n; i++) {
    const m = labels[i] ?? -1;
    if (m >= 0 && doomed[m]) paint.push(i);
  }
  for (const i of paint) {
    const x = i % w;
    const y = (i - x) / w;
    for (let ny = Math.max(0, y - 1); ny <= Math.min(h - 1, y + 1); ny++) {
      for (let nx = Math.max(0, x - 1); nx <= Math.min(w - 1, x + 1); nx++) {
        const j = ny * w + nx;
        const m = labels[j] ?? -1;
        if (m < 0 || doomed[m]) grey[j] = background;
      }
    }
  }
}

/** A pixel's grey level (Rec. 601 weights). */
function luminance(full: Raster, x: number, y: number): number {
  const i = (y * full.width + x) * 3;
  return 0.299 * (full.data[i] ?? 0) + 0.587 * (full.data[i + 1] ?? 0) + 0.114 * (full.data[i + 2] ?? 0);
}

/**
 * The label's crop cut to the box it is printed on, where it has one: where most of the crop's
 * edge pixels are off its median level (the box's fill; a frame around it, or the axis's rows
 * above and below a tag), the crop runs from the first to the last row and column with
 * `LABEL_FILL_SHARE` of their pixels within `LABEL_FILL_TOLERANCE` of the crop's contrast of that
 * level. A plain label's edges are the axis's background, its median: its crop stays as it was.
 */
export function insideFill(full: Raster, b: Box): Box {
  const w = b.right - b.left;
  const h = b.bottom - b.top;
  if (w <= 0 || h <= 0) return b;
  const grey = new Float32Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) grey[y * w + x] = luminance(full, b.left + x, b.top + y);
  const sorted = Float32Array.from(grey).sort();
  const range = (sorted[sorted.length - 1] ?? 0) - (sorted[0] ?? 0);
  const fill = sorted[sorted.length >> 1] ?? 0;
  const isFill = (x: number, y: number): boolean =>
    Math.abs((grey[y * w + x] ?? 0) - fill) <= range * LABEL_FILL_TOLERANCE;
  // One pass: the fill's pixels on the crop's edge, and in each column and row.
  let edge = 0;
  let edgeFill = 0;
  const inColumn = new Uint32Array(w);
  const inRow = new Uint32Array(h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const filled = isFill(x, y);
      const onEdge = x === 0 || y === 0 || x === w - 1 || y === h - 1;
      if (onEdge) edge++;
      if (!filled) continue;
      if (onEdge) edgeFill++;
      inColumn[x]++;
      inRow[y]++;
    }
  }
  if (edgeFill >= edge * LABEL_FRAMED_EDGE) return b;
  const columns = [...inColumn.keys()].filter((x) => (inColumn[x] ?? 0) >= h * LABEL_FILL_SHARE);
  const rows = [...inRow.keys()].filter((y) => (inRow[y] ?? 0) >= w * LABEL_FILL_SHARE);
  const [left, right, top, bottom] = [columns[0], columns.at(-1), rows[0], rows.at(-1)];
  if (left === undefined || right === undefined || top === undefined || bottom === undefined) return b;
  return { left: b.left + left, right: b.left + right + 1, top: b.top + top, bottom: b.top + bottom + 1 };
}

/** Crops each label from the full image, makes it dark-on-white greyscale and stacks the crops. */
function stackLabels(full: Raster, boxes: Box[]): Strip {
  const crops = boxes.map((given) => {
    const b = insideFill(full, given);
    const w = b.right - b.left;
    const h = b.bottom - b.top;
    const scale = Math.min(MAX_UPSCALE, Math.max(1, TARGET_TEXT_HEIGHT / h));
    const ow = Math.round(w * scale);
    const oh = Math.round(h * scale);
    const grey = new Float32Array(w * h);
    let min = 255;
    let max = 0;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const v = luminance(full, b.left + x, b.top + y);
        grey[y * w + x] = v;
        if (v < min) min = v;
        if (v > max) max = v;
      }
    }
    // The border pixels are background: that decides whether the text is light or dark.
    let edge = 0;
    for (let x = 0; x < w; x++) edge += (grey[x] ?? 0) + (grey[(h - 1) * w + x] ?? 0);
    const darkBackground = edge / (2 * w) < (min + max) / 2;
    clearZeroMarks(grey, w, h, darkBackground ? max : min, darkBackground ? min : max);
    const range = Math.max(1, max - min);
    const out = new Uint8Array(ow * oh);
    for (let y = 0; y < oh; y++) {
      // Bilinear sampling before thresholding keeps upscaled strokes smooth.
      const sy = Math.min(h - 1, (y + 0.5) / scale - 0.5);
      const y0 = Math.max(0, Math.floor(sy));
      const y1 = Math.min(h - 1, y0 + 1);
      const fy = Math.max(0, sy - y0);
      for (let x = 0; x < ow; x++) {
        const sx = Math.min(w - 1, (x + 0.5) / scale - 0.5);
        const x0 = Math.max(0, Math.floor(sx));
        const x1 = Math.min(w - 1, x0 + 1);
        const fx = Math.max(0, sx - x0);
        const v =
          (grey[y0 * w + x0] ?? 0) * (1 - fx) * (1 - fy) +
          (grey[y0 * w + x1] ?? 0) * fx * (1 - fy) +
          (grey[y1 * w + x0] ?? 0) * (1 - fx) * fy +
          (grey[y1 * w + x1] ?? 0) * fx * fy;
        // Grey levels stretched to full contrast, dark text on white. Tesseract thresholds the
        // image itself; a hard threshold here left jagged upscaled strokes, which the LSTM
        // read as 6 for 0 (and inserted digits) in small monospaced labels.
        const t = (v - min) / range;
        out[y * ow + x] = Math.round(255 * (darkBackground ? 1 - t : t));
      }
    }
    return { w: ow, h: oh, pixels: out };
  });
  const width = Math.max(...crops.map((c) => c.w)) + STACK_GAP * 2;
  const height = crops.reduce((s, c) => s + c.h + STACK_GAP, STACK_GAP);
  const pixels = new Uint8Array(width * height).fill(255);
  const rowCentres: number[] = [];
  let top = STACK_GAP;
  for (const c of crops) {
    for (let y = 0; y < c.h; y++) pixels.set(c.pixels.subarray(y * c.w, (y + 1) * c.w), (top + y) * width + STACK_GAP);
    rowCentres.push(top + c.h / 2);
    top += c.h + STACK_GAP;
  }
  return { image: pgm(width, height, pixels), rowCentres };
}

/**
 * Free text (a chart's title or legend) read on the same worker with `options` for this call
 * only. tesseract.js restores the worker's parameters after a call that succeeds, not after one
 * that fails: then the axis parameters are put back here, so the next labels are read as digits.
 * Tracked like the labels' readings, so the worker is terminated only once it is done.
 */
export function readText(image: Buffer, options: Partial<RecognizeOptions>): Promise<string> {
  const job = (async () => {
    const worker = await getOcrWorker();
    try {
      const { data } = await worker.recognize(image, options, { text: true, blocks: false, tsv: false });
      return (data.text ?? '').trim();
    } catch (error) {
      await worker.setParameters(AXIS_PARAMETERS).catch(() => undefined);
      throw error;
    }
  })();
  reading.add(job);
  void job.finally(() => reading.delete(job)).catch(() => undefined);
  return job;
}

/**
 * Text read for each box, in order; '' where nothing was read. The crops are cut before the
 * first await, so `full` may be scratch memory.
 */
export function readLabels(full: Raster, boxes: Box[]): Promise<string[]> {
  if (boxes.length === 0) return Promise.resolve([]);
  const { image, rowCentres } = stackLabels(full, boxes);
  const job = recognise(image, rowCentres, boxes.length);
  reading.add(job);
  void job.finally(() => reading.delete(job)).catch(() => undefined);
  return job;
}

async function recognise(image: Buffer, rowCentres: number[], count: number): Promise<string[]> {
  const worker = await getOcrWorker();
  // TSV (one row per word) is a plain string; the JSON block tree would build objects for every
  // symbol and its alternatives in both threads, only to be thrown away.
  const { data } = await worker.recognize(image, {}, { tsv: true, text: false, blocks: false });
  const texts = Array.from({ length: count }, () => '');
  for (const row of (data.tsv ?? '').split('\n')) {
    // level page block paragraph line word left top width height confidence text
    const cols = row.split('\t');
    const text = cols[11]?.replace(/\s+/g, '');
    if (cols[0] !== '5' || !text) continue;
    const cy = Number(cols[7]) + Number(cols[9]) / 2;
    let best = 0;
    for (let i = 1; i < rowCentres.length; i++) {
      if (Math.abs((rowCentres[i] ?? 0) - cy) < Math.abs((rowCentres[best] ?? 0) - cy)) best = i;
    }
    texts[best] = `${texts[best]}${text}`;
  }
  return texts;
}
