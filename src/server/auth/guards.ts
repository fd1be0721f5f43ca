import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../lib/context';
import { ApiError } from '../lib/errors';

export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('user')) throw new ApiError(401, 'UNAUTHORIZED', 'Please log in to continue.');
  await next();
});

export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const user = c.get('user');
  if (!user) throw new ApiError(401, 'UNAUTHORIZED', 'Please log in to continue.');
  if (user.role !== 'admin') throw new ApiError(403, 'FORBIDDEN', 'You do not have access to this page.');
  await next();
});
