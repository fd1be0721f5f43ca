import { and, desc, eq, exists, gt, gte, or, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { FREE_HISTORY_DAYS } from '../../../shared/constants';
import { SHARE_PREMIUM_MESSAGE } from '../../../shared/share';
import { requireUser } from '../../auth/guards';
import { analyses, chartThumbnails, subscriptions, trades } from '../../db/schema';
import type { AppEnv, SessionUser } from '../../lib/context';
import { ApiError } from '../../lib/errors';
import { getSubscriptionState } from '../billing/subscription.service';
import { revokeShare, shareAnalysis } from '../share/share.service';

const DAY_MS = 24 * 60 * 60 * 1000;
const HISTORY_LIMIT = 200;

/** The trader's saved analyses: Premium sees all, free accounts the last FREE_HISTORY_DAYS days. */
export function historyRoutes() {
  const routes = new Hono<AppEnv>();
  routes.use(requireUser);

  routes.get('/', async (c) => {
    const user = c.get('user') as SessionUser;
    const db = c.get('db');
    const now = new Date();
    // One query: the Premium test (shared/access.ts: an active subscription whose period has not
    // ended) rides along, rather than a round trip of its own. On the embedded database every
    // query runs on the event loop, so the list is read in one.
    const subscribed = exists(
      db
        .select({ one: sql`1` })
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, user.id), eq(subscriptions.status, 'active'), gt(subscriptions.currentPeriodEnd, now))),
    );
    const recent = gte(analyses.createdAt, new Date(now.getTime() - FREE_HISTORY_DAYS * DAY_MS));
    const rows = await db
      .select({
        id: analyses.id,
        createdAt: analyses.createdAt,
        settings: analyses.settings,
        result: analyses.result,
        chart: analyses.chart,
        shareToken: analyses.shareToken,
        tradeId: trades.id,
        tradeStatus: trades.status,
      })
      .from(analyses)
      // The journal's mark: an analysis that became a trade (or a skipped plan).
      .leftJoin(trades, eq(trades.analysisId, analyses.id))
      .where(and(eq(analyses.userId, user.id), eq(analyses.saved, true), or(recent, subscribed)))
      .orderBy(desc(analyses.createdAt))
      .limit(HISTORY_LIMIT);
    c.header('Cache-Control', 'no-store');
    return c.json({
      items: rows.map(({ tradeId, tradeStatus, ...row }) => ({
        ...row,
        createdAt: row.createdAt.toISOString(),
        thumbnailUrl: `/api/history/${row.id}/thumbnail`,
        trade: tradeId && tradeStatus ? { id: tradeId, status: tradeStatus } : null,
      })),
    });
  });

  routes.post('/:id', async (c) => {
    const user = c.get('user') as SessionUser;
    const updated = await c
      .get('db')
      .update(analyses)
      .set({ saved: true })
      .where(and(eq(analyses.id, c.req.param('id')), eq(analyses.userId, user.id)))
      .returning({ id: analyses.id });
    if (updated.length === 0) throw new ApiError(404, 'NOT_FOUND', 'No analysis to save');
    return c.json({ id: updated[0]?.id, saved: true });
  });

  // Share is a Premium promise; revoking is always allowed, so no link outlives its owner's wish.
  routes.put('/:id/share', async (c) => {
    const user = c.get('user') as SessionUser;
    const db = c.get('db');
    const state = await getSubscriptionState(db, user);
    if (!state.isSubscribed) throw new ApiError(403, 'PREMIUM_REQUIRED', SHARE_PREMIUM_MESSAGE);
    const token = await shareAnalysis(db, user.id, c.req.param('id'));
    if (!token) throw new ApiError(404, 'NOT_FOUND', 'No analysis to share');
    return c.json({ shareToken: token });
  });

  routes.delete('/:id/share', async (c) => {
    const user = c.get('user') as SessionUser;
    if (!(await revokeShare(c.get('db'), user.id, c.req.param('id')))) throw new ApiError(404, 'NOT_FOUND', 'No analysis to revoke');
    return c.body(null, 204);
  });

  routes.get('/:id/thumbnail', async (c) => {
    const user = c.get('user') as SessionUser;
    const [row] = await c
      .get('db')
      .select({ webp: chartThumbnails.webp })
      .from(chartThumbnails)
      .innerJoin(analyses, eq(analyses.id, chartThumbnails.analysisId))
      .where(and(eq(analyses.id, c.req.param('id')), eq(analyses.userId, user.id)));
    if (!row) throw new ApiError(404, 'NOT_FOUND', 'No such thumbnail');
    c.header('Cache-Control', 'private, max-age=86400');
    return c.body(new Uint8Array(row.webp), 200, { 'Content-Type': 'image/webp' });
  });

  routes.delete('/', async (c) => {
    const user = c.get('user') as SessionUser;
    await c.get('db').delete(analyses).where(eq(analyses.userId, user.id));
    return c.body(null, 204);
  });

  return routes;
}
