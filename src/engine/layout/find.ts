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
  MIN_PLOT_HEIGHT,
  MIN_PLOT_WIDTH,
  ON_PITCH,
  RIGHT_SEARCH_FROM,
  TAG_MAX_HEIGHT,
} from './params.js';
import { stripRowFilled } from './ink.js';
import { inColumn, labelPitch, medianLabelHeight, stripOf, textMask, textWords } from './words.js';

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
      ? { left: 0, top, right: plotEdge(r, bg, strip.left - 1, -1, top, bottom, strip), bottom }
      : { left: plotEdge(r, bg, strip.right, 1, top, bottom, strip) + 1, top, right: r.width, bottom };
  if (plot.right - plot.left < r.width * MIN_PLOT_WIDTH || plot.bottom - plot.top < r.height * MIN_PLOT_HEIGHT)
    return null;
  return {
    axis: { side, labels, strip },
    plot: paneBounds(r, plot, side, axisSpans(r, bg, { side, labels, strip })),
    panes,
  };
}

/**
 * The rows between neighbouring labels on the axis's step: a pitch apart (within ON_PITCH of it),
 * or two with a tag standing between them (`tagBetween`: the bid's tag hides the label at the
 * latest bars, where traders draw their zones), and a pitch under the last label where a tag
 * stands about a pitch under it. The axis runs on there, whatever is drawn across the plot
 * between them (plot-box.ts `paneBounds`). Two pitches apart with no tag between, a stray word
 * (a date under a sub-window's tabs) stands there by chance.
 */
export function onStepSpans(
  labels: readonly Box[],
  tagBetween: (top: number, bottom: number) => boolean = () => false,
): Span[] {
  const pitch = labelPitch(labels);
  const centres = labels.map((l) => (l.top + l.bottom) / 2).sort((a, b) => a - b);
  const spans: Span[] = [];
  for (let i = 1; i < centres.length && pitch > 0; i++) {
    const [a, b] = [centres[i - 1]!, centres[i]!];
    const steps = Math.round((b - a) / pitch);
    if (Math.abs(b - a - steps * pitch) > pitch * ON_PITCH) continue;
    if (steps === 1 || (steps === 2 && tagBetween(a + pitch / 2, b - pitch / 2))) spans.push({ top: a, bottom: b });
  }
  // A tag about a pitch under the last label hides the next one: the axis runs on there. (Over
  // the first, a phone's header bar stands as often.)
  const last = centres[centres.length - 1];
  if (last !== undefined && pitch > 0 && tagBetween(last + pitch / 2, last + pitch * 1.5))
    spans.push({ top: last, bottom: last + pitch });
  return spans;
}

/** The rows the axis `axis` runs on at its step (`onStepSpans`, with the tags in its strip). */
export function axisSpans(r: Raster, bg: Rgb, axis: AxisColumn): Span[] {
  return onStepSpans(axis.labels, tagInStrip(r, bg, axis.strip, medianLabelHeight(axis.labels)));
}

/**
 * Whether a tag (a filled box across the axis's strip, as tall as a label and no taller than
 * TAG_MAX_HEIGHT labels: a tab's underline or a bar across the picture is no tag) stands in the
 * strip's rows `top` to `bottom`.
 */
export function tagInStrip(
  r: Raster,
  bg: Rgb,
  strip: Box,
  labelHeight: number,
): (top: number, bottom: number) => boolean {
  const filled = (y: number): boolean => stripRowFilled(r, bg, strip, y);
  const tallest = Math.ceil(labelHeight * TAG_MAX_HEIGHT);
  // Runs of filled rows are measured whole, past the rows asked about (a frame's edge or a
  // panel's is a long run, whatever part of it falls within them).
  return (top, bottom) => {
    const from = Math.max(0, Math.floor(top) - tallest);
    const to = Math.min(r.height - 1, Math.ceil(bottom) + tallest);
    let start = -1;
    for (let y = from; y <= to + 1; y++) {
      if (y <= to && filled(y)) {
        if (start < 0) start = y;
        continue;
      }
      if (start < 0) continue;
      const run = y - start;
      if (start > from && y <= to && run >= labelHeight && run <= tallest && y > top && start < bottom) return true;
      start = -1;
    }
    return false;
  };
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
