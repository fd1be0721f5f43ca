/** Small pictures and words drawn by hand, for the layout stage's tests. */
import type { Raster } from '../../raster.js';

export const BG = [19, 23, 34] as const;
export const GRID = [42, 46, 57] as const;
export const CANDLE = [76, 175, 80] as const;

/** A dark 600×60 chart (or of the given size) with the axis labels starting at x = 590. */
export function canvas(
  width = 600,
  height = 60,
): Raster & { fill: (x0: number, x1: number, y0: number, y1: number, c: readonly number[]) => void } {
  const data = new Uint8Array(width * height * 3);
  const fill = (x0: number, x1: number, y0: number, y1: number, c: readonly number[]): void => {
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) data.set(c, (y * width + x) * 3);
  };
  fill(0, width - 1, 0, height - 1, BG);
  return { width, height, data, fill };
}

export const word = (left: number, right: number, top: number, bottom: number, glyphs: number) => ({
  left,
  right,
  top,
  bottom,
  glyphs,
  pixels: (right - left + 1) * (bottom - top + 1),
});
