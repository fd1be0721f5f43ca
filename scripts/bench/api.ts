/**
 * `npm run bench:api`: p50/p95 of POST /api/analyses over real HTTP, engine only (no AI keys),
 * for 1 and for 8 concurrent users, with a 1920x1080 PNG chart. Users are subscribers so the
 * daily cap does not interfere, and settings vary so the 24-hour dedupe never answers. The
 * server's own share of each request (everything but the engine) comes from its Server-Timing, and
 * the CPU time per request (server, engine, OCR worker and this client together) is a figure that a
 * busy machine does not inflate the way it inflates wall time.
 * Usage: npm run bench:api -- [requests per user, default 12]
 */
import { serve } from '@hono/node-server';
import { shutdownEngine, warmEngine } from '../../src/engine';
import { chartSpecs, renderChart } from '../fixtures/render';
import { createBenchApp } from './bench-app';

const REQUESTS_PER_USER = Number(process.argv[2] ?? 12);
const bench = await createBenchApp();
const server = serve({ fetch: bench.app.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise((resolve) => server.once('listening', resolve));
const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

const [spec] = chartSpecs(1, 3, [1920, 1080, 1]);
if (!spec) throw new Error('no spec');
const { image } = await renderChart({ ...spec, format: 'png' });
await warmEngine();

interface Timing {
  total: number;
  engine: number;
}

let counter = 0;
async function timedAnalysis(cookie: string): Promise<Timing> {
  counter += 1;
  const form = new FormData();
  form.set('chartImage', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'chart.png');
  form.set('lotSize', (0.01 * counter).toFixed(2));
  const started = performance.now();
  const response = await fetch(`${base}/api/analyses`, { method: 'POST', body: form, headers: { cookie, origin: bench.env.APP_URL } });
  const text = await response.text();
  const total = performance.now() - started;
  if (response.status !== 200) throw new Error(`analysis failed with ${response.status}: ${text}`);
  const engine = Number(/engine;dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1] ?? NaN);
  return { total, engine };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

for (const users of [1, 8]) {
  const cookies = await Promise.all(Array.from({ length: users }, () => bench.newTrader(true)));
  await timedAnalysis(cookies[0] ?? ''); // warm-up
  const cpuBefore = process.cpuUsage();
  const timings = (
    await Promise.all(
      cookies.map(async (cookie) => {
        const own: Timing[] = [];
        for (let i = 0; i < REQUESTS_PER_USER; i += 1) own.push(await timedAnalysis(cookie));
        return own;
      }),
    )
  ).flat();
  const cpu = process.cpuUsage(cpuBefore);
  const cpuPerRequest = (cpu.user + cpu.system) / 1000 / timings.length;
  const totals = timings.map((t) => t.total);
  const engine = timings.map((t) => t.engine);
  const rest = timings.map((t) => t.total - t.engine);
  console.log(
    `${users} concurrent user(s), ${timings.length} requests, 1920x1080 PNG: p50 ${percentile(totals, 50).toFixed(0)} ms, p95 ${percentile(totals, 95).toFixed(0)} ms` +
      ` (engine p50 ${percentile(engine, 50).toFixed(0)} ms; everything else incl. queue wait p50 ${percentile(rest, 50).toFixed(0)} ms;` +
      ` CPU time per request, all threads of this process: ${cpuPerRequest.toFixed(0)} ms)`,
  );
}

server.close();
await shutdownEngine();
await bench.close();
