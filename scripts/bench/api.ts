/**
 * `npm run bench:api`: p50/p95 of POST /api/analyses over real HTTP, engine only (no AI keys),
 * for 1 and for 8 concurrent users, with a 1920x1080 PNG chart. Users are subscribers so the
 * daily cap does not interfere, and settings vary so the 24-hour dedupe never answers.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { warmEngine, shutdownEngine } from '../../src/engine';
import { createApp } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/client';
import { subscriptions, user } from '../../src/server/db/schema';
import { parseEnv } from '../../src/server/env';
import { createMailer } from '../../src/server/lib/mailer';
import { createLogger } from '../../src/server/logger';
import { chartSpecs, renderChart } from '../fixtures/render';

const REQUESTS_PER_USER = Number(process.argv[2] ?? 12);
const dataDir = mkdtempSync(path.join(tmpdir(), 'piplens-bench-'));
const env = parseEnv({ DATA_DIR: dataDir, APP_SECRET: 'bench-secret-bench-secret-bench-secret', LOG_LEVEL: 'silent', PORT: '0', ANALYSIS_CONCURRENCY: '2' });
const database = await openDatabase({ memory: true });
const logger = createLogger('silent');
const { app } = createApp({ env, database, logger, mailer: createMailer({ from: env.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox'), logger }) });
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise((resolve) => server.once('listening', resolve));
const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

const [spec] = chartSpecs(1, 3, [1920, 1080, 1]);
if (!spec) throw new Error('no spec');
const { image } = await renderChart({ ...spec, format: 'png' });
await warmEngine();

async function newSubscriber(n: number): Promise<string> {
  const response = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: env.APP_URL },
    body: JSON.stringify({ name: 'Bench Trader', email: `bench${n}-${Date.now()}@example.com`, password: 'bench-password-1' }),
  });
  const cookie = (response.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
  const { user: created } = (await response.json()) as { user: { id: string } };
  await database.db.insert(subscriptions).values({ userId: created.id, status: 'active', provider: 'bench', currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000) });
  await database.db.update(user).set({ name: 'Bench Trader' }).where(eq(user.id, created.id));
  return cookie;
}

let counter = 0;
async function timedAnalysis(cookie: string): Promise<number> {
  counter += 1;
  const form = new FormData();
  form.set('chartImage', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'chart.png');
  form.set('lotSize', (0.01 * counter).toFixed(2));
  const started = performance.now();
  const response = await fetch(`${base}/api/analyses`, { method: 'POST', body: form, headers: { cookie, origin: env.APP_URL } });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`analysis failed with ${response.status}: ${text}`);
  return performance.now() - started;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

for (const users of [1, 8]) {
  const cookies = await Promise.all(Array.from({ length: users }, (_, i) => newSubscriber(users * 100 + i)));
  await timedAnalysis(cookies[0] ?? ''); // warm-up
  const times = (
    await Promise.all(cookies.map(async (cookie) => {
      const own: number[] = [];
      for (let i = 0; i < REQUESTS_PER_USER; i += 1) own.push(await timedAnalysis(cookie));
      return own;
    }))
  ).flat();
  console.log(
    `${users} concurrent user(s), ${times.length} requests, 1920x1080 PNG: p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms`,
  );
}

server.close();
await shutdownEngine();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
