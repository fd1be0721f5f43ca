import { createRoute, z } from '@hono/zod-openapi';
import { and, desc, eq, exists, gt, gte, or, sql } from 'drizzle-orm';
import type { AnalysisResult, AnalysisSettings, ChartFactsWithReading } from '../../../shared/analysis';
import { FREE_HISTORY_DAYS } from '../../../shared/constants';
import { HistoryListSchema, SavedAnalysisSchema } from '../../../shared/history';
import { SHARE_PREMIUM_MESSAGE, ShareLinkSchema } from '../../../shared/share';
import { requireUser } from '../../auth/guards';
import { analyses, chartThumbnails, subscriptions, trades } from '../../db/schema';
import type { SessionUser } from '../../lib/context';
import { ApiError } from '../../lib/errors';
import { createRouter, errorResponse, jsonResponse } from '../../lib/openapi';
import { getSubscriptionState } from '../billing/subscription.service';
import { revokeShare, shareAnalysis } from '../share/share.service';

const DAY_MS = 24 * 60 * 60 * 1000;
const HISTORY_LIMIT = 200;

const IdParams = z.object({ id: z.string().min(1).max(100) });
const signedIn = { middleware: [requireUser] };
const notSignedIn = { 401: errorResponse('Not signed in') };
const withId = { request: { params: IdParams } };
const noSuchAnalysis = { 404: errorResponse('No such analysis of this trader') };

const listRoute = createRoute({
  ...signedIn,
  method: 'get',
  path: '/',
  summary: "The trader's saved analyses (Premium: all; otherwise the last days), newest first",
  responses: { 200: jsonResponse(HistoryListSchema, 'The history'), ...notSignedIn },
});
const saveRoute = createRoute({
  ...signedIn,
  ...withId,
  method: 'post',
  path: '/{id}',
  summary: 'Save an analysis to the history',
  responses: {
    200: jsonResponse(SavedAnalysisSchema, 'Saved'),
    ...notSignedIn,
    ...noSuchAnalysis,
  },
});
const shareRoute = createRoute({
  ...signedIn,
  ...withId,
  method: 'put',
  path: '/{id}/share',
  summary: 'Make (or return) the read-only link of an analysis (Premium)',
  responses: {
    200: jsonResponse(ShareLinkSchema, 'The link token'),
    ...notSignedIn,
    403: errorResponse('Sharing is a Premium feature'),
    ...noSuchAnalysis,
  },
});
const revokeRoute = createRoute({
  ...signedIn,
  ...withId,
  method: 'delete',
  path: '/{id}/share',
  summary: 'Revoke the read-only link of an analysis',
  responses: { 204: { description: 'Revoked' }, ...notSignedIn, ...noSuchAnalysis },
});
const thumbnailRoute = createRoute({
  ...signedIn,
  ...withId,
  method: 'get',
  path: '/{id}/thumbnail',
  summary: "The analysis's chart thumbnail",
  responses: {
    200: { description: 'WebP picture', content: { 'image/webp': { schema: z.string() } } },
    ...notSignedIn,
    404: errorResponse('No such thumbnail'),
  },
});
const clearRoute = createRoute({
  ...signedIn,
  method: 'delete',
  path: '/',
  summary: 'Clear the history (journal trades stay, without their analysis)',
  responses: { 204: { description: 'Cleared' }, ...notSignedIn },
});

/** The trader's saved analyses: Premium sees all, free accounts the last FREE_HISTORY_DAYS days. */
export function historyRoutes() {
  const routes = createRouter();

  routes.openapi(listRoute, async (c) => {
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
        .where(
          and(
            eq(subscriptions.userId, user.id),
            eq(subscriptions.status, 'active'),
            gt(subscriptions.currentPeriodEnd, now),
          ),
        ),
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
    return c.json(
      {
        items: rows.map(({ tradeId, tradeStatus, ...row }) => ({
          ...row,
          settings: row.settings as AnalysisSettings,
          result: row.result as AnalysisResult,
          chart: row.chart as ChartFactsWithReading | null,
          createdAt: row.createdAt.toISOString(),
          thumbnailUrl: `/api/history/${row.id}/thumbnail`,
          trade: tradeId && tradeStatus ? { id: tradeId, status: tradeStatus } : null,
        })),
      },
      200,
    );
  });

  routes.openapi(saveRoute, async (c) => {
    const user = c.get('user') as SessionUser;
    const updated = await c
      .get('db')
      .update(analyses)
      .set({ saved: true })
      .where(and(eq(analyses.id, c.req.valid('param').id), eq(analyses.userId, user.id)))
      .returning({ id: analyses.id });
    if (updated.length === 0) throw new ApiError(404, 'NOT_FOUND', 'No analysis to save');
    return c.json({ id: updated[0]?.id as string, saved: true as const }, 200);
  });

  // Share is a Premium promise; revoking is always allowed, so no link outlives its owner's wish.
  routes.openapi(shareRoute, async (c) => {
    const user = c.get('user') as SessionUser;
    const db = c.get('db');
    const state = await getSubscriptionState(db, user);
    if (!state.isSubscribed) throw new ApiError(403, 'PREMIUM_REQUIRED', SHARE_PREMIUM_MESSAGE);
    const token = await shareAnalysis(db, user.id, c.req.valid('param').id);
    if (!token) throw new ApiError(404, 'NOT_FOUND', 'No analysis to share');
    return c.json({ shareToken: token }, 200);
  });

  routes.openapi(revokeRoute, async (c) => {
    const user = c.get('user') as SessionUser;
    if (!(await revokeShare(c.get('db'), user.id, c.req.valid('param').id)))
      throw new ApiError(404, 'NOT_FOUND', 'No analysis to revoke');
    return c.body(null, 204);
  });

  routes.openapi(thumbnailRoute, async (c) => {
    const user = c.get('user') as SessionUser;
    const [row] = await c
      .get('db')
      .select({ webp: chartThumbnails.webp })
      .from(chartThumbnails)
      .innerJoin(analyses, eq(analyses.id, chartThumbnails.analysisId))
      .where(and(eq(analyses.id, c.req.valid('param').id), eq(analyses.userId, user.id)));
    if (!row) throw new ApiError(404, 'NOT_FOUND', 'No such thumbnail');
    c.header('Cache-Control', 'private, max-age=86400');
    return c.body(new Uint8Array(row.webp), 200, { 'Content-Type': 'image/webp' });
  });

  routes.openapi(clearRoute, async (c) => {
    const user = c.get('user') as SessionUser;
    await c.get('db').delete(analyses).where(eq(analyses.userId, user.id));
    return c.body(null, 204);
  });

  return routes;
}
