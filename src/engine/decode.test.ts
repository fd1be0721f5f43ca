import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeImage, MAX_IMAGE_PIXELS } from './decode.js';
import { EngineError } from './errors.js';
import { pngClaiming } from './test/png.js';

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
