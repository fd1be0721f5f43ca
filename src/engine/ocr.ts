/**
 * Reads axis labels with tesseract.js, offline. Label crops are normalised (dark text on white,
 * contrast-stretched grey, scaled to a comfortable height) and stacked into one small image, so a single
 * recognition call reads them all.
 */
import { createRequire } from 'node:module';
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import type { Box, Raster } from './raster.js';

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
  await worker.setParameters({
    tessedit_pageseg_mode: PSM.SINGLE_BLOCK,
    tessedit_char_whitelist: '0123456789.,-',
    user_defined_dpi: '300',
  });
  return worker;
}

/** One warm worker, reused: creating one costs far more than a recognition. */
export function getOcrWorker(): Promise<Worker> {
  workerPromise ??= createOcrWorker().catch((error: unknown) => {
    workerPromise = null;
    throw error;
  });
  return workerPromise;
}

export async function terminateOcr(): Promise<void> {
  const pending = workerPromise;
  workerPromise = null;
  if (pending) await (await pending).terminate();
}

const TARGET_TEXT_HEIGHT = 32;
const GAP = 14;

/** Binary PGM: Leptonica reads it directly, which saves encoding a PNG per call. */
function pgm(width: number, height: number, pixels: Uint8Array): Buffer {
  return Buffer.concat([Buffer.from(`P5\n${width} ${height}\n255\n`), pixels]);
}

interface Strip {
  image: Buffer;
  /** Vertical centre of each label row in the stacked image. */
  rowCentres: number[];
}

/** Crops each label from the full image, makes it dark-on-white greyscale and stacks the crops. */
function stackLabels(full: Raster, boxes: Box[]): Strip {
  const crops = boxes.map((b) => {
    const w = b.right - b.left;
    const h = b.bottom - b.top;
    const scale = Math.min(4, Math.max(1, TARGET_TEXT_HEIGHT / h));
    const ow = Math.round(w * scale);
    const oh = Math.round(h * scale);
    const grey = new Float32Array(w * h);
    let min = 255;
    let max = 0;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = ((b.top + y) * full.width + b.left + x) * 3;
        const v = 0.299 * (full.data[i] ?? 0) + 0.587 * (full.data[i + 1] ?? 0) + 0.114 * (full.data[i + 2] ?? 0);
        grey[y * w + x] = v;
        if (v < min) min = v;
        if (v > max) max = v;
      }
    }
    // The border pixels are background: that decides whether the text is light or dark.
    let edge = 0;
    for (let x = 0; x < w; x++) edge += (grey[x] ?? 0) + (grey[(h - 1) * w + x] ?? 0);
    const darkBackground = edge / (2 * w) < (min + max) / 2;
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
  const width = Math.max(...crops.map((c) => c.w)) + GAP * 2;
  const height = crops.reduce((s, c) => s + c.h + GAP, GAP);
  const pixels = new Uint8Array(width * height).fill(255);
  const rowCentres: number[] = [];
  let top = GAP;
  for (const c of crops) {
    for (let y = 0; y < c.h; y++) pixels.set(c.pixels.subarray(y * c.w, (y + 1) * c.w), (top + y) * width + GAP);
    rowCentres.push(top + c.h / 2);
    top += c.h + GAP;
  }
  return { image: pgm(width, height, pixels), rowCentres };
}

/**
 * Text read for each box, in order; '' where nothing was read. The crops are cut before the
 * first await, so `full` may be scratch memory.
 */
export async function readLabels(full: Raster, boxes: Box[]): Promise<string[]> {
  if (boxes.length === 0) return [];
  const { image, rowCentres } = stackLabels(full, boxes);
  const worker = await getOcrWorker();
  // TSV (one row per word) is a plain string; the JSON block tree would build objects for every
  // symbol and its alternatives in both threads, only to be thrown away.
  const { data } = await worker.recognize(image, {}, { tsv: true, text: false, blocks: false });
  const texts = boxes.map(() => '');
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
