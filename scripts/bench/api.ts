/**
 * `npm run bench:api`: POST /api/analyses over real HTTP, engine only (no AI keys), with a
 * 1920x1080 PNG chart, for 1 and 8 concurrent users (and more with --users), on:
 *   pool       one process as `npm start` runs it without DATABASE_URL: ROLE=all, the embedded
 *              database on disk, the engine in its worker pool (scripts/bench/one-process.ts);
 *   processes  two web instances and two workers started with `ROLE=web|worker npm start` on a
 *              fresh PostgreSQL database (needs BENCH_DATABASE_URL or TEST_DATABASE_URL, an admin
 *              URL; users are spread over both web instances).
 * The server always runs in processes of its own, so this process (the load's client) does not
 * share their event loop or their memory. Users are subscribers so the daily cap does not
 * interfere, and settings vary so the 24-hour dedupe never answers.
 *
 * Per run: throughput (analyses per second), p50/p95 of each analysis, the engine's share (its
 * Server-Timing), peak RSS per process, and, while the users analyse, the p95 of GET /api/health
 * and of a history read (GET /api/history of a trader with 20 saved analyses) made one after
 * another by another client: what every other page waits for while charts are read.
 * Usage: npm run bench:api -- [requests per user, default 12] [--users 1,8,32]
 *          [--engine pool,processes] [--engine-threads N (default: the server's own)]
 * BENCH_PROF=DIR writes the one-process server's CPU profiles (one per thread) into DIR.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { defaultEngineThreads } from '../../src/server/env';
import { chartSpecs, renderChart } from '../fixtures/render';
import { freePort } from '../lib/browser.mjs';
import { MALLOC_ENV } from '../lib/malloc-arenas.mjs';
import type { OneProcessMessage, OneProcessRequest } from './one-process';

type Kind = 'pool' | 'processes';

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args.splice(at, 2)[1] : undefined;
};
const USERS = (option('--users') ?? '1,8').split(',').map(Number);
const KINDS = (option('--engine') ?? 'pool').split(',') as Kind[];
if (KINDS.some((k) => !['pool', 'processes'].includes(k))) throw new Error('--engine takes pool, processes');
/** ENGINE_THREADS for the one-process server and the workers; unset: the server's defaults. */
const ENGINE_THREADS = option('--engine-threads');
const REQUESTS_PER_USER = Number(args[0] ?? 12);

const [spec] = chartSpecs(1, 3, [1920, 1080, 1]);
if (!spec) throw new Error('no spec');
const { image } = await renderChart({ ...spec, format: 'png' });

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const ms = (v: number) => `${v.toFixed(0)} ms`;
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

/** What the load runs against: web instances, a way to make traders, and memory per process. */
interface Target {
  label: string;
  bases: string[];
  origin: string;
  newTrader(premium: boolean): Promise<string>;
  /** Peak RSS so far per process (name → bytes); `sample` is called while the load runs. */
  sample(): void;
  peaks(): Record<string, number>;
  close(): Promise<void>;
}

async function oneProcessTarget(): Promise<Target> {
  const child = fork(fileURLToPath(new URL('./one-process.ts', import.meta.url)), ENGINE_THREADS ? [ENGINE_THREADS] : [], {
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir=' + process.env.BENCH_PROF] : [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    // As `npm start` runs the server (scripts/lib/malloc-arenas.mjs).
    env: { ...process.env, ...MALLOC_ENV },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const listening = await new Promise<OneProcessMessage & { type: 'listening' }>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the one-process server exited with ${code}`)));
    child.on('message', (message: OneProcessMessage) => {
      if (message.type === 'listening') resolve(message);
    });
  });
  const waiting = new Map<number, (cookie: string) => void>();
  child.on('message', (message: OneProcessMessage) => {
    if (message.type === 'trader') waiting.get(message.id)?.(message.cookie);
  });
  let traders = 0;
  let peak = 0;
  return {
    label: `one process (ROLE=all, embedded database on disk), engine in a pool of ${listening.threads} worker thread(s):`,
    bases: [`http://127.0.0.1:${listening.port}`],
    origin: listening.origin,
    newTrader(premium) {
      traders += 1;
      const id = traders;
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        child.send({ type: 'trader', id, premium } satisfies OneProcessRequest);
      });
    },
    sample: () => {
      peak = Math.max(peak, peakRssOfTree(child.pid ?? 0));
    },
    peaks: () => ({ server: peak }),
    close: async () => {
      child.send({ type: 'close' } satisfies OneProcessRequest);
      await exited;
    },
  };
}


/** Peak RSS of a process (VmHWM) and of the processes it started, by pid, from /proc. */
function peakRssOfTree(pid: number): number {
  let peak = 0;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    peak = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    return Math.max(peak, ...children.map((child) => peakRssOfTree(Number(child))));
  } catch {
    return peak;
  }
}

async function processesTarget(): Promise<Target> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('--engine processes needs BENCH_DATABASE_URL (or TEST_DATABASE_URL): an admin URL of a PostgreSQL server');
  const name = `piplens_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const sql = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'piplens-bench-'));
  const webPorts = [await freePort(), await freePort()];
  const origin = `http://127.0.0.1:${webPorts[0]}`;
  const children: { name: string; child: ChildProcess; output: string[] }[] = [];
  const start = (role: 'web' | 'worker', port: number, label: string) => {
    const child = spawn('npm', ['start'], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        ROLE: role,
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: origin,
        APP_SECRET: 'bench-secret-bench-secret-bench-secret',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        ...(ENGINE_THREADS && role === 'worker' ? { ENGINE_THREADS } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const output: string[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    children.push({ name: label, child, output });
    return output;
  };
  const waitFor = async (probe: () => Promise<boolean>, what: string) => {
    const end = Date.now() + 300_000;
    while (!(await probe().catch(() => false))) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  const healthy = (port: number) => async () => (await fetch(`http://127.0.0.1:${port}/api/health`)).ok;
  start('web', webPorts[0] ?? 0, 'web 1');
  await waitFor(healthy(webPorts[0] ?? 0), 'web 1 (it builds first when needed)');
  start('web', webPorts[1] ?? 0, 'web 2');
  const workerLogs = [start('worker', await freePort(), 'worker 1'), start('worker', await freePort(), 'worker 2')];
  await waitFor(healthy(webPorts[1] ?? 0), 'web 2');
  for (const log of workerLogs) await waitFor(async () => log.join('').includes('taking analysis jobs'), 'a worker');
  const bases = webPorts.map((port) => `http://127.0.0.1:${port}`);
  let traders = 0;
  const peaks: Record<string, number> = {};
  return {
    label: `two web instances and two workers (ROLE=web|worker npm start, ${ENGINE_THREADS ?? defaultEngineThreads('worker')} engine threads per worker) on PostgreSQL:`,
    bases,
    origin,
    async newTrader(premium) {
      traders += 1;
      const email = `bench-${traders}-${Date.now()}@example.com`;
      const post = (pathname: string, body: unknown) =>
        fetch(`${bases[0]}${pathname}`, { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify(body) });
      if ((await post('/api/auth/sign-up/email', { name: 'Bench Trader', email, password: 'bench-password-1' })).status !== 200) throw new Error('sign-up failed');
      const { rows } = await sql.query<{ id: string }>('update "user" set email_verified = true, confirmed_at = now() where email = $1 returning id', [email]);
      if (premium) {
        await sql.query(
          `insert into subscriptions (user_id, status, provider, current_period_end) values ($1, 'active', 'bench', now() + interval '30 days')`,
          [rows[0]?.id],
        );
      }
      const signIn = await post('/api/auth/sign-in/email', { email, password: 'bench-password-1' });
      return (signIn.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
    },
    sample() {
      for (const { name, child } of children) peaks[name] = Math.max(peaks[name] ?? 0, peakRssOfTree(child.pid ?? 0));
    },
    peaks: () => peaks,
    async close() {
      await Promise.all(
        children.map(({ child }) => {
          const closed = new Promise((resolve) => child.once('close', resolve));
          process.kill(-(child.pid ?? 0), 'SIGTERM');
          return closed;
        }),
      );
      await sql.end();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function bench(kind: Kind) {
  const target = kind === 'processes' ? await processesTarget() : await oneProcessTarget();
  try {
    await load(target);
  } finally {
    await target.close();
  }
}

async function load(target: Target) {
  const { bases, origin } = target;
  console.log(target.label);

  let counter = 0;
  async function timedAnalysis(cookie: string, base: string) {
    counter += 1;
    const form = new FormData();
    form.set('chartImage', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'chart.png');
    form.set('lotSize', (0.01 * counter).toFixed(2));
    const started = performance.now();
    const response = await fetch(`${base}/api/analyses`, { method: 'POST', body: form, headers: { cookie, origin } });
    const text = await response.text();
    const total = performance.now() - started;
    if (response.status !== 200) throw new Error(`analysis failed with ${response.status}: ${text}`);
    const engineMs = Number(/engine;dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1] ?? NaN);
    return { total, engine: engineMs, id: (JSON.parse(text) as { id: string }).id };
  }

  async function timedGet(pathname: string, cookie?: string) {
    const started = performance.now();
    const response = await fetch(`${bases[0]}${pathname}`, { headers: cookie ? { cookie } : {} });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${pathname} answered ${response.status}`);
    return performance.now() - started;
  }

  // A reader with a history of 20 saved analyses, reading it (and the health check) while others analyse.
  const reader = await target.newTrader(true);
  for (let i = 0; i < 20; i += 1) {
    const { id } = await timedAnalysis(reader, bases[0] ?? '');
    const saved = await fetch(`${bases[0]}/api/history/${id}`, { method: 'POST', headers: { cookie: reader, origin } });
    if (saved.status !== 200) throw new Error(`saving an analysis answered ${saved.status}`);
  }
  const idleHealth: number[] = [];
  const idleHistory: number[] = [];
  for (let i = 0; i < 30; i += 1) {
    idleHealth.push(await timedGet('/api/health'));
    idleHistory.push(await timedGet('/api/history', reader));
  }
  const historyBytes = (await (await fetch(`${bases[0]}/api/history`, { headers: { cookie: reader } })).arrayBuffer()).byteLength;
  console.log(
    `  idle: /api/health p95 ${ms(percentile(idleHealth, 95))}, history read p95 ${ms(percentile(idleHistory, 95))} (20 analyses, ${(historyBytes / 1024).toFixed(0)} KB)`,
  );

  for (const users of USERS) {
    // One after another: simultaneous sign-ins from one address are what the login throttle refuses.
    const cookies: string[] = [];
    for (let i = 0; i < users; i += 1) cookies.push(await target.newTrader(true));
    await timedAnalysis(cookies[0] ?? '', bases[0] ?? ''); // warm-up
    let analysing = true;
    const health: number[] = [];
    const history: number[] = [];
    const prober = (async () => {
      while (analysing) {
        health.push(await timedGet('/api/health'));
        history.push(await timedGet('/api/history', reader));
        target.sample();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const started = performance.now();
    const timings = (
      await Promise.all(
        cookies.map(async (cookie, n) => {
          const own: { total: number; engine: number }[] = [];
          for (let i = 0; i < REQUESTS_PER_USER; i += 1) own.push(await timedAnalysis(cookie, bases[n % bases.length] ?? ''));
          return own;
        }),
      )
    ).flat();
    const wall = performance.now() - started;
    analysing = false;
    await prober;
    target.sample();
    const totals = timings.map((t) => t.total);
    const rss = Object.entries(target.peaks())
      .map(([name, bytes]) => `${name} ${mb(bytes)}`)
      .join(', ');
    console.log(
      `  ${users} concurrent user(s), ${timings.length} analyses: ${(timings.length / (wall / 1000)).toFixed(2)} analyses/s;` +
        ` p50 ${ms(percentile(totals, 50))}, p95 ${ms(percentile(totals, 95))} (engine p50 ${ms(percentile(timings.map((t) => t.engine), 50))});` +
        ` meanwhile /api/health p95 ${ms(percentile(health, 95))} (${health.length} reads), history read p95 ${ms(percentile(history, 95))};` +
        ` peak RSS ${rss}`,
    );
  }
}

for (const kind of KINDS) await bench(kind);
