/**
 * The layout stage on its own: where the price pane and its axis are in a screenshot, without
 * reading the labels or the bars. Fast (no OCR), so the dashboard can offer the chart area it
 * found as a crop before the trader runs an analysis.
 */
import { decodeImage } from '../decode.js';
import { dominantColour, type Box, type Raster } from '../raster.js';
import { withScratch } from '../scratch.js';
import { axisSpans, findLayoutScaled, type Layout } from './find.js';
import { activeFrame, framedPart } from './frame.js';
import { CROP_ROOM, CROP_ROOM_PX } from './params.js';
import { paneBounds } from './plot-box.js';

export interface ChartLocation {
  image: { width: number; height: number };
  /** The price pane with its price axis, in full-image pixels; null when no axis was found. */
  chart: Box | null;
  /** The price pane alone (the plot the bars are read in), in full-image pixels. */
  plot: Box | null;
  axisSide: 'left' | 'right' | null;
}

/** Throws EngineError('INVALID_IMAGE') when the file does not decode. */
export async function locateChart(image: Buffer): Promise<ChartLocation> {
  return withScratch(async () => {
    const { full, work, scale: f } = await decodeImage(image);
    const size = { width: full.width, height: full.height };
    const bg = dominantColour(work);
    const layout = framedLayout(work, full, f) ?? findLayoutScaled(work, full, f, bg);
    if (!layout) return { image: size, chart: null, plot: null, axisSide: null };
    // Without the frame, window or panel around the pane (its far edges, where its background ends).
    layout.plot = paneBounds(work, layout.plot, layout.axis.side, axisSpans(work, bg, layout.axis));
    const toFull = (b: Box): Box => ({
      left: Math.max(0, Math.floor(b.left * f)),
      top: Math.max(0, Math.floor(b.top * f)),
      right: Math.min(full.width, Math.ceil(b.right * f)),
      bottom: Math.min(full.height, Math.ceil(b.bottom * f)),
    });
    const plot = toFull(layout.plot);
    const strip = toFull(layout.axis.strip);
    // The crop keeps the labels beside the pane, with a little room so no digit is cut.
    const room = Math.round((strip.right - strip.left) * CROP_ROOM) + CROP_ROOM_PX;
    const chart: Box = {
      left: Math.max(0, Math.min(plot.left, strip.left - room)),
      top: Math.min(plot.top, strip.top),
      right: Math.min(full.width, Math.max(plot.right, strip.right + room)),
      bottom: Math.max(plot.bottom, strip.bottom),
    };
    return { image: size, chart, plot, axisSide: layout.axis.side };
  });
}

/**
 * Where several charts share the screen, the framed (active) one is the chart to offer, as the
 * reading reads it (read-chart.ts): its layout, found within the frame, in the work image's pixels.
 */
function framedLayout(work: Raster, full: Raster, f: number): Layout | null {
  const frame = activeFrame(work);
  if (!frame) return null;
  const part = framedPart(work, full, f, frame);
  const layout = findLayoutScaled(part.work, part.full, f, dominantColour(part.work));
  if (!layout) return null;
  const moved = (b: Box): Box => ({
    left: b.left + frame.left,
    top: b.top + frame.top,
    right: b.right + frame.left,
    bottom: b.bottom + frame.top,
  });
  const labels = layout.axis.labels.map((w) => ({ ...w, ...moved(w) }));
  return { ...layout, plot: moved(layout.plot), axis: { ...layout.axis, labels, strip: moved(layout.axis.strip) } };
}
