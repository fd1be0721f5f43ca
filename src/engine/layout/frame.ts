/**
 * The active chart's frame. Where a screenshot holds several charts (MetaTrader's phone app with
 * two charts stacked, a multi-chart layout), the app marks the one the trader is working on with
 * a thin line of one saturated colour around it; that chart is the one to read. Coordinates are
 * the raster's pixels.
 */
import { cropRaster, type Box, type Raster } from '../raster.js';
import {
  ACTIVE_FRAME_ALIGN,
  ACTIVE_FRAME_INSIDE,
  ACTIVE_FRAME_MAX_AREA,
  ACTIVE_FRAME_MIN_CHROMA,
  ACTIVE_FRAME_MIN_HEIGHT,
  ACTIVE_FRAME_MIN_WIDTH,
  ACTIVE_FRAME_SAME_COLOUR,
  ACTIVE_FRAME_SIDE_FILL,
} from './params.js';

/** A horizontal run of one saturated colour, long enough to be a frame's top or bottom. */
interface Run {
  y: number;
  left: number;
  right: number;
  /** Offset of its first pixel in the raster's data: the run's colour. */
  at: number;
  /** Inside the frame lies below the run (a top line) or above it (a bottom line). */
  top: boolean;
  bottom: boolean;
}

/** The pixel's largest channel less its smallest (compared in place: it runs on every pixel). */
function chroma(d: Uint8Array, i: number): number {
  const r = d[i]!;
  const g = d[i + 1]!;
  const b = d[i + 2]!;
  const hi = r > g ? (r > b ? r : b) : g > b ? g : b;
  const lo = r < g ? (r < b ? r : b) : g < b ? g : b;
  return hi - lo;
}

/** Whether the pixel at data offset `i` has the colour of the pixel at offset `c`. */
function sameColour(d: Uint8Array, i: number, c: number): boolean {
  const dr = d[i]! - d[c]!;
  const dg = d[i + 1]! - d[c + 1]!;
  const db = d[i + 2]! - d[c + 2]!;
  return dr * dr + dg * dg + db * db <= ACTIVE_FRAME_SAME_COLOUR * ACTIVE_FRAME_SAME_COLOUR;
}

/** Share of row `y` from `left` to `right` in the colour at offset `c`. */
function rowShare(r: Raster, y: number, left: number, right: number, c: number): number {
  if (y < 0 || y >= r.height) return 0;
  let on = 0;
  for (let x = left; x <= right; x++) if (sameColour(r.data, (y * r.width + x) * 3, c)) on++;
  return on / (right - left + 1);
}

/** Share of column `x` from `top` to `bottom` in the colour at offset `c`. */
function colShare(r: Raster, x: number, top: number, bottom: number, c: number): number {
  if (x < 0 || x >= r.width) return 0;
  let on = 0;
  for (let y = top; y <= bottom; y++) if (sameColour(r.data, (y * r.width + x) * 3, c)) on++;
  return on / (bottom - top + 1);
}

/**
 * Whether a column within ACTIVE_FRAME_ALIGN of `x` carries colour `c` on ACTIVE_FRAME_SIDE_FILL of
 * rows `top`..`bottom`: a frame's side. Each column is given up once it misses too many rows.
 */
function sideHolds(r: Raster, x: number, top: number, bottom: number, c: number): boolean {
  const allowed = (bottom - top + 1) * (1 - ACTIVE_FRAME_SIDE_FILL);
  for (let xx = Math.max(0, x - ACTIVE_FRAME_ALIGN); xx <= Math.min(r.width - 1, x + ACTIVE_FRAME_ALIGN); xx++) {
    let missed = 0;
    for (let y = top; y <= bottom && missed <= allowed; y++)
      if (!sameColour(r.data, (y * r.width + xx) * 3, c)) missed++;
    if (missed <= allowed) return true;
  }
  return false;
}

/** The long runs of one saturated colour that are lines (a fill goes on past ACTIVE_FRAME_INSIDE rows). */
function lineRuns(r: Raster): Run[] {
  const { width: w, height: h, data } = r;
  const runs: Run[] = [];
  for (let y = 0; y < h; y++) {
    let x = 0;
    while (x < w) {
      const at = (y * w + x) * 3;
      if (chroma(data, at) < ACTIVE_FRAME_MIN_CHROMA) {
        x++;
        continue;
      }
      let end = x + 1;
      while (end < w && sameColour(data, (y * w + end) * 3, at)) end++;
      if (end - x >= w * ACTIVE_FRAME_MIN_WIDTH) {
        const top = rowShare(r, y + ACTIVE_FRAME_INSIDE, x, end - 1, at) < 0.5;
        const bottom = rowShare(r, y - ACTIVE_FRAME_INSIDE, x, end - 1, at) < 0.5;
        if (top || bottom) runs.push({ y, left: x, right: end - 1, at, top, bottom });
      }
      x = end;
    }
  }
  return runs;
}

/** The box within a frame's lines, which are a few pixels wide. */
function inside(r: Raster, outer: Box, c: number): Box {
  const b = { ...outer };
  const rowOn = (y: number): boolean => rowShare(r, y, b.left, b.right, c) >= 0.5;
  const colOn = (x: number): boolean => colShare(r, x, b.top, b.bottom, c) >= 0.5;
  for (let k = 0; k <= ACTIVE_FRAME_INSIDE && rowOn(b.top); k++) b.top++;
  for (let k = 0; k <= ACTIVE_FRAME_INSIDE && rowOn(b.bottom); k++) b.bottom--;
  for (let k = 0; k <= ACTIVE_FRAME_INSIDE && colOn(b.left); k++) b.left++;
  for (let k = 0; k <= ACTIVE_FRAME_INSIDE && colOn(b.right); k++) b.right--;
  return b;
}

/**
 * The largest rectangle drawn in one saturated colour (its lines a few pixels wide, its inside
 * another colour) that spans a good part of the picture and is not the picture's own border:
 * the box inside it, or null.
 */
export function activeFrame(r: Raster): Box | null {
  const runs = lineRuns(r);
  const tops = runs.filter((run) => run.top);
  const bottoms = runs.filter((run) => run.bottom);
  let best: Box | null = null;
  let bestArea = 0;
  for (const t of tops) {
    for (const b of bottoms) {
      if (b.y - t.y < r.height * ACTIVE_FRAME_MIN_HEIGHT) continue;
      if (Math.abs(b.left - t.left) > ACTIVE_FRAME_ALIGN || Math.abs(b.right - t.right) > ACTIVE_FRAME_ALIGN) continue;
      if (!sameColour(r.data, b.at, t.at)) continue;
      const left = Math.max(t.left, b.left);
      const right = Math.min(t.right, b.right);
      const area = (right - left) * (b.y - t.y);
      if (area <= bestArea || area > r.width * r.height * ACTIVE_FRAME_MAX_AREA) continue;
      if (!sideHolds(r, left, t.y, b.y, t.at) || !sideHolds(r, right, t.y, b.y, t.at)) continue;
      best = inside(r, { left, top: t.y, right, bottom: b.y }, t.at);
      bestArea = area;
    }
  }
  return best;
}

/**
 * The picture within `frame` (work pixels, `f` full pixels per work pixel): its work part, its
 * full-image part, and where that part lies in the full image.
 */
export function framedPart(
  work: Raster,
  full: Raster,
  f: number,
  frame: Box,
): { work: Raster; full: Raster; box: Box } {
  const inFull = {
    left: frame.left * f,
    top: frame.top * f,
    right: (frame.right + 1) * f - 1,
    bottom: (frame.bottom + 1) * f - 1,
  };
  const part = cropRaster(full, inFull);
  const left = Math.max(0, Math.round(inFull.left));
  const top = Math.max(0, Math.round(inFull.top));
  return {
    work: cropRaster(work, frame),
    full: part,
    box: { left, top, right: left + part.width - 1, bottom: top + part.height - 1 },
  };
}
