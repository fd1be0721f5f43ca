import { scratchU8 } from './scratch.js';

/** An 8-bit RGB image held as a flat buffer; all pixel work runs on this. */
export interface Raster {
  width: number;
  height: number;
  data: Uint8Array;
}

export type Rgb = readonly [number, number, number];

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export const rgbAt = (r: Raster, x: number, y: number): Rgb => {
  const i = (y * r.width + x) * 3;
  return [r.data[i] ?? 0, r.data[i + 1] ?? 0, r.data[i + 2] ?? 0];
};

/** Euclidean RGB distance. Math.hypot is avoided: V8 allocates for it, and this runs per pixel. */
export const colourDistance = (a: Rgb, b: Rgb): number => {
  const dr = a[0] - b[0];
  const dg = a[1] - b[1];
  const db = a[2] - b[2];
  return Math.sqrt(dr * dr + dg * dg + db * db);
};

export const luminance = (c: Rgb): number => 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2];

/**
 * The engine's one colour contrast: ink (a candle's body or wick, a shape, a tag's fill) stands at
 * least this far (RGB distance) from the background it is drawn on; fainter pixels are grid,
 * antialiasing or JPEG noise.
 */
export const INK_CONTRAST = 60;

/** Colours this far from grey (the spread of their channels) have a hue. */
export const CHROMATIC = 60;
/** The spread of a colour's channels: 0 for a grey. */
export const chroma = (c: Rgb): number => Math.max(...c) - Math.min(...c);

/** Hue angle in degrees, 0-360. */
export function hue([r, g, b]: Rgb): number {
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  if (d === 0) return 0;
  const h = max === r ? ((g - b) / d + 6) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return h * 60;
}

/** Whether two colours are of one hue, `within` degrees: shades of it, each with a hue (`CHROMATIC`). */
export function sameHue(a: Rgb, b: Rgb, within: number): boolean {
  if (chroma(a) < CHROMATIC || chroma(b) < CHROMATIC) return false;
  const d = Math.abs(hue(a) - hue(b));
  return Math.min(d, 360 - d) <= within;
}

/** Most common colour (4 bits per channel), averaged within its bin; sampled for speed. */
export function dominantColour(r: Raster, box: Box = { left: 0, top: 0, right: r.width, bottom: r.height }): Rgb {
  const counts = new Uint32Array(4096);
  const sums = new Float64Array(4096 * 3);
  const step = Math.max(1, Math.floor(Math.sqrt(((box.right - box.left) * (box.bottom - box.top)) / 40000)));
  for (let y = box.top; y < box.bottom; y += step) {
    for (let x = box.left; x < box.right; x += step) {
      const i = (y * r.width + x) * 3;
      const cr = r.data[i] ?? 0;
      const cg = r.data[i + 1] ?? 0;
      const cb = r.data[i + 2] ?? 0;
      const key = ((cr >> 4) << 8) | ((cg >> 4) << 4) | (cb >> 4);
      counts[key] = (counts[key] ?? 0) + 1;
      sums[key * 3] = (sums[key * 3] ?? 0) + cr;
      sums[key * 3 + 1] = (sums[key * 3 + 1] ?? 0) + cg;
      sums[key * 3 + 2] = (sums[key * 3 + 2] ?? 0) + cb;
    }
  }
  let best = 0;
  for (let k = 1; k < 4096; k++) if ((counts[k] ?? 0) > (counts[best] ?? 0)) best = k;
  const n = counts[best] || 1;
  return [
    Math.round((sums[best * 3] ?? 0) / n),
    Math.round((sums[best * 3 + 1] ?? 0) / n),
    Math.round((sums[best * 3 + 2] ?? 0) / n),
  ];
}

/**
 * Shrinks by an integer factor keeping, in each block, the pixel farthest from the
 * background: one-pixel wicks and outlines survive and colours stay pure (no blending).
 * The result is scratch memory (see scratch.ts).
 */
export function downscaleKeepInk(r: Raster, factor: number, bg: Rgb): Raster {
  const width = Math.floor(r.width / factor);
  const height = Math.floor(r.height / factor);
  const data = scratchU8('decode:work', width * height * 3);
  const src = r.data;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let best = -1;
      let bestI = 0;
      for (let dy = 0; dy < factor; dy++) {
        let i = ((y * factor + dy) * r.width + x * factor) * 3;
        for (let dx = 0; dx < factor; dx++, i += 3) {
          const dr = (src[i] ?? 0) - bg[0];
          const dg = (src[i + 1] ?? 0) - bg[1];
          const db = (src[i + 2] ?? 0) - bg[2];
          const d = dr * dr + dg * dg + db * db;
          if (d > best) {
            best = d;
            bestI = i;
          }
        }
      }
      const o = (y * width + x) * 3;
      data[o] = src[bestI] ?? 0;
      data[o + 1] = src[bestI + 1] ?? 0;
      data[o + 2] = src[bestI + 2] ?? 0;
    }
  }
  return { width, height, data };
}

/** A copy of the part of `r` within `b` (edges included, clipped to the raster). */
export function cropRaster(r: Raster, b: Box): Raster {
  const left = Math.max(0, Math.round(b.left));
  const top = Math.max(0, Math.round(b.top));
  const width = Math.min(r.width, Math.round(b.right) + 1) - left;
  const height = Math.min(r.height, Math.round(b.bottom) + 1) - top;
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    const from = ((top + y) * r.width + left) * 3;
    data.set(r.data.subarray(from, from + width * 3), y * width * 3);
  }
  return { width, height, data };
}
