import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { requireUser } from '../../auth/guards';
import { analyses } from '../../db/schema';
import type { AppEnv } from '../../lib/context';

export function historyRoutes() {
  return new Hono<AppEnv>().use(requireUser).delete('/', async (c) => {
    const user = c.get('user');
    if (!user) return c.body(null, 401);
    await c.get('db').delete(analyses).where(eq(analyses.userId, user.id));
    return c.body(null, 204);
  });
}
