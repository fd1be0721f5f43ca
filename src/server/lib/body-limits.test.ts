import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signUp, TestClient, TEST_APP_URL, type TestServer } from '../test/harness';
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

describe('body limits over a real connection', () => {
  it('gets the 413 of an oversized upload to the client, every time, instead of a broken pipe', async () => {
    const { serve } = await import('@hono/node-server');
    const listening = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => listening.once('listening', resolve));
    const { port } = listening.address() as { port: number };
    const client = new TestClient(server);
    await signUp(client);
    const probe = await client.request('/api/auth/get-session');
    expect(probe.status).toBe(200);
    const cookie = client.cookieHeader();
    // A client on a slow line: the body keeps coming for three seconds after the server has answered.
    const slowBody = () => {
      let sent = 0;
      return new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (sent >= 60) return controller.close();
          await new Promise((resolve) => setTimeout(resolve, 50));
          controller.enqueue(new Uint8Array(MB));
          sent += 1;
        },
      });
    };
    const outcomes: string[] = [];
    try {
      for (let i = 0; i < 3; i += 1) {
        try {
          const response = await fetch(`http://127.0.0.1:${port}/api/analyses`, {
            method: 'POST',
            headers: {
              origin: TEST_APP_URL,
              cookie,
              'content-type': 'multipart/form-data; boundary=x',
              'content-length': String(60 * MB),
            },
            body: slowBody(),
            duplex: 'half',
          } as RequestInit);
          outcomes.push(String(response.status));
        } catch (error) {
          outcomes.push(String((error as { cause?: { code?: string } }).cause?.code ?? error));
        }
      }
    } finally {
      listening.close();
    }
    expect(outcomes).toEqual(['413', '413', '413']);
  }, 120_000);
});
