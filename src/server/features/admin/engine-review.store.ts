/**
 * The admin's review of the chart engine, read from what the analysis service keeps: refusals that
 * left no analysis (`engine_refusals`) and the trace stored with each analysis. A reading is refused
 * under its trace's `rule`; an answer is of low confidence under each rule whose decision lowered it.
 * Nothing here reads who uploaded a chart, nor its picture.
 */
import { and, count, countDistinct, desc, eq, gte, isNotNull, isNull, max, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import {
  ENGINE_REVIEW_DAYS,
  ENGINE_REVIEW_PAGE_SIZE,
  type EngineReadingsPage,
  type EngineReview,
  type EngineRuleCount,
  type ReviewOutcome,
} from '../../../shared/engine-review';
import type { Db } from '../../db/client';
import { analyses, engineRefusals } from '../../db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The rule that refused an analysis's reading (a model answered instead), or null for an answer. */
const refusedBy = sql<string | null>`${analyses.engineTrace}->>'rule'`;
/** Every rule id of a 'lowered' decision in an answer's trace. */
const LOWERED_RULES = '$.attempts[*].decisions[*] ? (@.outcome == "lowered").rule';
const LOWERED_BY = '$.attempts[*].decisions[*] ? (@.outcome == "lowered" && @.rule == $rule)';
const isAnswer = and(isNotNull(analyses.engineTrace), isNull(refusedBy));

// Timestamps come back as Date through a column, as text through an aggregate on some drivers.
const iso = (value: Date | string | null): string => new Date(value ?? 0).toISOString();

export const reviewSince = (now = new Date()) => new Date(now.getTime() - ENGINE_REVIEW_DAYS * DAY_MS);

/** Refusals and low-confidence answers since `since`, counted by rule id, most first. */
export async function engineReview(db: Db, now = new Date()): Promise<EngineReview> {
  const since = reviewSince(now);
  const [alone, withAnalysis, lowered] = await Promise.all([
    db
      .select({ rule: engineRefusals.rule, count: count(), lastAt: max(engineRefusals.createdAt) })
      .from(engineRefusals)
      .where(gte(engineRefusals.createdAt, since))
      .groupBy(engineRefusals.rule),
    db
      .select({ rule: sql<string>`${refusedBy}`, count: count(), lastAt: max(analyses.createdAt) })
      .from(analyses)
      .where(and(gte(analyses.createdAt, since), isNotNull(refusedBy)))
      .groupBy(refusedBy),
    loweredCounts(db, since),
  ]);
  const refused = new Map<string, EngineRuleCount>();
  for (const row of [...alone, ...withAnalysis]) {
    const seen = refused.get(row.rule);
    const lastAt = iso(row.lastAt);
    refused.set(row.rule, {
      rule: row.rule,
      outcome: 'refused',
      count: (seen?.count ?? 0) + Number(row.count),
      lastAt: seen && seen.lastAt > lastAt ? seen.lastAt : lastAt,
    });
  }
  const rules = [...refused.values(), ...lowered].sort((a, b) => b.count - a.count || a.rule.localeCompare(b.rule));
  return { days: ENGINE_REVIEW_DAYS, since: since.toISOString(), rules };
}

async function loweredCounts(db: Db, since: Date): Promise<EngineRuleCount[]> {
  const byRule = db
    .select({
      id: analyses.id,
      createdAt: analyses.createdAt,
      rule: sql<string>`jsonb_path_query(${analyses.engineTrace}, ${LOWERED_RULES}::jsonpath) #>> '{}'`.as('rule'),
    })
    .from(analyses)
    .where(and(gte(analyses.createdAt, since), isAnswer))
    .as('lowered');
  const rows = await db
    .select({ rule: byRule.rule, count: countDistinct(byRule.id), lastAt: max(byRule.createdAt) })
    .from(byRule)
    .groupBy(byRule.rule);
  return rows.map((row) => ({ rule: row.rule, outcome: 'lowered', count: Number(row.count), lastAt: iso(row.lastAt) }));
}

/** One page of the readings a rule refused or lowered since the review's start, newest first. */
export async function engineReadings(
  db: Db,
  query: { rule: string; outcome: ReviewOutcome; page: number },
  now = new Date(),
): Promise<EngineReadingsPage> {
  const since = reviewSince(now);
  const offset = (query.page - 1) * ENGINE_REVIEW_PAGE_SIZE;
  const page = { rule: query.rule, outcome: query.outcome, page: query.page, pageSize: ENGINE_REVIEW_PAGE_SIZE };
  if (query.outcome === 'refused') {
    const alone = and(eq(engineRefusals.rule, query.rule), gte(engineRefusals.createdAt, since));
    const withAnalysis = and(eq(refusedBy, query.rule), gte(analyses.createdAt, since));
    const [rows, [a], [b]] = await Promise.all([
      unionAll(
        db
          .select({
            id: engineRefusals.id,
            createdAt: engineRefusals.createdAt,
            answered: sql<boolean>`false`,
            trace: engineRefusals.trace,
          })
          .from(engineRefusals)
          .where(alone),
        db
          .select({
            id: analyses.id,
            createdAt: analyses.createdAt,
            answered: sql<boolean>`true`,
            trace: analyses.engineTrace,
          })
          .from(analyses)
          .where(withAnalysis),
      )
        .orderBy(sql`2 desc, 1 desc`)
        .limit(ENGINE_REVIEW_PAGE_SIZE)
        .offset(offset),
      db.select({ n: count() }).from(engineRefusals).where(alone),
      db.select({ n: count() }).from(analyses).where(withAnalysis),
    ]);
    return {
      ...page,
      total: Number(a?.n ?? 0) + Number(b?.n ?? 0),
      items: rows.map((row) => ({
        id: row.id,
        createdAt: iso(row.createdAt),
        answered: Boolean(row.answered),
        trace: row.trace,
      })),
    };
  }
  const lowers = and(
    gte(analyses.createdAt, since),
    isAnswer,
    sql`jsonb_path_exists(${analyses.engineTrace}, ${LOWERED_BY}::jsonpath, jsonb_build_object('rule', ${query.rule}::text))`,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: analyses.id, createdAt: analyses.createdAt, trace: analyses.engineTrace })
      .from(analyses)
      .where(lowers)
      .orderBy(desc(analyses.createdAt), desc(analyses.id))
      .limit(ENGINE_REVIEW_PAGE_SIZE)
      .offset(offset),
    db.select({ n: count() }).from(analyses).where(lowers),
  ]);
  return {
    ...page,
    total: Number(total?.n ?? 0),
    items: rows.map((row) => ({ id: row.id, createdAt: iso(row.createdAt), answered: true, trace: row.trace })),
  };
}
