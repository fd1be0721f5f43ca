/**
 * The admin's review of the chart engine: its refusals and low-confidence answers of the last days,
 * counted by rule id, and the trace of each reading (never the picture, nor who uploaded it).
 */
import { z } from 'zod';
import { ENGINE_STAGES } from './engine-trace';

/** How far back the review looks. */
export const ENGINE_REVIEW_DAYS = 7;
/** Readings of one rule on a page. */
export const ENGINE_REVIEW_PAGE_SIZE = 20;

/** refused: the rule ended the reading; lowered: it lowered an answer's confidence. */
export const REVIEW_OUTCOMES = ['refused', 'lowered'] as const;
export type ReviewOutcome = (typeof REVIEW_OUTCOMES)[number];

const WeighedSchema = z.record(z.string(), z.union([z.number(), z.string(), z.boolean()]));

export const ReadingTraceSchema = z.object({
  attempts: z.array(
    z.object({
      name: z.string(),
      stages: z.array(z.object({ stage: z.enum(ENGINE_STAGES), summary: WeighedSchema })),
      decisions: z.array(
        z.object({
          rule: z.string(),
          stage: z.enum(ENGINE_STAGES),
          attempt: z.number(),
          outcome: z.enum(['refused', 'lowered', 'retried']),
          weighed: WeighedSchema,
        }),
      ),
    }),
  ),
  rule: z.string().nullable(),
  confidence: z.number().nullable(),
  /** The attempt whose result is the answer or the refusal; traces stored before it was recorded lack it. */
  attempt: z.number().nullable().optional(),
});
/** A trace as the server keeps it and the admin pages read it. */
export type StoredTrace = z.infer<typeof ReadingTraceSchema>;

export const EngineRuleCountSchema = z.object({
  rule: z.string(),
  outcome: z.enum(REVIEW_OUTCOMES),
  /** Readings this rule refused, or answers whose confidence it lowered. */
  count: z.number().int(),
  lastAt: z.string(),
});
export type EngineRuleCount = z.infer<typeof EngineRuleCountSchema>;

export const EngineReviewSchema = z.object({
  days: z.number().int(),
  since: z.string(),
  /** Most readings first. */
  rules: z.array(EngineRuleCountSchema),
});
export type EngineReview = z.infer<typeof EngineReviewSchema>;

export const EngineReadingsQuerySchema = z.object({
  rule: z.string().trim().min(1).max(120),
  outcome: z.enum(REVIEW_OUTCOMES),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type EngineReadingsQuery = z.input<typeof EngineReadingsQuerySchema>;

export const EngineReadingSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  /** Whether the trader got an analysis all the same (a model's, or the engine's low-confidence one). */
  answered: z.boolean(),
  trace: ReadingTraceSchema.nullable(),
});
export type EngineReading = z.infer<typeof EngineReadingSchema>;

export const EngineReadingsPageSchema = z.object({
  rule: z.string(),
  outcome: z.enum(REVIEW_OUTCOMES),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  /** Newest first. */
  items: z.array(EngineReadingSchema),
});
export type EngineReadingsPage = z.infer<typeof EngineReadingsPageSchema>;
