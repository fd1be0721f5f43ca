import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import sharp from 'sharp';
import type { AnalysisResult, AnalysisSettings } from '../../../shared/analysis';
import { FREE_HISTORY_DAYS } from '../../../shared/constants';
import {
  confidenceRecord,
  exitOf,
  JOURNAL_MESSAGES,
  journalStats,
  MAX_TRADE_PHOTOS,
  strategyMatches,
  tradeFigures,
  tradeProblems,
  type CheckableTrade,
  type CloseTrade,
  type EditTrade,
  type Journal,
  type JournalFilter,
  type PhotoPhase,
  type TakeTrade,
  type Trade,
  type TradePlan,
  type TradeProblem,
} from '../../../shared/journal';
import type { Db } from '../../db/client';
import { analyses, tradePhotos, trades } from '../../db/schema';
import type { SessionUser } from '../../lib/context';
import { ENGINE_MODEL_NAME } from '../analysis/analysis.service';
import { getSubscriptionState } from '../billing/subscription.service';

const DAY_MS = 86_400_000;
/** Trade pictures are kept as WebP no wider than this: enough to read a chart, far below an upload. */
const PHOTO_WIDTH = 1280;

export type JournalErrorReason = 'not-found' | 'not-yours' | 'access-needed' | 'already' | 'changed' | 'invalid' | 'premium';

/** Why the journal refused a change; the routes turn it into the API's error. */
export class JournalError extends Error {
  constructor(
    readonly reason: JournalErrorReason,
    message: string,
    readonly problems: TradeProblem[] = [],
  ) {
    super(message);
    this.name = 'JournalError';
  }
}

type TradeRow = typeof trades.$inferSelect;
type PhotoRow = { id: string; tradeId: string; phase: PhotoPhase; createdAt: Date };

const invalid = (problems: TradeProblem[]) => new JournalError('invalid', problems[0]?.message ?? 'The trade is not valid.', problems);
const notFound = () => new JournalError('not-found', 'No such trade in your journal.');

/**
 * What the trader sees: Premium every trade; otherwise the trades opened in the last
 * FREE_HISTORY_DAYS days, as the history does. Nothing is deleted: older trades return with Premium.
 */
async function visibility(db: Db, user: SessionUser, now: Date) {
  const state = await getSubscriptionState(db, user, now);
  const since = state.isSubscribed ? null : new Date(now.getTime() - FREE_HISTORY_DAYS * DAY_MS);
  return { state, since, visible: since ? gte(trades.openedAt, since) : undefined };
}

async function findOwned(db: Db, user: SessionUser, id: string, now: Date): Promise<TradeRow> {
  const { visible } = await visibility(db, user, now);
  const [row] = await db
    .select()
    .from(trades)
    .where(and(eq(trades.id, id), eq(trades.userId, user.id), visible));
  if (!row) throw notFound();
  return row;
}

const priceOf = (text: string | undefined) => {
  const value = Number.parseFloat(text ?? '');
  return Number.isFinite(value) && value > 0 ? value : null;
};

function planOf(result: AnalysisResult, modelName: string): TradePlan {
  return {
    action: result.recommendedAction,
    confidence: result.confidence,
    source: modelName === ENGINE_MODEL_NAME ? 'engine' : 'model',
    entry: priceOf(result.entryPoint),
    stop: priceOf(result.stopLoss),
    target: priceOf(result.takeProfit),
  };
}

/** The trade as the checks see it, or null for a skipped plan. */
function checkable(row: TradeRow): CheckableTrade | null {
  if (!row.direction || row.entry == null || row.stop == null || row.target == null || row.lotSize == null || !row.symbol) return null;
  return {
    direction: row.direction,
    entry: row.entry,
    stop: row.stop,
    target: row.target,
    lotSize: row.lotSize,
    symbol: row.symbol,
    pipSize: row.pipSize,
    contractSize: row.contractSize,
    openedAt: row.openedAt.toISOString(),
    outcome: row.outcome,
    exitPrice: row.exitPrice,
    closedAt: row.closedAt?.toISOString() ?? null,
  };
}

function toTrade(row: TradeRow, photos: PhotoRow[]): Trade {
  const whole = checkable(row);
  const figures =
    row.status === 'closed' && whole && row.exitPrice != null
      ? tradeFigures({ ...whole, exitPrice: row.exitPrice, pipSize: row.pipSize, contractSize: row.contractSize })
      : null;
  return {
    id: row.id,
    analysisId: row.analysisId,
    status: row.status,
    direction: row.direction,
    symbol: row.symbol,
    pipSize: row.pipSize,
    contractSize: row.contractSize,
    timeFrame: row.timeFrame as Trade['timeFrame'],
    strategy: row.strategy,
    entry: row.entry,
    stop: row.stop,
    target: row.target,
    lotSize: row.lotSize,
    plan: row.plan,
    openedAt: row.openedAt.toISOString(),
    outcome: row.outcome,
    exitPrice: row.exitPrice,
    closedAt: row.closedAt?.toISOString() ?? null,
    notes: row.notes,
    version: row.version,
    figures,
    photos: photos
      .filter((p) => p.tradeId === row.id)
      .map((p) => ({ id: p.id, phase: p.phase, url: `/api/journal/photos/${p.id}`, createdAt: p.createdAt.toISOString() })),
  };
}

function filterConditions(filter: JournalFilter): (SQL | undefined)[] {
  const next = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS);
  return [
    filter.from ? gte(trades.openedAt, new Date(`${filter.from}T00:00:00Z`)) : undefined,
    filter.to ? lt(trades.openedAt, next(filter.to)) : undefined,
    filter.symbol ? eq(trades.symbol, filter.symbol) : undefined,
    filter.timeFrame ? eq(trades.timeFrame, filter.timeFrame) : undefined,
    filter.direction ? eq(trades.direction, filter.direction) : undefined,
  ];
}

/** The trader's trades under the filter, newest first, each with its pictures' ids. */
async function listTrades(db: Db, user: SessionUser, filter: JournalFilter, now: Date) {
  const seen = await visibility(db, user, now);
  const rows = (
    await db
      .select()
      .from(trades)
      .where(and(eq(trades.userId, user.id), seen.visible, ...filterConditions(filter)))
      .orderBy(desc(trades.openedAt), desc(trades.createdAt))
  ).filter((row) => strategyMatches(row.strategy, filter.strategy));
  const photos = rows.length
    ? await db
        .select({ id: tradePhotos.id, tradeId: tradePhotos.tradeId, phase: tradePhotos.phase, createdAt: tradePhotos.createdAt })
        .from(tradePhotos)
        .innerJoin(trades, eq(trades.id, tradePhotos.tradeId))
        .where(eq(trades.userId, user.id))
        .orderBy(asc(tradePhotos.createdAt))
    : [];
  return { ...seen, list: rows.map((row) => toTrade(row, photos)) };
}

export async function loadJournal(db: Db, user: SessionUser, filter: JournalFilter, now = new Date()): Promise<Journal> {
  const { state, since, list } = await listTrades(db, user, filter, now);
  const closed = list.filter((t) => t.status === 'closed' && t.figures && t.closedAt);
  return {
    trades: list,
    stats: journalStats(closed.map((t) => ({ id: t.id, closedAt: t.closedAt as string, r: t.figures?.r ?? 0, money: t.figures?.money ?? null }))),
    record: confidenceRecord(closed),
    window: { premium: state.isSubscribed, days: since ? FREE_HISTORY_DAYS : null },
    canAdd: state.hasAccess,
  };
}

/** The closed and open trades under the filter, for the CSV export (Premium). */
export async function tradesForExport(db: Db, user: SessionUser, filter: JournalFilter, now = new Date()): Promise<Trade[]> {
  const { state, list } = await listTrades(db, user, filter, now);
  if (!state.isSubscribed) throw new JournalError('premium', JOURNAL_MESSAGES.exportPremium);
  return list;
}

/** "I took this trade" or "I skipped it" on one of the trader's analyses. */
export async function takeTrade(db: Db, user: SessionUser, input: TakeTrade, now = new Date()): Promise<Trade> {
  const [analysis] = await db
    .select({ userId: analyses.userId, settings: analyses.settings, result: analyses.result, modelName: analyses.modelName })
    .from(analyses)
    .where(eq(analyses.id, input.analysisId));
  if (!analysis) throw new JournalError('not-found', 'No such analysis.');
  if (analysis.userId !== user.id) throw new JournalError('not-yours', JOURNAL_MESSAGES.notYours);
  const { state } = await visibility(db, user, now);
  if (!state.hasAccess) throw new JournalError('access-needed', JOURNAL_MESSAGES.accessNeeded);
  const settings = analysis.settings as AnalysisSettings;
  const common = {
    id: randomUUID(),
    userId: user.id,
    analysisId: input.analysisId,
    timeFrame: settings.timeFrame,
    strategy: settings.tradingStrategy,
    plan: planOf(analysis.result as AnalysisResult, analysis.modelName),
    notes: input.notes,
  };
  let values: typeof trades.$inferInsert;
  if (input.decision === 'skipped') {
    values = { ...common, status: 'skipped', openedAt: now };
  } else {
    const problems = tradeProblems(input, now);
    if (problems.length) throw invalid(problems);
    const { decision: _decision, analysisId: _analysisId, openedAt, ...levels } = input;
    values = { ...common, ...levels, status: 'open', openedAt: new Date(openedAt) };
  }
  const [row] = await db.insert(trades).values(values).onConflictDoNothing({ target: trades.analysisId }).returning();
  if (!row) throw new JournalError('already', JOURNAL_MESSAGES.alreadyInJournal);
  return toTrade(row, []);
}

/**
 * Writes `changes` only if the trade is still at the version the trader saw; the loser of two
 * tabs is told rather than silently overwriting the winner.
 */
async function writeAtVersion(db: Db, user: SessionUser, row: TradeRow, version: number, changes: Partial<TradeRow>, extra?: SQL) {
  const [updated] = await db
    .update(trades)
    .set({ ...changes, version: version + 1, updatedAt: new Date() })
    .where(and(eq(trades.id, row.id), eq(trades.userId, user.id), eq(trades.version, version), extra))
    .returning();
  if (!updated) throw new JournalError('changed', JOURNAL_MESSAGES.changedElsewhere);
  return toTrade(updated, await photosOf(db, row.id));
}

const photosOf = (db: Db, tradeId: string) =>
  db
    .select({ id: tradePhotos.id, tradeId: tradePhotos.tradeId, phase: tradePhotos.phase, createdAt: tradePhotos.createdAt })
    .from(tradePhotos)
    .where(eq(tradePhotos.tradeId, tradeId))
    .orderBy(asc(tradePhotos.createdAt));

export async function closeTrade(db: Db, user: SessionUser, id: string, input: CloseTrade, now = new Date()): Promise<Trade> {
  const row = await findOwned(db, user, id, now);
  if (row.version !== input.version) throw new JournalError('changed', JOURNAL_MESSAGES.changedElsewhere);
  const whole = checkable(row);
  if (row.status !== 'open' || !whole) throw new JournalError('invalid', JOURNAL_MESSAGES.notOpen);
  const closing = { ...whole, outcome: input.outcome, exitPrice: input.exitPrice ?? null, closedAt: input.closedAt };
  const problems = tradeProblems(closing, now);
  if (problems.length) throw invalid(problems);
  return writeAtVersion(
    db,
    user,
    row,
    input.version,
    {
      status: 'closed',
      outcome: input.outcome,
      exitPrice: exitOf(input.outcome, whole, input.exitPrice),
      closedAt: new Date(input.closedAt),
      ...(input.notes === undefined ? {} : { notes: input.notes }),
    },
    eq(trades.status, 'open'),
  );
}

/** An edit of any of the trade's fields; the trade as a whole is checked again after it. */
export async function editTrade(db: Db, user: SessionUser, id: string, input: EditTrade, now = new Date()): Promise<Trade> {
  const row = await findOwned(db, user, id, now);
  if (row.version !== input.version) throw new JournalError('changed', JOURNAL_MESSAGES.changedElsewhere);
  const { version, notes, ...fields } = input;
  const whole = checkable(row);
  if (!whole) {
    if (Object.values(fields).some((v) => v !== undefined)) throw new JournalError('invalid', JOURNAL_MESSAGES.skippedHasNoResult);
    return writeAtVersion(db, user, row, version, notes === undefined ? {} : { notes });
  }
  if (row.status === 'open' && (fields.outcome || fields.exitPrice || fields.closedAt)) {
    throw new JournalError('invalid', 'Close the trade to give its outcome.');
  }
  const merged: CheckableTrade = { ...whole, ...definedOnly(fields) };
  if (merged.outcome && merged.outcome !== 'manual' && fields.exitPrice === undefined) merged.exitPrice = exitOf(merged.outcome, merged, null);
  const problems = tradeProblems(merged, now);
  if (problems.length) throw invalid(problems);
  return writeAtVersion(db, user, row, version, {
    direction: merged.direction,
    entry: merged.entry,
    stop: merged.stop,
    target: merged.target,
    lotSize: merged.lotSize,
    symbol: merged.symbol,
    pipSize: merged.pipSize,
    contractSize: merged.contractSize,
    openedAt: new Date(merged.openedAt),
    ...(row.status === 'closed' ? { outcome: merged.outcome ?? null, exitPrice: merged.exitPrice ?? null, closedAt: merged.closedAt ? new Date(merged.closedAt) : null } : {}),
    ...(notes === undefined ? {} : { notes }),
  });
}

const definedOnly = <T extends object>(value: T): Partial<T> =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;

export async function deleteTrade(db: Db, user: SessionUser, id: string, now = new Date()): Promise<void> {
  const row = await findOwned(db, user, id, now);
  await db.delete(trades).where(and(eq(trades.id, row.id), eq(trades.userId, user.id)));
}

/** A picture of the trade, already checked as an upload is; kept as WebP. */
export async function addPhoto(db: Db, user: SessionUser, id: string, image: Buffer, phase: PhotoPhase, now = new Date()): Promise<Trade> {
  const row = await findOwned(db, user, id, now);
  const [held] = await db.select({ n: count() }).from(tradePhotos).where(eq(tradePhotos.tradeId, row.id));
  if ((held?.n ?? 0) >= MAX_TRADE_PHOTOS) throw new JournalError('invalid', JOURNAL_MESSAGES.tooManyPhotos);
  const webp = await sharp(image).rotate().resize({ width: PHOTO_WIDTH, withoutEnlargement: true }).webp({ quality: 75 }).toBuffer();
  await db.insert(tradePhotos).values({ id: randomUUID(), tradeId: row.id, phase, webp });
  return toTrade(row, await photosOf(db, row.id));
}

/** The trader's own picture, or null: another trader's is not found, never forbidden. */
export async function findPhoto(db: Db, user: SessionUser, photoId: string): Promise<Buffer | null> {
  const [row] = await db
    .select({ webp: tradePhotos.webp })
    .from(tradePhotos)
    .innerJoin(trades, eq(trades.id, tradePhotos.tradeId))
    .where(and(eq(tradePhotos.id, photoId), eq(trades.userId, user.id)));
  return row?.webp ?? null;
}

export async function deletePhoto(db: Db, user: SessionUser, photoId: string): Promise<void> {
  const [row] = await db
    .select({ id: tradePhotos.id })
    .from(tradePhotos)
    .innerJoin(trades, eq(trades.id, tradePhotos.tradeId))
    .where(and(eq(tradePhotos.id, photoId), eq(trades.userId, user.id)));
  if (!row) throw new JournalError('not-found', 'No such picture in your journal.');
  await db.delete(tradePhotos).where(eq(tradePhotos.id, row.id));
}
