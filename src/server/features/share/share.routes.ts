import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { SHARED_NOT_FOUND_MESSAGE as NOT_SHARED } from '../../../shared/share';
import type { AppEnv } from '../../lib/context';
import { ApiError } from '../../lib/errors';
import { findShared, findSharedThumbnail } from './share.service';

/** Shared analyses stay out of search engines and out of other sites' referrer logs. */
export const noIndexHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  c.header('X-Robots-Tag', 'noindex, nofollow');
  c.header('Referrer-Policy', 'no-referrer');
});

/**
 * The public side of shared links: anyone with the token reads the analysis, no account needed.
 * Never cached (a revoked link stops at once) and never indexed.
 */
export function sharedRoutes() {
  const routes = new Hono<AppEnv>();
  routes.use(noIndexHeaders, async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });

  routes.get('/:token', async (c) => {
    const shared = await findShared(c.get('db'), c.req.param('token'), c.get('user')?.id ?? null);
    if (!shared) throw new ApiError(404, 'NOT_FOUND', NOT_SHARED);
    return c.json(shared);
  });

  routes.get('/:token/thumbnail', async (c) => {
    const webp = await findSharedThumbnail(c.get('db'), c.req.param('token'));
    if (!webp) throw new ApiError(404, 'NOT_FOUND', NOT_SHARED);
    return c.body(new Uint8Array(webp), 200, { 'Content-Type': 'image/webp' });
  });

  return routes;
}
