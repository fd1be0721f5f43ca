/**
 * A line chart: the price drawn as one line of closes (MetaTrader's line mode, a phone app's
 * chart). It has no pieces to be bars, so `detectCandles` and `readDense` find no series in it.
 * The line is one colour that, traced from its right end leftwards column by column, runs on
 * across most of the plot as a thin stroke that turns up and down; moving averages do too, and
 * so do an equity curve and a business chart's line. What makes it the price is the chart's own
 * mark: a box on the axis at the row where it ends (the platform's last-price tag or bid). Only a
 * line the axis marks so is read: the one such line, or of several the one that turns most often
 * by far (moving averages ending where the price does are the price smoothed).
 *
 * Its columns are grouped into bars of a few columns each (open and close where the line enters
 * and leaves them, high and low its extent there), so the stages after this one read it as they
 * read candles.
 */
import { colourDistance, INK_CONTRAST, rgbAt, sameHue, type Box, type Raster, type Rgb } from '../raster.js';
import { scratchU8 } from '../scratch.js';
import { seriesInk } from './detect.js';
import { clusterColours, labelInk } from './ink.js';
import {
  LINE_ALONG_COLUMNS,
  LINE_BAR_COLUMNS,
  LINE_COVERAGE,
  LINE_CUT_ROWS,
  LINE_GAP_COLUMNS,
  LINE_MAX_THICKNESS_PX,
  LINE_MAX_THICKNESS_SHARE,
  LINE_MIN_EXTENT,
  LINE_MIN_SPAN,
  LINE_MIN_TURNS,
  LINE_REACH_PX,
  LINE_SAME_INK,
  LINE_SLOPE_COLUMNS,
  LINE_SMOOTHED,
  LINE_START_SHARE,
  LINE_TURN_PX,
  LINE_UNDER_BOX_COLUMNS,
  LINE_UNDER_END_COLUMNS,
  LINE_UNDER_FILL_ROWS,
  LINE_UNDER_WIDEST,
  MIN_BARS,
  MIN_PLOT,
  SAME_HUE,
} from './params.js';
import { seriesQuality, type CandleDetection, type PixelCandle, type PlotLine } from './series.js';

/** A colour's line traced through the plot: per plot column its run of rows, -1 where none. */
export interface LineTrace {
  colour: Rgb;
  /** The first and last columns traced (plot-relative). */
  first: number;
  last: number;
  top: Int32Array;
  bottom: Int32Array;
  /** Columns between the line and its end past a box drawn over it (`underBox`): not seen. */
  hidden?: number;
}

/**
 * The runs of the line's colours (`of[cluster]` set) in plot column `x`, top to bottom, as [top,
 * bottom] rows; runs a few rows apart are one (a horizontal line across the plot, the bid's or an
 * order's, erased where it crosses a steep stretch of the price line, cuts its column in two).
 */
function runsIn(label: Uint8Array, of: Uint8Array, x: number, w: number, h: number): [number, number][] {
  const runs: [number, number][] = [];
  for (let y = 0; y < h; y++) {
    if (!of[label[y * w + x]!]) continue;
    const top = y;
    while (y + 1 < h && of[label[(y + 1) * w + x]!]) y++;
    const before = runs[runs.length - 1];
    if (before && top - before[1] - 1 <= LINE_CUT_ROWS) before[1] = y;
    else runs.push([top, y]);
  }
  return runs;
}

/**
 * The rows a trace moves per column leftwards at column `x`, from the column LINE_SLOPE_COLUMNS to
 * its right (0 where either is not traced).
 */
function slopeAt(top: Int32Array, bottom: Int32Array, x: number): number {
  const to = x + LINE_SLOPE_COLUMNS;
  if (to >= top.length || (top[to] ?? -1) < 0 || (top[x] ?? -1) < 0) return 0;
  const mid = (c: number): number => ((top[c] ?? 0) + (bottom[c] ?? 0)) / 2;
  return (mid(x) - mid(to)) / LINE_SLOPE_COLUMNS;
}

/** The row of a horizontal line within LINE_CUT_ROWS of a run, if any. */
const levelBeside = (levels: readonly number[], run: readonly [number, number]): number | undefined =>
  levels.find((y) => y >= run[0] - LINE_CUT_ROWS && y <= run[1] + LINE_CUT_ROWS);

/**
 * The line's colours (`of`) traced leftwards from column `x` (its run there the thinnest: a line
 * has one, a fill or a text several): in each column the run that touches the one beside it (a
 * steep stretch spans the rows between its neighbours'), across gaps of a few columns (a label
 * erased over it, a faint stretch of a thin line in a JPEG, another line drawn over a steep
 * stretch: across a gap the line is looked for where its slope leads as well as beside its last run),
 * and across longer ones from a thin run beside one of the horizontal lines' rows (`levels`) to
 * another beside it.
 */
function traceFrom(
  label: Uint8Array,
  of: Uint8Array,
  colour: Rgb,
  x: number,
  w: number,
  h: number,
  levels: readonly number[],
): LineTrace | null {
  const start = runsIn(label, of, x, w, h).sort((a, b) => a[1] - a[0] - (b[1] - b[0]))[0];
  if (!start) return null;
  const top = new Int32Array(w).fill(-1);
  const bottom = new Int32Array(w).fill(-1);
  top[x] = start[0];
  bottom[x] = start[1];
  let first = x;
  let prev = start;
  let gap = 0;
  // A thin run beside a horizontal line may go on along it: its pixels there were erased with it.
  const along = (run: [number, number]): boolean =>
    run[1] - run[0] <= 2 * LINE_CUT_ROWS && levelBeside(levels, run) !== undefined;
  for (let c = x - 1; c >= 0 && gap <= (along(prev) ? LINE_ALONG_COLUMNS : LINE_GAP_COLUMNS); c--) {
    const reach = LINE_REACH_PX * (1 + Math.min(gap, LINE_GAP_COLUMNS));
    // Across a gap (another line drawn over a steep stretch), the line goes on as it went; along
    // a horizontal line, at its rows, and it leaves that line beside it.
    const led = gap > 0 && gap <= LINE_GAP_COLUMNS;
    const shift = led ? Math.round(slopeAt(top, bottom, first) * (first - c)) : 0;
    const [from, to] = [Math.min(prev[0], prev[0] + shift) - reach, Math.max(prev[1], prev[1] + shift) + reach];
    let best: [number, number] | null = null;
    let bestOverlap = -Infinity;
    for (const run of runsIn(label, of, c, w, h)) {
      const overlap = Math.min(run[1], to) - Math.max(run[0], from);
      if (overlap >= 0 && overlap > bestOverlap && (gap <= LINE_GAP_COLUMNS || along(run))) {
        best = run;
        bestOverlap = overlap;
      }
    }
    if (!best) {
      gap++;
      continue;
    }
    top[c] = best[0];
    bottom[c] = best[1];
    prev = best;
    first = c;
    gap = 0;
  }
  return { colour, first, last: x, top, bottom };
}

/** What a line's trace is made of, and may cross, besides its own colour's gaps. */
export interface TraceAround {
  /** Clusters of one colour with it (alikeClusters): its ink too. */
  alike?: readonly number[];
  /** Rows (plot-relative) of the solid horizontal lines across the plot that are no grid's. */
  levels?: readonly number[];
  /**
   * The rows of the fill at plot column `x`, LINE_UNDER_FILL_ROWS deep or more, that reaches into
   * rows `from` to `to` (a box drawn over the plot), or null.
   */
  fillAt?: (x: number, from: number, to: number) => readonly [number, number] | null;
}

/**
 * Colour `k`'s line: traced from its rightmost column in the right part of the plot, and again
 * from left of that trace while it is too short to be a line (it started on a tag's edge or a
 * label's remains). Null where none is long enough. A short stretch first traced goes on the
 * line where a box drawn over the plot (an object's label) lies between them (`underBox`). The
 * line's end beside a level (the bid's line, which erased its last rows) reaches it.
 */
export function traceColour(
  label: Uint8Array,
  k: number,
  colour: Rgb,
  w: number,
  h: number,
  { alike = [], levels = [], fillAt }: TraceAround = {},
): LineTrace | null {
  const of = new Uint8Array(256);
  for (const c of [k, ...alike]) of[c] = 1;
  const from = Math.floor(w * (1 - LINE_START_SHARE));
  let end: LineTrace | null = null;
  for (let x = w - 1; x >= from; x--) {
    const trace = traceFrom(label, of, colour, x, w, h, levels);
    if (!trace) continue;
    if (trace.last - trace.first + 1 >= w * LINE_MIN_SPAN)
      return toLevel(end && fillAt ? underBox(trace, end, fillAt) : trace, levels);
    end ??= trace;
    x = trace.first;
  }
  return null;
}

/** The trace, its last run reaching the level beside it where there is one. */
function toLevel(trace: LineTrace, levels: readonly number[]): LineTrace {
  const run = [trace.top[trace.last]!, trace.bottom[trace.last]!] as const;
  const level = levelBeside(levels, run);
  if (level === undefined) return trace;
  const [top, bottom] = [trace.top.slice(), trace.bottom.slice()];
  [top[trace.last], bottom[trace.last]] = [Math.min(run[0], level), Math.max(run[1], level)];
  return { ...trace, top, bottom };
}

/**
 * The line's trace joined to `end`, the stretch traced first right of it, where a box drawn over
 * the plot lies between them: the line passed under it. `end` is a line's stretch, not a glyph's
 * remains (LINE_UNDER_END_COLUMNS long or more, and moving: a level's label lies flat); every
 * column between them, but a gap's few beside either edge, holds a fill (`fillAt`) with the same
 * top and bottom rows, at least LINE_UNDER_BOX_COLUMNS of them and no more than LINE_UNDER_WIDEST
 * of the plot; and the line goes under the fill and comes out beside its rows. Else the trace alone.
 */
function underBox(trace: LineTrace, end: LineTrace, fillAt: NonNullable<TraceAround['fillAt']>): LineTrace {
  const w = trace.top.length;
  if (end.last - end.first + 1 < LINE_UNDER_END_COLUMNS) return trace;
  if (end.first - trace.last - 1 > w * LINE_UNDER_WIDEST) return trace;
  const rows: number[] = [];
  for (let x = end.first; x <= end.last; x++) if (end.top[x]! >= 0) rows.push(centre(end, x));
  if (Math.max(...rows) - Math.min(...rows) < LINE_TURN_PX) return trace;
  const ends = [trace.top[trace.last]!, trace.bottom[trace.last]!, end.top[end.first]!, end.bottom[end.first]!];
  const [from, to] = [Math.min(...ends) - LINE_REACH_PX, Math.max(...ends) + LINE_REACH_PX];
  // The line's columns beside the box's edges may be gone as any gap's are.
  const [left, right] = [trace.last + 1 + LINE_GAP_COLUMNS, end.first - LINE_GAP_COLUMNS];
  if (right - left < LINE_UNDER_BOX_COLUMNS) return trace;
  const runs: (readonly [number, number])[] = [];
  for (let x = left; x < right; x++) {
    const run = fillAt(x, from, to);
    if (!run) return trace;
    runs.push(run);
  }
  const median = (ys: number[]): number => ys.sort((a, b) => a - b)[ys.length >> 1]!;
  const box = [median(runs.map((run) => run[0])), median(runs.map((run) => run[1]))] as const;
  // A box's edges are level; the line running along one of them, under or over it, adds its rows.
  const level = (run: readonly [number, number]): boolean => {
    const [top, bottom] = [Math.abs(run[0] - box[0]), Math.abs(run[1] - box[1])];
    return Math.min(top, bottom) <= LINE_CUT_ROWS && Math.max(top, bottom) <= 2 * LINE_MAX_THICKNESS_PX;
  };
  if (!runs.every(level)) return trace;
  const beside = LINE_CUT_ROWS + LINE_REACH_PX;
  if (ends.some((y) => y < box[0] - beside || y > box[1] + beside)) return trace;
  const top = trace.top.slice();
  const bottom = trace.bottom.slice();
  for (let x = end.first; x <= end.last; x++) [top[x], bottom[x]] = [end.top[x]!, end.bottom[x]!];
  return { ...trace, last: end.last, top, bottom, hidden: end.first - trace.last - 1 };
}

const centre = (t: LineTrace, x: number): number => ((t.top[x] ?? 0) + (t.bottom[x] ?? 0)) / 2;

/**
 * How often a price line's trace turns (its direction reversing by more than a few pixels), or
 * null where the trace is no price line's: it runs across most of the plot, inked in nearly every
 * column (or hidden under a box drawn over it), as a thin stroke (a run no taller than the line's
 * thickness plus its move to the next column: a filled area is tall), over a good part of the
 * plot's height, turning up and down (a trend line drawn straight does not).
 */
export function priceLineTurns(t: LineTrace, w: number, h: number): number | null {
  const span = t.last - t.first + 1;
  if (span < w * LINE_MIN_SPAN) return null;
  const xs: number[] = [];
  for (let x = t.first; x <= t.last; x++) if ((t.top[x] ?? -1) >= 0) xs.push(x);
  if (xs.length + (t.hidden ?? 0) < span * LINE_COVERAGE) return null;
  const thickness = xs
    .slice(1)
    .map((x, i) => (t.bottom[x] ?? 0) - (t.top[x] ?? 0) + 1 - Math.abs(centre(t, x) - centre(t, xs[i] ?? x)))
    .sort((a, b) => a - b);
  const median = thickness[thickness.length >> 1] ?? Infinity;
  if (median > Math.max(LINE_MAX_THICKNESS_PX, h * LINE_MAX_THICKNESS_SHARE)) return null;
  const rows = xs.map((x) => centre(t, x));
  if (Math.max(...rows) - Math.min(...rows) < h * LINE_MIN_EXTENT) return null;
  let turns = 0;
  let direction = 0;
  let extreme = rows[0] ?? 0;
  for (const y of rows) {
    if (direction >= 0 && y < extreme - LINE_TURN_PX) {
      if (direction > 0) turns++;
      direction = -1;
      extreme = y;
    } else if (direction <= 0 && y > extreme + LINE_TURN_PX) {
      if (direction < 0) turns++;
      direction = 1;
      extreme = y;
    } else if (direction > 0) extreme = Math.max(extreme, y);
    else if (direction < 0) extreme = Math.min(extreme, y);
  }
  return turns >= LINE_MIN_TURNS ? turns : null;
}

/** Whether a trace is a price line's (`priceLineTurns`). */
export const isPriceLine = (t: LineTrace, w: number, h: number): boolean => priceLineTurns(t, w, h) !== null;

/**
 * Of the lines the axis marks at their ends, the price's: the only one, or the one that turns
 * `LINE_SMOOTHED` times as often per column as each other (a moving average is the price
 * smoothed, and ends where the price does when the two meet). Null where none stands out.
 */
function priceOfMarked(marked: { trace: LineTrace; turns: number }[]): LineTrace | null {
  const rate = (m: { trace: LineTrace; turns: number }): number => m.turns / (m.trace.last - m.trace.first + 1);
  const [first, second] = [...marked].sort((a, b) => rate(b) - rate(a));
  if (!first) return null;
  return !second || rate(first) >= LINE_SMOOTHED * rate(second) ? first.trace : null;
}

/** The trace's columns as bars of LINE_BAR_COLUMNS columns, in image work pixels. */
export function lineBars(t: LineTrace, plot: Box): PixelCandle[] {
  const bars: PixelCandle[] = [];
  for (let x0 = t.first; x0 <= t.last; x0 += LINE_BAR_COLUMNS) {
    const xs: number[] = [];
    for (let x = x0; x < Math.min(t.last + 1, x0 + LINE_BAR_COLUMNS); x++) if ((t.top[x] ?? -1) >= 0) xs.push(x);
    const a = xs[0];
    const b = xs[xs.length - 1];
    if (a === undefined || b === undefined) continue;
    bars.push({
      x: plot.left + (a + b) / 2,
      open: plot.top + centre(t, a),
      close: plot.top + centre(t, b),
      high: plot.top + Math.min(...xs.map((x) => t.top[x] ?? 0)),
      low: plot.top + Math.max(...xs.map((x) => t.bottom[x] ?? 0)),
    });
  }
  // The line's very end is where its last bar closes.
  const end = bars[bars.length - 1];
  if (end) end.close = plot.top + centre(t, t.last);
  return bars;
}

/**
 * The other clusters of cluster k's colour: a little off it, or a shade of its hue. A JPEG or
 * antialiasing splits one line's ink into clusters, the steep stretches in one and the flat ones
 * in another; a JPEG keeps a thin line's colour coarsely (once per 2 × 2 pixels), so its pixels
 * come out lighter or darker by where the line passes, each shade a cluster of its own, of one hue.
 */
export function alikeClusters(clusters: readonly { colour: Rgb }[], k: number): number[] {
  const own = clusters[k]!.colour;
  return clusters.flatMap((c, i) =>
    i !== k && (colourDistance(c.colour, own) <= LINE_SAME_INK || sameHue(c.colour, own, SAME_HUE)) ? [i] : [],
  );
}

/** A line of a grid: two more of its colour stand at one spacing with it (beyond a JPEG's doubled rows). */
export function inLattice(l: PlotLine, lines: readonly PlotLine[]): boolean {
  const offsets = lines
    .filter((o) => o !== l && colourDistance(o.colour, l.colour) <= LINE_SAME_INK)
    .map((o) => o.y - l.y)
    .filter((d) => Math.abs(d) > LINE_CUT_ROWS);
  const near = (d: number): boolean => offsets.some((e) => Math.abs(e - d) <= 1);
  return offsets.some((d) => near(2 * d) || near(-d));
}

/**
 * The line in `plot` that the axis marks at its end (`markedAt(row)`, image work rows), as bars;
 * null where no colour's trace is a price line, or none or several are marked.
 */
export function readLine(
  r: Raster,
  plot: Box,
  plotBg: Rgb,
  markedAt: (row: number) => boolean,
): CandleDetection | null {
  const w = plot.right - plot.left;
  const h = plot.bottom - plot.top;
  if (w < MIN_PLOT || h < MIN_PLOT) return null;
  // Runs ending on a baseline stay: a line running along one for a few columns (a one-click
  // panel's foot) ends its runs there too, and was erased with it. The trace follows one
  // colour's thin stroke: volume and text standing on a baseline are not taken for it.
  const { ink, lines } = seriesInk(r, plot, plotBg, { baselines: false });
  const clusters = clusterColours(r, plot, ink, w, plotBg);
  const label = labelInk(r, plot, ink, clusters, plotBg, scratchU8('line:label', w * h, 255));
  // Solid lines only, and none of a grid's (the bid's, levels', objects'): a grid's lines run
  // everywhere, and beside them every gap would be crossed.
  const levels = lines.filter((l) => !l.dashed && !inLattice(l, lines)).map((l) => l.y);
  // A box drawn over the plot: a column of its fill, not the plot's background, at least
  // LINE_UNDER_FILL_ROWS tall (a line is thinner), reaching into the rows the line passed at.
  const filled = (x: number, y: number): boolean =>
    colourDistance(rgbAt(r, plot.left + x, plot.top + y), plotBg) > INK_CONTRAST;
  const fillAt = (x: number, from: number, to: number): [number, number] | null => {
    for (let y = Math.max(0, from); y <= Math.min(h - 1, to); y++) {
      if (!filled(x, y)) continue;
      let [top, bottom] = [y, y];
      while (top > 0 && filled(x, top - 1)) top--;
      while (bottom < h - 1 && filled(x, bottom + 1)) bottom++;
      if (bottom - top + 1 >= LINE_UNDER_FILL_ROWS) return [top, bottom];
      y = bottom;
    }
    return null;
  };
  const marked = clusters.flatMap((c, k) => {
    // Clusters of one colour trace one line: it is traced once, from the first of them.
    const alike = alikeClusters(clusters, k);
    const trace = alike.some((i) => i < k) ? null : traceColour(label, k, c.colour, w, h, { alike, levels, fillAt });
    const turns = trace && priceLineTurns(trace, w, h);
    return trace && turns !== null && markedAt(plot.top + centre(trace, trace.last)) ? [{ trace, turns }] : [];
  });
  const line = priceOfMarked(marked);
  if (!line) return null;
  const candles = lineBars(line, plot);
  if (candles.length < MIN_BARS) return null;
  return {
    kind: 'line',
    candles,
    lines: lines.map((l) => ({ ...l, y: l.y + plot.top })),
    colours: [line.colour],
    quality: seriesQuality(candles),
  };
}
