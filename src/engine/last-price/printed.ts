/**
 * The price printed on the box the last close was read from. A tag's rows give the close to a
 * pixel or two, and two tags that overlap (MetaTrader's bid over an order's tag at nearly the
 * same price) to half a tag's height; the text on the tag gives it exactly. A box against the
 * plot's top or bottom that prints a price far past that end is MetaTrader's tag pinned there for
 * a price out of view.
 */
import { readLabels } from '../axis/index.js';
import { parseLabel, priceLike, type ScaleFit } from '../axis/scale.js';
import type { Box, Raster } from '../raster.js';
import { PRINTED_INSET, PRINTED_NEAR, PUSHED_PX } from './params.js';
import type { Tag } from './tags.js';

/** The price printed on a box, and how far it stands from the close read, in the box's heights. */
export interface Printed {
  price: number;
  away: number;
  /** The box meets the plot's top or bottom row, and the price lies past that end on the scale. */
  pastEnd: boolean;
}

/**
 * Reads the text on `mark` (work pixels, `f` full-image pixels per work pixel) across the label
 * column's `strip`, on the OCR worker, beside `plot` (work pixels). Returns its price where two
 * readings of it give the same text and it is `priceLike`, and how far it lies from `close` (the
 * last close read, full-image rows); else null.
 */
export async function printedClose(
  full: Raster,
  f: number,
  strip: Box,
  plot: Box,
  mark: Tag,
  fit: ScaleFit,
  close: number,
): Promise<Printed | null> {
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
  const [text = '', again = ''] = texts;
  const printed = text === again ? priceLike(fit, text) : null;
  if (!printed) return null;
  const rowOf = (price: number): number => (price - fit.intercept) / fit.slope;
  const away = (price: number): number => Math.abs(rowOf(price) - close) / (box.bottom - box.top);
  // A zero with a dot or a slash in it (MetaTrader's fonts) is read as 6 or 8 alike both times;
  // where the text is far from the close, the one such digit read back as 0 that brings it near.
  const zeroed = [...text.matchAll(/[68]/g)]
    .map((m) => parseLabel(`${text.slice(0, m.index)}0${text.slice((m.index ?? 0) + 1)}`)?.value)
    .filter((v): v is number => v !== undefined && away(v) <= PRINTED_NEAR);
  const price = away(printed.value) > PRINTED_NEAR && zeroed.length === 1 ? zeroed[0]! : printed.value;
  const row = rowOf(price);
  const pastEnd =
    (mark.top - plot.top <= PUSHED_PX && row < plot.top * f) ||
    (plot.bottom - mark.bottom <= PUSHED_PX && row > plot.bottom * f);
  return { price, away: away(price), pastEnd };
}
