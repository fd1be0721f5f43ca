/**
 * How the layout tells ink from background: the contrast each kind of mark is drawn with, and
 * the pixel test the layout's modules share.
 */
import type { Raster, Rgb } from '../raster.js';

/** Text is drawn with strong contrast against the background; grid and watermarks are not. */
export const TEXT_CONTRAST = 70;
/** Pane separators and borders are faint in dark themes, so this is lower than text. */
export const LINE_CONTRAST = 18;

/** Whether pixel `p` (index into width × height) differs from `bg` by more than `limit`. */
export function standsOut(r: Raster, bg: Rgb, p: number, limit: number): boolean {
  const i = p * 3;
  const dr = r.data[i]! - bg[0];
  const dg = r.data[i + 1]! - bg[1];
  const db = r.data[i + 2]! - bg[2];
  return dr * dr + dg * dg + db * db > limit * limit;
}
