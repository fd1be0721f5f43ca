/**
 * Engine benchmark: per-stage median and p95 over the fixture set and a 1920x1080 group, a
 * 100-images-in-a-row memory check (peak RSS, growth between the first and last 20 images),
 * then accuracy on the fixture set.
 * Usage: npm run bench:engine -- [--charts 42] [--repeat 100] [--no-accuracy]
 * Prints figures only; nothing here asserts.
 *
 * Memory is measured in this process (run by tsx, whose compiler adds ~40 MB of its own) and
 * in child processes running the engine bundled by esbuild under plain node, as `npm start` and
 * `npm run analyze` run it: once with glibc's default malloc settings, once with
 * MALLOC_ARENA_MAX=2 and a fixed MALLOC_MMAP_THRESHOLD_ (what those two commands set; see
 * scripts/lib/malloc-arenas.mjs).
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { AnalysisSettingsSchema } from '../../src/shared/analysis.js';
import { analyzeChart, shutdownEngine, warmEngine, type EngineOutput } from '../../src/engine/index.js';
import { readDense } from '../../src/engine/bars/dense.js';
import { zoomedOutOhlc } from '../../src/engine/test/dense-bars.js';
import { MALLOC_ENV } from '../lib/malloc-arenas.mjs';

const SET_DIR = '.tmp/bench/set';
const HD_DIR = '.tmp/bench/hd';
const BUNDLE = '.tmp/bench/engine-bench.mjs';

const { values } = parseArgs({
  options: {
    charts: { type: 'string', default: '42' },
    repeat: { type: 'string', default: '100' },
    'no-accuracy': { type: 'boolean', default: false },
    /** Internal: run only the memory loop over fixtures already on disk (the bundled child). */
    'memory-only': { type: 'boolean', default: false },
  },
});
const settings = AnalysisSettingsSchema.parse({});
type Stage = keyof EngineOutput['timings'];
const STAGES: Stage[] = ['decode', 'axis', 'candles', 'analysis', 'total'];

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};
const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/**
 * Peak resident memory as the kernel counts it (VmHWM), so a spike inside one analysis is not
 * missed between samples; writing 5 to clear_refs restarts it from the current RSS. Falls
 * back to sampling after each image where /proc is not there.
 */
let sampledPeak = 0;
const sampleMemory = (): number => {
  const rss = process.memoryUsage().rss;
  sampledPeak = Math.max(sampledPeak, rss);
  return rss;
};
function peakRss(): number {
  try {
    const kb = /VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    if (kb) return Number(kb) * 1024;
  } catch {
    // not Linux
  }
  return sampledPeak;
}
function resetPeak(): void {
  sampledPeak = 0;
  try {
    writeFileSync('/proc/self/clear_refs', '5');
  } catch {
    // not Linux: the sampled peak is used
  }
}

/** CPU time of the whole process (all threads), which other work on the machine does not inflate. */
const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

async function readImages(dir: string): Promise<Buffer[]> {
  const chartsDir = path.join(dir, 'charts');
  const files = (await readdir(chartsDir)).filter((f) => /\.(png|jpg)$/.test(f)).sort();
  return Promise.all(files.map((f) => readFile(path.join(chartsDir, f))));
}

/**
 * Fixtures are rendered by a child process and read back from disk, so the renderer's own
 * memory (librsvg) does not count against the engine's.
 */
function renderFixtures(dir: string, args: string[]): void {
  // Left-over files from another fixture version would join the set.
  rmSync(dir, { recursive: true, force: true });
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/fixtures/generate.ts', '--out', dir, '--no-others', ...args],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
}

async function timeGroup(name: string, images: Buffer[]): Promise<void> {
  const timings: Record<Stage, number[]> = { decode: [], axis: [], candles: [], analysis: [], total: [] };
  const cpu: number[] = [];
  let failed = 0;
  for (const image of images) {
    const c0 = cpuMs();
    try {
      const out = await analyzeChart(image, settings);
      for (const s of STAGES) timings[s].push(out.timings[s]);
      cpu.push(cpuMs() - c0);
    } catch {
      failed++;
    }
    sampleMemory();
  }
  console.log(`\n${name}: ${images.length} images${failed ? `, ${failed} not read` : ''}`);
  console.log('stage      median    p95   (wall clock)');
  for (const s of STAGES) {
    console.log(
      `${s.padEnd(9)} ${quantile(timings[s], 0.5).toFixed(0).padStart(6)} ms ${quantile(timings[s], 0.95).toFixed(0).padStart(5)} ms`,
    );
  }
  console.log(
    `cpu time  ${quantile(cpu, 0.5).toFixed(0).padStart(6)} ms ${quantile(cpu, 0.95).toFixed(0).padStart(5)} ms   (all threads of the process)`,
  );
}

/**
 * The learned layout reader (its own stage: scaling the picture to the model's input, the net,
 * the boxes, the closer look at a chart that fills little of the picture, the label column's strip) on the 1920x1080 group, on this thread, after one warm-up run.
 */
async function layoutModelTiming(images: Buffer[]): Promise<void> {
  const { readLayout } = await import('../../src/engine/layout/learned/reader.js');
  const parts = {
    input: [] as number[],
    net: [] as number[],
    boxes: [] as number[],
    closer: [] as number[],
    strip: [] as number[],
    total: [] as number[],
  };
  for (const [i, image] of images.entries()) {
    const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const started = performance.now();
    const { timings } = await readLayout({ width: info.width, height: info.height, data });
    const total = performance.now() - started;
    if (i === 0) continue;
    parts.input.push(timings.input);
    parts.net.push(timings.net);
    parts.boxes.push(timings.boxes);
    parts.closer.push(timings.closer);
    parts.strip.push(timings.strip);
    parts.total.push(total);
  }
  console.log(`
learned layout reader, 1920x1080 group (${parts.total.length} images, one thread)`);
  for (const [name, xs] of Object.entries(parts)) {
    console.log(
      `${name.padEnd(9)} ${quantile(xs, 0.5).toFixed(0).padStart(6)} ms ${quantile(xs, 0.95).toFixed(0).padStart(5)} ms`,
    );
  }
}

/**
 * readDense, the fallback for bars that touch, on its heaviest case: a 1920x1080 plot of 950
 * one-pixel OHLC bars drawn two pixels apart (a zoomed-out MetaTrader chart). CPU time per read.
 */
function denseTiming(): void {
  const { pic: raster, plot } = zoomedOutOhlc();
  if (!readDense(raster, plot, [0, 0, 0])) throw new Error('readDense read nothing on its benchmark picture');
  const cpu: number[] = [];
  for (let i = 0; i < 20; i++) {
    const c0 = cpuMs();
    readDense(raster, plot, [0, 0, 0]);
    cpu.push(cpuMs() - c0);
  }
  console.log(
    `\nreadDense, 1920x1080 plot of 950 one-pixel bars: cpu time median ${quantile(cpu, 0.5).toFixed(0)} ms, p95 ${quantile(cpu, 0.95).toFixed(0)} ms`,
  );
}

/** Images of every size in a row, as a server sees them, cycling through both groups. */
async function memoryLoop(label: string, images: Buffer[], repeat: number): Promise<void> {
  const rss: number[] = [];
  resetPeak();
  const start = sampleMemory();
  console.log(`\nmemory, ${label}: ${repeat} images in a row (fixture set and 1920x1080 group, 800-2880 px)`);
  console.log('image      rss  heap used  external');
  for (let i = 0; i < repeat; i++) {
    const image = images[i % images.length];
    if (image) await analyzeChart(image, settings).catch(() => undefined);
    rss.push(sampleMemory());
    if ((i + 1) % 10 === 0) {
      const m = process.memoryUsage();
      console.log(
        `${String(i + 1).padStart(5)} ${mb(m.rss).padStart(8)} ${mb(m.heapUsed).padStart(10)} ${mb(m.external).padStart(9)}`,
      );
    }
  }
  const peak = peakRss();
  const window = Math.min(20, rss.length);
  const first = mean(rss.slice(0, window));
  const last = mean(rss.slice(-window));
  console.log(`RSS at loop start ${mb(start)}; peak RSS over the ${repeat} images ${mb(peak)}`);
  console.log(`first ${window} images avg ${mb(first)}, last ${window} avg ${mb(last)}: growth ${mb(last - first)}`);
}

/** The bundled child: warm up on every image once (as the timing runs do), then the loop. */
async function memoryOnly(): Promise<void> {
  const before = sampleMemory();
  await warmEngine();
  const warm = sampleMemory();
  const images = [...(await readImages(SET_DIR)), ...(await readImages(HD_DIR))];
  for (const image of images) await analyzeChart(image, settings).catch(() => undefined);
  console.log(`RSS before the engine ${mb(before)}, after warming OCR ${mb(warm)}`);
  const arenas = process.env.MALLOC_ARENA_MAX
    ? `MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX} MALLOC_MMAP_THRESHOLD_=${process.env.MALLOC_MMAP_THRESHOLD_}, as npm start and npm run analyze run it`
    : "glibc's default malloc settings";
  await memoryLoop(`engine bundled by esbuild, plain node, ${arenas}`, images, Number(values.repeat));
  await shutdownEngine();
}

async function memoryInBundle(): Promise<void> {
  const { build } = await import('esbuild');
  await build({
    entryPoints: [fileURLToPath(import.meta.url)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: BUNDLE,
    // Native and worker-spawning packages stay in node_modules, as in the server bundle.
    external: ['sharp', 'tesseract.js', '@tesseract.js-data/eng', 'esbuild', 'onnxruntime-node'],
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: 'error',
  });
  // The learned layout reader finds its models beside the code that loads them.
  for (const model of ['layout.onnx', 'strip.onnx'])
    copyFileSync(`src/engine/layout/learned/${model}`, path.join(path.dirname(BUNDLE), model));
  const args = [BUNDLE, '--memory-only', '--repeat', values.repeat];
  const { MALLOC_ARENA_MAX: _unset, MALLOC_MMAP_THRESHOLD_: _unsetToo, ...defaultEnv } = process.env;
  execFileSync(process.execPath, args, { stdio: 'inherit', env: defaultEnv });
  execFileSync(process.execPath, args, { stdio: 'inherit', env: { ...defaultEnv, ...MALLOC_ENV } });
}

if (values['memory-only']) {
  await memoryOnly();
  process.exit(0);
}

renderFixtures(SET_DIR, ['--count', values.charts]);
renderFixtures(HD_DIR, ['--count', '20', '--seed', '1001', '--size', '1920x1080']);
const setImages = await readImages(SET_DIR);
const hdImages = await readImages(HD_DIR);
const baseline = sampleMemory();
await warmEngine();
const warm = sampleMemory();

// Warm-up pass so JIT compilation does not count against the first images.
for (const image of setImages.slice(0, 3)) await analyzeChart(image, settings).catch(() => undefined);

resetPeak();
await timeGroup('fixture set (800-2880 px wide, PNG and JPEG)', setImages);
await timeGroup('1920x1080 group', hdImages);
await layoutModelTiming(hdImages);
denseTiming();
const timingPeak = peakRss();
console.log(
  `\nRSS before the engine ${mb(baseline)}, after warming OCR ${mb(warm)}, peak while timing ${mb(timingPeak)}`,
);

await memoryLoop('this process (tsx)', [...setImages, ...hdImages], Number(values.repeat));
await shutdownEngine();
await memoryInBundle();

if (!values['no-accuracy']) {
  // Accuracy needs the ground truth, so this part renders in-process (after the timing runs).
  // Imported here so the bundled memory child does not load the renderer.
  const { scoreChart, summarise } = await import('../fixtures/evaluate.js');
  const { chartSpecs, renderChart } = await import('../fixtures/render.js');
  await warmEngine();
  const scores = [];
  for (const spec of chartSpecs(Number(values.charts), 1))
    scores.push(await scoreChart(await renderChart(spec), settings));
  const summary = summarise(scores);
  console.log(`\naccuracy on the fixture set (${summary.charts} charts):`);
  console.log(`  trend correct            ${(summary.trend * 100).toFixed(1)}%`);
  console.log(`  last price within 1%     ${(summary.lastPrice * 100).toFixed(1)}%`);
  console.log(`  levels on correct sides  ${(summary.sides * 100).toFixed(1)}%`);
  console.log(`  risk/reward within 10%   ${(summary.ratio * 100).toFixed(1)}%`);
  for (const f of summary.failures) {
    console.log(
      `  - ${f.id}: ${f.error ?? `trend ${f.trendCorrect ? 'ok' : 'wrong'}, last price error ${(f.lastPriceError * 100).toFixed(1)}%`}`,
    );
  }
  await shutdownEngine();
}
