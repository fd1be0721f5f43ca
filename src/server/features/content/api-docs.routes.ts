import { readdirSync } from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context';
import { contentSecurityPolicy } from '../../lib/csp';

/**
 * The API reference at /api/docs: Scalar's browser bundle, copied at build time from the
 * installed npm package into the app's assets (scripts/build.mjs), started by a script of ours
 * from this origin. The page has no inline script, so its policy allows none.
 */
export function apiDocsRoutes(bundleFile: string | null) {
  const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>PipLens API reference</title>
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
  </head>
  <body>
    <div id="app"></div>
    <script src="/assets/${bundleFile}"></script>
    <script src="/api/docs/start.js"></script>
  </body>
</html>`;
  // Fonts are this page's system fonts: Scalar's default ones come from its own servers.
  const start = `Scalar.createApiReference('#app', ${JSON.stringify({ url: '/api/openapi.json', withDefaultFonts: false })});\n`;
  return new Hono<AppEnv>()
    .get('/', (c) => {
      if (!bundleFile) return c.text('The API reference is part of the built app: run npm run build.', 404);
      c.header('Content-Security-Policy', contentSecurityPolicy());
      return c.html(page);
    })
    .get('/start.js', (c) => {
      c.header('Content-Type', 'text/javascript; charset=utf-8');
      c.header('Cache-Control', 'no-cache');
      return c.body(start);
    });
}

/** The API reference bundle the build put among the app's assets ('api-reference-<version>.js'), if any. */
export function apiReferenceBundle(webRoot: string): string | null {
  try {
    return readdirSync(path.join(webRoot, 'assets')).find((name) => /^api-reference-[\w.-]+\.js$/.test(name)) ?? null;
  } catch {
    return null;
  }
}
