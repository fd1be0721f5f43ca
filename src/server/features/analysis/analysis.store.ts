import { createHash, randomUUID } from 'node:crypto';
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type {
  AnalysisRecord,
  AnalysisResult,
  AnalysisSettings,
  ChartFacts,
  ProviderAttempt,
} from '../../../shared/analysis';
import type { ReadingTrace } from '../../../shared/engine-trace';
import type { Db } from '../../db/client';
import { analyses, chartThumbnails, engineRefusals } from '../../db/schema';
import type { EngineRefusal } from './analysis-failure';

const DEDUPE_WINDOW_MS = 24 * 60 * 60 * 1000;
const THUMBNAIL_WIDTH = 640;

export interface StoredAnalysis extends AnalysisRecord {
  saved: boolean;
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Settings in a fixed key order, so equal settings compare equal as jsonb and as text. */
export const canonicalSettings = (s: AnalysisSettings): AnalysisSettings => ({
  timeFrame: s.timeFrame,
  riskReward: s.riskReward,
  capitalSize: s.capitalSize,
  lotSize: s.lotSize,
  tradingStrategy: s.tradingStrategy,
  ...(s.symbol !== undefined ? { symbol: s.symbol } : {}),
  ...(s.pipSize !== undefined ? { pipSize: s.pipSize } : {}),
  ...(s.contractSize !== undefined ? { contractSize: s.contractSize } : {}),
});

const columns = {
  id: analyses.id,
  createdAt: analyses.createdAt,
  settings: analyses.settings,
  result: analyses.result,
  chart: analyses.chart,
  providersTried: analyses.providersTried,
  saved: analyses.saved,
};

type Row = {
  id: string;
  createdAt: Date;
  settings: unknown;
  result: unknown;
  chart: unknown;
  providersTried: unknown;
  saved: boolean;
};

const toStored = (row: Row): StoredAnalysis => ({
  id: row.id,
  createdAt: row.createdAt.toISOString(),
  settings: row.settings as AnalysisSettings,
  result: row.result as AnalysisResult,
  chart: (row.chart as ChartFacts | null) ?? null,
  providersTried: row.providersTried as ProviderAttempt[],
  saved: row.saved,
});

/**
 * The same image with the same settings from the same user in the last 24 hours, when that answer
 * was final (not the engine's stand-in while the models were down).
 */
export async function findRecentSame(
  db: Db,
  userId: string,
  imageSha256: string,
  settings: AnalysisSettings,
  now = new Date(),
): Promise<StoredAnalysis | null> {
  const [row] = await db
    .select(columns)
    .from(analyses)
    .where(
      and(
        eq(analyses.userId, userId),
        eq(analyses.imageSha256, imageSha256),
        eq(analyses.final, true),
        gte(analyses.createdAt, new Date(now.getTime() - DEDUPE_WINDOW_MS)),
        sql`${analyses.settings} = ${JSON.stringify(canonicalSettings(settings))}::jsonb`,
      ),
    )
    .orderBy(desc(analyses.createdAt))
    .limit(1);
  return row ? toStored(row) : null;
}

/** Analyses of one upload (whole, or any crop of it) by one trader since `since`. */
export async function countAnalysesOfUpload(
  db: Db,
  userId: string,
  uploadSha256: string,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(analyses)
    .where(
      and(
        eq(analyses.userId, userId),
        sql`(${analyses.imageSha256} = ${uploadSha256} or ${analyses.imageSha256} like ${`${uploadSha256}:%`})`,
        gte(analyses.createdAt, since),
      ),
    );
  return Number(row?.n ?? 0);
}

/** The small WebP kept instead of the screenshot (history rows, shared links, exports). */
export const makeThumbnail = (image: Buffer): Promise<Buffer> =>
  sharp(image).resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true }).webp({ quality: 70 }).toBuffer();

/** One stored analysis by its id (the worker tier's answer, read by the web instance that took the upload). */
export async function findStoredAnalysis(db: Db, id: string): Promise<StoredAnalysis | null> {
  const [row] = await db.select(columns).from(analyses).where(eq(analyses.id, id));
  return row ? toStored(row) : null;
}

/** Records the analysis with its thumbnail; the screenshot itself is not kept. */
export async function storeAnalysis(
  db: Db,
  input: {
    userId: string;
    thumbnail: Buffer;
    imageSha256: string;
    settings: AnalysisSettings;
    result: AnalysisResult;
    chart: ChartFacts | null;
    providersTried: ProviderAttempt[];
    /** False: kept in the history, never reused as the answer for the same image. */
    final?: boolean;
    /** The engine's trace of its reading (never the picture). */
    engineTrace?: ReadingTrace | null;
  },
): Promise<StoredAnalysis> {
  const id = randomUUID();
  const [row] = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(analyses)
      .values({
        id,
        userId: input.userId,
        settings: canonicalSettings(input.settings),
        result: input.result,
        chart: input.chart,
        modelName: input.result.modelName ?? 'unknown',
        providersTried: input.providersTried,
        imageSha256: input.imageSha256,
        final: input.final ?? true,
        engineTrace: input.engineTrace ?? null,
      })
      .returning(columns);
    await tx.insert(chartThumbnails).values({ analysisId: id, webp: input.thumbnail });
    return inserted;
  });
  if (!row) throw new Error('analysis insert returned nothing');
  return toStored(row);
}

/** Refusals are kept this long: the admin pages show the last 7 days, with room to look back. */
export const REFUSALS_KEPT_DAYS = 30;

/** Keeps a refusal that left no analysis: its rule, code and trace, for the admin's review of the engine. */
export async function recordRefusal(db: Db, userId: string | null, refusal: EngineRefusal): Promise<void> {
  await db
    .insert(engineRefusals)
    .values({ id: randomUUID(), userId, rule: refusal.rule, code: refusal.code, trace: refusal.trace });
  // Older rows are of no use; trimming here (an index range, most often empty) keeps the table
  // small without a scheduler.
  const before = new Date(Date.now() - REFUSALS_KEPT_DAYS * 24 * 3600 * 1000);
  await db.delete(engineRefusals).where(lt(engineRefusals.createdAt, before));
}
