import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, TEST_APP_URL, type TestServer } from '../test/harness';
import { DEFAULT_BODY_BYTES, limitFor } from './body-limits';

const MB = 1024 * 1024;

/** A JSON-looking body of `bytes`, produced chunk by chunk as it is read (never held whole). */
function hugeBody(bytes: number): ReadableStream<Uint8Array> {
  const chunk = new Uint8Array(64 * 1024).fill(0x20);
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent === 0) controller.enqueue(new TextEncoder().encode('{"path":"'));
      if (sent >= bytes) return controller.close();
      controller.enqueue(chunk);
      sent += chunk.length;
    },
  });
}

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer('pglite');
});
afterAll(async () => {
  await server.close();
});

const post = (path: string, bytes: number, declareLength: boolean) => {
  const headers: Record<string, string> = { 'content-type': 'application/json', origin: TEST_APP_URL };
  if (declareLength) headers['content-length'] = String(bytes);
  return server.app.request(`${TEST_APP_URL}${path}`, {
    method: 'POST',
    headers,
    body: hugeBody(bytes),
    duplex: 'half',
  } as RequestInit);
};

describe('body limits', () => {
  it.each(['/api/client-events/not-found', '/api/auth/sign-in/email', '/api/feedback'])(
    'answers a 100 MB JSON post to %s with 413, declared or streamed, without buffering it',
    async (path) => {
      globalThis.gc?.();
      const before = process.memoryUsage().rss;
      const declared = await post(path, 100 * MB, true);
      const streamed = await post(path, 100 * MB, false);
      const growth = (process.memoryUsage().rss - before) / MB;
      expect(declared.status).toBe(413);
      expect(streamed.status).toBe(413);
      expect(((await declared.json()) as { error: { code: string } }).error.code).toBe('BODY_TOO_LARGE');
      expect(growth).toBeLessThan(20);
    },
  );

  it('lets a normal request through', async () => {
    const response = await server.app.request(`${TEST_APP_URL}/api/client-events/not-found`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: TEST_APP_URL },
      body: JSON.stringify({ path: '/nowhere' }),
    });
    expect(response.status).toBe(204);
  });

  it('gives each route what it needs and no more', () => {
    expect(limitFor('/api/auth/sign-in/email')).toBe(DEFAULT_BODY_BYTES);
    expect(limitFor('/api/feedback')).toBeGreaterThan(5000 * 4);
    expect(limitFor('/api/analyses')).toBe(Infinity);
    expect(limitFor('/api/analysesX')).toBe(DEFAULT_BODY_BYTES);
  });
});
