/**
 * `npm run bench:bad-uploads`: 200 of each bad upload of issue 5 (wrong type renamed .png,
 * truncated PNG, 6 MB file, 20000x20000 PNG, empty file, SVG) sent to the app in this process,
 * with every answer checked and the process's memory (RSS, heap) printed before and after, and its
 * peak RSS (sampled every 20 ms). The database is the embedded one on disk, as `npm start` keeps it.
 * The 20000x20000 PNG carries the real compressed pixel data (1.2 GB of zeros deflated), as a
 * decompression bomb would. Usage: npm run bench:bad-uploads -- [rounds, default 200]
 */
import { once } from 'node:events';
import { createDeflate } from 'node:zlib';
import { shutdownEngine } from '../../src/engine';
import { badUploads, bombPng } from '../../src/server/features/analysis/bad-uploads';
import { chartSpecs, renderChart } from '../fixtures/render';
import { relaunchWithFewArenas } from '../lib/malloc-arenas.mjs';
import { createBenchApp } from './bench-app';

// As `npm start` runs the server: glibc's malloc arenas capped (scripts/lib/malloc-arenas.mjs).
await relaunchWithFewArenas();

const ROUNDS = Number(process.argv[2] ?? 200);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc (npm run bench:bad-uploads does)');

/** Deflated image data of a 20000 x 20000 RGB picture, all zeros: about 1.2 MB from 1.2 GB. */
async function bombPixels(): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (part: Buffer) => parts.push(part));
  const row = Buffer.alloc(1 + 20_000 * 3);
  for (let y = 0; y < 20_000; y += 1) if (!deflate.write(row)) await once(deflate, 'drain');
  deflate.end();
  await once(deflate, 'end');
  return Buffer.concat(parts);
}

const bench = await createBenchApp({}, { onDisk: true });
let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 20);
const [spec] = chartSpecs(1, 3, [1920, 1080, 1]);
if (!spec) throw new Error('no spec');
const { image } = await renderChart({ ...spec, format: 'png' });
const cases = badUploads(image, bombPng(await bombPixels()));
const cookie = await bench.newTrader(false);

async function send(bytes: Buffer, type: string): Promise<{ status: number; message: string }> {
  const form = new FormData();
  form.set('chartImage', new Blob([new Uint8Array(bytes)], { type }), 'chart.png');
  const response = await bench.app.request(`${bench.env.APP_URL}/api/analyses`, { method: 'POST', body: form, headers: { cookie, origin: bench.env.APP_URL } });
  const body = (await response.json()) as { error?: { message?: string } };
  return { status: response.status, message: body.error?.message ?? '' };
}

async function round(): Promise<void> {
  for (const c of cases) {
    const answer = await send(c.bytes, c.type);
    if (answer.status !== c.status || answer.message !== c.message) {
      throw new Error(`${c.label}: expected ${c.status} '${c.message}', got ${answer.status} '${answer.message}'`);
    }
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
function memory(label: string): number {
  gc?.();
  const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
  console.log(`${label.padEnd(34)} RSS ${mb(rss).padStart(9)}  heap ${mb(heapUsed).padStart(8)}  external ${mb(external).padStart(8)}  array buffers ${mb(arrayBuffers).padStart(8)}`);
  return rss;
}

console.log(`kinds: ${cases.map((c) => `${c.label} (${(c.bytes.length / 1024).toFixed(0)} KB -> ${c.status})`).join(', ')}\n`);
memory('before any upload');
for (let i = 0; i < 10; i += 1) await round(); // allocator and JIT warm-up
const before = memory('after 10 warm-up rounds');
for (let i = 1; i <= ROUNDS; i += 1) {
  await round();
  if (i % 50 === 0) memory(`after ${i} more of each`);
}
const after = memory(`after ${ROUNDS} of each (${ROUNDS * cases.length} uploads)`);
clearInterval(sampler);
console.log(`\nevery answer had its status and message; RSS change over ${ROUNDS} rounds: ${mb(after - before)}; peak RSS ${mb(peakRss)}`);
await shutdownEngine();
await bench.close();
