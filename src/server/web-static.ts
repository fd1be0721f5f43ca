import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { resolveArticleId } from '../shared/blog';
import { PRERENDER_PLACEHOLDERS } from '../shared/public-pages';
import { isKnownRoute, PRIVATE_ROUTES } from '../shared/routes';
import { SHARE_OUTCOME, SHARE_TARGET, shareLanding } from '../shared/share-target';
import type { AppEnv } from './lib/context';
import { contentSecurityPolicy, inlineScriptHashes } from './lib/csp';

export interface PublicConfig {
  supportEmail: string;
  appUrl: string;
}

export interface WebOptions {
  /** Serve the client's source maps (*.map); off in production unless asked for. */
  serveSourceMaps: boolean;
  /** Origins the pages may load the payment checkout from (live mode). */
  paymentOrigins?: string[];
}

/** The browser gets exactly these values, as a JSON island read before the app starts. */
export function injectConfig(html: string, config: PublicConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return html.replace('</head>', `<script>window.__PIPLENS__=${json}</script></head>`);
}

/**
 * The configured values go where the build left stand-ins: in attributes, text and JSON-LD alike.
 * Characters that would need a different escape in each of those places are percent-encoded (a base URL
 * or a mailbox never holds them in practice).
 */
const placeable = (value: string) => value.replace(/[&<>"'\\\s]/g, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0').toUpperCase()}`);

export function fillPlaceholders(html: string, config: PublicConfig): string {
  return html
    .replaceAll(PRERENDER_PLACEHOLDERS.appUrl, placeable(config.appUrl))
    .replaceAll(PRERENDER_PLACEHOLDERS.supportEmail, placeable(config.supportEmail));
}

/** dist/prerendered/blog/ai-forex-trading.html -> '/blog/ai-forex-trading'; index.html -> '/'. */
function loadPrerendered(dir: string, config: PublicConfig): Map<string, string> {
  const pages = new Map<string, string>();
  if (!existsSync(dir)) return pages;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const relative = path.relative(dir, file).split(path.sep).join('/').replace(/\.html$/, '');
    const pathname = relative === 'index' ? '/' : `/${relative}`;
    pages.set(pathname, injectConfig(fillPlaceholders(readFileSync(file, 'utf8'), config), config));
  }
  return pages;
}

const normalise = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname) || '/';

const isPrivate = (pathname: string) =>
  PRIVATE_ROUTES.some((route) => (route.endsWith('/') ? pathname.startsWith(route) : pathname === route || pathname.startsWith(`${route}/`)));

/** /blog/<id> for an id that is neither an article nor an alias (aliases are redirected before this). */
function isMissingArticle(pathname: string): boolean {
  const match = /^\/blog\/([^/]+)$/.exec(pathname);
  if (!match) return false;
  try {
    return resolveArticleId(decodeURIComponent(match[1] ?? '')) === null;
  } catch {
    return true;
  }
}

/**
 * serveStatic with a Cache-Control on the files it finds. Its onFound hook runs after the answer is made,
 * where a header set through the context no longer reaches it.
 */
function staticFiles(options: Parameters<typeof serveStatic>[0], cacheControl: string): MiddlewareHandler {
  const serve = serveStatic(options);
  return async (c, next) => {
    const found = await serve(c, next);
    if (found instanceof Response) found.headers.set('Cache-Control', cacheControl);
    return found;
  };
}

/**
 * Serves the built web app: hashed assets with a long cache (pre-compressed copies when the browser takes
 * them), the prerendered HTML of the public pages, and the SPA shell for every other route (404 for paths
 * that are not in the route table and for unknown articles; private pages are marked noindex).
 */
export function webRoutes(webRoot: string, publicConfig: PublicConfig, options: WebOptions = { serveSourceMaps: false }) {
  const shell = injectConfig(readFileSync(path.join(webRoot, 'index.html'), 'utf8'), publicConfig);
  const pages = loadPrerendered(path.resolve(webRoot, '..', 'prerendered'), publicConfig);
  // The pages' own inline scripts (the theme before first paint, the config island) are allowed by
  // their hashes, computed once here; nothing else inline runs.
  const scriptHashes = [...new Set([shell, ...pages.values()].flatMap(inlineScriptHashes))];
  const policy = contentSecurityPolicy({ scriptHashes, paymentOrigins: options.paymentOrigins });
  const routes = new Hono<AppEnv>();
  if (!options.serveSourceMaps) {
    routes.use('*', async (c, next) => (c.req.path.endsWith('.map') ? c.notFound() : next()));
  }
  const root = path.relative(process.cwd(), webRoot) || '.';

  routes.use('/assets/*', staticFiles({ root, precompressed: true }, 'public, max-age=31536000, immutable'));
  // The service worker: browsers check it for a new version on each visit, so never from a cache.
  routes.use('/sw.js', staticFiles({ root }, 'no-cache'));
  // A share from the phone's share sheet that no service worker caught (PipLens never opened in this
  // browser): the screenshot is not read, let alone kept; the dashboard says sharing needs one visit first.
  routes.post(SHARE_TARGET.path, (c) => {
    c.header('Cache-Control', 'no-store');
    return c.redirect(shareLanding(SHARE_OUTCOME.unavailable), 303);
  });
  // Files other than HTML pages (favicon, images): not content-hashed, so cached for a day only.
  routes.use('*', staticFiles({ root, index: 'no-index', precompressed: true }, 'public, max-age=86400'));
  routes.get('*', compress(), (c) => {
    const pathname = normalise(c.req.path);
    c.header('Cache-Control', 'no-cache');
    c.header('Content-Security-Policy', policy);
    const page = pages.get(pathname);
    if (page) return c.html(page, 200);
    if (isPrivate(pathname)) c.header('X-Robots-Tag', 'noindex, nofollow');
    return c.html(shell, isKnownRoute(pathname) && !isMissingArticle(pathname) ? 200 : 404);
  });
  return routes;
}
