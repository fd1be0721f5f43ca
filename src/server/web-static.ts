import { readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { isKnownRoute } from '../shared/routes';
import type { AppEnv } from './lib/context';

export interface PublicConfig {
  supportEmail: string;
  appUrl: string;
}

/** The browser gets exactly these values, as a JSON island read before the app starts. */
export function injectConfig(html: string, config: PublicConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return html.replace('</head>', `<script>window.__PIPLENS__=${json}</script></head>`);
}

/**
 * Serves the built web app: hashed assets with a long cache, prerendered pages where they exist,
 * and the SPA shell for every other route (with 404 for paths that are not in the route table).
 */
export function webRoutes(webRoot: string, publicConfig: PublicConfig) {
  const shell = injectConfig(readFileSync(path.join(webRoot, 'index.html'), 'utf8'), publicConfig);
  const routes = new Hono<AppEnv>();
  const root = path.relative(process.cwd(), webRoot) || '.';

  routes.use(
    '/assets/*',
    serveStatic({
      root,
      onFound: (_path, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  // Files other than HTML pages (favicon, robots, images); pages go through the shell below.
  routes.use('*', serveStatic({ root, index: 'no-index' }));
  routes.get('*', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(shell, isKnownRoute(c.req.path) ? 200 : 404);
  });
  return routes;
}
