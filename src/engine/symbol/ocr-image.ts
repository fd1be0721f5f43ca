/** A region of a screenshot made ready for the OCR worker (the symbol and quote stages). */
import sharp from 'sharp';
import type { Box } from '../raster.js';

/** Binary PGM, which Leptonica reads directly. */
const pgm = (width: number, height: number, pixels: Uint8Array): Buffer =>
  Buffer.concat([Buffer.from(`P5\n${width} ${height}\n255\n`), pixels]);

/**
 * The region as dark text on white at OCR size: each pixel by how far its grey level is from the
 * region's background (its most common level), so light text on a dark chart and dark text on a
 * light one come out alike, and so does coloured legend text.
 */
export async function ocrImage(image: Buffer, region: Box, zoom: number): Promise<Buffer> {
  const width = region.right - region.left;
  const height = region.bottom - region.top;
  const ow = Math.max(1, Math.round(width * zoom));
  const oh = Math.max(1, Math.round(height * zoom));
  const { data } = await sharp(image, { limitInputPixels: false })
    .flatten({ background: '#ffffff' })
    .extract({ left: region.left, top: region.top, width, height })
    .greyscale()
    .resize({ width: ow, height: oh, kernel: 'cubic' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const histogram = new Uint32Array(256);
  for (const v of data) histogram[v] = (histogram[v] ?? 0) + 1;
  const background = histogram.indexOf(Math.max(...histogram));
  let far = 1;
  for (const v of data) far = Math.max(far, Math.abs(v - background));
  const out = new Uint8Array(ow * oh);
  for (let i = 0; i < out.length; i++) out[i] = 255 - Math.round((Math.abs((data[i] ?? 0) - background) * 255) / far);
  return pgm(ow, oh, out);
}
