/**
 * Finds the price axis (a vertical column of aligned number labels) and the plot pane beside
 * it. Works on the reduced image; coordinates here are work-image pixels.
 */
import { findBlobs, groupWords, type Word } from './components.js';
import { rgbAt, type Box, type Raster, type Rgb } from './raster.js';
import { scratchU8 } from './scratch.js';

/** Text is drawn with strong contrast against the background; grid and watermarks are not. */
const TEXT_CONTRAST = 70;
/** Pane separators and borders are faint in dark themes, so this is lower than text. */
const LINE_CONTRAST = 18;

export interface AxisColumn {
  side: 'left' | 'right';
  labels: Word[];
  strip: Box;
}

export interface Layout {
  axis: AxisColumn;
  plot: Box;
}

function textWords(mask: Uint8Array, r: Raster, x0: number, x1: number): Word[] {
  const maxH = Math.max(12, Math.round(r.height * 0.05));
  const glyphs = findBlobs(mask, r.width, r.height, x0, x1).filter((b) => {
    const h = b.bottom - b.top + 1;
    const w = b.right - b.left + 1;
    return h <= maxH && w <= maxH * 1.2;
  });
  return groupWords(glyphs).filter((w) => {
    const h = w.bottom - w.top + 1;
    const wd = w.right - w.left + 1;
    return h >= 5 && w.glyphs >= 3 && wd >= h * 1.4 && wd <= h * 12;
  });
}

/** The largest set of same-height words sharing a left or right edge, stacked vertically. */
function alignedColumn(words: Word[]): Word[] {
  let best: Word[] = [];
  let bestX = -1;
  for (const edge of ['left', 'right'] as const) {
    for (const anchor of words) {
      const ah = anchor.bottom - anchor.top;
      const members = words.filter(
        (w) => Math.abs(w[edge] - anchor[edge]) <= 2 && Math.abs(w.bottom - w.top - ah) <= Math.max(2, ah * 0.2),
      );
      // Labels never overlap vertically; keep one word per text row.
      members.sort((a, b) => a.top - b.top);
      const rows: Word[] = [];
      for (const m of members) {
        const prev = rows[rows.length - 1];
        if (!prev || m.top > prev.bottom) rows.push(m);
      }
      const x = anchor[edge];
      if (rows.length > best.length || (rows.length === best.length && x > bestX)) {
        best = rows;
        bestX = x;
      }
    }
  }
  return best;
}

/**
 * Same ink as JPEG keeps it: brightness at full resolution, colour (chroma) at half resolution
 * and coarser, so a one-pixel line over coloured bars keeps its brightness but takes on some
 * of their hue. Brightness is compared tightly, chroma loosely.
 */
function sameInk(a: Rgb, b: Rgb): boolean {
  const dr = a[0] - b[0];
  const dg = a[1] - b[1];
  const db = a[2] - b[2];
  const dy = 0.299 * dr + 0.587 * dg + 0.114 * db;
  const dcb = -0.169 * dr - 0.331 * dg + 0.5 * db;
  const dcr = 0.5 * dr - 0.419 * dg - 0.081 * db;
  return Math.abs(dy) < 30 && Math.sqrt(dcb * dcb + dcr * dcr) < 60;
}

/** Whether pixel `p` (index into width × height) differs from `bg` by more than `limit`. */
function standsOut(r: Raster, bg: Rgb, p: number, limit: number): boolean {
  const i = p * 3;
  const dr = r.data[i]! - bg[0];
  const dg = r.data[i + 1]! - bg[1];
  const db = r.data[i + 2]! - bg[2];
  return dr * dr + dg * dg + db * db > limit * limit;
}

/** Text ink (strong contrast with the background) in columns [x0, x1); zero elsewhere. */
function textMask(r: Raster, bg: Rgb, x0: number, x1: number): Uint8Array {
  // Candle detection later borrows this plane for its own ink map; the layout is done by then.
  const mask = scratchU8('ink', r.width * r.height);
  for (let y = 0; y < r.height; y++) {
    for (let p = y * r.width + x0, end = y * r.width + x1; p < end; p++)
      mask[p] = standsOut(r, bg, p, TEXT_CONTRAST) ? 1 : 0;
  }
  return mask;
}

/** `bg` is the image's background colour; distances are computed only where they are looked at. */
export function findLayout(r: Raster, bg: Rgb): Layout | null {
  // The right side is by far the most common place for the price scale; the left is a fallback.
  const rightStart = Math.floor(r.width * 0.55);
  let labels = alignedColumn(textWords(textMask(r, bg, rightStart, r.width), r, rightStart, r.width));
  let side: AxisColumn['side'] = 'right';
  if (labels.length < 3) {
    const leftEnd = Math.floor(r.width * 0.3);
    const leftLabels = alignedColumn(textWords(textMask(r, bg, 0, leftEnd), r, 0, leftEnd));
    if (leftLabels.length > labels.length) {
      labels = leftLabels;
      side = 'left';
    }
  }
  if (labels.length < 3) return null;

  const strip: Box = {
    left: Math.max(0, Math.min(...labels.map((w) => w.left)) - 2),
    right: Math.min(r.width, Math.max(...labels.map((w) => w.right)) + 3),
    top: Math.min(...labels.map((w) => w.top)),
    bottom: Math.max(...labels.map((w) => w.bottom)) + 1,
  };

  const { top, bottom } = paneRows(r, bg, strip);
  const plot: Box =
    side === 'right'
      ? { left: 0, top, right: plotEdge(r, bg, strip.left - 1, -1, top, bottom), bottom }
      : { left: plotEdge(r, bg, strip.right, 1, top, bottom) + 1, top, right: r.width, bottom };
  if (plot.right - plot.left < r.width * 0.3 || plot.bottom - plot.top < r.height * 0.2) return null;
  return { axis: { side, labels, strip }, plot };
}

/** Walks from the axis towards the plot looking for a border line; else keeps a small gap. */
function plotEdge(r: Raster, bg: Rgb, from: number, dir: 1 | -1, top: number, bottom: number): number {
  const limit = Math.round(r.width * 0.03) + 4;
  for (let k = 0; k < limit; k++) {
    const x = from + dir * k;
    if (x < 0 || x >= r.width) break;
    let on = 0;
    for (let y = top; y < bottom; y++) if (standsOut(r, bg, y * r.width + x, LINE_CONTRAST)) on++;
    if (on >= (bottom - top) * 0.9) return dir === -1 ? x : x;
  }
  return dir === -1 ? Math.max(0, from - 2) : Math.min(r.width - 1, from + 2);
}

/**
 * The price pane's rows: between the nearest full-width separator lines (pane borders, the
 * time-axis border) above and below the labels, else the whole height.
 */
function paneRows(r: Raster, bg: Rgb, strip: Box): { top: number; bottom: number } {
  // A separator is one line in one colour across plot and axis; a grid line that happens to
  // meet a price tag in the axis is not.
  const sameColour = (y: number): boolean => {
    const at = (x: number): Rgb => rgbAt(r, Math.min(r.width - 1, Math.max(0, Math.round(x))), y);
    const across = Array.from({ length: 8 }, (_, k) => at((strip.left * (k + 0.5)) / 8));
    const axisX = Math.round((strip.left + strip.right) / 2);
    // Where the separator crosses the axis it is line ink too, not the axis background.
    if (!standsOut(r, bg, y * r.width + axisX, LINE_CONTRAST)) return false;
    const axis = at(axisX);
    const samples = [...across, axis, at(r.width - 2)];
    // The line's colour is the sample most others agree with; a candle or bar lying on the
    // line may spoil a sample or two, a price tag filling the axis must not pass.
    const agreeing = (c: Rgb): number => samples.filter((o) => sameInk(c, o)).length;
    const ref = samples.reduce((best, c) => (agreeing(c) > agreeing(best) ? c : best), axis);
    return sameInk(axis, ref) && agreeing(ref) >= samples.length * 0.75;
  };
  const isSeparator = (y: number): boolean => {
    // At least 95% of the row is line: give up as soon as more than 5% is background.
    let off = 0;
    const base = y * r.width;
    for (let x = 0; x < r.width && off <= r.width * 0.05; x++) if (!standsOut(r, bg, base + x, LINE_CONTRAST)) off++;
    return off <= r.width * 0.05 && sameColour(y);
  };
  let top = 0;
  for (let y = strip.top - 1; y >= 0; y--) {
    if (isSeparator(y)) {
      top = y + 1;
      break;
    }
  }
  let bottom = r.height;
  for (let y = strip.bottom; y < r.height; y++) {
    if (isSeparator(y)) {
      bottom = y;
      break;
    }
  }
  return { top, bottom };
}
