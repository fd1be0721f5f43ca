/**
 * Baselines: volume bars (and business bar charts) stand on one row, and the digits of a row of
 * time labels end on one. Runs ending together on a row are erased before bars are looked for.
 * A zone filled behind the bars ends its columns on one row too: only its fill goes.
 */
import { colourDistance, type Box, type Rgb } from '../raster.js';
import { scratchU32 } from '../scratch.js';
import { nextSet, wordsOf } from '../sparse.js';
import { blendDistanceRgb } from './ink.js';
import {
  BASELINE_BLUR_ROWS,
  BASELINE_FOOT,
  BASELINE_FOOT_SHARE,
  BASELINE_ROUNDS,
  BASELINE_SHARE,
  DASH_HEIGHT,
  DASH_SHARE,
  ZONE_EDGE_PX,
  ZONE_FILL_DISTANCE,
  ZONE_MIN_HEIGHT,
  ZONE_MIN_ROWS,
  ZONE_SAME_TOP_SHARE,
} from './params.js';

/**
 * Volume bars (and business bar charts) all stand on one baseline; the digits of a row of
 * time labels also end on one row. When many vertical runs end on the same row, every run
 * ending there is erased; when nearly all of them are short, the row is a dashed line and
 * only its dashes are. Repeated, as a chart can have both.
 */
export function removeBaselineRuns(ink: Uint8Array, w: number, h: number): void {
  const ends = scratchU32('baseline:ends', h);
  for (let round = 0; round < BASELINE_ROUNDS; round++) {
    const { mode, best } = busiestRow(ink, w, h, ends);
    if (!isBaseline(ink, w, h, mode, best)) return;
    eraseRunsEndingAt(ink, w, h, mode);
  }
}

/**
 * Filled boxes behind the bars (zones of supply or demand) end their columns on one row as a
 * baseline's bars do. Where the runs ending on one of the busiest rows start together too, that
 * row is a zone's foot: the zone's fill is erased with its outline, and a line or bars crossing it
 * stay. Run before the plot's lines are removed, so a line drawn across a zone is seen whole.
 */
export function eraseZones(ink: Uint8Array, w: number, h: number, pixels: PlotPixels): void {
  const ends = scratchU32('baseline:ends', h);
  const seen: number[] = [];
  for (let round = 0; round < BASELINE_ROUNDS; round++) {
    const { mode, best } = busiestRow(ink, w, h, ends, seen);
    if (!isBaseline(ink, w, h, mode, best)) return;
    const zone = zoneAbove(ink, w, h, mode, pixels.colourAt);
    if (zone) eraseZone(ink, w, zone, pixels);
    seen.push(mode);
  }
}

/** The plot's pixels (`colourAt`: by index into the plot's mask) and its background. */
export interface PlotPixels {
  colourAt: (p: number) => Rgb;
  bg: Rgb;
}

/** A filled box in the plot (its columns' span, its rows) and its fill. */
interface Zone extends Box {
  fill: Rgb;
}

/**
 * The box whose columns are the runs ending within a row of `mode`, where they are a filled box's
 * (a zone of supply or demand behind the bars): ZONE_SAME_TOP_SHARE of them start together,
 * taller than a line of text. Its fill: each channel's median over the runs' middle pixels. Null
 * where the runs are bars on a baseline (their tops follow their values) or a row of text.
 */
function zoneAbove(ink: Uint8Array, w: number, h: number, mode: number, colourAt: (p: number) => Rgb): Zone | null {
  const runs: { x: number; top: number }[] = [];
  forEachRunEnd(ink, w, h, mode, (x, y) => {
    let top = y;
    while (top > 0 && ink[(top - 1) * w + x]) top--;
    runs.push({ x, top });
  });
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  const top = median(runs.map((r) => r.top));
  const together = runs.filter((r) => Math.abs(r.top - top) <= ZONE_EDGE_PX);
  if (runs.length === 0 || together.length < runs.length * ZONE_SAME_TOP_SHARE) return null;
  if (mode - top + 1 < Math.max(ZONE_MIN_ROWS, h * ZONE_MIN_HEIGHT)) return null;
  const middle = Math.floor((top + mode) / 2);
  const middles = together.map((r) => colourAt(middle * w + r.x));
  const fill: Rgb = [
    median(middles.map((c) => c[0])),
    median(middles.map((c) => c[1])),
    median(middles.map((c) => c[2])),
  ];
  // One fill: boxes of two colours side by side (a one-click panel's sell and buy) are no zone.
  const filled = middles.filter((c) => colourDistance(c, fill) <= ZONE_FILL_DISTANCE).length;
  if (filled < middles.length * ZONE_SAME_TOP_SHARE) return null;
  const xs = together.map((r) => r.x);
  return { left: Math.min(...xs), right: Math.max(...xs), top, bottom: mode, fill };
}

/**
 * A zone's foot is no baseline: its fill goes (and blends of it with the background, at its
 * edges), with its outline and whatever lies along it; a line or bars crossing the zone stay.
 */
function eraseZone(ink: Uint8Array, w: number, zone: Zone, { colourAt, bg }: PlotPixels): void {
  const e = ZONE_EDGE_PX;
  for (let y = zone.top; y <= zone.bottom; y++) {
    for (let x = zone.left, p = y * w + x; x <= zone.right; x++, p++) {
      if (!ink[p]) continue;
      const edge = y - zone.top < e || zone.bottom - y < e || x - zone.left < e || zone.right - x < e;
      const [r, g, b] = colourAt(p);
      if (edge || blendDistanceRgb(r, g, b, zone.fill, bg) <= ZONE_FILL_DISTANCE) ink[p] = 0;
    }
  }
}

/**
 * Whether a run at least three pixels tall ends at pixel `p` (row `y`, at least 2): the pixel
 * below it is no ink. The dots of a dotted line left in the plot (a price line a JPEG smeared
 * over two rows) all end on one row too, and would make it a baseline.
 */
const runEndsAt = (ink: Uint8Array, w: number, h: number, p: number, y: number): boolean =>
  ink[p] !== 0 && (y + 1 === h || ink[p + w] === 0) && ink[p - w] !== 0 && ink[p - 2 * w] !== 0;

/** Calls `at(x, y)` for each run (`runEndsAt`) ending within a row of `mode`. */
function forEachRunEnd(ink: Uint8Array, w: number, h: number, mode: number, at: (x: number, y: number) => void): void {
  for (let y = Math.max(2, mode - 1); y <= Math.min(h - 1, mode + 1); y++)
    for (let x = 0, p = y * w; x < w; x++, p++) if (runEndsAt(ink, w, h, p, y)) at(x, y);
}

/**
 * The row where most runs end, with the rows beside it (`mode`), and how many end there (`best`);
 * rows within one of a row already weighed (`passed`) are not counted again.
 */
function busiestRow(
  ink: Uint8Array,
  w: number,
  h: number,
  ends: Uint32Array,
  passed: readonly number[] = [],
): { mode: number; best: number } {
  ends.fill(0);
  // Row by row (memory order), the runs at least three pixels tall that end there (`runEndsAt`).
  const words = wordsOf(ink);
  for (let y = 2; y < h; y++) {
    const base = y * w;
    const end = base + w;
    let n = 0;
    for (let p = nextSet(ink, words, base, end); p < end; p = nextSet(ink, words, p + 1, end)) {
      if (runEndsAt(ink, w, h, p, y)) n++;
    }
    ends[y] = passed.some((foot) => Math.abs(foot - y) <= 1) ? 0 : n;
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
  return { mode, best };
}

/**
 * Runs end there in 15% of the plot's columns; at the foot of the pane, where volume stands,
 * in 15% of the columns they span (a short series stands in part of a wide plot, and so does
 * its volume) and 8% of the plot's. Higher up, a legend's row would pass that, its glyphs cut
 * to their bottoms and no longer erased as text.
 */
function isBaseline(ink: Uint8Array, w: number, h: number, mode: number, best: number): boolean {
  let first = w;
  let last = -1;
  forEachRunEnd(ink, w, h, mode, (x) => {
    first = Math.min(first, x);
    last = Math.max(last, x);
  });
  const foot = mode >= h * BASELINE_FOOT;
  return !(best < (foot ? Math.max((last - first + 1) * BASELINE_SHARE, w * BASELINE_FOOT_SHARE) : w * BASELINE_SHARE));
}

/** Whether the run ending at (x, y) is DASH_HEIGHT tall or more. */
function tall(ink: Uint8Array, w: number, x: number, y: number): boolean {
  let k = 0;
  while (k < DASH_HEIGHT && y - k >= 0 && ink[(y - k) * w + x]) k++;
  return k >= DASH_HEIGHT;
}

/**
 * Erases the runs ending within a row of `mode`. The dashes of a price line left in the plot
 * (a JPEG smears a thin line over three or four rows) all end on one row too. Then only the
 * dashes go: the last candle's close is on that line, and the candle must stay.
 */
function eraseRunsEndingAt(ink: Uint8Array, w: number, h: number, mode: number): void {
  let short = 0;
  let runs = 0;
  for (let y = Math.max(0, mode - 1); y <= Math.min(h - 1, mode + 1); y++) {
    for (let x = 0; x < w; x++) {
      if (!ink[y * w + x] || (y + 1 < h && ink[(y + 1) * w + x])) continue;
      runs++;
      if (!tall(ink, w, x, y)) short++;
    }
  }
  const dashes = short > runs * DASH_SHARE;
  // Erased runs, as column, top and bottom: a JPEG blurs a bar's edge columns so they end a
  // row or two off the baseline, and the columns beside each erased run go with it.
  const erased: number[] = [];
  for (let x = 0; x < w; x++) {
    for (let y = Math.max(0, mode - 1); y <= Math.min(h - 1, mode + 1); y++) {
      if (!ink[y * w + x] || (y + 1 < h && ink[(y + 1) * w + x])) continue;
      if (dashes && tall(ink, w, x, y)) continue;
      let k = y;
      for (; k >= 0 && ink[k * w + x]; k--) ink[k * w + x] = 0;
      erased.push(x, k + 1, y);
    }
  }
  for (let i = 0; i < erased.length; i += 3) {
    const x = erased[i] ?? 0;
    for (const xx of [x - 1, x + 1]) {
      if (xx < 0 || xx >= w) continue;
      for (let y = erased[i + 1] ?? 0; y <= Math.min(h - 1, (erased[i + 2] ?? 0) + BASELINE_BLUR_ROWS); y++)
        ink[y * w + xx] = 0;
    }
  }
}
