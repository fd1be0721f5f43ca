import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { AnalysisSettingsSchema } from '../../../shared/analysis';
import { openDatabase, type Database } from '../../db/client';
import { analyses, analysisJobs, dailyUsage, engineRefusals, user } from '../../db/schema';
import { parseEnv } from '../../env';
import { createLogger } from '../../logger';
import { notAChart, testChart } from '../../test/charts';
import { createPostgresDatabase } from '../../test/harness';
import { answeredTrace, refusal, ScriptedEngine } from '../../test/traces';
import { createEnginePool, type ChartEngine } from './engine-pool';
import { DatabaseJobs, sweepJobs } from './job-queue';
import { reserveDailySlot } from './daily-usage';
import { checkUpload, type CheckedImage } from './upload';
import type { AnalysisJob } from './analysis-jobs';

describe.runIf(process.env.TEST_DATABASE_URL)('analysis jobs in PostgreSQL', () => {
  let postgres: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let database: Database;
  let jobs: DatabaseJobs;
  let dataDir: string;
  let pool: ChartEngine;

  beforeAll(async () => {
    pool = createEnginePool({ threads: 1 });
    postgres = await createPostgresDatabase();
    database = await openDatabase({ databaseUrl: postgres.url, onIdleClientError: () => {} });
    dataDir = mkdtempSync(path.join(tmpdir(), 'piplens-jobs-'));
    jobs = new DatabaseJobs({
      db: database.db,
      databaseUrl: postgres.url,
      timeoutSeconds: 30,
      logger: createLogger('silent'),
    });
    await jobs.start();
  });

  afterAll(async () => {
    await jobs?.stop();
    await pool?.close();
    await database?.close();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const trader = async () => {
    const id = randomUUID();
    await database.db
      .insert(user)
      .values({ id, name: 'Queue Trader', email: `${id}@example.com`, emailVerified: true });
    return id;
  };

  /** A free trader's job on `chart`, taking a daily slot. */
  const freeJob = (userId: string, chart: CheckedImage, clientJobId = randomUUID()): AnalysisJob => ({
    userId,
    settings: AnalysisSettingsSchema.parse({}),
    imageSha256: randomUUID(),
    image: chart,
    upload: { width: chart.width, height: chart.height },
    box: null,
    correction: null,
    clientJobId,
    premium: false,
    takesSlot: true,
    thumbnail: Promise.resolve(Buffer.from('thumbnail')),
  });

  it('settles a job no worker finished within every try as lost: the slot given back, the picture dropped', async () => {
    const { db } = database;
    const userId = await trader();
    expect(await reserveDailySlot(db, userId, 5)).toBe(true);
    const chart = await checkUpload((await testChart()).image);
    const id = await jobs.submit(freeJob(userId, chart));
    // No worker runs yet (this file starts one in the next test). Two minutes on, a try may still be under way: the sweep leaves it.
    await sweepJobs(db, 30, new Date(Date.now() + 2 * 60 * 1000));
    const status = async () =>
      (
        await db
          .select({ status: analysisJobs.status, image: analysisJobs.image })
          .from(analysisJobs)
          .where(eq(analysisJobs.id, id))
      )[0];
    expect((await status())?.status).toBe('queued');
    // Ten minutes on, every try (3 of 30 s, each given a minute more) is past: it is lost.
    await sweepJobs(db, 30, new Date(Date.now() + 10 * 60 * 1000));
    expect(await status()).toEqual({ status: 'failed', image: null });
    await expect(jobs.outcome(id)).rejects.toMatchObject({ reason: 'lost', code: 'ANALYSIS_UNAVAILABLE' });
    const [usage] = await db.select({ count: dailyUsage.count }).from(dailyUsage).where(eq(dailyUsage.userId, userId));
    expect(usage?.count).toBe(0);
  });

  it('gives the slot back once when a job cannot be queued, and keeps the job settled', async () => {
    const { db } = database;
    const userId = await trader();
    // One slot for an analysis made earlier today, one for this job.
    expect(await reserveDailySlot(db, userId, 5)).toBe(true);
    expect(await reserveDailySlot(db, userId, 5)).toBe(true);
    // A queue that was never started refuses every job it is given.
    const unstarted = new DatabaseJobs({
      db,
      databaseUrl: postgres.url,
      timeoutSeconds: 30,
      logger: createLogger('silent'),
    });
    const chart = await checkUpload((await testChart()).image);
    const clientJobId = randomUUID();
    await expect(unstarted.submit(freeJob(userId, chart, clientJobId))).rejects.toThrow();
    const [row] = await db
      .select({ status: analysisJobs.status, image: analysisJobs.image })
      .from(analysisJobs)
      .where(eq(analysisJobs.clientJobId, clientJobId));
    expect(row).toEqual({ status: 'failed', image: null });
    // A later sweep finds it settled and gives nothing back a second time.
    await sweepJobs(db, 30, new Date(Date.now() + 10 * 60 * 1000));
    const [usage] = await db.select({ count: dailyUsage.count }).from(dailyUsage).where(eq(dailyUsage.userId, userId));
    expect(usage?.count).toBe(1);
  });

  // Which job is read first is analysis-jobs.test.ts's case ('takes a Premium job before free ones
  // that came first'), on both implementations: here a worker that starts with four jobs queued
  // fetches them together, and the first to reach its one place is read at once, Premium or not.
  it('runs a backlog of queued jobs, stores each answer once and gives a failed job its slot back', async () => {
    const { db } = database;
    const chart = await checkUpload((await testChart()).image);
    const notChart = await checkUpload(await notAChart());
    const settings = AnalysisSettingsSchema.parse({});
    const enqueue = async (userId: string, premium: boolean, image = chart) => {
      const takesSlot = !premium;
      if (takesSlot) expect(await reserveDailySlot(db, userId, 5)).toBe(true);
      return jobs.submit({
        userId,
        settings,
        imageSha256: randomUUID(),
        image,
        upload: { width: image.width, height: image.height },
        box: null,
        correction: null,
        clientJobId: randomUUID(),
        premium,
        takesSlot,
        thumbnail: Promise.resolve(Buffer.from('thumbnail')),
      });
    };
    const free = await trader();
    const premium = await trader();
    // Queued while no worker runs: three free jobs (one of them no chart), then a Premium one.
    const freeJobs = [await enqueue(free, false), await enqueue(free, false, notChart), await enqueue(free, false)];
    const premiumJob = await enqueue(premium, true);
    const env = parseEnv({
      DATA_DIR: dataDir,
      APP_SECRET: 'queue-secret-queue-secret-queue-secret',
      LOG_LEVEL: 'silent',
      DATABASE_URL: postgres.url,
    });
    await jobs.work(1, { db, env, engine: pool, logger: createLogger('silent') });

    const all = [...freeJobs, premiumJob];
    const outcomes = await Promise.allSettled(all.map((id) => jobs.outcome(id)));
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toMatchObject({ reason: 'unanswered', code: 'NOT_A_CHART' });
    const settled = await db
      .select({ status: analysisJobs.status, image: analysisJobs.image, thumbnail: analysisJobs.thumbnail })
      .from(analysisJobs)
      .where(inArray(analysisJobs.id, all));
    expect(settled.map((job) => job.status).sort()).toEqual(['done', 'done', 'done', 'failed']);
    // A settled job keeps no picture.
    expect(settled.every((job) => job.image === null && job.thumbnail === null)).toBe(true);
    const stored = await db
      .select({ userId: analyses.userId })
      .from(analyses)
      .where(inArray(analyses.userId, [free, premium]));
    expect(stored.filter((row) => row.userId === free)).toHaveLength(2);
    expect(stored.filter((row) => row.userId === premium)).toHaveLength(1);
    // The refused one gave its slot back.
    const [usage] = await db.select({ count: dailyUsage.count }).from(dailyUsage).where(eq(dailyUsage.userId, free));
    expect(usage?.count).toBe(2);
  }, 120_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)("analysis jobs keep the engine's trace", () => {
  let postgres: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let database: Database;
  let jobs: DatabaseJobs;
  const engine = new ScriptedEngine();

  beforeAll(async () => {
    postgres = await createPostgresDatabase();
    database = await openDatabase({ databaseUrl: postgres.url, onIdleClientError: () => {} });
    jobs = new DatabaseJobs({
      db: database.db,
      databaseUrl: postgres.url,
      timeoutSeconds: 30,
      logger: createLogger('silent'),
    });
    await jobs.start();
    const env = parseEnv({
      APP_SECRET: 'queue-secret-queue-secret-queue-secret',
      LOG_LEVEL: 'silent',
      DATABASE_URL: postgres.url,
    });
    await jobs.work(1, { db: database.db, env, engine, logger: createLogger('silent') });
  });

  afterAll(async () => {
    await jobs?.stop();
    await database?.close();
    await postgres?.drop();
  });

  /** A job of one chart for `userId`, with or without a daily slot taken for it. */
  async function enqueueFor(userId: string, { takesSlot }: { takesSlot: boolean }) {
    const image = await checkUpload((await testChart()).image);
    return jobs.submit({
      userId,
      settings: AnalysisSettingsSchema.parse({}),
      imageSha256: randomUUID(),
      image,
      upload: { width: image.width, height: image.height },
      box: null,
      correction: null,
      clientJobId: randomUUID(),
      premium: !takesSlot,
      takesSlot,
      thumbnail: Promise.resolve(Buffer.from('thumbnail')),
    });
  }

  it('with the job and its analysis when answered, with the job and in engine_refusals when refused', async () => {
    const { db } = database;
    const userId = randomUUID();
    await db
      .insert(user)
      .values({ id: userId, name: 'Queue Trader', email: `${userId}@example.com`, emailVerified: true });
    const enqueue = () => enqueueFor(userId, { takesSlot: false });
    const trace = answeredTrace({ lowered: ['confidence/last-outside-labels'] });
    const refused = refusal('layout/no-chart-without-axis');
    engine.will(trace, refused);
    const answered = await enqueue();
    const { stored } = await jobs.outcome(answered);
    const notChart = await enqueue();
    await expect(jobs.outcome(notChart)).rejects.toMatchObject({
      reason: 'unanswered',
      code: 'NOT_A_CHART',
      message: refused.message,
    });

    const traces = await db
      .select({ id: analysisJobs.id, trace: analysisJobs.engineTrace })
      .from(analysisJobs)
      .where(inArray(analysisJobs.id, [answered, notChart]));
    expect(Object.fromEntries(traces.map((row) => [row.id, row.trace]))).toEqual({
      [answered]: trace,
      [notChart]: refused.trace,
    });
    const [analysis] = await db
      .select({ trace: analyses.engineTrace })
      .from(analyses)
      .where(eq(analyses.id, stored.id));
    expect(analysis?.trace).toEqual(trace);
    const kept = await db
      .select({
        userId: engineRefusals.userId,
        rule: engineRefusals.rule,
        code: engineRefusals.code,
        trace: engineRefusals.trace,
      })
      .from(engineRefusals);
    expect(kept).toEqual([{ userId, rule: 'layout/no-chart-without-axis', code: 'NOT_A_CHART', trace: refused.trace }]);
  }, 60_000);

  it('still settles the job: the trader gets the refusal and the daily slot back', async () => {
    const { db } = database;
    const userId = randomUUID();
    await db
      .insert(user)
      .values({ id: userId, name: 'Queue Trader', email: `${userId}@example.com`, emailVerified: true });
    // The refusals' table is gone: keeping the refusal fails inside the settling transaction.
    await db.execute(sql`alter table engine_refusals rename to engine_refusals_away`);
    onTestFinished(async () => {
      await db.execute(sql`alter table engine_refusals_away rename to engine_refusals`);
    });
    expect(await reserveDailySlot(db, userId, 5)).toBe(true);
    const refused = refusal('layout/no-chart-without-axis');
    engine.will(refused);
    const id = await enqueueFor(userId, { takesSlot: true });
    await expect(jobs.outcome(id)).rejects.toMatchObject({ reason: 'unanswered', code: 'NOT_A_CHART' });
    const [job] = await db
      .select({ status: analysisJobs.status, trace: analysisJobs.engineTrace })
      .from(analysisJobs)
      .where(eq(analysisJobs.id, id));
    expect(job).toEqual({ status: 'failed', trace: refused.trace });
    const [usage] = await db.select({ count: dailyUsage.count }).from(dailyUsage).where(eq(dailyUsage.userId, userId));
    expect(usage?.count).toBe(0);
  }, 60_000);
});
