import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { AnalysisResult, AnalysisSettings, ChartFacts } from '../../../shared/analysis';
import type { Db } from '../../db/client';
import type { SharedAnalysis } from '../../../shared/share';
import { analyses, chartThumbnails, trades } from '../../db/schema';

/** 24 random bytes: 192 bits, so a link can be neither guessed nor enumerated. */
const TOKEN_BYTES = 24;
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

export const newShareToken = () => randomBytes(TOKEN_BYTES).toString('base64url');

/**
 * The owner's link for one of their analyses, made on first use and the same afterwards. A shared
 * analysis is also saved, so it stays in the owner's history where the link can be revoked.
 */
export async function shareAnalysis(db: Db, userId: string, analysisId: string): Promise<string | null> {
  const owned = and(eq(analyses.id, analysisId), eq(analyses.userId, userId));
  const [existing] = await db.select({ token: analyses.shareToken }).from(analyses).where(owned);
  if (!existing) return null;
  const token = existing.token ?? newShareToken();
  await db.update(analyses).set({ shareToken: token, saved: true }).where(owned);
  return token;
}

/** Revokes the link at once: the old token then finds nothing. False when the analysis is not the user's. */
export async function revokeShare(db: Db, userId: string, analysisId: string): Promise<boolean> {
  const updated = await db
    .update(analyses)
    .set({ shareToken: null })
    .where(and(eq(analyses.id, analysisId), eq(analyses.userId, userId)))
    .returning({ id: analyses.id });
  return updated.length > 0;
}

export async function findShared(db: Db, token: string, viewerId: string | null): Promise<SharedAnalysis | null> {
  if (!SHARE_TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({
      id: analyses.id,
      userId: analyses.userId,
      createdAt: analyses.createdAt,
      settings: analyses.settings,
      result: analyses.result,
      chart: analyses.chart,
      tradeId: trades.id,
      tradeStatus: trades.status,
    })
    .from(analyses)
    .leftJoin(trades, eq(trades.analysisId, analyses.id))
    .where(eq(analyses.shareToken, token));
  if (!row) return null;
  const owner = viewerId !== null && viewerId === row.userId;
  return {
    createdAt: row.createdAt.toISOString(),
    settings: row.settings as AnalysisSettings,
    result: row.result as AnalysisResult,
    chart: (row.chart as ChartFacts | null) ?? null,
    thumbnailUrl: `/api/shared/${token}/thumbnail`,
    ...(owner ? { own: { analysisId: row.id, trade: row.tradeId && row.tradeStatus ? { id: row.tradeId, status: row.tradeStatus } : null } } : {}),
  };
}

export async function findSharedThumbnail(db: Db, token: string): Promise<Buffer | null> {
  if (!SHARE_TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({ webp: chartThumbnails.webp })
    .from(chartThumbnails)
    .innerJoin(analyses, eq(analyses.id, chartThumbnails.analysisId))
    .where(eq(analyses.shareToken, token));
  return row?.webp ?? null;
}
