import { randomUUID } from 'node:crypto';
import type { JobStage } from '../../../shared/analysis';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import type { Logger } from '../../logger';
import { AnalysisFailure, INTERNAL_MESSAGE } from './analysis-failure';
import { analyseUpload, type AnalysisJobInput } from './analysis-run';
import { recordRefusal, storeAnalysis, type StoredAnalysis } from './analysis.store';
import { databaseCooldowns } from './cooldowns';
import { releaseDailySlot } from './daily-usage';
import type { ChartEngine } from './engine-pool';
import { AnalysisQueue } from './job-tracker';

/** One analysis as the route hands it over: what to read, whose it is, and what it holds. */
export interface AnalysisJob extends AnalysisJobInput {
  /** The browser's id for following the job's stage (its owner's alone). */
  clientJobId: string;
  premium: boolean;
  /** The job holds one of today's free analyses: given back if it fails. */
  takesSlot: boolean;
  /** The history's picture, made while the chart is read. */
  thumbnail: Promise<Buffer>;
}

export interface JobOutcome {
  stored: StoredAnalysis;
  /** The engine's time, for Server-Timing; null when the worker did not say. */
  engineMs: number | null;
}

/**
 * Where analyses run: in this process (`InProcessJobs`) or on the worker tier through PostgreSQL
 * (`DatabaseJobs`). Both take Premium jobs first and let `ANALYSIS_CONCURRENCY` charts be read at
 * once: a job holds its place while the engine reads its chart and gives it back before asking
 * the models, which take no CPU. Both store the answer, and on a failure give the free slot back
 * and keep the engine's refusal; `outcome` throws the failure as an `AnalysisFailure`.
 */
export interface AnalysisJobs {
  /** Queues the job; its id for `outcome`. */
  submit(job: AnalysisJob): Promise<string>;
  /** Waits for the job to settle: its stored analysis, or its failure thrown. */
  outcome(id: string): Promise<JobOutcome>;
  /** The stage of the owner's job with this browser id; queued jobs get their place in line. */
  stageOf(clientJobId: string, userId: string): Promise<JobStage | null>;
}

/** What either implementation needs to run an analysis. */
export interface JobDeps {
  db: Db;
  env: Env;
  engine: ChartEngine;
  logger: Logger;
}

/** A failure as the trader is told it: anything that is not an `AnalysisFailure` is ours. */
export const asFailure = (error: unknown): AnalysisFailure =>
  error instanceof AnalysisFailure ? error : new AnalysisFailure('internal', 'INTERNAL', INTERNAL_MESSAGE);

/** The engine and the models for one job, with the place in line given back once the chart is read. */
export const readJob = (deps: JobDeps, job: AnalysisJobInput, hooks: Parameters<typeof analyseUpload>[2]) =>
  analyseUpload({ env: deps.env, engine: deps.engine, logger: deps.logger, cooldowns: databaseCooldowns(deps.db) }, job, hooks);

/** Analyses in this process (no DATABASE_URL): a priority queue in memory, the answer stored here. */
export class InProcessJobs implements AnalysisJobs {
  private readonly queue: AnalysisQueue;
  private readonly running = new Map<string, Promise<JobOutcome>>();

  constructor(
    private readonly deps: JobDeps,
    concurrency: number,
  ) {
    this.queue = new AnalysisQueue(concurrency);
  }

  submit(job: AnalysisJob): Promise<string> {
    const id = randomUUID();
    const outcome = this.run(job);
    // Awaited by `outcome`; a job nobody asks about must not end the process as unhandled.
    outcome.catch(() => undefined);
    this.running.set(id, outcome);
    return Promise.resolve(id);
  }

  async outcome(id: string): Promise<JobOutcome> {
    const outcome = this.running.get(id);
    if (!outcome) throw new AnalysisFailure('internal', 'INTERNAL', INTERNAL_MESSAGE);
    try {
      return await outcome;
    } finally {
      this.running.delete(id);
    }
  }

  stageOf(clientJobId: string, userId: string): Promise<JobStage | null> {
    return Promise.resolve(this.queue.stageOf(clientJobId, userId));
  }

  /** Resolves once no job is waiting or running (tests, shutdown). */
  onIdle(): Promise<void> {
    return this.queue.onIdle();
  }

  private async run(job: AnalysisJob): Promise<JobOutcome> {
    const { db, logger } = this.deps;
    try {
      const { engineMs, ...recorded } = await this.queue.run(
        { id: job.clientJobId, userId: job.userId, premium: job.premium },
        (setStage, releaseSlot) => readJob(this.deps, job, { setStage, releaseSlot }),
      );
      const stored = await storeAnalysis(db, {
        userId: job.userId,
        thumbnail: await job.thumbnail,
        imageSha256: job.imageSha256,
        settings: job.settings,
        ...recorded,
      });
      return { stored, engineMs };
    } catch (error) {
      const failure = asFailure(error);
      if (failure.reason === 'internal') logger.error({ err: error }, 'analysis failed');
      if (job.takesSlot) await releaseDailySlot(db, job.userId);
      // The engine's refusal is kept for the admin's review; a failure to keep it is logged and the
      // trader gets the refusal all the same.
      if (failure.refusal) {
        await recordRefusal(db, job.userId, failure.refusal).catch((e: unknown) => {
          logger.warn({ err: e }, 'engine refusal not recorded');
        });
      }
      throw failure;
    }
  }
}
