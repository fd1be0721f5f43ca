import { Hono } from 'hono';
import { requireUser } from '../../auth/guards';
import type { AppEnv, SessionUser } from '../../lib/context';
import { getSubscriptionState } from './subscription.service';

export function billingRoutes() {
  return new Hono<AppEnv>().get('/status', requireUser, async (c) => {
    const state = await getSubscriptionState(c.get('db'), c.get('user') as SessionUser);
    c.header('Cache-Control', 'no-store');
    return c.json(state);
  });
}
