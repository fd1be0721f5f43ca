/**
 * The learned reader's boxes → the engine's Layout: the model proposes the price pane's plot and
 * the label column beside it; the rules confirm the column (its words found and chosen as the
 * rules choose an axis's labels, axis-column.ts), so the axis, bars and last-price stages after
 * it run as they do on the rules' layout.
 */
import type { Box, Raster, Rgb } from '../../raster.js';
import { axisColumn } from '../axis-column.js';
import { shrunk, type Layout } from '../find.js';
import { MIN_AXIS_LABELS } from '../params.js';
import { stripOf, textMask, textWords } from '../words.js';
import type { FoundBox, LearnedBoxes } from './boxes.js';

/** A label column stands beside the plot over at least this share of the plot's height. */
const COLUMN_BESIDE_PLOT = 0.5;
/** ... and within this share of the plot's width of its edge. */
const COLUMN_REACH = 0.1;
/** Words are sought this many pixels either side of the column the model marked. */
const COLUMN_MARGIN_PX = 3;

const area = (b: FoundBox): number => (b.right - b.left) * (b.bottom - b.top);

/** The plot (the largest, weighed by the model's certainty) and its label column, screenshot pixels. */
export function plotAndColumn(
  boxes: LearnedBoxes,
): { plot: FoundBox; column: FoundBox; side: 'left' | 'right' } | null {
  const plot = [...boxes.plot].sort((a, b) => area(b) * b.score - area(a) * a.score)[0];
  if (!plot) return null;
  const height = plot.bottom - plot.top;
  const width = plot.right - plot.left;
  const gap = (c: FoundBox): number => Math.min(Math.abs(c.left - plot.right), Math.abs(plot.left - c.right));
  const beside = boxes.labelColumn
    .filter((c) => Math.min(c.bottom, plot.bottom) - Math.max(c.top, plot.top) >= height * COLUMN_BESIDE_PLOT)
    .filter((c) => gap(c) <= width * COLUMN_REACH)
    .sort((a, b) => gap(a) - gap(b));
  const column = beside[0];
  if (!column) return null;
  const side = (column.left + column.right) / 2 > (plot.left + plot.right) / 2 ? 'right' : 'left';
  return { plot, column, side };
}

/** The layout in `r`'s pixels (`f`: screenshot pixels per `r` pixel), or null when the rules find no axis there. */
function layoutIn(
  r: Raster,
  bg: Rgb,
  found: NonNullable<ReturnType<typeof plotAndColumn>>,
  f: number,
  full: boolean,
): Layout | null {
  const at = (b: FoundBox): Box => ({
    left: Math.max(0, Math.floor(b.left / f)),
    top: Math.max(0, Math.floor(b.top / f)),
    right: Math.min(r.width, Math.ceil(b.right / f)),
    bottom: Math.min(r.height, Math.ceil(b.bottom / f)),
  });
  const column = at(found.column);
  const x0 = Math.max(0, column.left - COLUMN_MARGIN_PX);
  const x1 = Math.min(r.width, column.right + COLUMN_MARGIN_PX);
  const words = textWords(textMask(r, bg, x0, x1), r, x0, x1, full).filter((w) => {
    const mid = (w.top + w.bottom) / 2;
    return mid >= column.top && mid <= column.bottom;
  });
  const { labels, panes } = axisColumn(r, bg, words, words);
  if (labels.length < MIN_AXIS_LABELS) return null;
  return {
    axis: { side: found.side, labels, strip: stripOf(labels, r.width, found.side) },
    plot: at(found.plot),
    panes,
  };
}

/**
 * The learned layout in work-image pixels (`scale`: full pixels per work pixel), its words read
 * in the work image and, when too small there, in the full one.
 */
export function learnedLayout(work: Raster, full: Raster, scale: number, bg: Rgb, boxes: LearnedBoxes): Layout | null {
  const found = plotAndColumn(boxes);
  if (!found) return null;
  const layout = layoutIn(work, bg, found, scale, scale === 1);
  if (layout || scale === 1) return layout;
  const big = layoutIn(full, bg, found, 1, true);
  return big ? shrunk(big, scale, work) : null;
}
