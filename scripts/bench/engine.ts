/**
 * Engine benchmark: per-stage median and p95 over the fixture set, a 1920x1080 group, and a
 * 100-images-in-a-row memory check. Usage: npm run bench:engine -- [--charts 42] [--repeat 100]
 * Prints figures only; nothing here asserts.
 */
import { execFileSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { AnalysisSettingsSchema } from '../../src/shared/analysis.js';
import { analyzeChart, shutdownEngine, warmEngine, type EngineOutput } from '../../src/engine/index.js';
import { scoreChart, summarise } from '../fixtures/evaluate.js';
import { chartSpecs, renderChart } from '../fixtures/render.js';

/**
 * Fixtures are rendered by a child process and read back from disk, so the renderer's own
 * memory (librsvg) does not count against the engine's.
 */
async function loadFixtures(dir: string, args: string[]): Promise<Buffer[]> {
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/fixtures/generate.ts', '--out', dir, '--no-others', ...args], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const chartsDir = path.join(dir, 'charts');
  const files = (await readdir(chartsDir)).filter((f) => /\.(png|jpg)$/.test(f)).sort();
  return Promise.all(files.map((f) => readFile(path.join(chartsDir, f))));
}

const { values } = parseArgs({ options: { charts: { type: 'string', default: '42' }, repeat: { type: 'string', default: '100' } } });
const settings = AnalysisSettingsSchema.parse({});
type Stage = keyof EngineOutput['timings'];
const STAGES: Stage[] = ['decode', 'axis', 'candles', 'analysis', 'total'];

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};
const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
let peakRss = 0;
const sampleMemory = (): number => {
  const rss = process.memoryUsage().rss;
  peakRss = Math.max(peakRss, rss);
  return rss;
};

async function timeGroup(name: string, charts: { image: Buffer }[]): Promise<void> {
  const timings: Record<Stage, number[]> = { decode: [], axis: [], candles: [], analysis: [], total: [] };
  let failed = 0;
  for (const c of charts) {
    try {
      const out = await analyzeChart(c.image, settings);
      for (const s of STAGES) timings[s].push(out.timings[s]);
    } catch {
      failed++;
    }
    sampleMemory();
  }
  console.log(`\n${name}: ${charts.length} images${failed ? `, ${failed} not read` : ''}`);
  console.log('stage      median    p95');
  for (const s of STAGES) {
    console.log(`${s.padEnd(9)} ${quantile(timings[s], 0.5).toFixed(0).padStart(6)} ms ${quantile(timings[s], 0.95).toFixed(0).padStart(5)} ms`);
  }
}

const setImages = await loadFixtures('.tmp/bench/set', ['--count', values.charts]);
const hdImages = await loadFixtures('.tmp/bench/hd', ['--count', '20', '--seed', '1001', '--size', '1920x1080']);
const baseline = sampleMemory();
await warmEngine();
const set = setImages.map((image) => ({ image }));
const hd = hdImages.map((image) => ({ image }));

// Warm-up pass so JIT compilation does not count against the first images.
for (const c of set.slice(0, 3)) await analyzeChart(c.image, settings).catch(() => undefined);

await timeGroup('fixture set (800-2880 px wide, PNG and JPEG)', set);
await timeGroup('1920x1080 group', hd);

const timingPeak = peakRss;
const repeat = Number(values.repeat);
const rss: number[] = [];
for (let i = 0; i < repeat; i++) {
  const c = hd[i % hd.length];
  if (c) await analyzeChart(c.image, settings).catch(() => undefined);
  rss.push(sampleMemory());
}
const firstTen = rss.slice(0, 10).reduce((a, b) => a + b, 0) / Math.min(10, rss.length);
const lastTen = rss.slice(-10).reduce((a, b) => a + b, 0) / Math.min(10, rss.length);
console.log(`\nmemory over ${repeat} images in a row (1920x1080): first 10 avg ${mb(firstTen)}, last 10 avg ${mb(lastTen)}, growth ${mb(lastTen - firstTen)}`);
console.log(`RSS before the engine started ${mb(baseline)}; peak while timing ${mb(timingPeak)}; peak over the whole run ${mb(peakRss)} (the accuracy pass also renders fixtures in-process)`);
// Accuracy needs the ground truth, so this part renders in-process (after the timing runs).
const scores = [];
for (const spec of chartSpecs(Number(values.charts), 1)) scores.push(await scoreChart(await renderChart(spec), settings));
const summary = summarise(scores);
console.log(`\naccuracy on the fixture set (${summary.charts} charts):`);
console.log(`  trend correct            ${(summary.trend * 100).toFixed(1)}%`);
console.log(`  last price within 1%     ${(summary.lastPrice * 100).toFixed(1)}%`);
console.log(`  levels on correct sides  ${(summary.sides * 100).toFixed(1)}%`);
console.log(`  risk/reward within 10%   ${(summary.ratio * 100).toFixed(1)}%`);
for (const f of summary.failures) {
  console.log(`  - ${f.id}: ${f.error ?? `trend ${f.trendCorrect ? 'ok' : 'wrong'}, last price error ${(f.lastPriceError * 100).toFixed(1)}%`}`);
}

await shutdownEngine();
