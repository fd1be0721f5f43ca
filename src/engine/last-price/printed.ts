/**
 * The price printed on the box the last close was read from. A tag's rows give the close to a
 * pixel or two, and two tags that overlap (MetaTrader's bid over an order's tag at nearly the
 * same price) to half a tag's height; the text on the tag gives it exactly.
 */
import { readLabels } from '../axis/index.js';
import { parseLabel, type ScaleFit } from '../axis/scale.js';
import type { Box, Raster } from '../raster.js';
import { PRINTED_INSET, PRINTED_NEAR } from './params.js';
import type { Tag } from './tags.js';

/**
 * Reads the text on `mark` (work pixels, `f` full-image pixels per work pixel) across the label
 * column's `strip`, on the OCR worker. Returns its price where two readings of it give the same
 * price, with the scale's decimals or more and as many digits before the point as a fitted label,
 * lying within PRINTED_NEAR of the mark's heights of `close` (the last close read, full-image
 * rows); else null.
 */
export async function printedClose(
  full: Raster,
  f: number,
  strip: Box,
  mark: Tag,
  fit: ScaleFit,
  close: number,
): Promise<number | null> {
  if (mark.top === undefined || mark.bottom === undefined) return null;
  const box = {
    left: Math.max(0, Math.round(strip.left * f)),
    right: Math.min(full.width, Math.round(strip.right * f)),
    top: Math.max(0, Math.round(mark.top * f)),
    bottom: Math.min(full.height, Math.round((mark.bottom + 1) * f)),
  };
  if (box.right - box.left < 2 || box.bottom - box.top < 2) return null;
  // Read twice, the second time without the box's outer rows (another size, so another
  // resampling for the OCR): a digit misread in one reading is seldom misread alike in the other.
  const inset = Math.floor((box.bottom - box.top) * PRINTED_INSET);
  const texts = await readLabels(full, [box, { ...box, top: box.top + inset, bottom: box.bottom - inset }]);
  const [printed, again] = texts.map((t) => parseLabel(t));
  if (!printed || !again || printed.value !== again.value || printed.decimals < fit.precision) return null;
  const whole = (value: number): number => String(Math.trunc(Math.abs(value))).length;
  if (!fit.inliers.some((l) => whole(l.value) === whole(printed.value))) return null;
  const row = (printed.value - fit.intercept) / fit.slope;
  return Math.abs(row - close) <= PRINTED_NEAR * (box.bottom - box.top) ? printed.value : null;
}
