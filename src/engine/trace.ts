/**
 * The record of one reading (see src/shared/engine-trace.ts): the pipeline begins an attempt,
 * each stage adds its summary, and every refusal and lowering of confidence is a decision under
 * its rule id. With `debug`, each attempt also keeps what its stages found in pixels, for the
 * debug pictures (debug.ts).
 */
import type { AttemptTrace, DecisionOutcome, EngineStage, ReadingTrace, Weighed } from '../shared/engine-trace.js';
import { EngineError, REFUSAL_RULES, type RefusalRule } from './errors.js';
import type { DebugTrace } from './debug.js';
import type { Box } from './raster.js';

/** Figures in a trace keep a few decimals: enough to compare with a threshold, short to store. */
const tidy = (weighed: Weighed): Weighed =>
  Object.fromEntries(Object.entries(weighed).map(([k, v]) => [k, typeof v === 'number' ? Number(v.toFixed(4)) : v]));

export class ReadingRecorder {
  readonly attempts: AttemptTrace[] = [];
  /** Pixels of each attempt, in step with `attempts`, when debug pictures were asked for. */
  readonly pictures: DebugTrace[] = [];
  private prefix = '';
  private region: { part: Box; partOf: { width: number; height: number } } | undefined;
  private at = -1;
  /** The attempt each refusal was decided in. */
  private readonly refusedIn = new WeakMap<EngineError, number>();

  constructor(readonly debug = false) {}

  /** Names later attempts `prefix/name` (the second look at twice the size). */
  within(prefix: string): void {
    this.prefix = prefix;
    this.region = undefined;
  }

  /**
   * Names later attempts `…/part/name`, inside the prefix set, and reads them within `region` of
   * the picture read (its full-image pixels, the picture of size `of`; their debug pictures show
   * that part); returns the prefix to go back to with `within`, which also ends the region.
   */
  nest(part: string, region: Box, of: { width: number; height: number }): string {
    const before = this.prefix;
    this.prefix = before ? `${before}/${part}` : part;
    this.region = { part: region, partOf: of };
    return before;
  }

  /** Starts an attempt; `from` copies an earlier attempt's pixels (a pane of its plot shares its axis). */
  begin(name: string, from?: number): number {
    this.attempts.push({ name: this.prefix ? `${this.prefix}/${name}` : name, stages: [], decisions: [] });
    if (this.debug) {
      const base = from === undefined ? undefined : this.pictures[from];
      const part = this.region ? { ...this.region } : {};
      this.pictures.push(base ? { ...base, outcome: undefined } : part);
    }
    this.at = this.attempts.length - 1;
    return this.at;
  }

  /** Goes back to an earlier attempt (a pane's reading not taken: the plot's goes on). */
  resume(attempt: number): void {
    this.at = attempt;
  }

  private get current(): AttemptTrace {
    if (this.at < 0) this.begin('reading');
    return this.attempts[this.at] as AttemptTrace;
  }

  get index(): number {
    return this.at;
  }

  /** The current attempt's pixels, when debug pictures were asked for. */
  get picture(): DebugTrace | undefined {
    return this.debug ? this.pictures[this.index] : undefined;
  }

  stage(stage: EngineStage, summary: Weighed): void {
    this.current.stages.push({ stage, summary: tidy(summary) });
  }

  decide(rule: string, stage: EngineStage, outcome: DecisionOutcome, weighed: Weighed = {}): void {
    this.current.decisions.push({ rule, stage, attempt: this.index, outcome, weighed: tidy(weighed) });
  }

  /** A refusal of the current attempt, recorded; the caller throws it. */
  refuse(rule: RefusalRule, weighed: Weighed = {}): EngineError {
    this.decide(rule, REFUSAL_RULES[rule].stage, 'refused', weighed);
    const error = new EngineError(rule, weighed);
    this.refusedIn.set(error, this.at);
    return error;
  }

  /**
   * A refusal that later evidence overruled: its attempt answers, and its decision only lowered
   * the answer's confidence. Returns the attempt.
   */
  overrule(error: EngineError): number | null {
    const attempt = this.refusedIn.get(error);
    const decision =
      attempt === undefined
        ? undefined
        : this.attempts[attempt]?.decisions.findLast((d) => d.rule === error.rule && d.outcome === 'refused');
    if (attempt === undefined || !decision) return null;
    decision.outcome = 'lowered';
    this.refusedIn.delete(error);
    this.at = attempt;
    return attempt;
  }

  /** Goes back to the attempt a refusal was decided in (a later attempt found nothing to read). */
  resumeAt(error: EngineError): void {
    const attempt = this.refusedIn.get(error);
    if (attempt !== undefined) this.at = attempt;
  }

  /** Records a refusal decided outside the pipeline's stages (decoding), once. */
  refused(error: EngineError): EngineError {
    if (!this.refusedIn.has(error)) {
      this.decide(error.rule, error.stage, 'refused', error.weighed);
      this.refusedIn.set(error, this.at);
    }
    return error;
  }

  /** A rule's evidence lowered an answer's confidence. */
  lower(rule: RefusalRule, weighed: Weighed): void {
    this.decide(rule, REFUSAL_RULES[rule].stage, 'lowered', weighed);
  }

  /** The record of an answer read in `attempt`, with its confidence. */
  answered(attempt: number, confidence: number): ReadingTrace {
    return { attempts: this.attempts, rule: null, confidence, attempt };
  }

  /** The record of the refusal that ended the reading. */
  endedBy(error: EngineError): ReadingTrace {
    this.refused(error);
    return { attempts: this.attempts, rule: error.rule, confidence: null, attempt: this.refusedIn.get(error) ?? null };
  }
}
