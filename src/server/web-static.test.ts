import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppEnv } from './lib/context';
import { webRoutes } from './web-static';

describe('installable app: service worker, manifest and share target', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'piplens-web-'));
  const webRoot = path.join(dir, 'web');
  mkdirSync(path.join(webRoot, 'assets'), { recursive: true });
  writeFileSync(
    path.join(webRoot, 'index.html'),
    '<html><head><title>PipLens</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(webRoot, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(webRoot, 'manifest.webmanifest'), readFileSync('src/web/public/manifest.webmanifest'));
  const web = new Hono<AppEnv>().route(
    '/',
    webRoutes(webRoot, { appUrl: 'https://piplens.example', supportEmail: 'help@piplens.example' }),
  );
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('serves the service worker as JavaScript that browsers never take from a cache', async () => {
    const response = await web.request('/sw.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('keeps the hashed build files for a year and other public files for a day', async () => {
    writeFileSync(path.join(webRoot, 'assets', 'index-1234.js'), 'export {};');
    writeFileSync(path.join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect((await web.request('/assets/index-1234.js')).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await web.request('/favicon.svg')).headers.get('cache-control')).toBe('public, max-age=86400');
  });

  it('serves the manifest with its own content type', async () => {
    const response = await web.request('/manifest.webmanifest');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
  });

  it('answers a share no service worker caught with the dashboard, never reading the screenshot', async () => {
    let read = false;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          read = true;
          controller.enqueue(
            new TextEncoder().encode(
              '--b\r\nContent-Disposition: form-data; name="chartImage"; filename="a.png"\r\n\r\nPNG\r\n--b--\r\n',
            ),
          );
          controller.close();
        },
      },
      { highWaterMark: 0 },
    );
    const response = await web.request('/share-target', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/dashboard?shared=unavailable');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(read).toBe(false);
  });
});
