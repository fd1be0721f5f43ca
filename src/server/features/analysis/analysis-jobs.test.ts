/**
 * The same cases against both places analyses run: this process's queue, and PostgreSQL's queue
 * with a worker (when TEST_DATABASE_URL is set). Both must hold and give back places alike.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AnalysisSettingsSchema, type AnalysisSettings } from '../../../shared/analysis';
import type { EngineOutput } from '../../../engine';
import { openDatabase, type Database } from '../../db/client';
import { dailyUsage, engineRefusals, user } from '../../db/schema';
import { parseEnv } from '../../env';
import { createLogger } from '../../logger';
import { FakeAi } from '../../test/fake-ai';
import { createPostgresDatabase } from '../../test/harness';
import { answer, answeredTrace, refusal } from '../../test/traces';
import { InProcessJobs, type AnalysisJob, type AnalysisJobs, type JobDeps } from './analysis-jobs';
import type { ChartEngine } from './engine-pool';
import { DatabaseJobs } from './job-queue';
import { reserveDailySlot } from './daily-usage';

/**
 * A stand-in engine whose readings end when the test says: each reading waits for `finish`, so a
 * test sees which charts are being read at once and in which order they were taken.
 */
class HeldEngine implements ChartEngine {
  readonly started: string[] = [];
  private readonly waiting = new Map<string, (outcome: 'answer' | 'refuse') => void>();
  reading = 0;
  mostAtOnce = 0;

  async analyze(image: Buffer, settings: AnalysisSettings): Promise<EngineOutput> {
    const name = image.toString('utf8');
    this.started.push(name);
    this.reading += 1;
    this.mostAtOnce = Math.max(this.mostAtOnce, this.reading);
    const outcome = await new Promise<'answer' | 'refuse'>((resolve) => this.waiting.set(name, resolve));
    this.reading -= 1;
    if (outcome === 'refuse') throw refusal('layout/no-chart-without-axis');
    return answer(settings, answeredTrace());
  }

  /** Ends the reading of the chart named `name` (its image's bytes). */
  finish(name: string, outcome: 'answer' | 'refuse' = 'answer'): void {
    const end = this.waiting.get(name);
    if (!end) throw new Error(`${name} is not being read`);
    this.waiting.delete(name);
    end(outcome);
  }

  /** Ends every reading under way, with an answer (a failed test's leftovers). */
  finishAll(): void {
    for (const name of [...this.waiting.keys()]) this.finish(name);
  }

  locate(): Promise<never> {
    return Promise.reject(new Error('not used'));
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

interface Place {
  jobs: AnalysisJobs;
  database: Database;
  close(): Promise<void>;
}

const settings = AnalysisSettingsSchema.parse({});
// The model is configured and never answers until told: a job waiting on it holds no place.
const fakeAi = new FakeAi();
beforeAll(() => fakeAi.start());
afterAll(() => fakeAi.stop());

const envFor = (databaseUrl?: string) =>
  parseEnv({
    APP_SECRET: 'jobs-secret-jobs-secret-jobs-secret-0123',
    LOG_LEVEL: 'silent',
    ANALYSIS_CONCURRENCY: '1',
    GEMINI_API_KEY: 'test-gemini-key',
    GEMINI_BASE_URL: fakeAi.url,
    AI_TIMEOUT_MS: '60000',
    AI_DEADLINE_MS: '60000',
    JOB_TIMEOUT_SECONDS: '90',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });

async function inProcess(engine: ChartEngine): Promise<Place> {
  const database = await openDatabase({ memory: true });
  const deps: JobDeps = { db: database.db, env: envFor(), engine, logger: createLogger('silent') };
  const jobs = new InProcessJobs(deps, deps.env.ANALYSIS_CONCURRENCY);
  return { jobs, database, close: () => database.close() };
}

async function inPostgres(engine: ChartEngine): Promise<Place> {
  const postgres = await createPostgresDatabase();
  const database = await openDatabase({ databaseUrl: postgres.url, onIdleClientError: () => {} });
  const env = envFor(postgres.url);
  const logger = createLogger('silent');
  const jobs = new DatabaseJobs({ db: database.db, databaseUrl: postgres.url, timeoutSeconds: env.JOB_TIMEOUT_SECONDS, logger });
  await jobs.start();
  await jobs.work(env.ANALYSIS_CONCURRENCY, { db: database.db, env, engine, logger });
  return {
    jobs,
    database,
    close: async () => {
      await jobs.stop();
      await database.close();
      await postgres.drop();
    },
  };
}

const places: [string, (engine: ChartEngine) => Promise<Place>][] = [['in this process', inProcess]];
if (process.env.TEST_DATABASE_URL) places.push(['in PostgreSQL with a worker', inPostgres]);

describe.each(places)('analysis jobs %s', (_, open) => {
  const engine = new HeldEngine();
  let place: Place;

  beforeAll(async () => {
    place = await open(engine);
  }, 60_000);
  afterEach(() => {
    engine.finishAll();
    fakeAi.releaseHanging();
  });
  afterAll(async () => {
    await place?.close();
  });

  const trader = async () => {
    const id = randomUUID();
    await place.database.db.insert(user).values({ id, name: 'Jobs Trader', email: `${id}@example.com`, emailVerified: true });
    return id;
  };

  /** A job whose picture's bytes are its name, so the held engine can tell the charts apart. */
  const job = (userId: string, name: string, options: { premium?: boolean; takesSlot?: boolean } = {}): AnalysisJob => {
    const bytes = Buffer.from(name);
    return {
      userId,
      settings,
      imageSha256: randomUUID(),
      image: { bytes, format: 'png', mimeType: 'image/png', width: 1280, height: 720 },
      upload: { width: 1280, height: 720 },
      box: null,
      correction: null,
      clientJobId: `${name}-${randomUUID()}`,
      premium: options.premium ?? false,
      takesSlot: options.takesSlot ?? false,
      thumbnail: Promise.resolve(Buffer.from('thumbnail')),
    };
  };

  const stageOf = (j: AnalysisJob) => place.jobs.stageOf(j.clientJobId, j.userId);
  const until = (check: () => unknown) => vi.waitFor(check, { timeout: 30_000, interval: 20 });

  it('reads one chart at a time and gives the place back before asking the models', async () => {
    fakeAi.reset();
    fakeAi.route = () => ({ hang: true });
    const userId = await trader();
    const a = job(userId, 'chart-a');
    const b = job(userId, 'chart-b');
    const outcomes = [place.jobs.outcome(await place.jobs.submit(a))];
    await until(() => expect(engine.started).toContain('chart-a'));
    outcomes.push(place.jobs.outcome(await place.jobs.submit(b)));
    await until(async () => expect(await stageOf(b)).toEqual({ stage: 'queued', position: 1 }));
    expect(await stageOf(a)).toEqual({ stage: 'reading-chart' });
    // A's chart is read: it asks the model (which does not answer), and B's chart is read meanwhile.
    engine.finish('chart-a');
    await until(() => expect(engine.started).toContain('chart-b'));
    await until(async () => expect(await stageOf(a)).toMatchObject({ stage: 'asking-model', model: 1 }));
    engine.finish('chart-b');
    await until(() => expect(fakeAi.requests).toHaveLength(2));
    // The model fails; each job is answered by the engine and stored.
    fakeAi.releaseHanging();
    const [first, second] = await Promise.all(outcomes);
    expect(first?.stored.result.modelName).toBe('PipLens chart engine');
    expect(second?.stored.result.modelName).toBe('PipLens chart engine');
    expect(engine.mostAtOnce).toBe(1);
    expect(await stageOf(a)).toEqual({ stage: 'done' });
  }, 60_000);

  it('takes a Premium job before free ones that came first', async () => {
    fakeAi.reset();
    fakeAi.route = () => ({ status: 503, body: { error: { code: 503, message: 'overloaded', status: 'UNAVAILABLE' } } });
    engine.started.length = 0;
    const free = await trader();
    const premium = await trader();
    const first = job(free, 'first-free');
    const second = job(free, 'second-free');
    const paid = job(premium, 'premium', { premium: true });
    const outcomes = [place.jobs.outcome(await place.jobs.submit(first))];
    await until(() => expect(engine.started).toEqual(['first-free']));
    outcomes.push(place.jobs.outcome(await place.jobs.submit(second)));
    await until(async () => expect(await stageOf(second)).toEqual({ stage: 'queued', position: 1 }));
    outcomes.push(place.jobs.outcome(await place.jobs.submit(paid)));
    await until(async () => expect(await stageOf(paid)).toEqual({ stage: 'queued', position: 1 }));
    await until(async () => expect(await stageOf(second)).toEqual({ stage: 'queued', position: 2 }));
    // Another trader cannot follow someone's job.
    expect(await place.jobs.stageOf(paid.clientJobId, free)).toBeNull();
    engine.finish('first-free');
    await until(() => expect(engine.started).toHaveLength(2));
    engine.finish('premium');
    await until(() => expect(engine.started).toHaveLength(3));
    engine.finish('second-free');
    await Promise.all(outcomes);
    expect(engine.started).toEqual(['first-free', 'premium', 'second-free']);
  }, 60_000);

  it("settles a refused job as failed: the trader's slot back and the refusal kept", async () => {
    const { db } = place.database;
    const userId = await trader();
    expect(await reserveDailySlot(db, userId, 5)).toBe(true);
    const refused = job(userId, 'no-chart', { takesSlot: true });
    const outcome = place.jobs.outcome(await place.jobs.submit(refused));
    await until(() => expect(engine.started).toContain('no-chart'));
    engine.finish('no-chart', 'refuse');
    await expect(outcome).rejects.toMatchObject({ name: 'AnalysisFailure', reason: 'unanswered', code: 'NOT_A_CHART' });
    expect(await stageOf(refused)).toEqual({ stage: 'failed' });
    const [usage] = await db.select({ count: dailyUsage.count }).from(dailyUsage).where(eq(dailyUsage.userId, userId));
    expect(usage?.count).toBe(0);
    const kept = await db.select({ rule: engineRefusals.rule }).from(engineRefusals).where(eq(engineRefusals.userId, userId));
    expect(kept).toEqual([{ rule: 'layout/no-chart-without-axis' }]);
  }, 60_000);
});
