import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { BLOG_ALIASES, BLOG_POSTS } from '../../../shared/blog';
import { PRERENDER_PLACEHOLDERS } from '../../../shared/public-pages';
import { PRIVATE_ROUTES } from '../../../shared/routes';
import type { AppEnv } from '../../lib/context';
import { webRoutes } from '../../web-static';
import { contentRoutes } from './content.routes';

const APP = 'https://piplens.example';
const app = new Hono<AppEnv>().route('/', contentRoutes(APP));

describe('sitemap and robots', () => {
  it('lists every public page and article with absolute URLs', async () => {
    const response = await app.request('/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/xml');
    const xml = await response.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const page of ['/', '/learn-more', '/premium-benefits', '/blog', '/terms', '/login', '/signup']) {
      expect(locs).toContain(page === '/' ? `${APP}/` : `${APP}${page}`);
    }
    for (const post of BLOG_POSTS) expect(xml).toContain(`<loc>${APP}/blog/${post.id}</loc><lastmod>${post.date}</lastmod>`);
    expect(locs.every((loc) => loc?.startsWith(`${APP}/`))).toBe(true);
    expect(locs.some((loc) => /dashboard|subscription|admin|share/.test(loc ?? ''))).toBe(false);
  });

  it('robots.txt keeps private routes out and points to the sitemap', async () => {
    const text = await (await app.request('/robots.txt')).text();
    for (const route of PRIVATE_ROUTES) expect(text).toContain(`Disallow: ${route}\n`);
    expect(text).toContain(`Sitemap: ${APP}/sitemap.xml`);
  });
});

describe('blog aliases', () => {
  it('redirects each old list id permanently to its article, keeping the query', async () => {
    for (const [alias, target] of Object.entries(BLOG_ALIASES)) {
      const response = await app.request(`/blog/${alias}?ref=list`);
      expect(response.status).toBe(301);
      expect(response.headers.get('location')).toBe(`/blog/${target}?ref=list`);
    }
  });

  it('leaves real articles and unknown ids alone', async () => {
    expect((await app.request('/blog/ai-forex-trading')).status).toBe(404); // falls through: no web app mounted here
    expect((await app.request('/blog/nope')).status).toBe(404);
  });
});

describe('web pages', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'piplens-web-'));
  const webRoot = path.join(dir, 'web');
  mkdirSync(path.join(webRoot, 'assets'), { recursive: true });
  mkdirSync(path.join(dir, 'prerendered', 'blog'), { recursive: true });
  writeFileSync(path.join(webRoot, 'index.html'), '<html><head><title>PipLens</title></head><body><div id="root"></div></body></html>');
  writeFileSync(
    path.join(dir, 'prerendered', 'blog', 'ai-forex-trading.html'),
    `<html><head><link rel="canonical" href="${PRERENDER_PLACEHOLDERS.appUrl}/blog/ai-forex-trading"></head><body><div id="root"><h1>AI</h1><a href="mailto:${PRERENDER_PLACEHOLDERS.supportEmail}">${PRERENDER_PLACEHOLDERS.supportEmail}</a></div></body></html>`,
  );
  writeFileSync(path.join(dir, 'prerendered', 'index.html'), '<html><head></head><body><div id="root"><h1>Home</h1></div></body></html>');
  const web = new Hono<AppEnv>().route('/', webRoutes(webRoot, { appUrl: APP, supportEmail: 'help@piplens.example' }));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('answers every page with a policy that allows exactly its inline scripts', async () => {
    const response = await web.request('/blog/ai-forex-trading');
    const policy = response.headers.get('content-security-policy') ?? '';
    const island = /<script>(window\.__PIPLENS__=[^<]*)<\/script>/.exec(await response.text())?.[1] ?? '';
    expect(island).not.toBe('');
    expect(policy).toContain(`'sha256-${createHash('sha256').update(island).digest('base64')}'`);
    expect(policy).toContain("frame-ancestors 'none'");
    expect((await web.request('/dashboard')).headers.get('content-security-policy')).toBe(policy);
  });

  it('serves source maps only when asked for', async () => {
    writeFileSync(path.join(webRoot, 'assets', 'app-1234.js.map'), '{"version":3}');
    expect((await web.request('/assets/app-1234.js.map')).status).toBe(404);
    const withMaps = new Hono<AppEnv>().route(
      '/',
      webRoutes(webRoot, { appUrl: APP, supportEmail: 'help@piplens.example' }, { serveSourceMaps: true }),
    );
    expect((await withMaps.request('/assets/app-1234.js.map')).status).toBe(200);
  });

  it('serves prerendered pages with the configured values and the config island', async () => {
    const response = await web.request('/blog/ai-forex-trading/');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<link rel="canonical" href="${APP}/blog/ai-forex-trading">`);
    expect(html).toContain('<a href="mailto:help@piplens.example">help@piplens.example</a>');
    expect(html).not.toContain('.invalid');
    expect(html).toContain('window.__PIPLENS__={"appUrl":"https://piplens.example","supportEmail":"help@piplens.example"}');
    expect(await (await web.request('/')).text()).toContain('<h1>Home</h1>');
  });

  it('serves the shell for other routes: 404 for unknown paths and articles, noindex for private pages', async () => {
    const dashboard = await web.request('/dashboard');
    expect(dashboard.status).toBe(200);
    expect(dashboard.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(await dashboard.text()).toContain('<div id="root"></div>');
    expect((await web.request('/blog/no-such-article')).status).toBe(404);
    expect((await web.request('/no/such/page')).status).toBe(404);
    expect((await web.request('/learn-more')).headers.get('x-robots-tag')).toBeNull();
  });

  it('compresses pages for browsers that accept it', async () => {
    const response = await web.request('/blog/ai-forex-trading', { headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
  });
});
