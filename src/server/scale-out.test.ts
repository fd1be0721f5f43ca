/**
 * Past one process (issue 22): two web instances and two workers, each started as a separate
 * process with the documented command (`ROLE=web|worker DATABASE_URL=... npm start`, as
 * compose.yaml runs them), on one PostgreSQL database. Runs when TEST_DATABASE_URL is set.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/lib/browser.mjs';
import { testChart } from './test/charts';
import { FakeAi } from './test/fake-ai';
import { createPostgresDatabase } from './test/harness';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SECRET = 'scale-out-secret-scale-out-secret-0123';
const JOB_TIMEOUT_SECONDS = 8;

interface Instance {
  role: 'web' | 'worker';
  child: ChildProcess;
  output: string[];
  base: string;
  /** Settles when the process and everything it started have ended (their output is closed). */
  closed: Promise<void>;
  isClosed: boolean;
}


async function until<T>(probe: () => Promise<T | undefined>, timeoutMs: number, what: string): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.runIf(process.env.TEST_DATABASE_URL)('two web instances and two workers on one PostgreSQL', () => {
  const ai = new FakeAi();
  const instances: Instance[] = [];
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let sql: pg.Client;
  let dataDir: string;
  let appUrl: string;
  let image: Buffer;
  let users = 0;

  function start(role: Instance['role'], port: number, overrides: Record<string, string> = {}): Instance {
    const child = spawn('npm', ['start'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        ROLE: role,
        DATABASE_URL: database.url,
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: appUrl,
        APP_SECRET: SECRET,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        ENGINE_THREADS: '1',
        ANALYSIS_CONCURRENCY: '2',
        JOB_TIMEOUT_SECONDS: String(JOB_TIMEOUT_SECONDS),
        GEMINI_API_KEY: 'test-key',
        GEMINI_BASE_URL: ai.url,
        AI_TIMEOUT_MS: '2000',
        AI_DEADLINE_MS: '3000',
        ...overrides,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: npm, the start script and the server are signalled together, as a
      // process manager stops a service.
      detached: true,
    });
    const output: string[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    const instance: Instance = { role, child, output, base: `http://127.0.0.1:${port}`, closed: Promise.resolve(), isClosed: false };
    instance.closed = new Promise((resolve) =>
      child.once('close', () => {
        instance.isClosed = true;
        resolve();
      }),
    );
    instances.push(instance);
    return instance;
  }

  const ready = (instance: Instance) =>
    instance.role === 'web'
      ? until(async () => ((await fetch(`${instance.base}/api/health`)).ok ? true : undefined), 240_000, `${instance.role} to listen`)
      : until(async () => (instance.output.join('').includes('taking analysis jobs') ? true : undefined), 120_000, 'a worker to start');

  /** A trader with a confirmed address, signed in on `web`: the session cookie. */
  async function trader(web: Instance): Promise<{ cookie: string; id: string }> {
    users += 1;
    const email = `scale-out-${users}-${Date.now()}@example.com`;
    const post = (pathname: string, body: unknown) =>
      fetch(`${web.base}${pathname}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: appUrl }, body: JSON.stringify(body) });
    expect((await post('/api/auth/sign-up/email', { name: 'Scale Trader', email, password: 'scale-password-1' })).status).toBe(200);
    const { rows } = await sql.query<{ id: string }>(
      'update "user" set email_verified = true, confirmed_at = now() where email = $1 returning id',
      [email],
    );
    const signIn = await post('/api/auth/sign-in/email', { email, password: 'scale-password-1' });
    expect(signIn.status).toBe(200);
    return { cookie: (signIn.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '', id: rows[0]?.id ?? '' };
  }

  const analyse = (web: Instance, cookie: string, fields: Record<string, string>) => {
    const form = new FormData();
    form.set('chartImage', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'chart.png');
    for (const [key, value] of Object.entries(fields)) form.set(key, value);
    return fetch(`${web.base}/api/analyses`, { method: 'POST', body: form, headers: { cookie, origin: appUrl } });
  };

  const count = async (query: string, params: unknown[]) => Number((await sql.query<{ n: string }>(query, params)).rows[0]?.n ?? 0);
  const usedToday = async (userId: string) =>
    count(`select coalesce(sum(count), 0) as n from daily_usage where user_id = $1`, [userId]);
  /** Waits until the trader's job is waiting for the (hanging) model. */
  const jobAskingModel = (userId: string) =>
    until(
      async () =>
        (await count(`select count(*) as n from analysis_jobs where user_id = $1 and stage->>'stage' = 'asking-model'`, [userId])) === 1
          ? true
          : undefined,
      60_000,
      'the job to reach the model',
    );

  beforeAll(async () => {
    // Every model answer fails at once unless a test says otherwise: the engine's answer is given.
    await ai.start();
    ai.route = () => ({ status: 500, body: { error: { message: 'stand-in failure' } } });
    database = await createPostgresDatabase();
    sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    dataDir = mkdtempSync(path.join(tmpdir(), 'piplens-scale-'));
    image = (await testChart()).image;
    const ports = [await freePort(), await freePort()];
    appUrl = `http://127.0.0.1:${ports[0]}`;
    // The first start builds when the sources are newer than the build; the others then find it done.
    const first = start('web', ports[0] ?? 0);
    await ready(first);
    await Promise.all([start('web', ports[1] ?? 0), start('worker', await freePort()), start('worker', await freePort())].map(ready));
  }, 600_000);

  afterAll(async () => {
    for (const instance of instances) {
      if (instance.isClosed) continue;
      try {
        process.kill(-(instance.child.pid ?? 0), 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    await Promise.all(instances.map((instance) => instance.closed));
    await sql?.end();
    await database?.drop();
    await ai.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  const web = (n: 0 | 1) => instances.filter((i) => i.role === 'web')[n] as Instance;

  it('completes an analysis posted to web 1 while web 2 answers its polling', async () => {
    const { cookie } = await trader(web(0));
    const jobId = `scale-out-${Date.now()}`;
    const stages: string[] = [];
    let settled = false;
    const response = analyse(web(0), cookie, { jobId }).finally(() => (settled = true));
    while (!settled) {
      const polled = await fetch(`${web(1).base}/api/analyses/jobs/${jobId}`, { headers: { cookie } });
      if (polled.status === 200) stages.push(((await polled.json()) as { stage: string }).stage);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const answer = await response;
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { chart: { candles: number } }).chart.candles).toBeGreaterThan(10);
    expect(stages.length).toBeGreaterThan(0);
    const after = await fetch(`${web(1).base}/api/analyses/jobs/${jobId}`, { headers: { cookie } });
    expect(await after.json()).toEqual({ stage: 'done' });
  }, 120_000);

  it('completes 20 analyses from 4 traders on both web instances, each exactly once', async () => {
    const traders = await Promise.all([0, 1, 2, 3].map((n) => trader(web((n % 2) as 0 | 1))));
    const answers = await Promise.all(
      traders.flatMap((t, n) =>
        [0, 1, 2, 3, 4].map(async (k) => {
          const response = await analyse(web(((n + k) % 2) as 0 | 1), t.cookie, { lotSize: (0.01 * (k + 1)).toFixed(2) });
          return { status: response.status, body: (await response.json()) as { id: string } };
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(20);
    const ids = traders.map((t) => t.id);
    expect(await count('select count(*) as n from analyses where user_id = any($1)', [ids])).toBe(20);
    expect(await count(`select count(*) as n from analysis_jobs where user_id = any($1) and status = 'done'`, [ids])).toBe(20);
    for (const t of traders) expect(await usedToday(t.id)).toBe(5);
  }, 300_000);

  it('holds the daily cap across both web instances: 50 concurrent requests, exactly 5 analysed', async () => {
    const t = await trader(web(0));
    const statuses = await Promise.all(
      Array.from({ length: 50 }, async (_, k) => (await analyse(web((k % 2) as 0 | 1), t.cookie, { lotSize: (0.01 * (k + 1)).toFixed(2) })).status),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(45);
    expect(await count('select count(*) as n from analyses where user_id = $1', [t.id])).toBe(5);
    expect(await usedToday(t.id)).toBe(5);
  }, 300_000);

  it('gives the job of a worker killed mid-job to the other worker: one answer, the slot counted once', async () => {
    const t = await trader(web(1));
    // The model holds the job while its worker is killed.
    ai.route = () => ({ hang: true });
    const response = analyse(web(1), t.cookie, { jobId: `killed-${Date.now()}` });
    const running = await until(
      async () => {
        const { rows } = await sql.query<{ worker: string }>(
          `select worker from analysis_jobs where user_id = $1 and status = 'running' and stage->>'stage' = 'asking-model'`,
          [t.id],
        );
        return rows[0]?.worker;
      },
      60_000,
      'the job to reach the model',
    );
    const pid = Number(running.split(':').at(-1));
    process.kill(pid, 'SIGKILL');
    ai.route = () => ({ status: 500, body: { error: { message: 'stand-in failure' } } });
    ai.releaseHanging();
    const answer = await response;
    expect(answer.status).toBe(200);
    const { rows } = await sql.query<{ worker: string; status: string }>('select worker, status from analysis_jobs where user_id = $1', [t.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe('done');
    expect(rows[0]?.worker).not.toBe(running);
    expect(await count('select count(*) as n from analyses where user_id = $1', [t.id])).toBe(1);
    expect(await usedToday(t.id)).toBe(1);
  }, 120_000);

  it('on SIGTERM, a worker finishes the job it is running and a web instance the request in flight, then both stop', async () => {
    const survivors = instances.filter((i) => !i.isClosed);
    const worker = survivors.find((i) => i.role === 'worker');
    const webInstance = survivors.find((i) => i.role === 'web');
    if (!worker || !webInstance) throw new Error('no instance left to stop');
    const t = await trader(webInstance);
    // The model holds the job (until AI_TIMEOUT_MS) while the last worker is told to stop.
    ai.route = () => ({ hang: true });
    const response = analyse(webInstance, t.cookie, { jobId: `stopping-${Date.now()}` });
    await jobAskingModel(t.id);
    // As a process manager stops a service: the signal reaches npm, the start script and the server.
    process.kill(-(worker.child.pid ?? 0), 'SIGTERM');
    process.kill(-(webInstance.child.pid ?? 0), 'SIGTERM');
    const answer = await response;
    expect(answer.status).toBe(200);
    ai.releaseHanging();
    ai.route = () => ({ status: 500, body: { error: { message: 'stand-in failure' } } });
    await Promise.all([worker.closed, webInstance.closed]);
    for (const instance of [worker, webInstance]) {
      expect(instance.output.join('')).toContain('stopped cleanly');
      expect(instance.output.join('')).not.toContain('graceful shutdown timed out');
    }
    expect(await count('select count(*) as n from analyses where user_id = $1', [t.id])).toBe(1);
  }, 90_000);

  it('on SIGTERM, a web instance waits past ten seconds for an analysis its job is still running', async () => {
    // Jobs that may run 12 seconds (the model's time limit): longer than a plain request's grace.
    const long = { JOB_TIMEOUT_SECONDS: '20', AI_TIMEOUT_MS: '12000', AI_DEADLINE_MS: '13000' };
    const webInstance = start('web', await freePort(), long);
    const worker = start('worker', await freePort(), long);
    await Promise.all([ready(webInstance), ready(worker)]);
    // The job must reach the new worker: any other worker still running is stopped first.
    const others = instances.filter((i) => i.role === 'worker' && i !== worker && !i.isClosed);
    for (const other of others) process.kill(-(other.child.pid ?? 0), 'SIGTERM');
    await Promise.all(others.map((other) => other.closed));
    const t = await trader(webInstance);
    ai.route = () => ({ hang: true });
    const started = Date.now();
    const response = analyse(webInstance, t.cookie, { jobId: `long-${Date.now()}` });
    await jobAskingModel(t.id);
    process.kill(-(webInstance.child.pid ?? 0), 'SIGTERM');
    const answer = await response;
    expect(answer.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThan(10_000);
    ai.releaseHanging();
    ai.route = () => ({ status: 500, body: { error: { message: 'stand-in failure' } } });
    await webInstance.closed;
    expect(webInstance.output.join('')).toContain('stopped cleanly');
    expect(webInstance.output.join('')).not.toContain('graceful shutdown timed out');
    process.kill(-(worker.child.pid ?? 0), 'SIGTERM');
    await worker.closed;
  }, 120_000);
});
