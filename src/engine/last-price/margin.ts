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
  LINE_COLUMN,
  LINE_COLUMN_APART,
  MARGIN_AROUND,
  MARGIN_MIN_BAR_HEIGHT,
  MARGIN_MIN_SIZE,
  MARGIN_MIN_START,
  MARGIN_RECENT_BARS,
} from './params.js';

/**
 * Share of the pixels between the last bar (a spacing after it) and the plot's right edge, in the
 * rows later bars would take, that are ink: not the background, not a line removed from the plot
 * (a price line, the grid) and not a vertical line. Work pixels.
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
  const lineRows = new Set<number>();
  for (const l of lines) for (let d = -1; d <= 1; d++) lineRows.add(Math.round(l.y) + d);
  const rows = [];
  for (let y = top; y < bottom; y++) if (!lineRows.has(y)) rows.push(y);
  if (rows.length === 0) return 0;
  const counts = new Array<number>(right - left).fill(0);
  for (let x = left; x < right; x++) {
    for (const y of rows) if (colourDistance(rgbAt(r, x, y), plotBg) > INK_CONTRAST) counts[x - left]++;
  }
  // A line is at most three columns wide: a dialog's or a panel's columns stand side by side.
  const full = (k: number): boolean => (counts[k] ?? 0) >= rows.length * LINE_COLUMN;
  let ink = 0;
  counts.forEach((n, k) => {
    if (!(full(k) && !full(k - LINE_COLUMN_APART) && !full(k + LINE_COLUMN_APART))) ink += n;
  });
  return ink / ((right - left) * rows.length);
}
