/**
 * The learned reader's boxes → the engine's Layout: the model proposes the price pane's plot and
 * the label column beside it (parts.ts); the rules confirm the column (its words found and chosen as the
 * rules choose an axis's labels, axis-column.ts), so the axis, bars and last-price stages after
 * it run as they do on the rules' layout.
 */
import type { Box, Raster, Rgb } from '../../raster.js';
import { axisColumn } from '../axis-column.js';
import { shrunk, type Layout } from '../find.js';
import { MIN_AXIS_LABELS } from '../params.js';
import { stripOf, textMask, textWords } from '../words.js';
import type { FoundBox } from './boxes.js';
import type { ChartParts } from './parts.js';

/** Words are sought this many pixels either side of the column the model marked. */
const COLUMN_MARGIN_PX = 3;

/** The layout in `r`'s pixels (`f`: screenshot pixels per `r` pixel), or null when the rules find no axis there. */
function layoutIn(
  r: Raster,
  bg: Rgb,
  found: ChartParts & { column: FoundBox },
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
export function learnedLayout(
  work: Raster,
  full: Raster,
  scale: number,
  bg: Rgb,
  found: ChartParts | null,
): Layout | null {
  if (!found?.column) return null;
  const withColumn = { ...found, column: found.column };
  const layout = layoutIn(work, bg, withColumn, scale, scale === 1);
  if (layout || scale === 1) return layout;
  const big = layoutIn(full, bg, withColumn, 1, true);
  return big ? shrunk(big, scale, work) : null;
}
