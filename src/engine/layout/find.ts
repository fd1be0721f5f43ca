/**
 * Finds the price axis (a vertical column of aligned number labels) and the plot pane beside
 * it. Works on the reduced image; coordinates here are work-image pixels.
 */
import type { Word } from '../components.js';
import type { Box, Raster, Rgb } from '../raster.js';
import { axisColumn } from './axis-column.js';
import { paneRows, timeAxisTop } from './panes.js';
import { paneBounds, plotEdge, type Span } from './plot-box.js';
import {
  LABELS_FOUND_SHARE,
  LEFT_SEARCH_TO,
  MIN_AXIS_LABELS,
  ON_PITCH,
  MIN_PLOT_HEIGHT,
  MIN_PLOT_WIDTH,
  RIGHT_SEARCH_FROM,
} from './params.js';
import { inColumn, labelPitch, stripOf, textMask, textWords } from './words.js';

export interface AxisColumn {
  side: 'left' | 'right';
  labels: Word[];
  strip: Box;
}

export interface Layout {
  axis: AxisColumn;
  plot: Box;
  /** Panes with a scale of their own in the axis's column (the price pane and labelled sub-windows). */
  panes: number;
}

/**
 * `bg` is the image's background colour; distances are computed only where they are looked at.
 * `skip`: label columns already tried and found to be no price axis (a watchlist, a table), so
 * the next column in line is found instead, on either side.
 */
export function findLayout(r: Raster, bg: Rgb, skip: readonly Box[] = [], fullResolution = false): Layout | null {
  // The right side is by far the most common place for the price scale; the left is a fallback.
  const rightStart = Math.floor(r.width * RIGHT_SEARCH_FROM);
  const rightWords = textWords(textMask(r, bg, rightStart, r.width), r, rightStart, r.width, fullResolution);
  let words = rightWords.filter((w) => !inColumn(w, skip));
  let { labels, panes } = axisColumn(r, bg, words, rightWords);
  let side: AxisColumn['side'] = 'right';
  if (labels.length < MIN_AXIS_LABELS || skip.length > 0) {
    const leftEnd = Math.floor(r.width * LEFT_SEARCH_TO);
    const allLeft = textWords(textMask(r, bg, 0, leftEnd), r, 0, leftEnd, fullResolution);
    const leftWords = allLeft.filter((w) => !inColumn(w, skip));
    const left = axisColumn(r, bg, leftWords, allLeft);
    if (left.labels.length > labels.length) {
      words = leftWords;
      ({ labels, panes } = left);
      side = 'left';
    }
  }
  // The last resort: two labels on the right, with the tags beside them read as labels.
  if (labels.length < MIN_AXIS_LABELS) {
    words = rightWords.filter((w) => !inColumn(w, skip));
    ({ labels, panes } = axisColumn(r, bg, words, rightWords, true));
    side = 'right';
  }
  if (labels.length < MIN_AXIS_LABELS) return null;
  const strip = stripOf(labels, r.width, side);
  const columns = side === 'right' ? { from: 0, to: strip.left } : { from: strip.right, to: r.width };

  const { top, bottom: separator } = paneRows(r, bg, strip);
  const bottom = Math.min(separator, timeAxisTop(r, bg, labels, words, strip, columns) ?? r.height);
  const plot: Box =
    side === 'right'
      ? { left: 0, top, right: plotEdge(r, bg, strip.left - 1, -1, top, bottom), bottom }
      : { left: plotEdge(r, bg, strip.right, 1, top, bottom) + 1, top, right: r.width, bottom };
  if (plot.right - plot.left < r.width * MIN_PLOT_WIDTH || plot.bottom - plot.top < r.height * MIN_PLOT_HEIGHT)
    return null;
  return { axis: { side, labels, strip }, plot: paneBounds(r, plot, side, onStepSpans(labels)), panes };
}

/**
 * The rows between neighbouring labels a pitch apart (within ON_PITCH of it): the axis runs on
 * at its step there, whatever is drawn across the plot between them (plot-box.ts `paneBounds`).
 * Labels two pitches apart are left out: a stray word (a date, a sub-window's label) stands
 * there by chance as often as a label hidden behind a tag does.
 */
export function onStepSpans(labels: readonly Box[]): Span[] {
  const pitch = labelPitch(labels);
  const centres = labels.map((l) => (l.top + l.bottom) / 2).sort((a, b) => a - b);
  const spans: Span[] = [];
  for (let i = 1; i < centres.length; i++) {
    const [a, b] = [centres[i - 1]!, centres[i]!];
    if (pitch > 0 && Math.abs(b - a - pitch) <= pitch * ON_PITCH) spans.push({ top: a, bottom: b });
  }
  return spans;
}

/**
 * The layout of the reduced image `work`; when its labels are too small to find there (a wide
 * screenshot taken at device pixel ratio 1 has 8 px labels, 4 px once halved), or are found
 * only here and there (`missesLabels`), the layout of the full image, in work coordinates,
 * where it finds more labels.
 */
export function findLayoutScaled(
  work: Raster,
  full: Raster,
  scale: number,
  bg: Rgb,
  skip: readonly Box[] = [],
): Layout | null {
  const layout = findLayout(work, bg, skip, scale === 1);
  if (scale === 1 || (layout && !missesLabels(layout))) return layout;
  const big = findLayout(
    full,
    bg,
    skip.map((b) => ({
      left: b.left * scale,
      top: b.top * scale,
      right: (b.right + 1) * scale,
      bottom: (b.bottom + 1) * scale,
    })),
    true,
  );
  const found = big ? shrunk(big, scale, work) : null;
  if (!layout) return found;
  return found && found.axis.labels.length > layout.axis.labels.length ? found : layout;
}

/**
 * Whether the axis's labels leave most of its rungs empty: labels at the reduced size's limit (a
 * big screenshot's small print) are found here and there, a few steps apart, or in one part of
 * the pane only, where the full image shows them all. Rungs are counted at the labels' commonest
 * spacing (the median gap), over the pane's height: an axis prints labels from its top to its foot.
 */
function missesLabels({ axis, plot }: Layout): boolean {
  const pitch = labelPitch(axis.labels);
  if (pitch <= 0) return false;
  const rungs = (plot.bottom - plot.top) / pitch;
  return axis.labels.length < rungs * LABELS_FOUND_SHARE;
}

/** A layout found in the full image, in work-image pixels. */
export function shrunk(big: Layout, scale: number, work: Raster): Layout {
  const shrink = (b: Box): Box => ({
    left: Math.floor(b.left / scale),
    top: Math.floor(b.top / scale),
    right: Math.min(work.width, Math.ceil(b.right / scale)),
    bottom: Math.min(work.height, Math.ceil(b.bottom / scale)),
  });
  // Label boxes stay fractional: they are scaled back up to cut the OCR crops.
  const labels = big.axis.labels.map((w) => ({
    ...w,
    left: w.left / scale,
    top: w.top / scale,
    right: (w.right + 1) / scale - 1,
    bottom: (w.bottom + 1) / scale - 1,
  }));
  return {
    axis: { side: big.axis.side, labels, strip: shrink(big.axis.strip) },
    plot: shrink(big.plot),
    panes: big.panes,
  };
}
