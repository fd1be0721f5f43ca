/**
 * The bars stage: finds candles or OHLC bars in the plot and measures open, high, low and close
 * in pixels.
 *
 * The approach is colour-agnostic: remove grid lines and volume bars by their geometry, group
 * the remaining ink into colour clusters, keep the clusters shaped like candles (many narrow
 * vertical pieces spread across the plot; moving averages are continuous lines and fail), then
 * take each connected piece as one candle. Which colour means "up" is decided by continuity:
 * a forex candle opens where the previous one closed.
 */
import { labelComponents } from '../components.js';
import { colourDistance, dominantColour, type Box, type Raster, type Rgb } from '../raster.js';
import { scratchU32, scratchU8 } from '../scratch.js';
import { eraseZones, removeBaselineRuns } from './baseline.js';
import { candleDebug } from './debug.js';
import { clusterColours, colourStrength, inkMask, plotPixel, type Cluster } from './ink.js';
import { keepOnLattice } from './lattice.js';
import { removeLines, restoreLineCrossings } from './lines.js';
import { barKind, measurePieces, readBars, type BarPixels, type ReadBar } from './measure.js';
import { orientBars } from './orient.js';
import {
  CUT_GAP_PX,
  CUT_GAP_SHARE,
  MIN_PIECE_PIXELS,
  MIN_PIECE_SPAN,
  MIN_PIECES,
  MIN_PLOT,
  RESTORE_COLOUR_DISTANCE,
} from './params.js';
import { dropBoxes, mergeCut, shrinkToInk, splitWide, stemColumn, type Piece } from './pieces.js';
import { seriesQuality, type CandleDetection, type PlotLine } from './series.js';
import { seriesColours, wickColours } from './shapes.js';
import { barSpacing, columnCounts, thinColumns } from './spacing.js';
import { clearEdgeTags, trimEnds } from './tail.js';
import { eraseLabelBoxes, eraseText, eraseWholeText } from './text.js';

export interface DetectOptions {
  /**
   * Where the price axis stands. Tags reach into the plot from its side only: with the axis on
   * the left and the plot running to the picture's right edge (a phone's screen cut the chart),
   * a block at that edge is the latest candle, cut by the picture.
   */
  axisSide?: 'left' | 'right';
}

export function detectCandles(
  r: Raster,
  plot: Box,
  { axisSide = 'right' }: DetectOptions = {},
): CandleDetection | null {
  const w = plot.right - plot.left;
  const h = plot.bottom - plot.top;
  if (w < MIN_PLOT || h < MIN_PLOT) return null;
  const bg = dominantColour(r, plot);
  const { ink, rawInk, lines } = seriesInk(r, plot, bg);
  const clusters = clusterColours(r, plot, ink, w, bg);
  candleDebug.sink?.('ink', { ink: ink.slice(0, w * h), rawInk: rawInk.slice(0, w * h), w, h, plot, bg, clusters });
  if (clusters.length === 0) return null;
  const colours = seriesColours(r, plot, ink, clusters, bg);
  const cutByPicture = axisSide === 'left' && plot.right >= r.width - 1;
  const pieces = barPieces(colours.mask, w, h, !cutByPicture);
  if (!pieces) return null;
  const { labels, onGrid } = pieces;
  const px: BarPixels = {
    w,
    label: colours.label,
    labels,
    keep: colours.keep,
    wick: wickColours(colours, clusters, onGrid, labels, w),
  };
  const measured = measurePieces(px, onGrid);
  const kind = barKind(px, measured);
  const bars = readBars(px, measured, kind, rawInk, plot.left, colourStrength(r, plot, bg, clusters));
  trimEnds(bars);
  orientBars(bars, kind);
  return detection(kind, bars, lines, clusters, colours.keep, plot);
}

/** The ink that can be the series', and what was taken out of it. */
export interface SeriesInk {
  /** Ink with text, lines and baselines erased. */
  ink: Uint8Array;
  /** Ink from before line removal: a tick or an edge lying on a line of its colour is in it. */
  rawInk: Uint8Array;
  /** The lines removed, in plot rows. */
  lines: PlotLine[];
}

/**
 * The plot's ink that can be a series: label boxes, text, zones, lines and (unless `baselines` is
 * false, for a line chart's trace) runs ending on a baseline taken out.
 */
export function seriesInk(r: Raster, plot: Box, bg: Rgb, { baselines = true } = {}): SeriesInk {
  const w = plot.right - plot.left;
  const h = plot.bottom - plot.top;
  const ink = inkMask(r, plot, bg, scratchU8('ink', w * h));
  eraseLabelBoxes(ink, w, h, r, plot);
  eraseWholeText(ink, w, h);
  eraseZones(ink, w, h, { colourAt: (p) => plotPixel(r, plot, p), bg });
  const rawInk = scratchU8('candles:raw', w * h);
  rawInk.set(ink);
  const lines = removeLines(r, plot, bg, ink, w, h);
  const lineRows = lines.map((l) => l.y);
  if (baselines) removeBaselineRuns(ink, w, h);
  eraseText(ink, w, h);
  // After the baseline and text passes, which must not see the put-back runs as ends or glyphs.
  const similar = (a: number, b: number): boolean =>
    colourDistance(plotPixel(r, plot, a), plotPixel(r, plot, b)) < RESTORE_COLOUR_DISTANCE;
  restoreLineCrossings(ink, rawInk, lineRows, w, h, similar);
  return { ink, rawInk, lines };
}

/** The pieces of the candle mask standing on the bars' lattice, and its component labels. */
interface BarPieces {
  labels: Int32Array;
  onGrid: Piece[];
}

/** One piece a bar, on the bars' lattice; null when too few to be a series. */
function barPieces(mask: Uint8Array, w: number, h: number, tagsAtRight: boolean): BarPieces | null {
  if (tagsAtRight) clearEdgeTags(mask, w, h);
  const { labels, blobs } = labelComponents(mask, w, h);
  const maxGap = Math.max(CUT_GAP_PX, Math.round(h * CUT_GAP_SHARE));
  const joined = mergeCut(blobs, maxGap).filter(
    (b) => b.pixels >= MIN_PIECE_PIXELS && b.bottom - b.top >= MIN_PIECE_SPAN,
  );
  const columns = columnCounts(mask, w, h, scratchU32('candles:columns', w));
  const period = barSpacing(columns, thinColumns(mask, w, h), joined);
  // A part cut off a piece that is only a line's or a tick's thickness tall is no bar (the end
  // of a crosshair line touching the last candle, cut off as a bar of its own).
  const pieces = dropBoxes(
    splitWide(joined, period, columns).filter((p) => {
      if (!p.split) return true;
      shrinkToInk(p, labels, w, maxGap);
      return p.bottom - p.top >= MIN_PIECE_SPAN;
    }),
    h,
  );
  if (pieces.length < MIN_PIECES) return null;
  for (const p of pieces) p.cx = stemColumn(p, labels, w);
  const onGrid = keepOnLattice(pieces, period);
  for (const p of onGrid) if (p.ids.length > 1) p.cx = stemColumn(p, labels, w);
  candleDebug.sink?.('pieces', { pieces, onGrid, period });
  if (onGrid.length < MIN_PIECES) return null;
  return { labels, onGrid };
}

/** The stage's answer: bars, lines and colours in image work pixels. */
function detection(
  kind: CandleDetection['kind'],
  bars: ReadBar[],
  lines: PlotLine[],
  clusters: Cluster[],
  keep: boolean[],
  plot: Box,
): CandleDetection {
  const result = bars.map(({ x, open, high, low, close }) => ({
    x,
    open: open + plot.top,
    high: high + plot.top,
    low: low + plot.top,
    close: close + plot.top,
  }));
  return {
    kind,
    candles: result,
    quality: seriesQuality(result),
    lines: lines.map((l) => ({ ...l, y: l.y + plot.top })),
    colours: clusters.filter((_, i) => keep[i]).map((c) => c.colour),
  };
}
