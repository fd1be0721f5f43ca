import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { and, count, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { utcDay } from '../../../shared/access';
import type { JobStage } from '../../../shared/analysis';
import type { Db } from '../../db/client';
import { analysisJobs } from '../../db/schema';
import type { Logger } from '../../logger';
import {
  AnalysisFailure,
  failureFromStored,
  INTERNAL_MESSAGE,
  storedFailure,
  type EngineRefusal,
  type StoredFailure,
} from './analysis-failure';
import {
  asFailure,
  readJob,
  type AnalysisJob,
  type AnalysisJobs,
  type JobDeps,
  type JobOutcome,
} from './analysis-jobs';
import type { AnalysisJobInput } from './analysis-run';
import { findStoredAnalysis, recordRefusal, storeAnalysis } from './analysis.store';
import { releaseDailySlot } from './daily-usage';
import { AnalysisQueue } from './job-tracker';

const QUEUE = 'analysis';
const PREMIUM_PRIORITY = 1;
const FREE_PRIORITY = 0;
/** Another worker tries a job this many more times after its first worker failed or went silent. */
const RETRIES = 2;
/**
 * A queued job wakes the workers and a settled one the web instance waiting for it, through
 * LISTEN/NOTIFY on this channel; polling (below) is the fallback when a notification is missed.
 */
const CHANNEL = 'piplens_analysis_jobs';
/** How often a web instance looks at a job it waits for, and how often workers look for jobs. */
const OUTCOME_POLL_MS = 500;
const FETCH_POLL_MS = 500;
const KEEP_SETTLED_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Stored with the job: the analysis input without the picture's bytes (those are a column of their own). */
interface StoredInput {
  settings: AnalysisJobInput['settings'];
  imageSha256: string;
  image: Omit<AnalysisJobInput['image'], 'bytes'>;
  upload: AnalysisJobInput['upload'];
  box: AnalysisJobInput['box'];
  /** Absent on jobs queued before corrections existed. */
  correction?: AnalysisJobInput['correction'];
}

/**
 * A failure as job rows keep it; rows settled before failures had reasons kept the HTTP status
 * (they are swept after a day).
 */
function failureOfRow(
  error: StoredFailure | { status: number; code: string; message: string; details?: unknown },
): AnalysisFailure {
  if ('reason' in error) return failureFromStored(error);
  const reason = error.status === 422 ? 'unanswered' : error.status === 400 ? 'bad-input' : 'internal';
  return new AnalysisFailure(reason, error.code, error.message, error.details);
}

/**
 * Analyses in PostgreSQL (with DATABASE_URL): pg-boss holds the queue (Premium first, a job whose
 * worker dies is given to another once JOB_TIMEOUT_SECONDS pass), and `analysis_jobs` holds each
 * job's picture, stage and outcome, so any web instance answers the polling and the request.
 */
export class DatabaseJobs implements AnalysisJobs {
  private readonly boss: PgBoss;
  private readonly timeoutSeconds: number;
  private sweeper: NodeJS.Timeout | null = null;
  private listener: pg.Client | null = null;
  private closed = false;
  private stopping = false;
  /** Aborted when `stop` is called: the loop stops waiting for a place. */
  private readonly stopSignal = new AbortController();
  private taking: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  /** The jobs this worker took, by pg-boss's id, until pg-boss is told how they ended. */
  private readonly running = new Map<string, Promise<void>>();
  private readonly waiters = new Map<string, () => void>();

  constructor(private readonly options: { db: Db; databaseUrl: string; timeoutSeconds: number; logger: Logger }) {
    this.timeoutSeconds = options.timeoutSeconds;
    this.boss = new PgBoss({
      connectionString: options.databaseUrl,
      max: 4,
      // Expired jobs are found by this sweep: often enough that a dead worker's job moves on soon.
      maintenanceIntervalSeconds: Math.max(1, Math.min(60, Math.floor(options.timeoutSeconds / 2))),
    });
    this.boss.on('error', (error) => options.logger.error({ err: error }, 'job queue error'));
  }

  async start(): Promise<void> {
    await this.boss.start();
    await this.listen();
    if (!(await this.boss.getQueue(QUEUE))) {
      // Another process may create it at the same moment: then it exists, which is all we need.
      await this.boss.createQueue(QUEUE).catch(async (error: unknown) => {
        if (!(await this.boss.getQueue(QUEUE))) throw error;
      });
    }
  }

  /** Stops taking jobs, lets the running ones finish (up to the job timeout), then closes. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.stopSignal.abort();
    this.wake?.();
    if (this.sweeper) clearInterval(this.sweeper);
    await this.taking;
    // The jobs under way finish, up to the job timeout. By then pg-boss has expired any that did
    // not (the timeout counts from when each was taken), and another worker retries them; failing
    // them here as well could send back another worker's retry.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled(this.running.values()),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, this.timeoutSeconds * 1000);
      }),
    ]);
    clearTimeout(timer);
    await this.boss.stop({ graceful: true, wait: true, timeout: 1000 });
    this.closed = true;
    await this.listener?.end().catch(() => undefined);
  }

  /** One connection listening for queued and settled jobs; it comes back after a drop. */
  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.databaseUrl });
    client.on('notification', (message) => {
      const payload = message.payload ?? '';
      if (payload === 'queued') this.wake?.();
      else if (payload.startsWith('settled:')) this.waiters.get(payload.slice('settled:'.length))?.();
    });
    client.on('error', (error) =>
      this.options.logger.warn({ err: error }, 'job notifications dropped; polling meanwhile'),
    );
    client.on('end', () => {
      if (this.closed) return;
      setTimeout(() => {
        if (!this.closed)
          this.listen().catch((error: unknown) =>
            this.options.logger.warn({ err: error }, 'job notifications not restored'),
          );
      }, 1000).unref();
    });
    await client.connect();
    await client.query(`listen ${CHANNEL}`);
    this.listener = client;
  }

  /**
   * Writes the job and queues it; returns the job's id. A job that cannot be queued gives its slot
   * back once: before its row is written, here; after, by settling the row (or, should that fail
   * too, by the sweep that settles lost jobs).
   */
  async submit(job: AnalysisJob): Promise<string> {
    const { db } = this.options;
    let id: string;
    try {
      id = await this.insertJob(job, await job.thumbnail);
    } catch (error) {
      if (job.takesSlot) await releaseDailySlot(db, job.userId);
      throw error;
    }
    try {
      await this.boss.send(
        QUEUE,
        { jobId: id },
        {
          priority: job.premium ? PREMIUM_PRIORITY : FREE_PRIORITY,
          retryLimit: RETRIES,
          retryDelay: 0,
          expireInSeconds: this.timeoutSeconds,
        },
      );
    } catch (error) {
      await settleFailed(db, id, storedFailure(asFailure(error))).catch(() => undefined);
      throw error;
    }
    await notify(db, 'queued').catch((error: unknown) =>
      this.options.logger.warn({ err: error }, 'workers not notified'),
    );
    return id;
  }

  private async insertJob(job: AnalysisJob, thumbnail: Buffer): Promise<string> {
    const { db } = this.options;
    const id = randomUUID();
    const input: StoredInput = {
      settings: job.settings,
      imageSha256: job.imageSha256,
      image: {
        format: job.image.format,
        mimeType: job.image.mimeType,
        width: job.image.width,
        height: job.image.height,
      },
      upload: job.upload,
      box: job.box,
      correction: job.correction,
    };
    await db.insert(analysisJobs).values({
      id,
      userId: job.userId,
      clientJobId: job.clientJobId,
      premium: job.premium,
      slotDay: job.takesSlot ? utcDay(new Date()) : null,
      image: job.image.bytes,
      input,
      thumbnail,
      stage: { stage: 'queued', position: 0 } satisfies JobStage,
    });
    return id;
  }

  /** Waits for the job to be settled by a worker: its stored analysis, or its failure thrown. */
  async outcome(id: string): Promise<JobOutcome> {
    const { db } = this.options;
    // Past every try's time, the job is lost (every worker gone): the trader is told, not kept waiting.
    const giveUpAt = Date.now() + lostAfterMs(this.timeoutSeconds);
    for (;;) {
      const [row] = await db
        .select({
          status: analysisJobs.status,
          analysisId: analysisJobs.analysisId,
          error: analysisJobs.error,
          engineMs: analysisJobs.engineMs,
        })
        .from(analysisJobs)
        .where(eq(analysisJobs.id, id));
      if (!row) throw new AnalysisFailure('internal', 'INTERNAL', INTERNAL_MESSAGE);
      if (row.status === 'done' && row.analysisId) {
        const stored = await findStoredAnalysis(db, row.analysisId);
        if (!stored) throw new AnalysisFailure('internal', 'INTERNAL', INTERNAL_MESSAGE);
        return { stored, engineMs: row.engineMs };
      }
      if (row.status === 'failed') throw failureOfRow(row.error as StoredFailure);
      if (Date.now() > giveUpAt) {
        const failure = lost();
        await settleFailed(db, id, storedFailure(failure));
        throw failure;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, OUTCOME_POLL_MS);
        this.waiters.set(id, () => {
          clearTimeout(timer);
          resolve();
        });
      });
      this.waiters.delete(id);
    }
  }

  /** The stage of the owner's latest job with this id; queued jobs get their place in line (Premium first). */
  async stageOf(clientJobId: string, userId: string): Promise<JobStage | null> {
    const { db } = this.options;
    const [job] = await db
      .select({
        status: analysisJobs.status,
        stage: analysisJobs.stage,
        premium: analysisJobs.premium,
        createdAt: analysisJobs.createdAt,
      })
      .from(analysisJobs)
      .where(and(eq(analysisJobs.userId, userId), eq(analysisJobs.clientJobId, clientJobId)))
      .orderBy(desc(analysisJobs.createdAt))
      .limit(1);
    if (!job) return null;
    if (job.status === 'done') return { stage: 'done' };
    if (job.status === 'failed') return { stage: 'failed' };
    if (job.status === 'running') return job.stage as JobStage;
    const [ahead] = await db
      .select({ n: count() })
      .from(analysisJobs)
      .where(
        and(
          eq(analysisJobs.status, 'queued'),
          job.premium
            ? and(eq(analysisJobs.premium, true), lt(analysisJobs.createdAt, job.createdAt))
            : or(eq(analysisJobs.premium, true), lt(analysisJobs.createdAt, job.createdAt)),
        ),
      );
    return { stage: 'queued', position: (ahead?.n ?? 0) + 1 };
  }

  /**
   * Runs queued jobs in this process, highest priority first: `concurrency` charts read at once, as
   * in one process (a job gives its place back to wait on the models). One loop takes a job off
   * the queue each time a place is free, and puts it in line for that place before it takes
   * another: a worker never holds jobs it cannot start reading (taken early, they would wait here
   * while another worker's place stood idle: two workers taking four jobs per place read 15-20%
   * fewer charts per second), and PostgreSQL's order (Premium first) is the order they are read in.
   */
  async work(concurrency: number, deps: JobDeps): Promise<void> {
    const run = runJob(deps, new AnalysisQueue(concurrency));
    const sweep = () =>
      sweepJobs(deps.db, this.timeoutSeconds).catch((error: unknown) =>
        deps.logger.warn({ err: error }, 'settled jobs not swept'),
      );
    void sweep();
    this.sweeper = setInterval(() => void sweep(), SWEEP_EVERY_MS);
    this.sweeper.unref();
    this.taking = this.takeJobs(run, deps.logger);
  }

  private async takeJobs(run: ReturnType<typeof runJob>, logger: Logger): Promise<void> {
    while (!this.stopping) {
      await run.placeFree(this.stopSignal.signal);
      if (this.stopping) return;
      const [job] = await this.boss
        .fetch<{ jobId: string }>(QUEUE, { batchSize: 1, includeMetadata: true })
        .catch((error: unknown) => {
          logger.warn({ err: error }, 'no job taken from the queue; trying again');
          return [];
        });
      if (!job) {
        await this.nap(FETCH_POLL_MS);
        continue;
      }
      let enter!: () => void;
      const entered = new Promise<void>((resolve) => {
        enter = resolve;
      });
      // A job with no id in its data (not one of ours) fails in pg-boss, and the loop goes on.
      const reading = Promise.resolve().then(() =>
        run(job.data.jobId, { last: job.retryCount >= job.retryLimit }, enter),
      );
      const running = this.settleTaken(job.id, reading, logger);
      // A retry keeps its pg-boss id: the map holds the latest run of it.
      this.running.set(job.id, running);
      void running.finally(() => {
        if (this.running.get(job.id) === running) this.running.delete(job.id);
      });
      await Promise.race([entered, running]);
    }
  }

  /** Tells pg-boss how a job it gave out ended: done, or failed (it retries it, on any worker). */
  private async settleTaken(bossId: string, running: Promise<void>, logger: Logger): Promise<void> {
    try {
      await running;
      await this.boss.complete(QUEUE, bossId);
    } catch (error) {
      await this.boss
        .fail(QUEUE, bossId, { message: error instanceof Error ? error.message : String(error) })
        .catch((err: unknown) => logger.warn({ err }, 'job not marked failed; it expires and is retried'));
    }
  }

  /** Waits `ms`, or until a job is queued or the worker stops. */
  private nap(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }
}

/** Past every try's time (each try expires after the job timeout), a job no worker settled is lost. */
const lostAfterMs = (timeoutSeconds: number) => (RETRIES + 1) * (timeoutSeconds + 60) * 1000;

const lost = () =>
  new AnalysisFailure('lost', 'ANALYSIS_UNAVAILABLE', 'The analysis is taking too long. Please try again later.');

/**
 * Settles the jobs that are lost (their last try expired on a worker that died, and the web
 * instance that waited for them is gone too) as failed, giving their slots back; then drops the
 * settled jobs kept a day (a slow poller still reads 'done'; operators can look).
 */
export async function sweepJobs(db: Db, timeoutSeconds: number, now = new Date()): Promise<void> {
  const unsettled = await db
    .select({ id: analysisJobs.id })
    .from(analysisJobs)
    .where(
      and(
        inArray(analysisJobs.status, ['queued', 'running']),
        lt(analysisJobs.createdAt, new Date(now.getTime() - lostAfterMs(timeoutSeconds))),
      ),
    );
  for (const { id } of unsettled) await settleFailed(db, id, storedFailure(lost()));
  await db
    .delete(analysisJobs)
    .where(
      and(
        inArray(analysisJobs.status, ['done', 'failed']),
        lt(analysisJobs.updatedAt, new Date(now.getTime() - KEEP_SETTLED_MS)),
      ),
    );
}

/** NOTIFY on the jobs' channel; inside a transaction it is sent when the transaction commits. */
const notify = async (db: Db, payload: string) => {
  await db.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
};

/**
 * Settles a job as failed, giving its slot back, once: a second settlement changes nothing. An
 * engine's refusal is kept with the job and for the admin's review of the engine; a failure to keep
 * it (in a savepoint of its own) is logged and settles the job all the same.
 */
async function settleFailed(
  db: Db,
  id: string,
  error: StoredFailure,
  refused: { refusal: EngineRefusal; logger: Logger } | null = null,
): Promise<void> {
  const refusal = refused?.refusal ?? null;
  await db.transaction(async (tx) => {
    const [job] = await tx
      .select({ status: analysisJobs.status, userId: analysisJobs.userId, slotDay: analysisJobs.slotDay })
      .from(analysisJobs)
      .where(eq(analysisJobs.id, id))
      .for('update');
    if (!job || job.status === 'done' || job.status === 'failed') return;
    await tx
      .update(analysisJobs)
      .set({
        status: 'failed',
        stage: { stage: 'failed' },
        error,
        image: null,
        thumbnail: null,
        engineTrace: refusal?.trace ?? null,
        updatedAt: new Date(),
      })
      .where(eq(analysisJobs.id, id));
    if (refused) {
      await tx
        .transaction((savepoint) => recordRefusal(savepoint as unknown as Db, job.userId, refused.refusal))
        .catch((err: unknown) =>
          refused.logger.warn({ err, rule: refused.refusal.rule }, 'could not keep the refusal'),
        );
    }
    if (job.slotDay) await releaseDailySlot(tx as unknown as Db, job.userId, new Date(`${job.slotDay}T12:00:00Z`));
    await notify(tx as unknown as Db, `settled:${id}`);
  });
}

/**
 * One job on a worker: the engine and the models, then the answer stored and the job marked done in
 * one transaction that first locks the job, so a job run twice (its first worker went silent, then
 * finished after all) is stored once. A failure of the analysis's own (not a chart, all models
 * failed) settles the job as failed; anything else is thrown for pg-boss to retry, and on the last
 * try settles it as failed. The job stays queued (its place in line shown) until `places` lets
 * its chart be read.
 */
function runJob(deps: JobDeps, places: AnalysisQueue) {
  const { db, logger } = deps;
  const worker = `${hostname()}:${process.pid}`;
  const read = async (id: string, attempt: { last: boolean }, entered: () => void) => {
    const [job] = await db.select().from(analysisJobs).where(eq(analysisJobs.id, id));
    if (!job || job.status === 'done' || job.status === 'failed' || !job.image) return;
    const image = job.image;
    const input = job.input as StoredInput;
    const analysis: AnalysisJobInput = {
      userId: job.userId,
      settings: input.settings,
      imageSha256: input.imageSha256,
      image: { ...input.image, bytes: image },
      upload: input.upload,
      box: input.box,
      correction: input.correction ?? null,
    };
    let stageWrites = Promise.resolve();
    const setStage = (stage: JobStage) => {
      stageWrites = stageWrites
        .then(async () => {
          await db
            .update(analysisJobs)
            .set({ stage, updatedAt: new Date() })
            .where(and(eq(analysisJobs.id, id), eq(analysisJobs.status, 'running')));
        })
        .catch((error: unknown) => logger.warn({ err: error }, 'job stage not recorded'));
    };
    // Taken by this worker: it waits here for a place to read the chart, still queued for the trader.
    await db
      .update(analysisJobs)
      .set({ worker, updatedAt: new Date() })
      .where(and(eq(analysisJobs.id, id), eq(analysisJobs.status, 'queued')));
    const reading = places.run({ id, userId: job.userId, premium: job.premium }, async (_, releaseSlot) => {
      await db
        .update(analysisJobs)
        .set({ status: 'running', worker, stage: { stage: 'reading-chart' }, updatedAt: new Date() })
        .where(and(eq(analysisJobs.id, id), inArray(analysisJobs.status, ['queued', 'running'])));
      return readJob(deps, analysis, { setStage, releaseSlot });
    });
    entered();
    try {
      const { engineMs, ...recorded } = await reading;
      await stageWrites;
      await db.transaction(async (tx) => {
        const [current] = await tx
          .select({ status: analysisJobs.status })
          .from(analysisJobs)
          .where(eq(analysisJobs.id, id))
          .for('update');
        if (!current || current.status === 'done' || current.status === 'failed') return;
        const stored = await storeAnalysis(tx as unknown as Db, {
          userId: job.userId,
          thumbnail: job.thumbnail ?? Buffer.alloc(0),
          imageSha256: input.imageSha256,
          settings: input.settings,
          ...recorded,
        });
        await tx
          .update(analysisJobs)
          .set({
            status: 'done',
            stage: { stage: 'done' },
            analysisId: stored.id,
            engineMs: Math.round(engineMs),
            engineTrace: recorded.engineTrace,
            image: null,
            thumbnail: null,
            updatedAt: new Date(),
          })
          .where(eq(analysisJobs.id, id));
        await notify(tx as unknown as Db, `settled:${id}`);
      });
    } catch (error) {
      await stageWrites;
      if (error instanceof AnalysisFailure && error.reason !== 'internal') {
        await settleFailed(db, id, storedFailure(error), error.refusal ? { refusal: error.refusal, logger } : null);
        return;
      }
      logger.error({ err: error, job: id, last: attempt.last }, 'analysis job failed');
      if (attempt.last) {
        await settleFailed(db, id, storedFailure(asFailure(error)));
        return;
      }
      throw error;
    }
  };
  return Object.assign(read, { placeFree: (signal: AbortSignal) => places.placeFree(signal) });
}
