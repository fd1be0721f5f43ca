/**
 * Dense series: bars one or two pixels apart touch (a phone's capture, MetaTrader's 1-px OHLC
 * bars at 750 px), so detectCandles finds no separate pieces. Read instead as a column profile:
 * per column, the vertical run of the series' colours, and columns grouped into bars. A fallback
 * for when detectCandles answers no series.
 */
import { CHROMATIC, chroma, INK_CONTRAST, sameHue, type Box, type Raster, type Rgb } from '../raster.js';
import { scratchI32, scratchU32, scratchU8 } from '../scratch.js';
import {
  BLEND_MIX_MAX,
  BLEND_MIX_MIN,
  BLEND_OFF_SHARE,
  BLEND_RADIUS,
  BOTTOM_MARGIN,
  CLUSTER_RADIUS,
  DENSE_BASELINE_SHARE,
  DENSE_MAX_BARS,
  DENSE_MIN_HEIGHT,
  DENSE_MIN_QUALITY,
  DENSE_MIN_SPAN,
  MAX_CLUSTERS,
  MIN_BARS,
  MIN_CLUSTER_SHARE,
  MIN_CONTIGUITY,
  MIN_EXTENT,
  MIN_RANGE,
  RUN_GAP,
  SAME_HUE,
  SERIES_COVER,
  SERIES_RUN,
  STRETCH_GAP,
  STRETCH_GAP_SHARE,
} from './params.js';
import type { CandleDetection, PixelCandle } from './series.js';

interface Colour {
  colour: Rgb;
  count: number;
}

/**
 * The series of a plot whose bars touch, or null when the plot holds no such series: ink →
 * colours → the series' colours (tall runs over many columns) → one run a column → checks that
 * it is a price series (one stretch, no baseline, ranges beyond a line's slope, scaled to the
 * pane) → columns grouped into OHLC bars.
 *
 * `tagged`: the chart's own tag in the series' colours stands where the series ends (the caller
 * checks), so the plot holds a price series: bars thinner than a pixel, drawn in shades of their
 * colours and in blends of the two, are read as one series, and a track as flat as a line is
 * taken. Without a tag, shades of the candles' colours are as likely an oscillator's lines in a
 * pane below, and a flat track an equity curve.
 */
export function readDense(r: Raster, plot: Box, plotBg: Rgb, { tagged = false } = {}): CandleDetection | null {
  const box = { left: plot.left + 1, top: plot.top + 1, right: plot.right - 1, bottom: plot.bottom - 1 };
  const w = box.right - box.left;
  const h = box.bottom - box.top;
  if (w < MIN_BARS || h < DENSE_MIN_HEIGHT) return null;
  const { colours, binOf } = inkColours(r, box, plotBg, tagged);
  if (colours.length === 0) return null;
  const labels = labelColumns(r, box, plotBg, binOf);
  const series = seriesColours(labels, w, h, colours.length);
  if (series.length === 0) return null;
  const runs = chooseRuns(labels, w, h, tagged ? [...series, ...blends(colours, series)] : series);
  if (!runs) return null;
  if (onBaseline(runs.top, w, h) || onBaseline(runs.bottom, w, h)) return null;
  if (!tagged && rangeBeyondSlope(runs) < MIN_RANGE) return null;
  if (extent(runs) < h * MIN_EXTENT) return null;
  const quality = runs.contiguity * 0.5 + runs.linked * 0.5;
  if (quality < DENSE_MIN_QUALITY) return null;
  const candles = groupBars(runs.top, runs.bottom, runs.first, runs.last, box);
  if (candles.length < MIN_BARS) return null;
  return {
    kind: 'ohlc',
    candles,
    lines: [],
    colours: series.map((c) => colours[c - 1]?.colour ?? plotBg),
    quality,
  };
}

/**
 * The ink's colours: 4-bit bins, largest first, merged within CLUSTER_RADIUS; and per bin the
 * colour it joined (index + 1, 0 for none).
 */
function inkColours(r: Raster, box: Box, bg: Rgb, shades: boolean): { colours: Colour[]; binOf: Uint32Array } {
  const count = scratchU32('dense:n', 4096);
  const sums = scratchU32('dense:sums', 3 * 4096);
  const used: number[] = [];
  const data = r.data;
  const limit = INK_CONTRAST * INK_CONTRAST;
  for (let y = box.top; y < box.bottom; y++) {
    let i = (y * r.width + box.left) * 3;
    for (let x = box.left; x < box.right; x++, i += 3) {
      const cr = data[i]!;
      const cg = data[i + 1]!;
      const cb = data[i + 2]!;
      const dr = cr - bg[0];
      const dg = cg - bg[1];
      const db = cb - bg[2];
      if (dr * dr + dg * dg + db * db <= limit) continue;
      const key = ((cr >> 4) << 8) | ((cg >> 4) << 4) | (cb >> 4);
      if (count[key]!++ === 0) used.push(key);
      sums[key * 3] += cr;
      sums[key * 3 + 1] += cg;
      sums[key * 3 + 2] += cb;
    }
  }
  const bins = used.map((k) => ({ key: k, n: count[k]! })).sort((a, b) => b.n - a.n);
  const total = bins.reduce((s, b) => s + b.n, 0);
  const colours: Colour[] = [];
  for (const { key, n } of bins) {
    const c: Rgb = [sums[key * 3]! / n, sums[key * 3 + 1]! / n, sums[key * 3 + 2]! / n];
    let host = -1;
    let best = CLUSTER_RADIUS;
    colours.forEach((k, j) => {
      const d = distance(c, k.colour);
      if (d < best) {
        best = d;
        host = j;
      }
    });
    // Bars thinner than a pixel are drawn in shades of their colour (blended with the background
    // and with each other): a strong colour of the same hue is the same bars'.
    if (host < 0 && shades) host = colours.findIndex((k) => sameHue(c, k.colour, SAME_HUE));
    if (host < 0 && n >= total * MIN_CLUSTER_SHARE && colours.length < MAX_CLUSTERS) {
      colours.push({ colour: c, count: n });
      host = colours.length - 1;
    } else if (host >= 0) colours[host]!.count += n;
    count[key] = host + 1;
  }
  return { colours, binOf: count };
}

/**
 * Colours (indices + 1) that are mixes of the two series colours: bars thinner than a pixel,
 * up beside down, blend into one column of neither colour.
 */
function blends(colours: Colour[], series: number[]): number[] {
  const [a, b] = series.map((c) => colours[c - 1]?.colour);
  if (!a || !b) return [];
  const found: number[] = [];
  colours.forEach((k, j) => {
    if (series.includes(j + 1)) return;
    const c = k.colour;
    const d = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    const len2 = d[0]! * d[0]! + d[1]! * d[1]! + d[2]! * d[2]! || 1;
    const t = ((c[0] - a[0]) * d[0]! + (c[1] - a[1]) * d[1]! + (c[2] - a[2]) * d[2]!) / len2;
    // Near the mix of the two colours, with a hue of its own: a grey (text, a crosshair) can lie
    // near the mix of two colours of opposite hues.
    if (t < BLEND_MIX_MIN || t > BLEND_MIX_MAX || chroma(c) < CHROMATIC / 2) return;
    const off = Math.hypot(c[0] - a[0] - t * d[0]!, c[1] - a[1] - t * d[1]!, c[2] - a[2] - t * d[2]!);
    if (off <= Math.min(BLEND_RADIUS, Math.sqrt(len2) * BLEND_OFF_SHARE)) found.push(j + 1);
  });
  return found;
}

const distance = (a: Rgb, b: Rgb): number => {
  const dr = a[0] - b[0];
  const dg = a[1] - b[1];
  const db = a[2] - b[2];
  return Math.sqrt(dr * dr + dg * dg + db * db);
};

/** Each pixel's colour (index + 1, 0 = background), column by column so runs read contiguously. */
function labelColumns(r: Raster, box: Box, bg: Rgb, binOf: Uint32Array): Uint8Array {
  const w = box.right - box.left;
  const h = box.bottom - box.top;
  const labels = scratchU8('dense:labels', w * h);
  const data = r.data;
  const limit = INK_CONTRAST * INK_CONTRAST;
  for (let y = 0; y < h; y++) {
    let i = ((y + box.top) * r.width + box.left) * 3;
    for (let x = 0; x < w; x++, i += 3) {
      const cr = data[i]!;
      const cg = data[i + 1]!;
      const cb = data[i + 2]!;
      const dr = cr - bg[0];
      const dg = cg - bg[1];
      const db = cb - bg[2];
      if (dr * dr + dg * dg + db * db <= limit) continue;
      labels[x * h + y] = binOf[((cr >> 4) << 8) | ((cg >> 4) << 4) | (cb >> 4)]!;
    }
  }
  return labels;
}

/**
 * The colours drawing the series: tall runs (a column's longest, not standing on the plot's
 * bottom) at the median column, over a good share of the columns. A column is taken with its
 * right neighbour, as OHLC bars two pixels apart alternate a stem and a column of 1-px ticks.
 * Up to two colours (up and down bars).
 */
function seriesColours(labels: Uint8Array, w: number, h: number, n: number): number[] {
  const start = scratchI32('dense:start', n + 1, -1);
  const last = scratchI32('dense:last', n + 1, -1);
  // Per colour and column the longest run: colour c's columns at c * w.
  const longest = scratchI32('dense:longest', (n + 1) * w);
  const close = (c: number, x: number) => {
    const s = start[c]!;
    const e = last[c]!;
    const i = c * w + x;
    if (s >= 0 && e < h - 1 - BOTTOM_MARGIN) longest[i] = Math.max(longest[i]!, e - s + 1);
    start[c] = -1;
    last[c] = -1;
  };
  for (let x = 0; x < w; x++) {
    const base = x * h;
    for (let y = 0; y < h; y++) {
      const c = labels[base + y]!;
      if (c === 0) continue;
      if (last[c]! >= 0 && y - last[c]! <= RUN_GAP + 1) last[c] = y;
      else {
        close(c, x);
        start[c] = y;
        last[c] = y;
      }
    }
    for (let c = 1; c <= n; c++) close(c, x);
  }
  const lengths = scratchI32('dense:lengths', h + 1);
  const cover = scratchI32('dense:cover', n + 1);
  const kept: number[] = [];
  for (let c = 1; c <= n; c++) {
    lengths.fill(0);
    const row = c * w;
    for (let x = 0; x < w; x++) {
      const l = longest[row + x]!;
      if (l === 0) continue;
      cover[c]!++;
      lengths[Math.max(l, x + 1 < w ? longest[row + x + 1]! : 0)]!++;
    }
    const covered = cover[c]!;
    if (covered < w * SERIES_COVER) continue;
    let seen = 0;
    let median = 0;
    for (let l = 1; l <= h; l++) {
      seen += lengths[l]!;
      if (seen * 2 >= covered) {
        median = l;
        break;
      }
    }
    if (median >= SERIES_RUN) kept.push(c);
  }
  return kept.sort((a, b) => cover[b]! - cover[a]!).slice(0, 2);
}

interface Runs {
  /** Per column (plot-inset relative) the chosen run's rows, -1 where none. */
  top: Int32Array;
  bottom: Int32Array;
  first: number;
  last: number;
  contiguity: number;
  /** Share of neighbouring covered columns whose runs overlap or touch. */
  linked: number;
}

/**
 * Per column one run of the series' colours: the one continuing the previous column's, else the
 * longest. Runs standing on the plot's bottom are volume. The series is the longest stretch of
 * columns without a wide gap (a legend's line icons, a marker beyond the last bar stand apart);
 * null when that is not most of the plot.
 */
// eslint-disable-next-line max-lines-per-function -- one pass per column over borrowed scratch arrays (tops, bottoms, gaps); the hot loop of dense charts, kept whole so it allocates nothing
function chooseRuns(labels: Uint8Array, w: number, h: number, series: number[]): Runs | null {
  const inSeries = scratchU8('dense:series', 256);
  for (const c of series) inSeries[c] = 1;
  const top = scratchI32('dense:top', w, -1);
  const bottom = scratchI32('dense:bottom', w, -1);
  // 1 where a column's run overlaps or touches the one in the column before it.
  const linkedTo = scratchU8('dense:linked', w);
  let prevTop = -1;
  let prevBottom = -1;
  for (let x = 0; x < w; x++) {
    const base = x * h;
    let bestTop = -1;
    let bestBottom = -1;
    let bestLinked = false;
    let s = -1;
    let e = -1;
    const consider = () => {
      if (s < 0 || e >= h - 1 - BOTTOM_MARGIN) return;
      const touches = prevTop >= 0 && s <= prevBottom + 1 && e >= prevTop - 1;
      const longer = e - s > bestBottom - bestTop;
      if ((touches && (!bestLinked || longer)) || (!touches && !bestLinked && longer)) {
        bestTop = s;
        bestBottom = e;
        bestLinked = touches;
      }
    };
    for (let y = 0; y < h; y++) {
      if (inSeries[labels[base + y]!] === 0) continue;
      if (e >= 0 && y - e <= RUN_GAP + 1) e = y;
      else {
        consider();
        s = y;
        e = y;
      }
    }
    consider();
    if (bestTop < 0) continue;
    top[x] = bestTop;
    bottom[x] = bestBottom;
    if (bestLinked && x > 0 && top[x - 1]! >= 0) linkedTo[x] = 1;
    prevTop = bestTop;
    prevBottom = bestBottom;
  }
  const { first, last } = longestStretch(top, w, Math.max(STRETCH_GAP, Math.round(w * STRETCH_GAP_SHARE)));
  if (first < 0) return null;
  let covered = 0;
  let pairs = 0;
  let linked = 0;
  for (let x = 0; x < w; x++) {
    if (x < first || x > last) {
      top[x] = -1;
      bottom[x] = -1;
    } else if (top[x]! >= 0) {
      covered++;
      if (x > first && top[x - 1]! >= 0) {
        pairs++;
        linked += linkedTo[x]!;
      }
    }
  }
  const span = last - first + 1;
  const contiguity = covered / span;
  if (contiguity < MIN_CONTIGUITY || span < w * DENSE_MIN_SPAN || pairs === 0) return null;
  return { top, bottom, first, last, contiguity, linked: linked / pairs };
}

/** The stretch of covered columns (top ≥ 0) with the most columns, gaps up to `gap` columns inside. */
function longestStretch(top: Int32Array, w: number, gap: number): { first: number; last: number } {
  let best = { first: -1, last: -1, n: 0 };
  let first = -1;
  let last = -1;
  let n = 0;
  for (let x = 0; x <= w; x++) {
    const covered = x < w && top[x]! >= 0;
    if (!covered && (x === w || x - last > gap)) {
      if (n > best.n) best = { first, last, n };
      if (x - last > gap) {
        first = -1;
        n = 0;
      }
      continue;
    }
    if (!covered) continue;
    if (first < 0) first = x;
    last = x;
    n++;
  }
  return { first: best.first, last: best.last };
}

/** Rows from the series' highest top to its lowest bottom. */
function extent({ top, bottom, first, last }: Runs): number {
  let high = Infinity;
  let low = -Infinity;
  for (let x = first; x <= last; x++) {
    if (top[x]! < 0) continue;
    high = Math.min(high, top[x]!);
    low = Math.max(low, bottom[x]!);
  }
  return low - high + 1;
}

/**
 * The median over neighbouring columns of the longer run less the move of their middles. A
 * column is taken with its neighbour, as OHLC bars two pixels apart alternate a stem and ticks.
 */
function rangeBeyondSlope({ top, bottom, first, last }: Runs): number {
  const excess: number[] = [];
  for (let x = first + 1; x <= last; x++) {
    if (top[x]! < 0 || top[x - 1]! < 0) continue;
    const run = Math.max(bottom[x]! - top[x]!, bottom[x - 1]! - top[x - 1]!) + 1;
    excess.push(run - Math.abs(top[x]! + bottom[x]! - top[x - 1]! - bottom[x - 1]!) / 2);
  }
  excess.sort((a, b) => a - b);
  return excess[excess.length >> 1] ?? 0;
}

/** A histogram (volume, a P&L chart): many runs end on one row, or start on one. */
function onBaseline(rows: Int32Array, w: number, h: number): boolean {
  const at = scratchI32('dense:rows', h + 2);
  let n = 0;
  for (let x = 0; x < w; x++) {
    const y = rows[x]!;
    if (y < 0) continue;
    at[y + 1]!++;
    n++;
  }
  for (let y = 1; y <= h; y++) if (at[y - 1]! + at[y]! + at[y + 1]! >= n * DENSE_BASELINE_SHARE) return true;
  return false;
}

/**
 * Columns grouped k at a time into bars (at most DENSE_MAX_BARS): the group's range, its first column's
 * middle as the open, its last's as the close. The last column is a bar of its own, so the last
 * price is not smeared over the group.
 */
function groupBars(top: Int32Array, bottom: Int32Array, first: number, last: number, box: Box): PixelCandle[] {
  const columns = last - first + 1;
  const k = Math.max(1, Math.ceil(columns / DENSE_MAX_BARS));
  const candles: PixelCandle[] = [];
  const mid = (x: number) => box.top + (top[x]! + bottom[x]!) / 2;
  for (let g = first; g < last; g += k) {
    const end = Math.min(last - 1, g + k - 1);
    let high = Infinity;
    let low = -Infinity;
    let open = -1;
    let close = -1;
    let sumX = 0;
    let n = 0;
    for (let x = g; x <= end; x++) {
      if (top[x]! < 0) continue;
      high = Math.min(high, top[x]!);
      low = Math.max(low, bottom[x]!);
      if (open < 0) open = x;
      close = x;
      sumX += x;
      n++;
    }
    if (n === 0) continue;
    candles.push({
      x: box.left + sumX / n,
      open: mid(open),
      high: box.top + high,
      low: box.top + low,
      close: mid(close),
    });
  }
  const m = mid(last);
  candles.push({ x: box.left + last, open: m, high: box.top + top[last]!, low: box.top + bottom[last]!, close: m });
  return candles;
}
