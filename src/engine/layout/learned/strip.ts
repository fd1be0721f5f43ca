/**
 * The label column's strip: the second look of the learned reader. At the whole picture's 640
 * pixels a MetaTrader tag is four or five pixels high and the net mistakes labels for it; the
 * strip is the column the first look found, with a little of the plot beside it, cut from the
 * screenshot at its own resolution, where a tag's fill and a label's plain text are plain to see.
 * Training data (training/layout/make-data.ts) is cut by these same functions.
 */
import sharp from 'sharp';
import { cropRaster, type Box, type Raster } from '../../raster.js';
import type { ModelInput } from './model-input.js';

/** What the strip model reports, one heat map per class. */
export const STRIP_CLASSES = ['label', 'lastTag', 'tag'] as const;
export type StripClass = (typeof STRIP_CLASSES)[number];

/** The strip reaches this share of the column's width past each of its sides ... */
const STRIP_SIDE = 0.3;
/** ... and this share of its height past its top and bottom (a tag pinned at the axis's edge). */
const STRIP_END = 0.06;
/** A strip is scaled down to at most this size (a 4K screenshot's column). */
export const STRIP_MAX_WIDTH = 192;
export const STRIP_MAX_HEIGHT = 1280;
/** The strip is padded to a multiple of the net's largest stride. */
export const STRIP_STRIDE = 32;

export interface StripInput extends ModelInput {
  /** Where the strip was cut, in screenshot pixels. */
  at: Box;
}

/** The part of a `width` x `height` screenshot the strip of `column` covers. */
export function stripBox(column: Box, width: number, height: number): Box {
  const side = (column.right - column.left) * STRIP_SIDE;
  const end = (column.bottom - column.top) * STRIP_END;
  return {
    left: Math.max(0, Math.floor(column.left - side)),
    top: Math.max(0, Math.floor(column.top - end)),
    right: Math.min(width, Math.ceil(column.right + side)),
    bottom: Math.min(height, Math.ceil(column.bottom + end)),
  };
}

/** The strip of `column` (screenshot pixels) at the screenshot's resolution, or scaled to fit. */
export async function stripInput(r: Raster, column: Box): Promise<StripInput | null> {
  const at = stripBox(column, r.width, r.height);
  const w = at.right - at.left;
  const h = at.bottom - at.top;
  if (w < 4 || h < 16) return null;
  const cut = cropRaster(r, { ...at, right: at.right - 1, bottom: at.bottom - 1 }).data;
  const scale = Math.min(1, STRIP_MAX_WIDTH / w, STRIP_MAX_HEIGHT / h);
  if (scale === 1) return { rgb: cut, width: w, height: h, scale, at };
  const width = Math.max(1, Math.round(w * scale));
  const height = Math.max(1, Math.round(h * scale));
  const rgb = await sharp(cut, { raw: { width: w, height: h, channels: 3 } })
    .resize({ width, height, fit: 'fill' })
    .raw()
    .toBuffer();
  return { rgb: new Uint8Array(rgb.buffer, rgb.byteOffset, width * height * 3), width, height, scale, at };
}
