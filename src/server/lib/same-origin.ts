import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './context';
import { ApiError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request protection for cookie-authenticated mutations: a browser always names the
 * page's origin on a cross-site POST, so any unsafe request whose Origin (or Sec-Fetch-Site)
 * says it came from another site is refused. Server-to-server calls (webhooks) carry no Origin.
 */
export function sameOriginOnly(appUrl: string) {
  const allowed = new URL(appUrl).origin;
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header('origin');
      const fetchSite = c.req.header('sec-fetch-site');
      if ((origin && origin !== allowed && origin !== new URL(c.req.url).origin) || fetchSite === 'cross-site') {
        throw new ApiError(403, 'CROSS_SITE_REQUEST', 'This request must come from PipLens itself.');
      }
    }
    await next();
  });
}
