/**
 * The plot's right margin past the last bar. MetaTrader shifts the chart away from the axis
 * (its "chart shift", a fifth of the plot or more) and a chart scrolled into the future leaves
 * room too: the latest bar then stands far from the axis with nothing after it. A last bar that
 * stands far from the axis because something hid the bars after it (a dialog, a panel) or ended
 * the pieces early has ink after it. Only the rows where later bars would be are looked at: the
 * latest bars' range and a few bar heights around it (a panel's text higher up says nothing).
 */
import type { PixelCandle, PlotLine } from '../bars/index.js';
import { colourDistance, INK_CONTRAST, rgbAt, type Box, type Raster, type Rgb } from '../raster.js';
import {
  BAND_BEHIND,
  BAND_ROW_FILL,
  LINE_COLUMN,
  LINE_COLUMN_APART,
  LINE_ROW,
  LINE_ROW_MAX_RUN,
  MARGIN_AROUND,
  MARGIN_MIN_BAR_HEIGHT,
  MARGIN_MIN_SIZE,
  MARGIN_MIN_START,
  MARGIN_RECENT_BARS,
} from './params.js';

/**
 * Rows of the margin (columns left..right-1) that a level's line crosses, solid or dashed: inked
 * over LINE_ROW of the width and at both ends, in runs no thicker than a line. The plot's lines
 * found are solid; an order's or a drawing's dashed line is not among them.
 */
function levelRows(r: Raster, plotBg: Rgb, left: number, right: number, top: number, bottom: number): Set<number> {
  const width = right - left;
  const end = Math.max(1, Math.round(width / 10));
  const inked = (x: number, y: number) => colourDistance(rgbAt(r, x, y), plotBg) > INK_CONTRAST;
  const across = (y: number): boolean => {
    let n = 0;
    let first = false;
    let lastEnd = false;
    for (let x = left; x < right; x++) {
      if (!inked(x, y)) continue;
      n++;
      if (x < left + end) first = true;
      if (x >= right - end) lastEnd = true;
    }
    return first && lastEnd && n >= width * LINE_ROW;
  };
  const found = new Set<number>();
  let run: number[] = [];
  const close = () => {
    if (run.length <= LINE_ROW_MAX_RUN) for (const y of run) found.add(y);
    run = [];
  };
  for (let y = top; y < bottom; y++) {
    if (across(y)) run.push(y);
    else close();
  }
  close();
  return found;
}

/**
 * Rows of the margin (columns left..right-1) that a filled rectangle behind the bars crosses: one
 * colour across the margin, standing in the gaps between the latest bars (`gaps`, columns) too. A
 * dialog or a panel over later bars begins after the last bar found; a zone drawn from earlier
 * bars to the axis runs on behind them.
 */
function bandRows(
  r: Raster,
  plotBg: Rgb,
  left: number,
  right: number,
  rows: readonly number[],
  gaps: readonly number[],
): Set<number> {
  const found = new Set<number>();
  const near = (a: Rgb, b: Rgb): boolean => colourDistance(a, b) <= INK_CONTRAST;
  for (const y of rows) {
    const fill = rgbAt(r, left, y);
    if (near(fill, plotBg)) continue;
    let same = 0;
    for (let x = left; x < right; x++) if (near(rgbAt(r, x, y), fill)) same++;
    if (same < (right - left) * BAND_ROW_FILL) continue;
    const behind = gaps.filter((x) => near(rgbAt(r, x, y), fill)).length;
    if (gaps.length > 0 && behind >= gaps.length * BAND_BEHIND) found.add(y);
  }
  return found;
}

/**
 * Share of the pixels between the last bar (a spacing after it) and the plot's right edge, in the
 * rows later bars would take, that are ink: not the background, not a line across the plot (a price
 * line, the grid, an order's dashed line), not a band behind the bars and not a vertical line.
 * Work pixels.
 */
export function marginInk(r: Raster, plot: Box, plotBg: Rgb, candles: PixelCandle[], lines: PlotLine[]): number {
  const recent = candles.slice(-MARGIN_RECENT_BARS);
  const last = recent[recent.length - 1];
  if (!last || recent.length < 2) return 1;
  const spacing = (last.x - (recent[0]?.x ?? last.x)) / (recent.length - 1);
  const heights = recent.map((c) => c.low - c.high).sort((a, b) => a - b);
  const typical = Math.max(MARGIN_MIN_BAR_HEIGHT, heights[heights.length >> 1] ?? 0);
  const top = Math.max(plot.top, Math.floor(Math.min(...recent.map((c) => c.high)) - MARGIN_AROUND * typical));
  const bottom = Math.min(plot.bottom, Math.ceil(Math.max(...recent.map((c) => c.low)) + MARGIN_AROUND * typical));
  const left = Math.ceil(last.x + Math.max(MARGIN_MIN_START, spacing));
  const right = Math.floor(plot.right) - 1;
  if (right - left < MARGIN_MIN_SIZE || bottom - top < MARGIN_MIN_SIZE) return 0;
  const lineRows = levelRows(r, plotBg, left, right, top, bottom);
  for (const l of lines) for (let d = -1; d <= 1; d++) lineRows.add(Math.round(l.y) + d);
  const gaps = recent.slice(1).map((c, i) => Math.round((c.x + (recent[i]?.x ?? c.x)) / 2));
  const open = [];
  for (let y = top; y < bottom; y++) if (!lineRows.has(y)) open.push(y);
  const bands = bandRows(r, plotBg, left, right, open, gaps);
  const rows = open.filter((y) => !bands.has(y));
  if (rows.length === 0) return 0;
  const counts = new Array<number>(right - left).fill(0);
  for (let x = left; x < right; x++) {
    for (const y of rows) if (colourDistance(rgbAt(r, x, y), plotBg) > INK_CONTRAST) counts[x - left]++;
  }
  // A line is at most three columns wide: a dialog's or a panel's columns stand side by side.
  const full = (k: number): boolean => (counts[k] ?? 0) >= rows.length * LINE_COLUMN;
  // The plot found can reach past the axis's border line, over the tags standing on the axis:
  // a full column in the margin's last tenth is that border, and what lies beyond it is the axis's.
  let width = counts.length;
  for (let k = counts.length - 1; k >= counts.length - Math.max(MARGIN_MIN_SIZE, counts.length / 10); k--) {
    if (full(k)) {
      width = k;
      break;
    }
  }
  let ink = 0;
  counts.slice(0, width).forEach((n, k) => {
    if (!(full(k) && !full(k - LINE_COLUMN_APART) && !full(k + LINE_COLUMN_APART))) ink += n;
  });
  return width > 0 ? ink / (width * rows.length) : 0;
}
