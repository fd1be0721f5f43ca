import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../lib/context';

const NotFoundEventSchema = z.object({ path: z.string().max(2048) });

/** Things the browser reports so operators can see them in the logs. */
export function clientEventsRoutes() {
  return new Hono<AppEnv>().post('/not-found', zValidator('json', NotFoundEventSchema), (c) => {
    c.get('logger').warn({ missingPath: c.req.valid('json').path, userId: c.get('user')?.id }, 'page not found');
    return c.body(null, 204);
  });
}
