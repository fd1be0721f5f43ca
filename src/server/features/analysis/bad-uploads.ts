import { crc32, deflateSync } from 'node:zlib';
import { UPLOAD_INVALID_MESSAGE, UPLOAD_UNREADABLE_MESSAGE } from './upload';

/**
 * The bad uploads of issue 5, each with the answer it must get: used by the upload test and by
 * `npm run bench:bad-uploads` (memory over 200 of each). Test data only; nothing here runs in the app.
 */
export interface BadUpload {
  label: string;
  bytes: Buffer;
  type: string;
  status: number;
  message: string;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A well-formed PNG that claims 20000 x 20000 pixels; `idat` defaults to a token data chunk. */
export function bombPng(idat: Buffer = deflateSync(Buffer.alloc(64))): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(20_000, 0);
  ihdr.writeUInt32BE(20_000, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600"/></svg>');
export const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** Every kind, built around a real chart `image` (for the truncated and the oversized file). */
export function badUploads(image: Buffer, bomb: Buffer = bombPng()): BadUpload[] {
  return [
    { label: 'GIF renamed to .png', bytes: GIF, type: 'image/png', status: 415, message: UPLOAD_INVALID_MESSAGE },
    { label: 'SVG', bytes: SVG, type: 'image/svg+xml', status: 415, message: UPLOAD_INVALID_MESSAGE },
    { label: 'empty file', bytes: Buffer.alloc(0), type: 'image/png', status: 400, message: UPLOAD_INVALID_MESSAGE },
    { label: '6 MB file', bytes: Buffer.concat([image, Buffer.alloc(6 * 1024 * 1024)]), type: 'image/png', status: 413, message: UPLOAD_INVALID_MESSAGE },
    { label: '20000x20000 PNG', bytes: bomb, type: 'image/png', status: 400, message: UPLOAD_INVALID_MESSAGE },
    {
      label: 'truncated PNG',
      bytes: image.subarray(0, Math.floor(image.length * 0.6)),
      type: 'image/png',
      status: 400,
      message: UPLOAD_UNREADABLE_MESSAGE,
    },
  ];
}
