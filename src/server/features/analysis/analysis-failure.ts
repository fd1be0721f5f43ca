import type { ReadingTrace } from '../../../shared/engine-trace';

/** What the server keeps of a reading the engine refused. */
export interface EngineRefusal {
  /** The refusal's stable rule id, such as `last-price/tag-unreached`. */
  rule: string;
  code: string;
  trace: ReadingTrace | null;
}

/**
 * Why an analysis has no answer, in the analysis's own terms (the route turns each into its HTTP
 * status): `bad-input` the picture or the trader's correction cannot be used; `unanswered` no
 * chart, or nobody could read it; `lost` the job outlived every try; `internal` our fault.
 */
export type FailureReason = 'bad-input' | 'unanswered' | 'lost' | 'internal';

export const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';

/** An analysis that ended without an answer: what the trader is told, and what the server keeps. */
export class AnalysisFailure extends Error {
  constructor(
    readonly reason: FailureReason,
    /** The API's code, such as NOT_A_CHART or ANALYSIS_FAILED. */
    readonly code: string,
    message: string,
    /** What the trader's page shows beside the message: models tried, the trend, the correctable chart. */
    readonly details?: unknown,
    /** The engine's refusal, kept for the admin's review and never sent to the browser. */
    readonly refusal: EngineRefusal | null = null,
  ) {
    super(message);
    this.name = 'AnalysisFailure';
  }
}

/** A failure as a job row keeps it (JSON), and back. */
export interface StoredFailure {
  reason: FailureReason;
  code: string;
  message: string;
  details?: unknown;
}

export const storedFailure = (failure: AnalysisFailure): StoredFailure => ({
  reason: failure.reason,
  code: failure.code,
  message: failure.message,
  ...(failure.details === undefined ? {} : { details: failure.details }),
});

export const failureFromStored = (stored: StoredFailure): AnalysisFailure =>
  new AnalysisFailure(stored.reason, stored.code, stored.message, stored.details);
