/**
 * Finds candles or OHLC bars in the plot and measures open, high, low and close in pixels.
 *
 * The approach is colour-agnostic: remove grid lines and volume bars by their geometry, group
 * the remaining ink into colour clusters, keep the clusters shaped like candles (many narrow
 * vertical pieces spread across the plot; moving averages are continuous lines and fail), then
 * take each connected piece as one candle. Which colour means "up" is decided by continuity:
 * a forex candle opens where the previous one closed.
 */
import { findBlobs, labelComponents, type Blob } from './components.js';
import { colourDistance, dominantColour, type Box, type Raster, type Rgb } from './raster.js';
import { scratchF64, scratchI32, scratchU32, scratchU8 } from './scratch.js';
import { nextSet, wordsOf } from './sparse.js';

/** Candle bodies and wicks stand out clearly from the background; faint grid does not. */
const INK_CONTRAST = 60;
/** Colours closer than this are one cluster (JPEG noise, antialiased edges). */
const CLUSTER_RADIUS = 60;
/** Runs shorter than this ending on one row are the dashes of a line a JPEG smeared. */
const DASH_HEIGHT = 5;
/** Bars closer than this (work pixels) cannot be told apart; their spacing is not searched. */
const MIN_SPACING = 2.5;
/** The fewest bars a price chart shows: fewer pieces are not a price series. */
export const MIN_BARS = 12;

export interface PixelCandle {
  /** Centre column, plot-relative work pixels are converted to image work pixels. */
  x: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

/** A horizontal line removed from the plot: its row (image work pixels) and mean colour. */
export interface PlotLine {
  y: number;
  colour: Rgb;
}

export interface CandleDetection {
  kind: 'candles' | 'ohlc';
  candles: PixelCandle[];
  /** Horizontal lines across the plot (grid, price line, crosshair). */
  lines: PlotLine[];
  /** The series' colours (up, down, outline...). */
  colours: Rgb[];
  /** 0..1, how much the shapes look like a real price series. */
  quality: number;
}

interface Cluster {
  colour: Rgb;
  count: number;
}

/**
 * Distance from `p` to the blends of colour `k` with the background: antialiased edges of a
 * candle are partly transparent versions of its colour and belong to it.
 */
function blendDistance(p: Rgb, k: Rgb, bg: Rgb): number {
  return blendDistanceRgb(p[0], p[1], p[2], k, bg);
}

/** blendDistance without an array per call: it runs for every ink pixel. */
function blendDistanceRgb(pr: number, pg: number, pb: number, k: Rgb, bg: Rgb): number {
  const kx = k[0] - bg[0];
  const ky = k[1] - bg[1];
  const kz = k[2] - bg[2];
  const dr = pr - bg[0];
  const dg = pg - bg[1];
  const db = pb - bg[2];
  const len2 = kx * kx + ky * ky + kz * kz || 1;
  const t = Math.max(0.35, Math.min(1, (dr * kx + dg * ky + db * kz) / len2));
  const ex = dr - t * kx;
  const ey = dg - t * ky;
  const ez = db - t * kz;
  return Math.sqrt(ex * ex + ey * ey + ez * ez);
}

function clusterColours(r: Raster, box: Box, ink: Uint8Array, bw: number, bg: Rgb): Cluster[] {
  // Pixels binned by 4 bits a channel: count and channel sums per bin, bins in order of first use.
  const count = scratchU32('colours:n', 4096);
  const sums = scratchF64('colours:sums', 3 * 4096);
  const used: number[] = [];
  const words = wordsOf(ink);
  const bh = box.bottom - box.top;
  for (let y = 0; y < bh; y++) {
    const start = y * bw;
    const end = start + bw;
    const origin = ((y + box.top) * r.width + box.left) * 3;
    for (let p = nextSet(ink, words, start, end); p < end; p = nextSet(ink, words, p + 1, end)) {
      const i = origin + (p - start) * 3;
      const cr = r.data[i] ?? 0;
      const cg = r.data[i + 1] ?? 0;
      const cb = r.data[i + 2] ?? 0;
      const key = ((cr >> 4) << 8) | ((cg >> 4) << 4) | (cb >> 4);
      if (count[key]!++ === 0) used.push(key);
      sums[key * 3] += cr;
      sums[key * 3 + 1] += cg;
      sums[key * 3 + 2] += cb;
    }
  }
  const bins = used
    .map((k) => ({ n: count[k]!, r: sums[k * 3]!, g: sums[k * 3 + 1]!, b: sums[k * 3 + 2]! }))
    .sort((a, b) => b.n - a.n);
  const total = bins.reduce((s, b) => s + b.n, 0);
  const clusters: Cluster[] = [];
  for (const bin of bins) {
    const c: Rgb = [bin.r / bin.n, bin.g / bin.n, bin.b / bin.n];
    const host = clusters.find((k) => blendDistance(c, k.colour, bg) < CLUSTER_RADIUS * 0.7);
    if (host) host.count += bin.n;
    else if (bin.n >= total * 0.004 && clusters.length < 12) clusters.push({ colour: c, count: bin.n });
  }
  return clusters;
}

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

function horizontalRuns(ink: Uint8Array, w: number, h: number): Uint8Array {
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
  const colourAt = (x: number, y: number): Rgb => {
    const i = ((y + box.top) * r.width + x + box.left) * 3;
    return [r.data[i] ?? 0, r.data[i + 1] ?? 0, r.data[i + 2] ?? 0];
  };
  // The line's colour is the median of its pixels, channel by channel: a dashed line shrunk by
  // keeping each block's strongest pixel is its dashes' colour with paler gaps between them,
  // and their mean is neither (nothing of a 2880 px chart's crosshair was removed).
  // `runs` (cells in runs of consecutive cells, for columns) gives each run one vote: a dotted
  // vertical grid line through a bar's stem is many dots and one stem, which by pixels can
  // outweigh the dots, and the stem was erased in the line's place.
  const clearThin = (cells: [number, number][], runs = false): Rgb => {
    if (cells.length === 0) return [0, 0, 0];
    const colours = cells.map(([x, y]) => colourAt(x, y));
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
    cells.forEach(([x, y], i) => {
      if (colourDistance(colours[i]!, colour) < 70) ink[y * w + x] = 0;
    });
    return colour;
  };
  // A JPEG smears a line over the rows beside it, fainter than the line. Where the line crosses
  // bars that are erased later (volume), its smear would be left as a row of flat pieces. Ink
  // of the line's colour beside it, no taller than two rows, goes with it.
  const tallerThanTwo = (p: number, y: number): boolean => {
    let n = 1;
    for (let k = 1; k <= 2 && y - k >= 0 && ink[p - k * w]; k++) n++;
    for (let k = 1; k <= 2 && y + k < h && ink[p + k * w]; k++) n++;
    return n > 2;
  };
  const clearSmear = (line: PlotLine): void => {
    for (const y of [line.y - 2, line.y - 1, line.y + 1, line.y + 2]) {
      if (y < 0 || y >= h || lineRows.includes(y)) continue;
      for (let x = 0, p = y * w; x < w; x++, p++) {
        if (!ink[p] || tallerThanTwo(p, y)) continue;
        const c = colourAt(x, y);
        if (blendDistanceRgb(c[0], c[1], c[2], line.colour, bg) < CLUSTER_RADIUS) ink[p] = 0;
      }
    }
  };
  // A line is thin ink over much of the plot, either solid or broken into several dashes;
  // one tall wick is neither.
  const isLine = (thin: number, runs: number, extent: number, length: number, share: number): boolean =>
    extent >= length * 0.5 && thin >= length * share && (runs >= 3 || thin >= length * 0.7);
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
      if (ink[p] !== 1 || runV[p]! > 3) continue;
      const x = p - start;
      thin++;
      if (last !== x - 1 || first < 0) runs++;
      if (first < 0) first = x;
      last = x;
    }
    if (isLine(thin, runs, last - first + 1, w, 0.2)) lineRows.push(y);
  }
  // Columns are tallied row by row (memory order), one counter per column.
  const colThin = scratchU32('lines:thin', w);
  const colRuns = scratchU32('lines:runs', w);
  const colFirst = scratchI32('lines:first', w, -1);
  const colLast = scratchI32('lines:last', w, -1);
  for (let y = 0; y < h; y++) {
    const base = y * w;
    const end = base + w;
    for (let p = nextSet(ink, words, base, end); p < end; p = nextSet(ink, words, p + 1, end)) {
      if (ink[p] !== 1 || runH[p]! > 2) continue;
      const x = p - base;
      colThin[x]!++;
      // A new run starts where the pixel above was not a thin column pixel.
      if (y === 0 || ink[p - w] !== 1 || runH[p - w]! > 2) colRuns[x]!++;
      if (colFirst[x] === -1) colFirst[x] = y;
      colLast[x] = y;
    }
  }
  const lineCols: number[] = [];
  for (let x = 0; x < w; x++) {
    if (isLine(colThin[x]!, colRuns[x]!, colLast[x]! - colFirst[x]! + 1, h, 0.3)) lineCols.push(x);
  }
  // Adjacent line rows are one line a JPEG spread over several rows: thin is then up to two
  // rows taller than the line.
  const bandHeight = (y: number): number => {
    let top = y;
    let bottom = y;
    while (lineRows.includes(top - 1)) top--;
    while (lineRows.includes(bottom + 1)) bottom++;
    return bottom - top + 1;
  };
  const lines = lineRows.map((y) => {
    const cells: [number, number][] = [];
    const thin = Math.max(3, bandHeight(y) + 2);
    for (let x = 0; x < w; x++) if (ink[y * w + x] && (runV[y * w + x] ?? 0) <= thin) cells.push([x, y]);
    return { y, colour: clearThin(cells) };
  });
  for (const line of lines) clearSmear(line);
  for (const x of lineCols) {
    const cells: [number, number][] = [];
    for (let y = 0; y < h; y++) if (ink[y * w + x] && (runH[y * w + x] ?? 0) <= 2) cells.push([x, y]);
    clearThin(cells, true);
  }
  return lines;
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
  const maxLength = Math.max(8, Math.round(w * 0.04));
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
      if (length < 3 || length > maxLength) continue;
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

/**
 * Volume bars (and business bar charts) all stand on one baseline; the digits of a row of
 * time labels also end on one row. When many vertical runs end on the same row, every run
 * ending there is erased; when nearly all of them are short, the row is a dashed line and
 * only its dashes are. Repeated, as a chart can have both.
 */
export function removeBaselineRuns(ink: Uint8Array, w: number, h: number): void {
  const ends = scratchU32('baseline:ends', h);
  for (let round = 0; round < 3; round++) {
    ends.fill(0);
    // Row by row (memory order): a run ends at (x, y) when the pixel below is not ink. Only runs
    // at least three pixels tall count: the dots of a dotted line left in the plot (a price
    // line a JPEG smeared over two rows) all end on one row too, and would make it a baseline.
    const words = wordsOf(ink);
    for (let y = 2; y < h; y++) {
      const base = y * w;
      const end = base + w;
      let n = 0;
      for (let p = nextSet(ink, words, base, end); p < end; p = nextSet(ink, words, p + 1, end)) {
        if ((y + 1 === h || !ink[p + w]) && ink[p - w] && ink[p - 2 * w]) n++;
      }
      ends[y] = n;
    }
    let mode = 0;
    let best = 0;
    for (let y = 0; y < h; y++) {
      const near = (ends[y - 1] ?? 0) + (ends[y] ?? 0) + (ends[y + 1] ?? 0);
      if (near > best) {
        best = near;
        mode = y;
      }
    }
    // Runs end there in 15% of the plot's columns; at the foot of the pane, where volume stands,
    // in 15% of the columns they span (a short series stands in part of a wide plot, and so does
    // its volume) and 8% of the plot's. Higher up, a legend's row would pass that, its glyphs cut
    // to their bottoms and no longer erased as text.
    let first = w;
    let last = -1;
    for (let y = Math.max(2, mode - 1); y <= Math.min(h - 1, mode + 1); y++) {
      for (let x = 0, p = y * w; x < w; x++, p++) {
        if (!ink[p] || !(y + 1 === h || !ink[p + w]) || !ink[p - w] || !ink[p - 2 * w]) continue;
        first = Math.min(first, x);
        last = Math.max(last, x);
      }
    }
    const foot = mode >= h * 0.75;
    if (best < (foot ? Math.max((last - first + 1) * 0.15, w * 0.08) : w * 0.15)) return;
    // The dashes of a price line left in the plot (a JPEG smears a thin line over three or four
    // rows) all end on one row too. Then only the dashes go: the last candle's close is on that
    // line, and the candle must stay.
    const height = (x: number, y: number, cap: number): number => {
      let k = 0;
      while (k < cap && y - k >= 0 && ink[(y - k) * w + x]) k++;
      return k;
    };
    const tall = (x: number, y: number): boolean => height(x, y, DASH_HEIGHT) >= DASH_HEIGHT;
    let short = 0;
    let runs = 0;
    for (let y = Math.max(0, mode - 1); y <= Math.min(h - 1, mode + 1); y++) {
      for (let x = 0; x < w; x++) {
        if (!ink[y * w + x] || (y + 1 < h && ink[(y + 1) * w + x])) continue;
        runs++;
        if (!tall(x, y)) short++;
      }
    }
    const dashes = short > runs * 0.8;
    // Erased runs, as column, top and bottom: a JPEG blurs a bar's edge columns so they end a
    // row or two off the baseline, and the columns beside each erased run go with it.
    const erased: number[] = [];
    for (let x = 0; x < w; x++) {
      for (let y = Math.max(0, mode - 1); y <= Math.min(h - 1, mode + 1); y++) {
        if (!ink[y * w + x] || (y + 1 < h && ink[(y + 1) * w + x])) continue;
        if (dashes && tall(x, y)) continue;
        let k = y;
        for (; k >= 0 && ink[k * w + x]; k--) ink[k * w + x] = 0;
        erased.push(x, k + 1, y);
      }
    }
    for (let i = 0; i < erased.length; i += 3) {
      const x = erased[i] ?? 0;
      for (const xx of [x - 1, x + 1]) {
        if (xx < 0 || xx >= w) continue;
        for (let y = erased[i + 1] ?? 0; y <= Math.min(h - 1, (erased[i + 2] ?? 0) + 2); y++) ink[y * w + xx] = 0;
      }
    }
  }
}

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
    if (height < 5 || height > maxH || g.right - g.left + 1 > maxH * 1.5) return;
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
        extend && g !== undefined && g.bottom - g.top + 1 <= height * 2 && gap <= height * 2;
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
    if (prev && g && Math.abs(prev.top - g.top) <= 1 && g.left - prev.right <= (bottom - g.top + 1) * 1.2) continue;
    if (i - start >= 3) runs.push([start, i - 1]);
    start = i;
  }
  return runs;
}

const textHeightCap = (h: number): number => Math.max(14, Math.round(h * 0.04));

/**
 * Legends, time labels and watermarks are text. What is left of it after line removal is
 * erased as a band around each line, wide enough for its punctuation and descenders.
 */
function eraseText(ink: Uint8Array, w: number, h: number): void {
  for (const { box } of textLines(findBlobs(ink, w, h, 0, w), textHeightCap(h), false)) {
    const height = box.bottom - box.top + 1;
    const bandTop = box.top - 2;
    const bandBottom = box.bottom + Math.ceil(height * 0.35);
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
      if (b.bottom - b.top + 1 > height * 0.5) return;
      if (b.left < box.left - height || b.right > box.right + height) return;
      if (b.top < box.top - 2 || b.bottom > box.bottom + height * 0.35) return;
      erase[k] = 1;
    });
  }
  for (let p = 0; p < w * h; p++) {
    const k = labels[p] ?? -1;
    if (k >= 0 && erase[k]) ink[p] = 0;
  }
}

interface ClusterShape {
  candleLike: boolean;
  /** Present in most columns it spans, as a continuous overlay line is. */
  continuous: boolean;
  /** Ink in its tallest columns (98th percentile): wicks and stems are tall, lines are not. */
  tallCount: number;
  /** Columns far taller than most (OHLC stems among ticks, wicks among thin bodies). */
  stems: boolean;
}

/** Candle colours appear as many separate narrow pieces spread over the plot. */
export function clusterShapes(label: Uint8Array, nClusters: number, w: number, h: number): ClusterShape[] {
  // One pass collects, per cluster, pixels per column and which rows it touches.
  const colCount = scratchU32('shapes:cols', nClusters * w);
  const rowUsed = scratchU8('shapes:rows', nClusters * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const c = label[y * w + x] ?? 255;
      if (c === 255) continue;
      colCount[c * w + x] = (colCount[c * w + x] ?? 0) + 1;
      rowUsed[c * h + y] = 1;
    }
  }
  const shapes: ClusterShape[] = [];
  for (let c = 0; c < nClusters; c++) {
    let first = -1;
    let last = -1;
    let present = 0;
    let segments = 0;
    const counts: number[] = [];
    for (let x = 0; x < w; x++) {
      const n = colCount[c * w + x] ?? 0;
      if (n === 0) continue;
      if (first < 0) first = x;
      last = x;
      present++;
      counts.push(n);
      if (x === 0 || (colCount[c * w + x - 1] ?? 0) === 0) segments++;
    }
    let rowsUsed = 0;
    for (let y = 0; y < h; y++) rowsUsed += rowUsed[c * h + y] ?? 0;
    // Bars side by side differ in height column by column (wick, body, the next bar); a filled
    // area or a band is smooth.
    let change = 0;
    let total = 0;
    for (let x = first + 1; x <= last; x++) {
      const n = colCount[c * w + x] ?? 0;
      change += Math.abs(n - (colCount[c * w + x - 1] ?? 0));
      total += n;
    }
    const jagged = total > 0 ? change / total : 0;
    counts.sort((a, b) => a - b);
    const span = last - first + 1;
    const continuity = span > 0 ? present / span : 1;
    // Upper quartile: OHLC ticks are one pixel tall but every bar has a tall stem.
    const upperQuartile = counts[Math.floor(counts.length * 0.75)] ?? 0;
    // Every candle or bar has a tall column (wick or stem), even when its ticks are flat.
    // (98th percentile: OHLC bars with long ticks have their stem in one column of twenty.)
    const tallCount = counts[Math.floor(counts.length * 0.98)] ?? 0;
    // Stems 3 px wide every 10 px are a quarter of the columns and reach the upper quartile:
    // then they still stand far above the middle column.
    const middleCount = counts[Math.floor(counts.length * 0.5)] ?? 0;
    const stems = tallCount >= 10 && (tallCount >= upperQuartile * 4 || tallCount >= middleCount * 8);
    shapes.push({
      continuous: continuity >= 0.8,
      tallCount,
      stems,
      // Moving averages and other overlays are continuous lines: they fail on continuity.
      // OHLC bars whose ticks touch cover every column like a line, but their stems stand far
      // taller than the ticks in most columns; a line is about equally thin everywhere.
      candleLike:
        // A short series at the right of a wide plot still changes height at every bar.
        (span >= w * 0.2 || (span >= w * 0.1 && jagged >= 0.5)) &&
        // A dense chart's bars touch into a few wide pieces: they are still bars if jagged.
        (segments >= 6 || stems || jagged >= 0.3) &&
        tallCount >= 5 &&
        rowsUsed >= h * 0.15 &&
        (continuity < 0.9 || upperQuartile >= 8 || stems),
    });
  }
  return shapes;
}

/**
 * An overlay line (moving average) drawn over the candles is one long connected stroke; a
 * candle colour is many separate narrow pieces. A cluster whose ink lies mostly in pieces
 * spanning a large part of the plot is a line, even if the candles break it into segments.
 */
function mostlyLong(regions: Blob[], c: number, w: number): boolean {
  let total = 0;
  let long = 0;
  for (const b of regions) {
    if (b.value !== c) continue;
    total += b.pixels;
    if (b.right - b.left + 1 >= w * 0.2) long += b.pixels;
  }
  return total > 0 && long >= total * 0.5;
}

const WICK_COLOUR_DISTANCE = 100;

/**
 * Kept colours whose ink is thin vertical strokes (wicks drawn in their own colour) while
 * another kept colour forms wider shapes (bodies). OHLC bars are one colour with ticks, so
 * their pieces are wide and no colour is marked. `stemShare(c)` is the share of colour c's
 * ink in the candles that lies on their stem column: a wick colour lies there, while the
 * outline of hollow or outlined bodies (MetaTrader) also runs down both body edges, and in a
 * JPEG breaks into thin pieces that would otherwise pass for wicks.
 */
function wickClusters(regions: Blob[], keep: boolean[], colours: Rgb[], stemShare: (c: number) => number): boolean[] {
  const widths = keep.map((k, c) => {
    if (!k) return 0;
    const ws = regions
      .filter((b) => b.value === c && b.bottom - b.top >= 3)
      .map((b) => b.right - b.left + 1)
      .sort((a, b) => a - b);
    return ws[Math.floor(ws.length / 2)] ?? 0;
  });
  const bodies = colours.filter((_, c) => keep[c] && (widths[c] ?? 0) >= 3);
  // A wick colour is its own colour, not a body colour's antialiased or JPEG-smeared edge.
  const distinct = (k: Rgb): boolean => bodies.every((b) => colourDistance(k, b) > WICK_COLOUR_DISTANCE);
  return widths.map(
    (x, c) =>
      Boolean(keep[c]) &&
      bodies.length > 0 &&
      x > 0 &&
      x <= 2 &&
      distinct(colours[c] ?? [0, 0, 0]) &&
      stemShare(c) >= 0.6,
  );
}

/**
 * Adds ink of the `minor` colours (or of no colour) that touches kept ink or continue such a pixel straight up
 * or down (hysteresis along columns): a wick or outline broken into other colours by JPEG stays
 * part of its candle. Growing only along columns keeps a line that crosses a candle out of it,
 * apart from a pixel beside the candle and the line's own thickness.
 */
export function growVertically(
  mask: Uint8Array,
  ink: Uint8Array,
  label: Uint8Array,
  minor: boolean[],
  w: number,
  h: number,
): void {
  // Ink near no colour cluster (a thin edge JPEG has smeared towards grey) is minor too. Weak
  // pixels are marked 3 in a first pass (ink is sparse), so the passes below read one plane.
  const weakColour = new Uint8Array(256);
  minor.forEach((m, c) => (weakColour[c] = m ? 1 : 0));
  weakColour[255] = 1;
  const n = w * h;
  const weak: number[] = [];
  const words = wordsOf(ink);
  for (let p = nextSet(ink, words, 0, n); p < n; p = nextSet(ink, words, p + 1, n)) {
    if (ink[p] === 1 && mask[p] === 0 && weakColour[label[p]!] === 1) {
      mask[p] = 3;
      weak.push(p);
    }
  }
  // Down the image: a weak pixel joins below a joined one, or beside kept ink (1) among its
  // eight neighbours. Joined pixels are marked 2 until the way back up, so they do not seed
  // their neighbours sideways.
  for (const p of weak) {
    const x = p % w;
    const top = p >= w ? -w : 0;
    const bottom = p + w < n ? w : 0;
    const left = x > 0 ? -1 : 0;
    const right = x + 1 < w ? 1 : 0;
    const above = mask[p + top];
    if (
      (top !== 0 && (above === 1 || above === 2)) ||
      mask[p + top + left] === 1 ||
      mask[p + top + right] === 1 ||
      mask[p + left] === 1 ||
      mask[p + right] === 1 ||
      mask[p + bottom + left] === 1 ||
      mask[p + bottom] === 1 ||
      mask[p + bottom + right] === 1
    )
      mask[p] = 2;
  }
  // Back up: a weak pixel joins above a joined one; every mark becomes 1 or 0.
  for (let k = weak.length - 1; k >= 0; k--) {
    const p = weak[k]!;
    const v = mask[p];
    if (v === 2) mask[p] = 1;
    else if (v === 3) mask[p] = p + w < n && mask[p + w] === 1 ? 1 : 0;
  }
}

export interface Piece extends Blob {
  /** Component ids that make up this candle (an overlay line can cut one candle in two). */
  ids: number[];
  /** Column of the wick or stem (the tallest column); the bar's true x position. */
  cx?: number;
  /** Cut from a wider piece: rows and pixels still those of the whole piece. */
  split?: boolean;
  /** `ids` as a set, made when first needed for a piece of many components. */
  idSet?: Set<number>;
  /** On the lattice by the middle of its box, not by its stem: an outline broken in two. */
  offStem?: boolean;
}

/** Whether component `id` belongs to the piece (called per pixel: a set once there are many ids). */
function owns(p: Piece, id: number): boolean {
  if (p.ids.length <= 4) return p.ids.includes(id);
  p.idSet ??= new Set(p.ids);
  return p.idSet.has(id);
}

/** Rows and pixel count of a piece cut from a wider one, from its own columns. */
function shrinkToInk(p: Piece, labels: Int32Array, w: number): void {
  let top = -1;
  let bottom = -1;
  let pixels = 0;
  for (let y = p.top; y <= p.bottom; y++) {
    for (let x = p.left; x <= p.right; x++) {
      if (!owns(p, labels[y * w + x] ?? -1)) continue;
      if (top < 0) top = y;
      bottom = y;
      pixels++;
    }
  }
  if (top >= 0) Object.assign(p, { top, bottom, pixels, split: false });
}

const centreOf = (p: Piece): number => p.cx ?? (p.left + p.right) / 2;

/**
 * The tallest columns of a piece are its wick or stem; ticks and flat bodies tie, and the two
 * sides of an outlined body nearly tie (an overlay line may have cut one shorter), so all
 * columns within three quarters of the tallest are averaged.
 */
function stemColumn(p: Piece, labels: Int32Array, w: number): number {
  const counts: number[] = [];
  for (let x = p.left; x <= p.right; x++) {
    let n = 0;
    for (let y = p.top; y <= p.bottom; y++) if (owns(p, labels[y * w + x] ?? -1)) n++;
    counts.push(n);
  }
  const max = Math.max(...counts);
  let sum = 0;
  let k = 0;
  counts.forEach((n, i) => {
    if (n >= max * 0.75) {
      sum += p.left + i;
      k++;
    }
  });
  return k ? sum / k : (p.left + p.right) / 2;
}

/**
 * Components that share columns and nearly touch vertically are one candle cut by an overlay
 * line drawn across it (a moving average, the last-price line).
 */
function mergeCut(blobs: Blob[], maxGap: number): Piece[] {
  const pieces: Piece[] = blobs
    .map((b, id) => ({ ...b, ids: [id] }))
    .filter((b) => b.pixels >= 2)
    .sort((a, b) => a.left - b.left);
  const merged: Piece[] = [];
  for (const p of pieces) {
    const host = merged.find((m) => {
      const overlap = Math.min(m.right, p.right) - Math.max(m.left, p.left) + 1;
      const narrow = Math.min(m.right - m.left, p.right - p.left) + 1;
      const gap = Math.max(m.top, p.top) - Math.min(m.bottom, p.bottom);
      return overlap >= narrow * 0.6 && gap <= maxGap;
    });
    if (host) {
      host.left = Math.min(host.left, p.left);
      host.right = Math.max(host.right, p.right);
      host.top = Math.min(host.top, p.top);
      host.bottom = Math.max(host.bottom, p.bottom);
      host.pixels += p.pixels;
      host.ids.push(...p.ids);
    } else merged.push(p);
  }
  return merged;
}

/**
 * A price tag reaching into the plot from the axis side is a filled block against the plot's
 * right edge. The last candle's close lies on the tag's price line, which joins candle and tag
 * into one piece that would be dropped with the tag. Each block of rows inked in the edge
 * column is cleared leftwards for as long as the column stays inked over most of those rows.
 */
export function clearEdgeTags(mask: Uint8Array, w: number, h: number): void {
  const edge = w - 1;
  // A tag is a short word wide; a line running into the edge must not be followed across the
  // plot (clearing its last stretch detaches the last candle it joins to the edge).
  const widest = Math.max(8, Math.round(w * 0.15));
  let y = 0;
  while (y < h) {
    if (!mask[y * w + edge]) {
      y++;
      continue;
    }
    const top = y;
    while (y < h && mask[y * w + edge]) y++;
    const bottom = y - 1;
    const rows = bottom - top + 1;
    let left = edge;
    for (; left > edge - widest + 1; left--) {
      let n = 0;
      for (let yy = top; yy <= bottom; yy++) n += mask[yy * w + left - 1] ?? 0;
      if (n < rows * 0.6) break;
    }
    for (let yy = top; yy <= bottom; yy++) mask.fill(0, yy * w + left, yy * w + w);
  }
}

/**
 * The per-pixel passes of `detectCandles` live in small functions of their own: inside that
 * long function V8 compiled each loop on its own and threw the code away at the next part it
 * had not yet seen run, so the loops ran mostly unoptimised.
 */
function inkMask(r: Raster, plot: Box, bg: Rgb, out: Uint8Array): Uint8Array {
  const w = plot.right - plot.left;
  const [br, bgG, bb] = bg;
  const limit = INK_CONTRAST * INK_CONTRAST;
  const data = r.data;
  for (let y = plot.top, p = 0; y < plot.bottom; y++) {
    for (let i = (y * r.width + plot.left) * 3, end = i + w * 3; i < end; i += 3, p++) {
      const dr = data[i]! - br;
      const dg = data[i + 1]! - bgG;
      const db = data[i + 2]! - bb;
      out[p] = dr * dr + dg * dg + db * db > limit ? 1 : 0;
    }
  }
  return out;
}

/** Each ink pixel's nearest cluster colour as a blend with the background (255: none near). */
function labelInk(r: Raster, plot: Box, ink: Uint8Array, clusters: Cluster[], bg: Rgb, out: Uint8Array): Uint8Array {
  const w = plot.right - plot.left;
  const h = plot.bottom - plot.top;
  const colours = clusters.map((c) => c.colour);
  const data = r.data;
  const words = wordsOf(ink);
  for (let y = 0; y < h; y++) {
    const start = y * w;
    const end = start + w;
    const origin = ((y + plot.top) * r.width + plot.left) * 3;
    for (let p = nextSet(ink, words, start, end); p < end; p = nextSet(ink, words, p + 1, end)) {
      const i = origin + (p - start) * 3;
      let best = 255;
      let bestD = CLUSTER_RADIUS;
      for (let c = 0; c < colours.length; c++) {
        const d = blendDistanceRgb(data[i]!, data[i + 1]!, data[i + 2]!, colours[c]!, bg);
        if (d < bestD) {
          bestD = d;
          best = c;
        }
      }
      out[p] = best;
    }
  }
  return out;
}

/** Ink pixels whose cluster is kept (`keep[c]` 1). */
function maskOf(ink: Uint8Array, label: Uint8Array, keep: Uint8Array, out: Uint8Array): Uint8Array {
  const words = wordsOf(ink);
  for (let p = nextSet(ink, words, 0, out.length); p < out.length; p = nextSet(ink, words, p + 1, out.length)) {
    const c = label[p]!;
    if (c !== 255 && keep[c]) out[p] = 1;
  }
  return out;
}

/** Ink pixels per column. */
function columnCounts(mask: Uint8Array, w: number, h: number, out: Uint32Array): Uint32Array {
  const words = wordsOf(mask);
  for (let y = 0; y < h; y++) {
    const start = y * w;
    const end = start + w;
    for (let p = nextSet(mask, words, start, end); p < end; p = nextSet(mask, words, p + 1, end))
      out[p - start]! += mask[p]!;
  }
  return out;
}

/** Test hook: receives intermediate masks and pieces of the last detection. */
export const candleDebug: { sink: ((stage: string, data: unknown) => void) | null } = { sink: null };

export function detectCandles(r: Raster, plot: Box): CandleDetection | null {
  const w = plot.right - plot.left;
  const h = plot.bottom - plot.top;
  if (w < 50 || h < 50) return null;
  const bg = dominantColour(r, plot);
  const ink = inkMask(r, plot, bg, scratchU8('ink', w * h));
  eraseWholeText(ink, w, h);
  const rawInk = scratchU8('candles:raw', w * h);
  rawInk.set(ink);
  const lines = removeLines(r, plot, bg, ink, w, h);
  const lineRows = lines.map((l) => l.y);
  const plotColour = (p: number): Rgb => {
    const y = Math.floor(p / w);
    const i = ((y + plot.top) * r.width + p - y * w + plot.left) * 3;
    return [r.data[i] ?? 0, r.data[i + 1] ?? 0, r.data[i + 2] ?? 0];
  };
  removeBaselineRuns(ink, w, h);
  eraseText(ink, w, h);
  // After the baseline and text passes, which must not see the put-back runs as ends or glyphs.
  restoreLineCrossings(ink, rawInk, lineRows, w, h, (a, b) => colourDistance(plotColour(a), plotColour(b)) < 70);

  const clusters = clusterColours(r, plot, ink, w, bg);
  candleDebug.sink?.('ink', { ink: ink.slice(0, w * h), rawInk: rawInk.slice(0, w * h), w, h, plot, bg, clusters });
  if (clusters.length === 0) return null;
  const label = labelInk(r, plot, ink, clusters, bg, scratchU8('candles:label', w * h, 255));
  const shapes = clusterShapes(label, clusters.length, w, h);
  // Connected pieces of each colour, for the overlay-line and wick-colour tests.
  const regions = findBlobs(label, w, h, 0, w, 255);
  // Remnants of removed lines or text form small clusters; candle colours carry real weight.
  const candleInk = clusters.reduce((s, c, i) => s + (shapes[i]?.candleLike ? c.count : 0), 0);
  // An overlay line broken up by a JPEG or by the candles over it can pass the shape test; it
  // is still continuous and, column by column, far shorter than the candles' wicks.
  const tallest = Math.max(0, ...shapes.map((sh) => (sh.candleLike ? sh.tallCount : 0)));
  // The commonest candle-like colour is a candle colour; a crosshair's vertical line is tallest.
  const main = clusters.reduce((m, c, i) => (shapes[i]?.candleLike && c.count > (clusters[m]?.count ?? 0) ? i : m), -1);
  const mainTall = shapes[main]?.tallCount ?? 0;
  // One broken at every bar (drawn under white bodies) is not continuous, but no column of it
  // comes near a wick's height.
  const thinLine = (i: number): boolean => {
    const tall = shapes[i]?.tallCount ?? 0;
    return (Boolean(shapes[i]?.continuous) && tall < tallest * 0.5) || tall < mainTall * 0.1;
  };
  const keep = clusters.map(
    (c, i) =>
      Boolean(shapes[i]?.candleLike) &&
      c.count >= candleInk * 0.06 &&
      // OHLC bars joined by their ticks are long strokes too, but with stems.
      (shapes[i]?.stems || !mostlyLong(regions, i, w)) &&
      !thinLine(i),
  );
  const candleMask = maskOf(ink, label, Uint8Array.from(keep, Number), scratchU8('candles:mask', w * h));
  // Minor colours that are not overlay lines (JPEG-desaturated wicks and thin outlines, a wick
  // colour too light to count on its own) join the candles they touch above or below.
  const minor = clusters.map((_, c) => !keep[c] && !shapes[c]?.continuous && !mostlyLong(regions, c, w));
  growVertically(candleMask, ink, label, minor, w, h);
  candleDebug.sink?.('label', { label: label.slice(0, w * h), keep, minor, shapes, mask: candleMask.slice(0, w * h) });

  clearEdgeTags(candleMask, w, h);
  const { labels, blobs } = labelComponents(candleMask, w, h);
  const joined = mergeCut(blobs, Math.max(4, Math.round(h * 0.015))).filter(
    (b) => b.pixels >= 4 && b.bottom - b.top >= 2,
  );
  const columns = columnCounts(candleMask, w, h, scratchU32('candles:columns', w));
  const period = barSpacing(columns, thinColumns(candleMask, w, h), joined);
  // A part cut off a piece that is only a line's or a tick's thickness tall is no bar (the end
  // of a crosshair line touching the last candle, cut off as a bar of its own).
  const pieces = splitWide(joined, period, columns).filter((p) => {
    if (!p.split) return true;
    shrinkToInk(p, labels, w);
    return p.bottom - p.top >= 2;
  });
  if (pieces.length < 8) return null;
  for (const p of pieces) p.cx = stemColumn(p, labels, w);
  const onGrid = keepOnLattice(pieces, period);
  for (const p of onGrid) if (p.ids.length > 1) p.cx = stemColumn(p, labels, w);
  candleDebug.sink?.('pieces', { pieces, onGrid, period });
  if (onGrid.length < 8) return null;

  // Some themes draw wicks in their own colour. Wick ink must not count as a body edge: with
  // narrow bodies a wick column can be the piece's edge and would look like an OHLC tick.
  const stemShare = (c: number): number => {
    let onStem = 0;
    let all = 0;
    for (const p of onGrid) {
      const stem = Math.round(p.cx ?? (p.left + p.right) / 2);
      for (let y = p.top; y <= p.bottom; y++) {
        for (let x = p.left; x <= p.right; x++) {
          const idx = y * w + x;
          if (label[idx] !== c || !owns(p, labels[idx] ?? -1)) continue;
          all++;
          if (Math.abs(x - stem) <= 1) onStem++;
        }
      }
    }
    return all ? onStem / all : 0;
  };
  const wick = wickClusters(
    regions,
    keep,
    clusters.map((c) => c.colour),
    stemShare,
  );
  const isBody = (piece: Piece, idx: number): boolean => owns(piece, labels[idx] ?? -1) && !wick[label[idx] ?? 255];
  const edgeRows = (piece: Piece, x: number): number[] => {
    const rows: number[] = [];
    for (let y = piece.top; y <= piece.bottom; y++) if (isBody(piece, y * w + x)) rows.push(y);
    return rows;
  };
  /**
   * Left and right columns of the body ink (wick-coloured ink left out). Columns with only a
   * few pixels are JPEG fringe or an overlay line touching the body, not its edge: edges are
   * the outermost columns holding at least a quarter of the piece's typical (upper-quartile) column.
   */
  const bodyEdges = (piece: Piece): [number, number] => {
    const counts: number[] = [];
    for (let x = piece.left; x <= piece.right; x++) {
      let n = 0;
      for (let y = piece.top; y <= piece.bottom; y++) if (isBody(piece, y * w + x)) n++;
      counts.push(n);
    }
    const filled = counts.filter((n) => n > 0).sort((a, b) => a - b);
    // Upper quartile: inside an outlined body most columns hold only its top and bottom edge.
    const typical = filled[Math.floor(filled.length * 0.75)] ?? 0;
    const enough = Math.max(1, typical * 0.25);
    let lo = counts.findIndex((n) => n >= enough);
    let hi = counts.length - 1 - [...counts].reverse().findIndex((n) => n >= enough);
    if (lo < 0) return [piece.left, piece.right];
    // A JPEG fringe or the stub of a line beside an outline's edge is a few pixels against the
    // edge's whole height a column or three further in; the stem and the ticks beside it stay.
    const stem = Math.round(piece.cx ?? (piece.left + piece.right) / 2) - piece.left;
    const fringe = (x: number, dir: 1 | -1): boolean => {
      let inner = 0;
      for (let k = 1; k <= 3 && Math.abs(x + k * dir - stem) > 1; k++)
        inner = Math.max(inner, counts[x + k * dir] ?? 0);
      return (counts[x] ?? 0) * 4 <= inner;
    };
    while (lo + 1 < stem - 1 && fringe(lo, 1)) lo++;
    while (hi - 1 > stem + 1 && fringe(hi, -1)) hi--;
    return [piece.left + lo, piece.left + hi];
  };
  const measured = onGrid.map((p) => {
    const [bl, br] = bodyEdges(p);
    const left = edgeRows(p, bl);
    const right = edgeRows(p, br);
    const rightSet = new Set(right);
    const both = left.filter((y) => rightSet.has(y));
    const overlap = both.length / Math.max(1, Math.max(left.length, right.length));
    return { p, left, right, both, overlap, bodyWidth: br - bl + 1, bl, br };
  });
  // A broken outline says little of the kind of bar: its edges are a bar's stem and tick.
  const whole = measured.filter((m) => !m.p.offStem);
  const voters = whole.length >= measured.length / 2 ? whole : measured;
  const wide = voters.filter((m) => m.bodyWidth >= 3);
  const overlaps = wide.map((m) => m.overlap).sort((a, b) => a - b);
  // A HiDPI bar's stem is 3 px or more, so its edges share rows like a narrow candle's. But the
  // stem runs the whole height of the piece with ticks sticking out on both sides, which a
  // candle (wicks beyond the body, nothing beside it) shows only as a doji.
  const inkColumns = (p: Piece, x0: number, x1: number): number => {
    let n = 0;
    for (let x = x0; x <= x1; x++) {
      for (let y = p.top; y <= p.bottom; y++) {
        if (isBody(p, y * w + x)) {
          n++;
          break;
        }
      }
    }
    return n;
  };
  const barLike = (m: (typeof measured)[number]): boolean =>
    m.left.length >= (m.p.bottom - m.p.top + 1) * 0.85 &&
    inkColumns(m.p, m.p.left, m.bl - 1) >= 2 &&
    inkColumns(m.p, m.br + 1, m.p.right) >= 2;
  const barShare = wide.filter(barLike).length / Math.max(1, wide.length);
  // Bars cut from a staircase (ticks joining neighbours) do not all keep ink on both sides of
  // the stem, so fewer than 40% pass as bar-like; but most have short ink on both sides of
  // their body edges (the ticks), which a candle has only where a JPEG fringe or an overlay
  // line touches it.
  // `own`: only ink in a kept colour, not ink grown onto the bar from a minor one.
  const rowsWithInk = (p: Piece, x0: number, x1: number, own = false): number => {
    let n = 0;
    for (let y = p.top; y <= p.bottom; y++) {
      for (let x = x0; x <= x1; x++) {
        const idx = y * w + x;
        if (isBody(p, idx) && (!own || keep[label[idx] ?? 255])) {
          n++;
          break;
        }
      }
    }
    return n;
  };
  const ticked = (m: (typeof measured)[number]): boolean => {
    const height = m.p.bottom - m.p.top + 1;
    const left = rowsWithInk(m.p, m.p.left, m.bl - 1);
    const right = rowsWithInk(m.p, m.br + 1, m.p.right);
    return left > 0 && right > 0 && left <= height * 0.4 && right <= height * 0.4;
  };
  const tickShare = voters.filter(ticked).length / Math.max(1, voters.length);
  // Ticks in the bar's own colours: ink grown onto a bar from a minor colour (the stubs of an
  // overlay line drawn under white bodies) ticks it too, on both sides.
  const ownTicks = voters.filter(
    (m) =>
      ticked(m) && rowsWithInk(m.p, m.p.left, m.bl - 1, true) > 0 && rowsWithInk(m.p, m.br + 1, m.p.right, true) > 0,
  ).length;
  // Thin bars with short ticks (a one-pixel stem once a wide shot is halved) have no body
  // wider than the stem at all: their ticks decide.
  const stemsOnly = wide.length < voters.length * 0.2;
  const kind: CandleDetection['kind'] =
    (overlaps[Math.floor(overlaps.length / 2)] ?? 1) < 0.5 ||
    barShare >= 0.4 ||
    ((barShare >= 0.05 || stemsOnly) && tickShare >= 0.65) ||
    // Nearly every bar ticked on both sides: the ticks of a halved HiDPI shot, one column
    // each, too short for bar-like.
    ownTicks >= voters.length * 0.9
      ? 'ohlc'
      : 'candles';

  const mean = (v: number[]): number => v.reduce((s, x) => s + x, 0) / Math.max(1, v.length);
  const bodyWidths = measured.map((m) => m.bodyWidth).sort((a, b) => a - b);
  const typicalBody = bodyWidths[bodyWidths.length >> 1] ?? 0;
  const tickLengths = onGrid
    .map((p) => p.right - Math.round(p.cx ?? p.right))
    .filter((t) => t > 0)
    .sort((a, b) => a - b);
  const tickLength = Math.max(1, tickLengths[Math.floor(tickLengths.length / 2)] ?? 1);
  const strength = (x: number, y: number, c: number): number => {
    const k = clusters[c]?.colour;
    if (!k) return 1;
    const [pr, pg, pb] = plotColour(y * w + x);
    const kr = k[0] - bg[0];
    const kg = k[1] - bg[1];
    const kb = k[2] - bg[2];
    const along =
      ((pr - bg[0]) * kr + (pg - bg[1]) * kg + (pb - bg[2]) * kb) / Math.max(1, kr * kr + kg * kg + kb * kb);
    return Math.min(1, Math.max(0, along));
  };
  const candles: (PixelCandle & { signature: string; bodyTop: number; bodyBottom: number; noBody?: boolean })[] =
    measured.map(({ p, left, right, both, bl, br }) => {
      const x = (p.left + p.right) / 2 + plot.left;
      if (kind === 'ohlc') {
        // Ticks are the ink left (open) and right (close) of the stem. A tick lying on a line
        // of its own colour (the last-price line runs through the last close) was erased with
        // the line, so it is looked up in the ink from before line removal.
        const stem = Math.round(p.cx ?? (p.left + p.right) / 2);
        const tickRows = (from: number, to: number, src: Uint8Array, own: boolean): number[] => {
          const rows: number[] = [];
          for (let y = p.top; y <= p.bottom; y++) {
            for (let xx = Math.max(0, from); xx <= Math.min(w - 1, to); xx++) {
              if (own ? owns(p, labels[y * w + xx] ?? -1) : src[y * w + xx]) {
                rows.push(y);
                break;
              }
            }
          }
          return rows;
        };
        // Ticks reach at least two pixels from the stem's centre, and beyond the stem itself: a
        // thick stem, and the column beside it that can be its JPEG fringe, run the bar's
        // whole height.
        const fullHeight = (xx: number): boolean => {
          let n = 0;
          for (let y = p.top; y <= p.bottom; y++) if (owns(p, labels[y * w + xx] ?? -1)) n++;
          return n >= (p.bottom - p.top + 1) * 0.8;
        };
        let stemLeft = stem;
        while (stemLeft - 1 > p.left && fullHeight(stemLeft - 1)) stemLeft--;
        let stemRight = stem;
        while (stemRight + 1 < p.right && fullHeight(stemRight + 1)) stemRight++;
        const reach = tickLength >= 2 ? 2 : 1;
        const leftEnd = Math.min(stem - reach, stemLeft - 1);
        const rightStart = Math.max(stem + reach, stemRight + 1);
        let leftRows = tickRows(p.left, leftEnd, rawInk, true);
        if (leftRows.length === 0) leftRows = tickRows(p.left, stem - 1, rawInk, true);
        let rightRows = tickRows(rightStart, p.right, rawInk, true);
        // A close tick erased with the price line leaves nothing of the bar right of the stem;
        // it is in the ink from before line removal.
        if (rightRows.length === 0) rightRows = tickRows(rightStart, rightStart + tickLength - 1, rawInk, false);
        if (rightRows.length === 0) rightRows = tickRows(stem + 1, p.right, rawInk, true);
        const open = leftRows.length ? mean(leftRows) : left.length ? mean(left) : (p.top + p.bottom) / 2;
        const close = rightRows.length ? mean(rightRows) : right.length ? mean(right) : (p.top + p.bottom) / 2;
        return { x, open, close, high: p.top, low: p.bottom, signature: 'bar', bodyTop: 0, bodyBottom: 0 };
      }
      const body = both.length ? both : [...left, ...right];
      let bodyTop = body.length ? Math.min(...body) : p.top;
      let bodyBottom = body.length ? Math.max(...body) : p.bottom;
      // A bar no wider than its wick where bodies are wide has no body to see: a doji whose
      // body is one row of the background's colour (a gap in the wick), or drawn over by it.
      const gap = br - bl <= 1 && typicalBody >= 4 ? widestGap(left) : undefined;
      if (gap) [bodyTop, bodyBottom] = gap;
      return {
        noBody: gap === null,
        x,
        open: bodyBottom,
        close: bodyTop,
        high: p.top,
        low: p.bottom,
        signature: bodySignature(
          label,
          labels,
          p,
          { left: bl, right: br, top: bodyTop, bottom: bodyBottom },
          w,
          strength,
        ),
        bodyTop,
        bodyBottom,
      };
    });
  candles.sort((a, b) => a.x - b.x);
  dropStrayLast(candles);
  dropDetachedTail(candles);
  // The same at the start: a legend's box or a symbol's icon at the plot's top-left corner.
  candles.reverse();
  dropDetachedTail(candles);
  candles.reverse();
  if (kind === 'candles') orientCandles(candles.filter((c) => !c.noBody));
  // A doji with no body to see opens and closes where the bar before it closed, within its wick.
  candles.forEach((c, i) => {
    if (!c.noBody) return;
    const before = candles[i - 1]?.close ?? (c.high + c.low) / 2;
    c.open = c.close = Math.min(c.low, Math.max(c.high, before));
  });

  const result = candles.map(({ x, open, high, low, close }) => ({
    x,
    open: open + plot.top,
    high: high + plot.top,
    low: low + plot.top,
    close: close + plot.top,
  }));
  return {
    kind,
    candles: result,
    quality: seriesQuality(result),
    lines: lines.map((l) => ({ y: l.y + plot.top, colour: l.colour })),
    colours: clusters.filter((_, i) => keep[i]).map((c) => c.colour),
  };
}

/**
 * A bar opens where the one before it closed, so neighbouring bars' ranges touch. A last piece
 * as thin as a line, standing well clear of the bar before it (more than one and a half typical
 * bar heights), is no bar: the end of a crosshair line at the axis. Nor are the last few pieces
 * past a hole of more than STRAY_SPACINGS spacings (a crosshair's vertical line by
 * the axis, a platform's buttons in the plot's corner): a series leaves no such hole before its
 * last bar.
 */
export function dropStrayLast(candles: { x?: number; high: number; low: number }[]): void {
  if (candles.length < MIN_BARS) return;
  if (candles.every((c) => c.x !== undefined)) {
    const steps = candles
      .slice(1)
      .map((c, i) => (c.x ?? 0) - (candles[i]?.x ?? 0))
      .sort((a, b) => a - b);
    const pitch = steps[steps.length >> 1] ?? 0;
    const from = Math.max(MIN_BARS, candles.length - STRAY_PAST_HOLE);
    for (let i = candles.length - 1; pitch > 0 && i >= from; i--) {
      if ((candles[i]?.x ?? 0) - (candles[i - 1]?.x ?? 0) > pitch * STRAY_SPACINGS) {
        candles.length = i;
        break;
      }
    }
  }
  const last = candles[candles.length - 1];
  const prev = candles[candles.length - 2];
  if (!last || !prev) return;
  const heights = candles.map((c) => c.low - c.high).sort((a, b) => a - b);
  const typical = heights[heights.length >> 1] ?? 0;
  const gap = Math.max(last.high - prev.low, prev.high - last.low, 0);
  // Only a piece a line thin: the bar before a real last bar can itself be junk.
  const thin = last.low - last.high <= Math.max(3, typical * 0.1);
  if (thin && gap > typical * 1.5) candles.pop();
}

/** How far right of the bar before it (in spacings) a last piece is no bar of the series. */
const STRAY_SPACINGS = 6;
/** Most pieces past such a hole that are set aside: a few objects, not a stretch of bars. */
const STRAY_PAST_HOLE = 3;

/** Most pieces at the end of the series that can be set aside as detached from it. */
const DETACHED_TAIL = 24;
/** Bars before the tail that it must come near. */
const RECENT_BARS = 6;

/**
 * A series moves by steps no larger than its bars: each bar's range touches or nearly touches
 * those just before it, and the widest gap between neighbours anywhere in it is a measure of
 * how far it can jump. The longest run of pieces at the end that all stand far clear of the
 * bars before them (by more than three typical bar heights and half again the series' widest
 * jump; a piece as thin as a line by one and a half bar heights) is no part of it: a toolbar's
 * buttons inside the plot's corner, text or markers below the bars, volume at the pane's foot.
 * It is dropped, so the last bar is the series' own. Rows grow downwards (high < low).
 */
export function dropDetachedTail(candles: { high: number; low: number }[]): void {
  if (candles.length < MIN_BARS + RECENT_BARS) return;
  const heights = candles.map((c) => c.low - c.high).sort((a, b) => a - b);
  const typical = Math.max(1, heights[heights.length >> 1] ?? 0);
  const gapBetween = (a: { high: number; low: number }, b: { high: number; low: number }): number =>
    Math.max(0, a.high - b.low, b.high - a.low);
  const body = candles.slice(0, candles.length - DETACHED_TAIL);
  // The widest jump but for a few: the pieces can hold a stray one anywhere (a marker, a label).
  const jumps = body
    .slice(1)
    .map((c, i) => gapBetween(c, body[i]!))
    .sort((a, b) => a - b);
  const widestJump = jumps[Math.floor(jumps.length * 0.95)] ?? 0;
  const limit = Math.max(3 * typical, 1.5 * widestJump);
  const span = Math.max(...candles.map((c) => c.low)) - Math.min(...candles.map((c) => c.high));
  const maxTail = Math.min(DETACHED_TAIL, candles.length - MIN_BARS - RECENT_BARS);
  let drop = 0;
  for (let k = 1; k <= maxTail; k++) {
    const anchor = candles.slice(candles.length - k - RECENT_BARS, candles.length - k);
    const tail = candles.slice(candles.length - k);
    const detached = tail.every((p) => {
      // A piece across the whole height of the series is a line (a window's border, a cursor).
      if (p.low - p.high >= 0.95 * span && p.low - p.high >= 4 * typical) return true;
      const reach = Math.min(...anchor.map((c) => gapBetween(p, c)));
      const thin = p.low - p.high <= Math.max(3, typical * 0.1);
      return reach > (thin ? 1.5 * typical : limit);
    });
    if (detached) drop = k;
  }
  candles.splice(candles.length - drop, drop);
}

/**
 * Bar spacing from the candle ink per column: bars repeat every spacing, so the column profile
 * correlates best with itself shifted by one spacing. This holds where pieces mislead: a JPEG
 * breaking thin outlines into several fragments per bar, or OHLC ticks joining neighbouring
 * bars into one staircase (their stems still stand out).
 *
 * The profile is the logarithm of the ink per column (a few tall bars do not drown the rest,
 * and a stem stands out of ticks however thick they are), smoothed over three columns and
 * differenced: what repeats is the edges of bodies, wicks and stems, not the slow rise and
 * fall of touching bodies that would otherwise correlate at every short lag.
 *
 * Each candidate spacing, fractional, is scored by the correlation at all its multiples (a
 * comb): a fractional spacing puts bars 12 or 13 columns apart, and the integer lags peak
 * unevenly, highest where the rounding cancels. Multiples of the spacing score as well as the
 * spacing itself, so the smallest candidate near the best score wins. 0 when no period shows.
 */
export function barPeriod(columns: ArrayLike<number>): number {
  return periodComb(columns)?.period ?? 0;
}

interface PeriodComb {
  /** The chosen spacing, 0 when none shows. */
  period: number;
  /** Whether the comb peaks within 3% of spacing p with at least `share` of the best score. */
  peaksNear: (p: number, share: number) => boolean;
}

function periodComb(columns: ArrayLike<number>): PeriodComb | null {
  const width = columns.length;
  let first = 0;
  let last = width - 1;
  while (first < width && !columns[first]) first++;
  while (last > first && !columns[last]) last--;
  const n = last - first + 1;
  if (n < 16) return null;
  const level = (x: number): number => Math.log1p(columns[x] ?? 0);
  const values = scratchF64('period:values', n);
  for (let x = first; x <= last; x++) values[x - first] = (level(x - 1) + 2 * level(x) + level(x + 1)) / 4;
  for (let i = 0; i + 1 < n; i++) values[i] = values[i + 1]! - values[i]!;
  values[n - 1] = 0;
  // Spacings up to a sixteenth of the span: longer candidates pick up chance correlations
  // where the bars are too dense to show a period. Fewer, wider bars (a zoomed-in chart) give a
  // divisor of their spacing here, which `wholeBars` corrects from the pieces.
  const maxLag = Math.floor(n / 8);
  const score = (lag: number): number => {
    let sum = 0;
    for (let i = 0; i + lag < n; i++) sum += values[i]! * values[i + lag]!;
    return sum / (n - lag);
  };
  const variance = score(0);
  if (!(variance > 0)) return null;
  const scores = [0, 0];
  for (let lag = 2; lag <= maxLag + 1; lag++) scores.push(score(lag));
  const at = (x: number): number => {
    const i = Math.floor(x);
    return (scores[i] ?? 0) + ((scores[i + 1] ?? 0) - (scores[i] ?? 0)) * (x - i);
  };
  // Within half a column of each multiple: a bar drawn on whole pixels is off by up to that.
  const near = (x: number): number => Math.max(at(x - 0.5), at(x), at(x + 0.5));
  const combs: [spacing: number, score: number][] = [];
  for (let p = MIN_SPACING; p <= maxLag / 2; p *= 1.004) {
    let sum = 0;
    let m = 1;
    for (; m * p <= maxLag; m++) sum += near(m * p);
    combs.push([p, sum / (m - 1)]);
  }
  const best = Math.max(...combs.map(([, v]) => v));
  const isPeak = (i: number): boolean => {
    const v = combs[i]?.[1] ?? -Infinity;
    return v >= (combs[i - 1]?.[1] ?? -Infinity) && v >= (combs[i + 1]?.[1] ?? -Infinity);
  };
  const peaksNear = (p: number, share: number): boolean =>
    combs.some(([q, v], i) => Math.abs(q / p - 1) <= 0.03 && v >= best * share && isPeak(i));
  const chosen = best > variance * 0.1 ? combs.findIndex(([, v], i) => v >= best * 0.6 && isPeak(i)) : -1;
  return { period: combs[chosen]?.[0] ?? 0, peaksNear };
}

/**
 * Bar spacing from the candle mask's ink per column, the ink of its thin strokes per column
 * (see `thinColumns`) and its connected pieces; 0 when none shows.
 *
 * Bars are drawn on whole pixels, so with a fractional spacing the edges' profile repeats
 * exactly only every few bars (6.4 px: every 5), and with bodies touching that can outscore
 * the spacing itself. Wicks repeat at the spacing whatever the bodies do: a thin-stroke period
 * that divides the edges' period, and at which the edges peak as well, is the spacing.
 * Outlined bodies draw three thin strokes a bar (two sides and the wick), so a thin period of
 * a third of the edges' is their outline, not a finer spacing.
 */
export function barSpacing(columns: ArrayLike<number>, thin: ArrayLike<number>, pieces: Blob[]): number {
  const edges = periodComb(columns);
  let period = edges?.period ?? 0;
  const strokes = barPeriod(thin);
  if (edges && period > 0 && strokes > 0) {
    const k = Math.round(period / strokes);
    const whole = Math.abs(period / strokes - k) <= 0.06 * k;
    if (k >= 2 && k !== 3 && whole && edges.peaksNear(strokes, 0.2)) period = strokes;
    // Wicks further apart than the edges' period, but not twice as far (missing wicks would
    // make a whole multiple): touching bodies gave the edges a period of their own, and the
    // wicks, one to a bar, are the spacing. The pieces are then runs of touching bars, however
    // evenly they stand.
    const ratio = strokes / period;
    if (ratio > 1.15 && ratio < 1.85 && edges.peaksNear(strokes, 0.2)) return strokes;
  }
  return evenPieces(wholeBars(period, pieces), pieces);
}

/** Pieces that are not fragments (a wick cut off by an overlay line): a quarter of the median size or more. */
function withoutFragments(pieces: Blob[]): Blob[] {
  const sizes = pieces.map((p) => p.pixels).sort((a, b) => a - b);
  const median = sizes[(sizes.length - 1) >> 1] ?? 0;
  return pieces.filter((p) => p.pixels >= median * 0.25);
}

/**
 * Pieces one to a bar, narrower than the distance between them and nearly all that distance
 * apart, give the spacing when the column profile's period is no whole multiple of it: with a
 * fractional spacing the profile's rounding pattern can outscore the spacing itself (8.4 px
 * hollow bodies read as 31.8). A whole multiple stays, as a bar's sides and wick broken apart
 * are evenly spaced pieces too.
 */
export function evenPieces(period: number, all: Blob[]): number {
  const pieces = withoutFragments(all);
  if (pieces.length < MIN_BARS) return period;
  const centres = pieces.map((p) => (p.left + p.right) / 2).sort((a, b) => a - b);
  const gaps = centres.slice(1).map((c, i) => c - (centres[i] ?? c));
  const sorted = [...gaps].sort((a, b) => a - b);
  const gap = sorted[sorted.length >> 1] ?? 0;
  if (gap < MIN_SPACING) return period;
  const near = gaps.filter((g) => Math.abs(g - gap) <= gap * 0.15);
  const widths = pieces.map((p) => p.right - p.left + 1).sort((a, b) => a - b);
  if (near.length < gaps.length * 0.8 || (widths[widths.length >> 1] ?? 0) >= gap) return period;
  const spacing = near.reduce((s, g) => s + g, 0) / near.length;
  const ratio = period / spacing;
  return ratio >= 1.5 && Math.abs(ratio - Math.round(ratio)) > 0.12 ? spacing : period;
}

/** Ink per column in horizontal runs of at most three pixels: wicks, stems and outlines. */
function thinColumns(mask: Uint8Array, w: number, h: number): Uint32Array {
  const runs = horizontalRuns(mask, w, h);
  const thin = scratchU32('candles:thin', w);
  const words = wordsOf(mask);
  for (let y = 0; y < h; y++) {
    const start = y * w;
    const end = start + w;
    for (let p = nextSet(mask, words, start, end); p < end; p = nextSet(mask, words, p + 1, end))
      if (runs[p]! <= 3) thin[p - start]!++;
  }
  return thin;
}

/**
 * The column profile of outlined bodies repeats at a third of the spacing when their sides and
 * wick are evenly spaced, and that of a dozen wide candles at a fraction of theirs. Pieces of
 * regular width, wider than the period and a whole multiple of it apart, are single bars: their
 * distance is the spacing. (Touching bars joined into one piece make pieces of irregular
 * widths, irregularly spaced.)
 */
function wholeBars(period: number, all: Blob[]): number {
  const quantile = (v: number[], q: number): number => v[Math.floor((v.length - 1) * q)] ?? 0;
  // Fragments are neither bars nor bar widths.
  const pieces = withoutFragments(all);
  if (period < MIN_SPACING || pieces.length < 8) return period;
  const widths = pieces.map((p) => p.right - p.left + 1).sort((a, b) => a - b);
  const width = quantile(widths, 0.5);
  if (width <= period * 1.2 || quantile(widths, 0.75) - quantile(widths, 0.25) > width * 0.25) return period;
  const centres = pieces.map((p) => (p.left + p.right) / 2).sort((a, b) => a - b);
  const gaps = centres
    .slice(1)
    .map((c, i) => c - (centres[i] ?? c))
    .sort((a, b) => a - b);
  const gap = quantile(gaps, 0.5);
  const k = Math.round(gap / period);
  const near = gaps.filter((g) => Math.abs(g - gap) <= gap * 0.15);
  if (k < 2 || Math.abs(gap / period - k) > 0.15 || near.length < gaps.length * 0.6) return period;
  const spacing = near.reduce((s, g) => s + g, 0) / near.length;
  // A price chart shows a dozen bars at least, and leaves room between them: pieces fewer and
  // further apart than that, or nearly as wide as their distance, are runs of touching bars (a
  // dense chart halved), as evenly spaced as they may look.
  const span = (centres[centres.length - 1] ?? 0) - (centres[0] ?? 0);
  return span / spacing < MIN_BARS - 1 || width > spacing * 0.95 ? period : spacing;
}

/**
 * Bar spacing from the gaps between the larger pieces (fragments are small): a gap that
 * skips a missing candle counts as a multiple of the spacing. The coverage period, when there
 * is one, says what one spacing is; gaps that are no whole multiple of it are fragments.
 */
function estimatePitch(pieces: Piece[], period: number): number {
  const sizes = pieces.map((p) => p.pixels).sort((a, b) => a - b);
  const big = sizes[Math.floor(sizes.length / 2)] ?? 0;
  const centres = pieces
    .filter((p) => p.pixels >= big)
    .map(centreOf)
    .sort((a, b) => a - b);
  const gaps = centres
    .slice(1)
    .map((c, i) => c - (centres[i] ?? c))
    .filter((g) => g >= 2)
    .sort((a, b) => a - b);
  const first = period >= 2 ? period : (gaps[Math.floor(gaps.length * 0.2)] ?? 0);
  if (first < 2) return 0;
  if (period >= 2) {
    // Whole multiples of the period: their total length over their total bars. Bars sit on
    // whole pixels, so single gaps alternate (6, 7, 7, 6...) and their median is biased.
    const whole = gaps.filter((g) => g >= first * 0.75 && Math.abs(g / first - Math.round(g / first)) <= 0.25);
    if (whole.length < 4) return first;
    const bars = whole.reduce((s, g) => s + Math.round(g / first), 0);
    return whole.reduce((s, g) => s + g, 0) / bars;
  }
  const unit = gaps.map((g) => g / Math.max(1, Math.round(g / first))).sort((a, b) => a - b);
  return unit[Math.floor(unit.length / 2)] ?? first;
}

interface Lattice {
  spacing: number;
  phase: number;
}

/** Least squares of centre = phase + spacing * slot, again without anchors off the fitted lattice. */
function refineLattice(anchors: number[], slotsOf: number[], use: boolean[], spacing: number): Lattice | null {
  let phase = 0;
  for (let round = 0; round < 3; round++) {
    const idx = anchors.map((_, i) => i).filter((i) => use[i]);
    const n = idx.length;
    if (n < 2) return null;
    const ms = idx.reduce((a, i) => a + (slotsOf[i] ?? 0), 0) / n;
    const mc = idx.reduce((a, i) => a + (anchors[i] ?? 0), 0) / n;
    let sxy = 0;
    let sxx = 0;
    for (const i of idx) {
      sxy += ((slotsOf[i] ?? 0) - ms) * ((anchors[i] ?? 0) - mc);
      sxx += ((slotsOf[i] ?? 0) - ms) ** 2;
    }
    if (sxx > 0) spacing = sxy / sxx;
    if (!(spacing > 1)) return null;
    phase = mc - spacing * ms;
    // The next round leaves out anchors off this lattice (strays cannot bend it).
    if (round < 2)
      anchors.forEach((a, i) => (use[i] = Math.abs(a - phase - spacing * (slotsOf[i] ?? 0)) <= spacing * 0.25));
  }
  return { spacing, phase };
}

/**
 * With the spacing known to a few percent, the lattice is the spacing (searched within 3%)
 * and phase at which the anchors line up best: the length of the mean of exp(2πi·x/spacing)
 * over the anchors. No anchor is numbered from its neighbour, so a stray or a bad split cannot
 * shift the numbering of the bars after it. Least squares on the anchors near the result.
 */
export function fitLattice(anchors: number[], pitch: number): Lattice | null {
  if (anchors.length < 2) return null;
  let best = { spacing: pitch, phase: 0, r: -1 };
  for (let k = -30; k <= 30; k++) {
    const spacing = pitch * (1 + k * 0.001);
    let re = 0;
    let im = 0;
    for (const a of anchors) {
      const t = (2 * Math.PI * a) / spacing;
      re += Math.cos(t);
      im += Math.sin(t);
    }
    const r = Math.hypot(re, im);
    if (r > best.r) best = { spacing, phase: ((Math.atan2(im, re) / (2 * Math.PI)) * spacing + spacing) % spacing, r };
  }
  const slotsOf = anchors.map((a) => Math.round((a - best.phase) / best.spacing));
  const use = anchors.map((a, i) => Math.abs(a - best.phase - best.spacing * (slotsOf[i] ?? 0)) <= best.spacing * 0.25);
  return refineLattice(anchors, slotsOf, use, best.spacing);
}

/**
 * Without a clear period: number the anchors slot by slot from the last one that was not a
 * stray (a piece between two bars must not shift the numbering of every bar after it).
 */
function chainLattice(anchors: number[], pitch: number): Lattice | null {
  const slotsOf: number[] = [0];
  const use = anchors.map(() => true);
  let ref = anchors[0] ?? 0;
  let refSlot = 0;
  for (let i = 1; i < anchors.length; i++) {
    const steps = ((anchors[i] ?? 0) - ref) / pitch;
    const k = Math.round(steps);
    // Closer than a bar to the reference: a stray, numbered but left out of the first fit.
    const stray = steps < 0.7;
    const slot = refSlot + Math.max(1, k);
    slotsOf.push(slot);
    use[i] = !stray;
    if (!stray) {
      ref = anchors[i] ?? ref;
      refSlot = slot;
    }
  }
  return refineLattice(anchors, slotsOf, use, pitch);
}

/**
 * Candles sit on a regular grid of x positions. Each grid slot keeps its largest piece;
 * pieces between slots (fragments of overlays, leftover text) are dropped.
 */
function keepOnLattice(pieces: Piece[], period: number): Piece[] {
  const pitch = estimatePitch(pieces, period);
  if (pitch < 2) return pieces;
  const sizes = pieces.map((p) => p.pixels).sort((a, b) => a - b);
  const big = sizes[Math.floor(sizes.length / 2)] ?? 0;
  const anchors = pieces
    .filter((p) => p.pixels >= big)
    .map(centreOf)
    .sort((a, b) => a - b);
  const lattice = period >= 2 ? fitLattice(anchors, pitch) : chainLattice(anchors, pitch);
  if (!lattice) return pieces;
  const { spacing, phase } = lattice;
  candleDebug.sink?.('lattice', { pitch, spacing, phase });
  // A piece stands in the slot nearest its stem; or, when an outline broken in two has left its
  // stem column on one side, nearest the middle of its box.
  const near = (centre: number): number | null => {
    const pos = (centre - phase) / spacing;
    return Math.abs(pos - Math.round(pos)) <= 0.3 ? Math.round(pos) : null;
  };
  const slotOf = (p: Piece): number | null => {
    const middle = (p.left + p.right) / 2;
    return near(centreOf(p)) ?? (Math.abs(centreOf(p) - middle) >= 2 ? near(middle) : null);
  };
  const slots = new Map<number, Piece>();
  for (const p of pieces) {
    const slot = slotOf(p);
    if (slot === null) continue;
    p.offStem = near(centreOf(p)) === null;
    const current = slots.get(slot);
    if (!current || p.pixels > current.pixels) slots.set(slot, p);
  }
  // A broken outline is a bar of the series, beside a whole one; off on its own it is a stray
  // (a crosshair's line with its label beyond the last bar).
  const whole = (slot: number): boolean => {
    const q = slots.get(slot);
    return q !== undefined && !q.offStem;
  };
  for (const [slot, p] of slots) if (p.offStem && !whole(slot - 1) && !whole(slot + 1)) slots.delete(slot);
  // A body outline broken by JPEG leaves fragments beside the slot's largest piece: those that
  // touch it (columns and rows within two pixels) are the same candle. Strays farther off
  // (text, overlay pieces) stay out.
  const merged = new Map<number, Piece>();
  for (const p of pieces) {
    const slot = slotOf(p) ?? Math.round((centreOf(p) - phase) / spacing);
    const main = slots.get(slot);
    if (!main || main === p) continue;
    const host = merged.get(slot) ?? { ...main, ids: [...main.ids], idSet: undefined };
    if (!touches(host, p, 2) || p.left < main.left - spacing / 2 || p.right > main.right + spacing / 2) continue;
    host.left = Math.min(host.left, p.left);
    host.right = Math.max(host.right, p.right);
    host.top = Math.min(host.top, p.top);
    host.bottom = Math.max(host.bottom, p.bottom);
    host.pixels += p.pixels;
    for (const id of p.ids) if (!host.ids.includes(id)) host.ids.push(id);
    merged.set(slot, host);
  }
  return [...slots.entries()].map(([slot, p]) => merged.get(slot) ?? p);
}

/** Whether two boxes overlap or lie within `gap` pixels of each other. */
const touches = (a: Blob, b: Blob, gap: number): boolean =>
  a.left - gap <= b.right && b.left - gap <= a.right && a.top - gap <= b.bottom && b.top - gap <= a.bottom;

/**
 * Touching candles (or OHLC bars joined by their ticks) merge into one piece; cut pieces much
 * wider than usual at even steps. With the bar period known, the usual width is the median
 * over the ink (each piece weighted by its pixels, so the thin fragments a JPEG makes of
 * outlined bodies do not make every whole candle look like two), at most 0.9 periods.
 */
export function splitWide(pieces: Piece[], period: number, columns: ArrayLike<number>): Piece[] {
  let typical: number;
  let pitch: number;
  if (period >= 2) {
    // A bar is narrower than the spacing: wider pieces are bars joined together.
    typical = Math.min(weightedMedian(pieces.map((p) => [p.right - p.left + 1, p.pixels])), period * 0.9);
    pitch = period;
  } else {
    const widths = pieces.map((p) => p.right - p.left + 1).sort((a, b) => a - b);
    typical = widths[Math.floor(widths.length / 2)] ?? 1;
    const centres = pieces.map((p) => (p.left + p.right) / 2).sort((a, b) => a - b);
    const gaps = centres
      .slice(1)
      .map((c, i) => c - (centres[i] ?? 0))
      .filter((g) => g > 0)
      .sort((a, b) => a - b);
    pitch = Math.max(typical, gaps[Math.floor(gaps.length / 2)] ?? typical);
  }
  // Without a period, longer runs are not bars; with one, a staircase of OHLC bars joined by
  // their ticks can run across the whole plot in a trend.
  const longest = period >= 2 ? Infinity : pitch * 12;
  // No bar is wider than the spacing, apart from a JPEG fringe: a piece well over one spacing
  // wide holds two bars, even when most bars are narrower than usual (a close tick erased
  // with the price line leaves the last two OHLC bars joined by their ticks, 1.6 spacings wide).
  const widest = period >= 2 ? Math.min(typical * 1.8, Math.max(period * 1.45, period + 3)) : typical * 1.8;
  return pieces.flatMap((p) => {
    const width = p.right - p.left + 1;
    if (width < widest || width > longest) return width > longest ? [] : [p];
    // Two bars a spacing apart span more than the spacing (a hollow body wider than most
    // pieces, when fragments make the typical width small, is one bar).
    if (period >= 2 && width <= period) return [p];
    const parts = Math.max(2, Math.round(width / pitch));
    const step = width / parts;
    // Each cut goes to the emptiest column near its even position: the gap between two
    // bodies, or a tick between two stems.
    const cuts = [p.left];
    for (let k = 1; k < parts; k++) {
      const nominal = p.left + k * step;
      let best = Math.round(nominal);
      for (let x = Math.ceil(nominal - step * 0.4); x <= Math.floor(nominal + step * 0.4); x++) {
        if (x <= (cuts[k - 1] ?? p.left) || x > p.right) continue;
        const better = (columns[x] ?? 0) - (columns[best] ?? 0);
        if (better < 0 || (better === 0 && Math.abs(x - nominal) < Math.abs(best - nominal))) best = x;
      }
      cuts.push(best);
    }
    cuts.push(p.right + 1);
    return cuts.slice(0, -1).map((left, k) => ({ ...p, left, right: (cuts[k + 1] ?? p.right + 1) - 1, split: true }));
  });
}

/** The widest run of missing rows between inked rows (ascending), as [first, last] missing row. */
export function widestGap(rows: number[]): [number, number] | null {
  let best: [number, number] | null = null;
  for (let i = 1; i < rows.length; i++) {
    const a = rows[i - 1]!;
    const b = rows[i]!;
    if (b - a > 1 && (!best || b - a - 1 > best[1] - best[0] + 1)) best = [a + 1, b - 1];
  }
  return best;
}

/** Median of values weighted by their weights: the value under the middle of the total weight. */
export function weightedMedian(items: [value: number, weight: number][]): number {
  const sorted = [...items].sort((a, b) => a[0] - b[0]);
  const total = sorted.reduce((s, [, wt]) => s + wt, 0);
  let acc = 0;
  for (const [v, wt] of sorted) {
    acc += wt;
    if (acc >= total / 2) return v;
  }
  return sorted[sorted.length - 1]?.[0] ?? 1;
}

/**
 * What the body looks like inside: its main cluster colour, or hollow. A hollow body shows
 * background, or a light fill close to it, down the inside between its top and bottom edges:
 * at a high pixel ratio the outline and its antialiased inner edge fill most of a narrow
 * body's area, but not its middle. `strength(x, y, c)` is how much of colour c (0 to 1,
 * against the background) the pixel holds.
 */
function bodySignature(
  label: Uint8Array,
  labels: Int32Array,
  p: Piece,
  body: { left: number; right: number; top: number; bottom: number },
  w: number,
  strength: (x: number, y: number, c: number) => number,
): string {
  const votes = new Map<number, number>();
  for (let y = body.top; y <= body.bottom; y++) {
    for (let x = p.left; x <= p.right; x++) {
      const idx = y * w + x;
      if (!owns(p, labels[idx] ?? -1)) continue;
      const c = label[idx] ?? 255;
      votes.set(c, (votes.get(c) ?? 0) + 1);
    }
  }
  const colour = [...votes.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 255;
  // Thin bodies have no inside to judge; their colour alone decides.
  if (body.right - body.left < 2 || body.bottom - body.top < 3 || colour === 255) return `c${colour}`;
  // Charting tools draw the wick outside the body (or cover it with the body's fill), so the
  // middle column is the body's inside. (Sampling a third of the way in as well, in case a
  // wick runs through, misjudged thin outlined bodies in JPEGs.)
  const middle = Math.round((body.left + body.right) / 2);
  let filled = 0;
  for (let y = body.top + 1; y < body.bottom; y++) {
    if (owns(p, labels[y * w + middle] ?? -1)) filled += strength(middle, y, colour);
  }
  return filled / (body.bottom - body.top - 1) > 0.6 ? `c${colour}` : `hollow${colour}`;
}

/**
 * Sets each candle's open and close from its body: up (open at the bottom) or down, by
 * continuity, as a forex candle opens where the previous one closed.
 */
export function orientCandles(
  candles: { open: number; close: number; bodyTop: number; bodyBottom: number; signature: string }[],
): void {
  // All bodies with an inside to judge look alike (one colour, all outlined or all filled):
  // the look says nothing of the direction, and each candle is turned on its own.
  // A look only a body or two have is something across a body (a crosshair's line down a hollow
  // one), not a second look.
  const counts = new Map<string, number>();
  for (const c of candles)
    if (c.bodyBottom - c.bodyTop >= 3) counts.set(c.signature, (counts.get(c.signature) ?? 0) + 1);
  const judged = [...counts.values()].reduce((s, n) => s + n, 0);
  const looks = [...counts.values()].filter((n) => n >= Math.max(2, judged * 0.03)).length;
  const ups = looks <= 1 ? orientEach(candles) : orientByLook(candles);
  candles.forEach((c, i) => {
    const isUp = ups[i] ?? true;
    c.open = isUp ? c.bodyBottom : c.bodyTop;
    c.close = isUp ? c.bodyTop : c.bodyBottom;
  });
}

/**
 * Up or down for each candle, the same for all of one look: every body starts as up, and
 * looks are flipped together while that makes closes meet the next opens better.
 */
function orientByLook(candles: { bodyTop: number; bodyBottom: number; signature: string }[]): boolean[] {
  const groups = [...new Set(candles.map((c) => c.signature))];
  const up = new Map(groups.map((g) => [g, true]));
  const cost = (): number => {
    let s = 0;
    for (let i = 0; i + 1 < candles.length; i++) {
      const a = candles[i];
      const b = candles[i + 1];
      if (!a || !b) continue;
      const close = up.get(a.signature) ? a.bodyTop : a.bodyBottom;
      const open = up.get(b.signature) ? b.bodyBottom : b.bodyTop;
      s += Math.abs(close - open);
    }
    return s;
  };
  for (let pass = 0; pass < 3; pass++) {
    for (const g of groups) {
      const before = cost();
      up.set(g, !up.get(g));
      if (cost() >= before) up.set(g, !up.get(g));
    }
  }
  return candles.map((c) => up.get(c.signature) ?? true);
}

/**
 * Up or down for each candle, so that closes meet the next opens best over the whole series
 * (a shortest path over the two choices per candle).
 */
export function orientEach(candles: { bodyTop: number; bodyBottom: number }[]): boolean[] {
  const n = candles.length;
  if (n === 0) return [];
  // cost[s]: the best total up to this candle with it up (s = 1) or down (s = 0).
  let cost = [0, 0];
  const came: [number, number][] = [[0, 0]];
  for (let i = 1; i < n; i++) {
    const a = candles[i - 1]!;
    const b = candles[i]!;
    const step = (t: number, s: number): number =>
      (cost[t] ?? 0) + Math.abs((t ? a.bodyTop : a.bodyBottom) - (s ? b.bodyBottom : b.bodyTop));
    const pick = (s: number): number => (step(1, s) < step(0, s) ? 1 : 0);
    const from: [number, number] = [pick(0), pick(1)];
    cost = [step(from[0], 0), step(from[1], 1)];
    came.push(from);
  }
  const ups = new Array<boolean>(n);
  let s = (cost[1] ?? 0) <= (cost[0] ?? 0) ? 1 : 0;
  for (let i = n - 1; i >= 0; i--) {
    ups[i] = s === 1;
    s = came[i]?.[s] ?? 0;
  }
  return ups;
}

/**
 * Evidence that the pieces form a price series: regular spacing and consecutive bars that
 * overlap or touch, as prices move continuously.
 */
function seriesQuality(candles: PixelCandle[]): number {
  if (candles.length < 8) return 0;
  const gaps = candles.slice(1).map((c, i) => c.x - (candles[i]?.x ?? 0));
  const sorted = [...gaps].sort((a, b) => a - b);
  const pitch = sorted[Math.floor(sorted.length / 2)] ?? 1;
  const regular = gaps.filter((g) => Math.abs(g - pitch) <= Math.max(1.5, pitch * 0.35)).length / gaps.length;
  let linked = 0;
  for (let i = 0; i + 1 < candles.length; i++) {
    const a = candles[i];
    const b = candles[i + 1];
    if (!a || !b) continue;
    const tol = Math.max(2, (a.low - a.high) * 0.25);
    if (b.high <= a.low + tol && b.low >= a.high - tol) linked++;
  }
  const connected = linked / (candles.length - 1);
  return Math.min(1, regular * 0.5 + connected * 0.5);
}
