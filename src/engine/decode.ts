import sharp from 'sharp';
import { EngineError } from './errors.js';
import { dominantColour, downscaleKeepInk, type Raster } from './raster.js';

/** Candle detection does not need more than this many columns; wider shots are reduced. */
const WORK_MAX_WIDTH = 2000;

export interface DecodedImage {
  /** Full resolution, used for reading the axis labels. */
  full: Raster;
  /** Reduced copy for pixel analysis; `scale` maps its coordinates back (full = work * scale). */
  work: Raster;
  scale: number;
}

export async function decodeImage(image: Buffer): Promise<DecodedImage> {
  let format: string | undefined;
  try {
    ({ format } = await sharp(image).metadata());
  } catch {
    throw new EngineError('INVALID_IMAGE', 'sharp could not read the image header');
  }
  if (format !== 'png' && format !== 'jpeg') throw new EngineError('INVALID_IMAGE', `unsupported format ${format}`);

  let full: Raster;
  try {
    // Transparent PNGs are flattened on white, as a viewer would show them.
    const { data, info } = await sharp(image, { failOn: 'error' })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    full = { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
  } catch {
    throw new EngineError('INVALID_IMAGE', 'the image data is damaged');
  }
  if (full.width < 200 || full.height < 150) throw new EngineError('NOT_A_CHART', 'image too small');

  if (full.width <= WORK_MAX_WIDTH) return { full, work: full, scale: 1 };
  const factor = Math.ceil(full.width / WORK_MAX_WIDTH);
  const work = downscaleKeepInk(full, factor, dominantColour(full));
  return { full, work, scale: factor };
}
