import { crc32, deflateSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { testChart } from '../../test/charts';
import { describeEachDatabase, signUp, TestClient } from '../../test/harness';
import { UPLOAD_INVALID_MESSAGE, UPLOAD_UNREADABLE_MESSAGE } from './upload';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A well-formed PNG header that claims 20000 x 20000 pixels: a decompression bomb in 60 bytes. */
function bombPng(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(20_000, 0);
  ihdr.writeUInt32BE(20_000, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600"/></svg>');
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

describeEachDatabase('upload checks', (server) => {
  async function upload(client: TestClient, bytes: Buffer, name: string, type: string) {
    const form = new FormData();
    form.set('chartImage', new Blob([new Uint8Array(bytes)], { type }), name);
    const response = await client.request('/api/analyses', { method: 'POST', body: form });
    return { status: response.status, body: (await response.json()) as { error: { message: string } } };
  }

  it('refuses each bad upload with its 4xx and message, without using a slot', async () => {
    const client = new TestClient(server());
    await signUp(client);
    const { image } = await testChart();
    const cases: [string, Buffer, string, number, string][] = [
      ['GIF renamed to .png', GIF, 'image/png', 415, UPLOAD_INVALID_MESSAGE],
      ['SVG', SVG, 'image/svg+xml', 415, UPLOAD_INVALID_MESSAGE],
      ['empty file', Buffer.alloc(0), 'image/png', 400, UPLOAD_INVALID_MESSAGE],
      ['6 MB file', Buffer.concat([image, Buffer.alloc(6 * 1024 * 1024)]), 'image/png', 413, UPLOAD_INVALID_MESSAGE],
      ['20000x20000 PNG', bombPng(), 'image/png', 400, UPLOAD_INVALID_MESSAGE],
      ['truncated PNG', image.subarray(0, Math.floor(image.length * 0.6)), 'image/png', 400, UPLOAD_UNREADABLE_MESSAGE],
    ];
    for (const [label, bytes, type, status, message] of cases) {
      const result = await upload(client, bytes, 'chart.png', type);
      expect({ label, status: result.status, message: result.body.error.message }).toEqual({ label, status, message });
    }
    const missing = await client.request('/api/analyses', { method: 'POST', body: new FormData() });
    expect(missing.status).toBe(400);
    const state = (await (await client.request('/api/billing/status')).json()) as { dailyAnalysisCount: number };
    expect(state.dailyAnalysisCount).toBe(0);
  });
});
