/**
 * Bar spacing: bars repeat at one spacing, so the candle ink's profile column by column
 * repeats too. The spacing is read from that profile (a comb over its autocorrelation), checked
 * against the thin strokes' profile (wicks repeat once a bar) and against the pieces themselves.
 */
import type { Blob } from '../components.js';
import { scratchF64, scratchU32 } from '../scratch.js';
import { nextSet, wordsOf } from '../sparse.js';
import { horizontalRuns } from './lines.js';
import {
  COMB_STEP,
  EVEN_MIN_RATIO,
  EVEN_OFF_WHOLE,
  EVEN_SHARE,
  FRAGMENT_SHARE,
  MAX_LAG_DIVISOR,
  MIN_BARS,
  MIN_COMB,
  MIN_PIECES,
  MIN_PROFILE,
  MIN_SPACING,
  NEAR_GAP,
  OUTLINE_STROKES,
  PEAK_NEAR,
  PEAK_SHARE,
  STROKE_PEAK_SHARE,
  THIN_STROKE,
  WHOLE_BAR_MAX_WIDTH,
  WHOLE_BAR_SHARE,
  WHOLE_BAR_SPREAD,
  WHOLE_BAR_WIDTH,
  WHOLE_MULTIPLE,
  WHOLE_STROKES,
  WICK_RATIO_MAX,
  WICK_RATIO_MIN,
} from './params.js';

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
  if (n < MIN_PROFILE) return null;
  const level = (x: number): number => Math.log1p(columns[x] ?? 0);
  const values = scratchF64('period:values', n);
  for (let x = first; x <= last; x++) values[x - first] = (level(x - 1) + 2 * level(x) + level(x + 1)) / 4;
  for (let i = 0; i + 1 < n; i++) values[i] = values[i + 1]! - values[i]!;
  values[n - 1] = 0;
  // Spacings up to a sixteenth of the span: longer candidates pick up chance correlations
  // where the bars are too dense to show a period. Fewer, wider bars (a zoomed-in chart) give a
  // divisor of their spacing here, which `wholeBars` corrects from the pieces.
  const maxLag = Math.floor(n / MAX_LAG_DIVISOR);
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
  for (let p = MIN_SPACING; p <= maxLag / 2; p *= COMB_STEP) {
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
    combs.some(([q, v], i) => Math.abs(q / p - 1) <= PEAK_NEAR && v >= best * share && isPeak(i));
  const chosen = best > variance * MIN_COMB ? combs.findIndex(([, v], i) => v >= best * PEAK_SHARE && isPeak(i)) : -1;
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
    const whole = Math.abs(period / strokes - k) <= WHOLE_STROKES * k;
    if (k >= 2 && k !== OUTLINE_STROKES && whole && edges.peaksNear(strokes, STROKE_PEAK_SHARE)) period = strokes;
    // Wicks further apart than the edges' period, but not twice as far (missing wicks would
    // make a whole multiple): touching bodies gave the edges a period of their own, and the
    // wicks, one to a bar, are the spacing. The pieces are then runs of touching bars, however
    // evenly they stand.
    const ratio = strokes / period;
    if (ratio > WICK_RATIO_MIN && ratio < WICK_RATIO_MAX && edges.peaksNear(strokes, STROKE_PEAK_SHARE)) return strokes;
  }
  return evenPieces(wholeBars(period, pieces), pieces);
}

/** Pieces that are not fragments (a wick cut off by an overlay line): a quarter of the median size or more. */
function withoutFragments(pieces: Blob[]): Blob[] {
  const sizes = pieces.map((p) => p.pixels).sort((a, b) => a - b);
  const median = sizes[(sizes.length - 1) >> 1] ?? 0;
  return pieces.filter((p) => p.pixels >= median * FRAGMENT_SHARE);
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
  const near = gaps.filter((g) => Math.abs(g - gap) <= gap * NEAR_GAP);
  const widths = pieces.map((p) => p.right - p.left + 1).sort((a, b) => a - b);
  if (near.length < gaps.length * EVEN_SHARE || (widths[widths.length >> 1] ?? 0) >= gap) return period;
  const spacing = near.reduce((s, g) => s + g, 0) / near.length;
  const ratio = period / spacing;
  return ratio >= EVEN_MIN_RATIO && Math.abs(ratio - Math.round(ratio)) > EVEN_OFF_WHOLE ? spacing : period;
}

/** Ink per column in horizontal runs of at most three pixels: wicks, stems and outlines. */
export function thinColumns(mask: Uint8Array, w: number, h: number): Uint32Array {
  const runs = horizontalRuns(mask, w, h);
  const thin = scratchU32('candles:thin', w);
  const words = wordsOf(mask);
  for (let y = 0; y < h; y++) {
    const start = y * w;
    const end = start + w;
    for (let p = nextSet(mask, words, start, end); p < end; p = nextSet(mask, words, p + 1, end))
      if (runs[p]! <= THIN_STROKE) thin[p - start]!++;
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
  if (period < MIN_SPACING || pieces.length < MIN_PIECES) return period;
  const widths = pieces.map((p) => p.right - p.left + 1).sort((a, b) => a - b);
  const width = quantile(widths, 0.5);
  if (width <= period * WHOLE_BAR_WIDTH || quantile(widths, 0.75) - quantile(widths, 0.25) > width * WHOLE_BAR_SPREAD)
    return period;
  const centres = pieces.map((p) => (p.left + p.right) / 2).sort((a, b) => a - b);
  const gaps = centres
    .slice(1)
    .map((c, i) => c - (centres[i] ?? c))
    .sort((a, b) => a - b);
  const gap = quantile(gaps, 0.5);
  const k = Math.round(gap / period);
  const near = gaps.filter((g) => Math.abs(g - gap) <= gap * NEAR_GAP);
  if (k < 2 || Math.abs(gap / period - k) > WHOLE_MULTIPLE || near.length < gaps.length * WHOLE_BAR_SHARE)
    return period;
  const spacing = near.reduce((s, g) => s + g, 0) / near.length;
  // A price chart shows a dozen bars at least, and leaves room between them: pieces fewer and
  // further apart than that, or nearly as wide as their distance, are runs of touching bars (a
  // dense chart halved), as evenly spaced as they may look.
  const span = (centres[centres.length - 1] ?? 0) - (centres[0] ?? 0);
  return span / spacing < MIN_BARS - 1 || width > spacing * WHOLE_BAR_MAX_WIDTH ? period : spacing;
}

/** Ink pixels per column. */
export function columnCounts(mask: Uint8Array, w: number, h: number, out: Uint32Array): Uint32Array {
  const words = wordsOf(mask);
  for (let y = 0; y < h; y++) {
    const start = y * w;
    const end = start + w;
    for (let p = nextSet(mask, words, start, end); p < end; p = nextSet(mask, words, p + 1, end))
      out[p - start]! += mask[p]!;
  }
  return out;
}
