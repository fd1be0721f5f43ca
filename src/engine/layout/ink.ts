/**
 * How the layout tells ink from background: the pixel test the layout's modules share, with the
 * contrast each kind of mark is drawn with (TEXT_CONTRAST, LINE_CONTRAST in params.ts).
 */
import type { Box, Raster, Rgb } from '../raster.js';
import { LINE_CONTRAST, SEPARATOR_BOX_FILL } from './params.js';

/** Whether pixel `p` (index into width × height) differs from `bg` by more than `limit`. */
export function standsOut(r: Raster, bg: Rgb, p: number, limit: number): boolean {
  const i = p * 3;
  const dr = r.data[i]! - bg[0];
  const dg = r.data[i + 1]! - bg[1];
  const db = r.data[i + 2]! - bg[2];
  return dr * dr + dg * dg + db * db > limit * limit;
}

/**
 * Whether row `y` of the axis's strip is a filled box's (a tag's, a crosshair label's): inked at
 * LINE_CONTRAST on SEPARATOR_BOX_FILL of its columns at least. Rows outside the picture are not.
 */
export function stripRowFilled(r: Raster, bg: Rgb, strip: Box, y: number): boolean {
  if (y < 0 || y >= r.height) return false;
  let on = 0;
  for (let x = strip.left; x < strip.right; x++) if (standsOut(r, bg, y * r.width + x, LINE_CONTRAST)) on++;
  return on >= (strip.right - strip.left) * SEPARATOR_BOX_FILL;
}
