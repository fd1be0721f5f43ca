import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from './context';
import { ApiError } from './errors';

/** What a JSON body of the API may weigh: sign-in, settings and events are a few hundred bytes. */
export const DEFAULT_BODY_BYTES = 8 * 1024;

/** Routes that need more, by path prefix (the analysis upload sets its own limit on its route). */
const ROUTE_BODY_BYTES: [prefix: string, bytes: number][] = [
  ['/api/analyses', Infinity],
  // A 5,000-character message, each character up to 4 bytes in UTF-8, plus the other fields.
  ['/api/feedback', 24 * 1024],
  // Flutterwave's webhook carries the whole transaction.
  ['/api/billing/webhook', 64 * 1024],
];

export const limitFor = (path: string): number =>
  ROUTE_BODY_BYTES.find(([prefix]) => path === prefix || path.startsWith(`${prefix}/`))?.[1] ?? DEFAULT_BODY_BYTES;

/**
 * A body limit on every API request. A declared Content-Length over the limit gets 413 before a
 * byte is read; a body without one is counted as it streams in and cut off at the limit, so no
 * route ever buffers more than it needs (six 100 MB posts once took the server from 600 MB to
 * 1.4 GB before their 400).
 */
export function apiBodyLimits(): MiddlewareHandler<AppEnv> {
  const limiters = new Map<number, MiddlewareHandler>();
  const limiter = (bytes: number) => {
    let found = limiters.get(bytes);
    if (!found) {
      found = bodyLimit({
        maxSize: bytes,
        onError: () => {
          throw new ApiError(413, 'BODY_TOO_LARGE', 'This request is too large.');
        },
      });
      limiters.set(bytes, found);
    }
    return found;
  };
  return async (c, next) => {
    const bytes = limitFor(c.req.path);
    if (bytes === Infinity || c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    return limiter(bytes)(c, next);
  };
}
