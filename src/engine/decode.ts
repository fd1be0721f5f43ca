import { closeSync, existsSync, openSync, readSync, unlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { EngineError } from './errors.js';
import { dominantColour, downscaleKeepInk, type Raster } from './raster.js';
import { scratchU8Unfilled } from './scratch.js';

// Every image is decoded once: libvips' operation cache (up to 50 MB by default) would only
// hold pixels nobody asks for again.
sharp.cache(false);

// The decode step's thresholds (the stages' own are in their folders' params.ts).

/** Above this many pixels an image is refused before decoding (decompression bombs); 8K is 33 MP. */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** Candle detection does not need more than this many columns; wider shots are reduced. */
const WORK_MAX_WIDTH = 2000;
/** Narrower than this is an icon or a thumbnail: no chart's axis and bars can be read in it. */
const MIN_WIDTH = 200;
/** Lower than this is an icon or a thumbnail, as for MIN_WIDTH. */
const MIN_HEIGHT = 150;

export interface DecodedImage {
  /** Full resolution, used for reading the axis labels. */
  full: Raster;
  /** Reduced copy for pixel analysis; `scale` maps its coordinates back (full = work * scale). */
  work: Raster;
  scale: number;
}

/** RAM-backed where the system has it: the decoded pixels pass through here once. */
const TEMP_DIR = existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();
const VIPS_HEADER = 64;
const VIPS_MAGIC = [0xb6a6f208, 0x08f2a6b6];
let tempCounter = 0;

/**
 * Decodes to 8-bit RGB in a reused buffer. sharp's raw output would be a fresh buffer of the
 * whole image, malloc'd on a libvips thread for every image; glibc keeps such freed blocks in
 * per-thread arenas, and the process grew by tens of MB per image size seen. Instead libvips
 * streams the pixels line by line into a .v file (64-byte header, then the pixels), which is
 * read straight into scratch memory.
 */
async function decodePixels(image: Buffer): Promise<Raster> {
  const file = path.join(TEMP_DIR, `piplens-${process.pid}-${(tempCounter = (tempCounter + 1) % 1e9)}.v`);
  try {
    // Transparent PNGs are flattened on white, as a viewer would show them.
    await sharp(image, { failOn: 'error' }).flatten({ background: '#ffffff' }).toColourspace('srgb').toFile(file);
    const fd = openSync(file, 'r');
    try {
      const header = Buffer.alloc(VIPS_HEADER);
      readSync(fd, header, 0, VIPS_HEADER, 0);
      const width = header.readInt32LE(4);
      const height = header.readInt32LE(8);
      const bands = header.readInt32LE(12);
      const uchar = header.readInt32LE(20) === 0;
      if (!VIPS_MAGIC.includes(header.readUInt32LE(0)) || bands !== 3 || !uchar || width <= 0 || height <= 0) {
        throw new Error('unexpected pixel layout');
      }
      const data = scratchU8Unfilled('decode:full', width * height * 3);
      if (readSync(fd, data, 0, data.length, VIPS_HEADER) !== data.length) throw new Error('short read');
      return { width, height, data };
    } finally {
      closeSync(fd);
    }
  } finally {
    try {
      unlinkSync(file);
    } catch {
      // never written
    }
  }
}

/**
 * The returned rasters are scratch memory (see scratch.ts): use them before the next `await`.
 * Throws INVALID_IMAGE for anything but a sound PNG or JPEG.
 */
export async function decodeImage(image: Buffer): Promise<DecodedImage> {
  let meta: Metadata;
  try {
    meta = await sharp(image, { limitInputPixels: false }).metadata();
  } catch {
    throw new EngineError('decode/unreadable');
  }
  const { format, width = 0, height = 0 } = meta;
  if (format !== 'png' && format !== 'jpeg')
    throw new EngineError('decode/unsupported-format', { format: String(format) });
  if (width * height > MAX_IMAGE_PIXELS)
    throw new EngineError('decode/too-large', { pixels: width * height, threshold: MAX_IMAGE_PIXELS });

  let full: Raster;
  try {
    full = await decodePixels(image);
  } catch {
    throw new EngineError('decode/damaged');
  }
  if (full.width < MIN_WIDTH || full.height < MIN_HEIGHT)
    throw new EngineError('decode/too-small', {
      width: full.width,
      height: full.height,
      minWidth: MIN_WIDTH,
      minHeight: MIN_HEIGHT,
    });

  if (full.width <= WORK_MAX_WIDTH) return { full, work: full, scale: 1 };
  const factor = Math.ceil(full.width / WORK_MAX_WIDTH);
  const work = downscaleKeepInk(full, factor, dominantColour(full));
  return { full, work, scale: factor };
}
