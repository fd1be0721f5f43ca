/**
 * The pane a scale's labels belong to, within a plot that may hold other panes (a plotting
 * library's stacked panes, a volume or indicator pane, a report above, with no line between).
 */
import type { ScaleFit } from '../axis/scale.js';
import type { Box } from '../raster.js';
import { MIN_CUT, MIN_PANE_HEIGHT, PANE_MARGIN } from './params.js';

/**
 * The pane the fitted labels belong to, within the plot (work pixels): their rows and a step's
 * margin each side. Null when the plot does not reach well beyond it.
 */
export function paneOfLabels(fit: ScaleFit, pitch: number, f: number, plot: Box): Box | null {
  if (pitch <= 0) return null;
  const rows = fit.inliers.map((l) => l.y);
  const top = Math.max(plot.top, Math.floor((Math.min(...rows) - PANE_MARGIN * pitch) / f));
  const bottom = Math.min(plot.bottom, Math.ceil((Math.max(...rows) + PANE_MARGIN * pitch) / f));
  const cut = plot.bottom - bottom + (top - plot.top);
  if (cut * f < pitch * MIN_CUT || bottom - top < MIN_PANE_HEIGHT) return null;
  return { ...plot, top, bottom };
}
