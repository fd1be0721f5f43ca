import { bodyLimit } from 'hono/body-limit';
import sharp from 'sharp';
import { MAX_IMAGE_PIXELS } from '../../../engine/decode';
import { MAX_UPLOAD_BYTES } from '../../../shared/constants';
import { tooLarge } from '../../lib/body-limits';
import { ApiError } from '../../lib/errors';

export const UPLOAD_INVALID_MESSAGE = 'Please upload a valid image file (JPEG or PNG) under 5MB';
export const UPLOAD_UNREADABLE_MESSAGE = 'Failed to process image. Please try again.';
export const NO_IMAGE_MESSAGE = 'No chart image provided';
export const ONE_IMAGE_MESSAGE = 'Please upload one chart image at a time.';

/** Room for the multipart envelope and the settings fields around a 5 MB image. */
const MAX_REQUEST_BYTES = MAX_UPLOAD_BYTES + 64 * 1024;

/** The body limit of a route that takes one picture: over it, the upload's own message with 413. */
export const uploadBodyLimit = () =>
  bodyLimit({ maxSize: MAX_REQUEST_BYTES, onError: (c) => tooLarge(c, 'INVALID_UPLOAD', UPLOAD_INVALID_MESSAGE) });

/** Above this many pixels an image is refused before decoding (decompression bombs), as the engine does. */
export const MAX_PIXELS = MAX_IMAGE_PIXELS;

export interface CheckedImage {
  bytes: Buffer;
  format: 'png' | 'jpeg';
  mimeType: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_IEND = Buffer.from([0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);

/** A PNG ends with its IEND chunk; a JPEG with the EOI marker (some encoders pad after it). */
function isComplete(bytes: Buffer, format: 'png' | 'jpeg'): boolean {
  if (format === 'png') return bytes.subarray(-PNG_IEND.length).equals(PNG_IEND);
  const tail = bytes.subarray(-64);
  for (let i = tail.length - 2; i >= 0; i -= 1) if (tail[i] === 0xff && tail[i + 1] === 0xd9) return true;
  return false;
}

function sniff(bytes: Buffer): 'png' | 'jpeg' | null {
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  return null;
}

/** Judges the upload by its content, never by its name or declared type. */
export async function checkUpload(bytes: Buffer): Promise<CheckedImage> {
  if (bytes.length === 0) throw new ApiError(400, 'INVALID_UPLOAD', UPLOAD_INVALID_MESSAGE);
  if (bytes.length > MAX_UPLOAD_BYTES) throw new ApiError(413, 'INVALID_UPLOAD', UPLOAD_INVALID_MESSAGE);
  const format = sniff(bytes);
  if (!format) throw new ApiError(415, 'INVALID_UPLOAD', UPLOAD_INVALID_MESSAGE);
  // The header alone is read here; the pixel budget is checked below with our own limit.
  const meta = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw new ApiError(400, 'UNREADABLE_IMAGE', UPLOAD_UNREADABLE_MESSAGE);
    });
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width === 0 || height === 0 || width * height > MAX_PIXELS) {
    throw new ApiError(400, 'INVALID_UPLOAD', UPLOAD_INVALID_MESSAGE);
  }
  if (!isComplete(bytes, format)) throw new ApiError(400, 'UNREADABLE_IMAGE', UPLOAD_UNREADABLE_MESSAGE);
  return { bytes, format, mimeType: format === 'png' ? 'image/png' : 'image/jpeg', width, height };
}
