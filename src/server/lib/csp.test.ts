import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, defaultCsp, inlineScriptHashes } from './csp';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('hashes the inline scripts a browser runs, not data blocks or external scripts', () => {
    const theme = "(function(){document.documentElement.classList.add('dark')})();";
    const html = `<html><head><script>${theme}</script><script type="application/ld+json">{"a":1}</script>
      <script type="module" crossorigin src="/assets/app.js"></script></head>
      <body><script>window.__PIPLENS__={}</script><script>${theme}</script></body></html>`;
    expect(inlineScriptHashes(html)).toEqual([sha(theme), sha('window.__PIPLENS__={}')]);
  });
});

describe('contentSecurityPolicy', () => {
  it('allows scripts from this origin and the given hashes only, and no framing', () => {
    const policy = contentSecurityPolicy({ scriptHashes: ["'sha256-abc'"] });
    expect(policy).toContain("script-src 'self' 'sha256-abc';");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('adds the live checkout origin to scripts and frames', () => {
    const policy = contentSecurityPolicy({ paymentOrigins: ['https://checkout.flutterwave.com'] });
    expect(policy).toContain("script-src 'self' https://checkout.flutterwave.com");
    expect(policy).toContain("frame-src 'self' https://checkout.flutterwave.com");
  });
});

describe('defaultCsp', () => {
  const app = new Hono()
    .use(defaultCsp('default-src none'))
    .get('/page', (c) => c.html('<p>hi</p>'))
    .get('/own', (c) => {
      c.header('Content-Security-Policy', 'own');
      return c.html('<p>own</p>');
    })
    .get('/json', (c) => c.json({}));

  it('puts the strict policy on HTML answers that set none, and leaves others alone', async () => {
    expect((await app.request('/page')).headers.get('content-security-policy')).toBe('default-src none');
    expect((await app.request('/own')).headers.get('content-security-policy')).toBe('own');
    expect((await app.request('/json')).headers.get('content-security-policy')).toBeNull();
  });
});
