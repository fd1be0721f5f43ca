import type { Context, MiddlewareHandler } from 'hono';
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
  // Trade notes run to 2,000 characters; the pictures' route sets its own limit on the route.
  ['/api/journal', 16 * 1024],
];

/** Routes under a prefix above that set their own, larger limit. */
const OWN_LIMIT = [/^\/api\/journal\/trades\/[^/]+\/photos$/];

/** At most this much of a refused body is read (and dropped) so that its 413 reaches the client. */
const DISCARD_BYTES = 256 * 1024 * 1024;
const DISCARD_MS = 15_000;

/**
 * Reads what is left of a refused request's body and drops it, up to DISCARD_BYTES or DISCARD_MS.
 * A server that answers 413 and closes while the client is still sending makes many clients
 * (Node's fetch among them) report a broken pipe instead of the 413; one that lets the upload
 * finish first is heard. Nothing is kept, so memory does not grow.
 */
export async function discardBody(c: Context): Promise<void> {
  const body = c.req.raw.body;
  if (!body || body.locked) return;
  const reader = body.getReader();
  let read = 0;
  const deadline = Date.now() + DISCARD_MS;
  try {
    while (read <= DISCARD_BYTES) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      let timer: NodeJS.Timeout | undefined;
      const chunk = await Promise.race([
        reader.read(),
        new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), left))),
      ]);
      clearTimeout(timer);
      if (!chunk || chunk.done) break;
      read += chunk.value.byteLength;
    }
  } catch {
    // The client gave up: nothing to answer.
  } finally {
    reader.cancel().catch(() => undefined);
  }
}

/** The 413, once the rest of the body is read and dropped, on a connection that then closes. */
export async function tooLarge(c: Context, code: string, message: string): Promise<never> {
  await discardBody(c);
  c.header('Connection', 'close');
  throw new ApiError(413, code, message);
}

export const limitFor = (path: string): number =>
  OWN_LIMIT.some((pattern) => pattern.test(path))
    ? Infinity
    : ROUTE_BODY_BYTES.find(([prefix]) => path === prefix || path.startsWith(`${prefix}/`))?.[1] ?? DEFAULT_BODY_BYTES;

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
      found = bodyLimit({ maxSize: bytes, onError: (c) => tooLarge(c, 'BODY_TOO_LARGE', 'This request is too large.') });
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
