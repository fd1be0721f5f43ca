import { createRoute, z } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import { SHARED_NOT_FOUND_MESSAGE as NOT_SHARED, SharedAnalysisSchema } from '../../../shared/share';
import type { AppEnv } from '../../lib/context';
import { ApiError } from '../../lib/errors';
import { createRouter, errorResponse, jsonResponse } from '../../lib/openapi';
import { findShared, findSharedThumbnail } from './share.service';

/** Shared analyses stay out of search engines and out of other sites' referrer logs. */
export const noIndexHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  c.header('X-Robots-Tag', 'noindex, nofollow');
  c.header('Referrer-Policy', 'no-referrer');
});

const TokenParams = z.object({ token: z.string().max(200) });

const sharedRoute = createRoute({
  method: 'get',
  path: '/{token}',
  summary: 'A shared analysis, read-only, for anyone with the link',
  request: { params: TokenParams },
  responses: { 200: jsonResponse(SharedAnalysisSchema, 'The analysis'), 404: errorResponse(NOT_SHARED) },
});

const sharedThumbnailRoute = createRoute({
  method: 'get',
  path: '/{token}/thumbnail',
  summary: "A shared analysis's chart thumbnail",
  request: { params: TokenParams },
  responses: {
    200: { description: 'WebP picture', content: { 'image/webp': { schema: z.string() } } },
    404: errorResponse(NOT_SHARED),
  },
});

/**
 * The public side of shared links: anyone with the token reads the analysis, no account needed.
 * Never cached (a revoked link stops at once) and never indexed.
 */
export function sharedRoutes() {
  const routes = createRouter();
  routes.use(noIndexHeaders, async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });

  routes.openapi(sharedRoute, async (c) => {
    const shared = await findShared(c.get('db'), c.req.valid('param').token, c.get('user')?.id ?? null);
    if (!shared) throw new ApiError(404, 'NOT_FOUND', NOT_SHARED);
    return c.json(shared, 200);
  });

  routes.openapi(sharedThumbnailRoute, async (c) => {
    const webp = await findSharedThumbnail(c.get('db'), c.req.valid('param').token);
    if (!webp) throw new ApiError(404, 'NOT_FOUND', NOT_SHARED);
    return c.body(new Uint8Array(webp), 200, { 'Content-Type': 'image/webp' });
  });

  return routes;
}
