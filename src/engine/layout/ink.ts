/**
 * How the layout tells ink from background: the pixel test the layout's modules share, with the
 * contrast each kind of mark is drawn with (TEXT_CONTRAST, LINE_CONTRAST in params.ts).
 */
import type { Raster, Rgb } from '../raster.js';

/** Whether pixel `p` (index into width × height) differs from `bg` by more than `limit`. */
export function standsOut(r: Raster, bg: Rgb, p: number, limit: number): boolean {
  const i = p * 3;
  const dr = r.data[i]! - bg[0];
  const dg = r.data[i + 1]! - bg[1];
  const db = r.data[i + 2]! - bg[2];
  return dr * dr + dg * dg + db * db > limit * limit;
}
