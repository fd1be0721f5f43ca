/**
 * The engine's record of a reading: every attempt it made, what each stage found, and every
 * decision that refused the reading or lowered its confidence, each under a stable rule id.
 * It holds numbers and words only, never pixels, so the server keeps it with each analysis and
 * job, and the admin pages show it.
 */

/** The engine's stages, in the order a reading runs them. */
export const ENGINE_STAGES = ['decode', 'layout', 'axis', 'bars', 'last-price', 'confidence'] as const;
export type EngineStage = (typeof ENGINE_STAGES)[number];

/**
 * refused: the decision ended the attempt. The reading's refusal is `ReadingTrace.rule`, decided in
 * `ReadingTrace.attempt` (the first label column's refusal is preferred to a later one's, the
 * screenshot's own size to twice it). An attempt can hold two: the stage's, and the one the
 * pipeline made of it (`axis/labels-unreadable` at twice the size becomes `axis/labels-too-small`;
 * an unsure reading on a second chance, `confidence/second-chance-unsure`).
 * lowered: an answer's confidence was lowered by this rule's evidence.
 * retried: the pipeline tried again (another label column, a pane, twice the size) because of it.
 */
export type DecisionOutcome = 'refused' | 'lowered' | 'retried';

/** A number weighed against a threshold, or a count that decided. */
export type Weighed = Record<string, number | string | boolean>;

export interface Decision {
  /** Stable id, `stage/what`, such as `last-price/tag-unreached`; see docs/engine.md. */
  rule: string;
  stage: EngineStage;
  /** Index of the attempt in `ReadingTrace.attempts`. */
  attempt: number;
  outcome: DecisionOutcome;
  /** The figures the rule weighed, with its threshold where it has one. */
  weighed: Weighed;
}

export interface StageSummary {
  stage: EngineStage;
  /** A few figures of what the stage found (labels read, bars, the last price's source). */
  summary: Weighed;
}

export interface AttemptTrace {
  /** What this attempt tried: `label-column-1`, `label-column-2`, `labels-pane`, `without-axis`, `twice-the-size`... */
  name: string;
  stages: StageSummary[];
  decisions: Decision[];
}

export interface ReadingTrace {
  attempts: AttemptTrace[];
  /** The rule of the refusal that ended the reading, or null when it was answered. */
  rule: string | null;
  /** The reading's confidence (0..1) when answered. */
  confidence: number | null;
  /** The attempt whose result is the answer, or whose refusal ended the reading. */
  attempt: number | null;
  /** What the trader set in place of the engine's reading (their scale, their last price), when they did. */
  corrected?: { scale: boolean; lastPrice: boolean };
}
