/**
 * Lines across the plot: grid lines, price lines and crosshairs are long thin strokes. They are
 * erased from the ink before bars are looked for, only their thin pixels of their own colour,
 * so bars crossing them stay whole; what a line took of a bar lying on it is put back.
 */
import { colourDistance, type Box, type Raster, type Rgb } from '../raster.js';
import { scratchI32, scratchU32, scratchU8 } from '../scratch.js';
import { nextSet, wordsOf } from '../sparse.js';
import { blendDistanceRgb } from './ink.js';
import {
  CLUSTER_RADIUS,
  DASH_MAX_INKED,
  DASH_MAX_PX,
  DASH_MAX_SHARE,
  LINE_COLOUR_DISTANCE,
  LINE_COLUMN_SHARE,
  LINE_COLUMN_STROKE,
  LINE_EXTENT,
  LINE_MIN_DASHES,
  LINE_ROW_SHARE,
  LINE_ROW_STROKE,
  LINE_SOLID,
  LINE_SPREAD,
  RESTORE_MAX_PX,
  RESTORE_MAX_SHARE,
  RESTORE_MIN_PX,
  SMEAR_ROWS,
} from './params.js';
import type { PlotLine } from './series.js';

/**
 * Vertical run length through each ink pixel (how tall the stroke is there), saturating at
 * 255. Row by row, so memory is read in order: count down the column, then copy each run's
 * length back up it.
 */
function verticalRuns(ink: Uint8Array, w: number, h: number): Uint8Array {
  const out = scratchU8('candles:runs-v', w * h);
  const words = wordsOf(ink);
  const n = w * h;
  for (let p = nextSet(ink, words, 0, n); p < n; p = nextSet(ink, words, p + 1, n))
    out[p] = p < w ? 1 : Math.min(255, out[p - w]! + 1);
  // Each row takes its lengths from the row below, already final.
  for (let y = h - 2; y >= 0; y--) {
    const end = (y + 1) * w;
    for (let p = nextSet(ink, words, y * w, end); p < end; p = nextSet(ink, words, p + 1, end))
      if (ink[p + w]) out[p] = out[p + w]!;
  }
  return out;
}

export function horizontalRuns(ink: Uint8Array, w: number, h: number): Uint8Array {
  const out = scratchU8('candles:runs-h', w * h);
  const words = wordsOf(ink);
  for (let y = 0; y < h; y++) {
    const end = (y + 1) * w;
    let p = nextSet(ink, words, y * w, end);
    while (p < end) {
      const s = p;
      while (p < end && ink[p]) p++;
      out.fill(Math.min(255, p - s), s, p);
      p = nextSet(ink, words, p, end);
    }
  }
  return out;
}

/**
 * Grid lines, price lines and crosshairs are long and thin: a row (or column) where many ink
 * pixels belong to thin strokes is a line, and only its thin pixels of the line's own colour
 * are removed, so candles crossing it stay whole.
 */
export function removeLines(r: Raster, box: Box, bg: Rgb, ink: Uint8Array, w: number, h: number): PlotLine[] {
  const runV = verticalRuns(ink, w, h);
  const runH = horizontalRuns(ink, w, h);
  const plate: Plate = { r, box, ink, w, h };
  const lineRows = findLineRows(ink, runV, w, h);
  const lineCols = findLineColumns(ink, runH, w, h);
  // Adjacent line rows are one line a JPEG spread over several rows: thin is then up to two
  // rows taller than the line.
  const bandHeight = (y: number): number => {
    let top = y;
    let bottom = y;
    while (lineRows.includes(top - 1)) top--;
    while (lineRows.includes(bottom + 1)) bottom++;
    return bottom - top + 1;
  };
  const lines = lineRows.map((y): PlotLine => {
    const cells: [number, number][] = [];
    const thin = Math.max(LINE_ROW_STROKE, bandHeight(y) + LINE_SPREAD);
    for (let x = 0; x < w; x++) if (ink[y * w + x] && (runV[y * w + x] ?? 0) <= thin) cells.push([x, y]);
    const inked = cells.length === 0 ? 0 : inkedShare(ink, y * w + cells[0]![0], y * w + cells[cells.length - 1]![0]);
    const { colour, longest } = clearThin(plate, cells);
    // Bars cross a solid line only near their prices: somewhere it runs on unbroken, and its row
    // is inked (by it or by the bars) nearly all along.
    return { y, colour, dashed: longest < Math.max(DASH_MAX_PX, w * DASH_MAX_SHARE) || inked < DASH_MAX_INKED };
  });
  for (const line of lines) clearSmear(plate, bg, line, lineRows);
  for (const x of lineCols) {
    const cells: [number, number][] = [];
    for (let y = 0; y < h; y++) if (ink[y * w + x] && (runH[y * w + x] ?? 0) <= LINE_COLUMN_STROKE) cells.push([x, y]);
    clearThin(plate, cells, true);
  }
  return lines;
}

/** The share of ink in [from, to] of a mask. */
function inkedShare(ink: Uint8Array, from: number, to: number): number {
  let n = 0;
  for (let p = from; p <= to; p++) if (ink[p]) n++;
  return n / (to - from + 1);
}

/** The plot's raster and its ink, w × h, that lines are removed from. */
interface Plate {
  r: Raster;
  box: Box;
  ink: Uint8Array;
  w: number;
  h: number;
}

function colourAt({ r, box }: Plate, x: number, y: number): Rgb {
  const i = ((y + box.top) * r.width + x + box.left) * 3;
  return [r.data[i] ?? 0, r.data[i + 1] ?? 0, r.data[i + 2] ?? 0];
}

/**
 * Erases the cells of a line that are of its colour, and gives that colour and the longest run
 * of them side by side (cells in order along the line). The line's colour is the median of its
 * pixels, channel by channel: a dashed line shrunk by keeping each block's strongest pixel is
 * its dashes' colour with paler gaps between them, and their mean is neither (nothing of a
 * 2880 px chart's crosshair was removed). `runs` (cells in runs of consecutive
 * cells, for columns) gives each run one vote: a dotted vertical grid line through a bar's stem
 * is many dots and one stem, which by pixels can outweigh the dots, and the stem was erased in
 * the line's place.
 */
function clearThin(plate: Plate, cells: [number, number][], runs = false): { colour: Rgb; longest: number } {
  if (cells.length === 0) return { colour: [0, 0, 0], longest: 0 };
  const colours = cells.map(([x, y]) => colourAt(plate, x, y));
  const voters: Rgb[] = [];
  if (runs) {
    let from = 0;
    for (let i = 1; i <= cells.length; i++) {
      if (i < cells.length && cells[i]![1] === cells[i - 1]![1] + 1) continue;
      voters.push(colours[(from + i - 1) >> 1]!);
      from = i;
    }
  }
  const median = (k: 0 | 1 | 2): number => {
    const values = (runs ? voters : colours).map((c) => c[k]).sort((a, b) => a - b);
    return values[values.length >> 1] ?? 0;
  };
  const colour: Rgb = [median(0), median(1), median(2)];
  let longest = 0;
  let run = 0;
  let previous = -2;
  cells.forEach(([x, y], i) => {
    if (colourDistance(colours[i]!, colour) >= LINE_COLOUR_DISTANCE) return;
    plate.ink[y * plate.w + x] = 0;
    const along = runs ? y : x;
    run = along === previous + 1 ? run + 1 : 1;
    previous = along;
    longest = Math.max(longest, run);
  });
  return { colour, longest };
}

/**
 * A JPEG smears a line over the rows beside it, fainter than the line. Where the line crosses
 * bars that are erased later (volume), its smear would be left as a row of flat pieces. Ink
 * of the line's colour beside it, no taller than two rows, goes with it.
 */
function clearSmear(plate: Plate, bg: Rgb, line: PlotLine, lineRows: number[]): void {
  const { ink, w, h } = plate;
  const tallerThanTwo = (p: number, y: number): boolean => {
    let n = 1;
    for (let k = 1; k <= SMEAR_ROWS && y - k >= 0 && ink[p - k * w]; k++) n++;
    for (let k = 1; k <= SMEAR_ROWS && y + k < h && ink[p + k * w]; k++) n++;
    return n > SMEAR_ROWS;
  };
  for (let y = line.y - SMEAR_ROWS; y <= line.y + SMEAR_ROWS; y++) {
    if (y === line.y || y < 0 || y >= h || lineRows.includes(y)) continue;
    for (let x = 0, p = y * w; x < w; x++, p++) {
      if (!ink[p] || tallerThanTwo(p, y)) continue;
      const c = colourAt(plate, x, y);
      if (blendDistanceRgb(c[0], c[1], c[2], line.colour, bg) < CLUSTER_RADIUS) ink[p] = 0;
    }
  }
}

/**
 * A line is thin ink over much of the plot, either solid or broken into several dashes; one
 * tall wick is neither.
 */
const isLine = (thin: number, runs: number, extent: number, length: number, share: number): boolean =>
  extent >= length * LINE_EXTENT && thin >= length * share && (runs >= LINE_MIN_DASHES || thin >= length * LINE_SOLID);

/** Rows that are lines: thin ink (vertical runs of at most 3 px) across much of the plot. */
function findLineRows(ink: Uint8Array, runV: Uint8Array, w: number, h: number): number[] {
  const lineRows: number[] = [];
  const words = wordsOf(ink);
  for (let y = 0; y < h; y++) {
    let thin = 0;
    let runs = 0;
    let first = -1;
    let last = -1;
    const start = y * w;
    const end = start + w;
    for (let p = nextSet(ink, words, start, end); p < end; p = nextSet(ink, words, p + 1, end)) {
      if (ink[p] !== 1 || runV[p]! > LINE_ROW_STROKE) continue;
      const x = p - start;
      thin++;
      if (last !== x - 1 || first < 0) runs++;
      if (first < 0) first = x;
      last = x;
    }
    if (isLine(thin, runs, last - first + 1, w, LINE_ROW_SHARE)) lineRows.push(y);
  }
  return lineRows;
}

/**
 * Columns that are lines: thin ink (horizontal runs of at most 2 px) down much of the plot.
 * Columns are tallied row by row (memory order), one counter per column.
 */
function findLineColumns(ink: Uint8Array, runH: Uint8Array, w: number, h: number): number[] {
  const words = wordsOf(ink);
  const colThin = scratchU32('lines:thin', w);
  const colRuns = scratchU32('lines:runs', w);
  const colFirst = scratchI32('lines:first', w, -1);
  const colLast = scratchI32('lines:last', w, -1);
  for (let y = 0; y < h; y++) {
    const base = y * w;
    const end = base + w;
    for (let p = nextSet(ink, words, base, end); p < end; p = nextSet(ink, words, p + 1, end)) {
      if (ink[p] !== 1 || runH[p]! > LINE_COLUMN_STROKE) continue;
      const x = p - base;
      colThin[x]!++;
      // A new run starts where the pixel above was not a thin column pixel.
      if (y === 0 || ink[p - w] !== 1 || runH[p - w]! > LINE_COLUMN_STROKE) colRuns[x]!++;
      if (colFirst[x] === -1) colFirst[x] = y;
      colLast[x] = y;
    }
  }
  const lineCols: number[] = [];
  for (let x = 0; x < w; x++) {
    if (isLine(colThin[x]!, colRuns[x]!, colLast[x]! - colFirst[x]! + 1, h, LINE_COLUMN_SHARE)) lineCols.push(x);
  }
  return lineCols;
}

/**
 * A candle edge or a flat body lying on a removed line row (the last-price line runs through
 * the last close, in the candle's own colour) was erased with the line. In the ink from before
 * removal it is a solid run of a few pixels, longer than the line's dots but far shorter than
 * the plot, lying right on candle ink of its own colour left in the row above or below: such
 * runs are put back. A dash of a line in another colour (a crosshair) crossing a wick is not.
 * `similar(a, b)` compares the colours of two pixels (indices into the plot's w × h).
 */
export function restoreLineCrossings(
  ink: Uint8Array,
  rawInk: Uint8Array,
  rows: number[],
  w: number,
  h: number,
  similar: (a: number, b: number) => boolean,
): void {
  const maxLength = Math.max(RESTORE_MAX_PX, Math.round(w * RESTORE_MAX_SHARE));
  for (const y of rows) {
    const base = y * w;
    let x = 0;
    while (x < w) {
      if (!rawInk[base + x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < w && rawInk[base + x]) x++;
      const length = x - start;
      if (length < RESTORE_MIN_PX || length > maxLength) continue;
      let touching = false;
      for (const yy of [y - 1, y + 1]) {
        if (yy < 0 || yy >= h || rows.includes(yy)) continue;
        for (let xx = start; xx < x && !touching; xx++) {
          if (ink[yy * w + xx] && similar(base + xx, yy * w + xx)) touching = true;
        }
      }
      if (touching) ink.fill(1, base + start, base + x);
    }
  }
}
