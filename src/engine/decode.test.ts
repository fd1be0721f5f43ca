import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeImage, MAX_IMAGE_PIXELS } from './decode.js';
import { EngineError } from './errors.js';

function chunk(type: string, body: Buffer): Buffer {
  const data = Buffer.concat([Buffer.from(type, 'ascii'), body]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data));
  return Buffer.concat([length, data, crc]);
}

/** A well-formed PNG header claiming `width` x `height` RGB pixels, with almost no data. */
function pngClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('decodeImage', () => {
  it('refuses an image claiming more pixels than any screen before decoding it', async () => {
    expect(7000 * 6000).toBeGreaterThan(MAX_IMAGE_PIXELS);
    for (const [w, h] of [
      [7000, 6000],
      [20_000, 20_000],
    ] as const) {
      const error = await decodeImage(pngClaiming(w, h)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EngineError);
      expect((error as EngineError).code).toBe('INVALID_IMAGE');
      expect((error as EngineError).rule).toBe('decode/too-large');
    }
  });

  it('refuses a truncated PNG as INVALID_IMAGE', async () => {
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const error = await decodeImage(png.subarray(0, png.length - 40)).catch((e: unknown) => e);
    expect((error as EngineError).code).toBe('INVALID_IMAGE');
  });

  it('decodes a PNG to RGB at full size and keeps it as the work image below 2000 px', async () => {
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const { full, work, scale } = await decodeImage(png);
    expect([full.width, full.height, scale]).toEqual([400, 300, 1]);
    expect(work).toBe(full);
    expect([...full.data.subarray(0, 3)]).toEqual([0x33, 0x66, 0x99]);
  });
});
