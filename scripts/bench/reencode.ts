/**
 * `npm run bench:reencode`: what the browser's re-encode before upload (src/web/features/analysis/api)
 * saves, and whether the engine reads the smaller image the same. Wide fixture charts are resized
 * with sharp using the browser's parameters (reencode-policy.ts; a Mitchell cubic like Chromium's
 * 'high' resize quality, RGBA PNG like canvas.toBlob) and both versions go through the engine.
 * Usage: npm run bench:reencode -- [--per-size 5]. Prints figures only; nothing here asserts.
 */
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { analyzeChart, shutdownEngine, warmEngine } from '../../src/engine/index.js';
import { AnalysisSettingsSchema } from '../../src/shared/analysis.js';
import { REENCODE, reencodeTarget, worthSending } from '../../src/web/features/analysis/api/reencode-policy.js';
import { chartSpecs, renderChart } from '../fixtures/render.js';

const { values } = parseArgs({ options: { 'per-size': { type: 'string', default: '5' } } });
const perSize = Number(values['per-size']);
/**
 * Screens traders take shots on (width, height, device pixel ratio): HiDPI laptops, 4K at 150 % and
 * 200 %, and wide 1x monitors, which the policy leaves alone (listed to show that they are skipped).
 */
const SIZES: [number, number, number][] = [
  [2560, 1600, 2],
  [2880, 1620, 2],
  [2880, 1800, 2],
  [3024, 1964, 2],
  [3456, 2234, 2],
  [3840, 2160, 2],
  [3840, 2160, 1.5],
  [2560, 1440, 1],
  [3440, 1440, 1],
];
const settings = AnalysisSettingsSchema.parse({});

interface Reading {
  lastPrice: number;
  trend: string;
  candles: number;
}

async function read(image: Buffer): Promise<Reading | string> {
  try {
    const out = await analyzeChart(image, settings);
    return { lastPrice: out.chart.lastPrice, trend: out.result.trend, candles: out.chart.candles };
  } catch (error) {
    return (error as Error).message;
  }
}

/** Same reading: last price within 0.5 % of the chart's range, same trend, candles within 2 (or 2 %). */
function sameReading(a: Reading | string, b: Reading | string, range: number): boolean {
  if (typeof a === 'string' || typeof b === 'string') return typeof a === typeof b;
  return (
    Math.abs(a.lastPrice - b.lastPrice) <= range * 0.005 &&
    a.trend === b.trend &&
    Math.abs(a.candles - b.candles) <= Math.max(2, Math.round(a.candles * 0.02))
  );
}

/** A changed reading that is at least as close to the truth on every count. */
function noWorseThan(a: Reading | string, b: Reading | string, truth: { lastPrice: number; regime: string; candles: number }, range: number): boolean {
  if (typeof b === 'string') return false;
  if (typeof a === 'string') return true;
  return (
    Math.abs(b.lastPrice - truth.lastPrice) <= Math.abs(a.lastPrice - truth.lastPrice) + range * 0.005 &&
    (b.trend === a.trend || b.trend === truth.regime) &&
    Math.abs(b.candles - truth.candles) <= Math.abs(a.candles - truth.candles) + Math.max(2, Math.round(a.candles * 0.02))
  );
}

const show = (r: Reading | string) => (typeof r === 'string' ? `error: ${r}` : `${r.lastPrice} ${r.trend} ${r.candles} candles`);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

await warmEngine();
console.log(
  `policy: PNG at least ${REENCODE.minHeight} px high, resized to ${REENCODE.width} px wide when that scales by ` +
    `${REENCODE.minScale} to 1, sent as ${REENCODE.type}, kept when it saves >= ${REENCODE.minSaving * 100}%\n`,
);
let before = 0;
let after = 0;
let sent = 0;
let kept = 0;
let same = 0;
let total = 0;
let skipped = 0;
let better = 0;
const savings: number[] = [];
for (const size of SIZES) {
  for (const spec of chartSpecs(perSize, 11 + SIZES.indexOf(size) * perSize, size)) {
    const { image, truth } = await renderChart(spec);
    const meta = await sharp(image).metadata();
    const target = reencodeTarget(`image/${spec.format}`, meta.width ?? 0, meta.height ?? 0);
    if (!target) {
      skipped += 1;
      continue;
    }
    const smaller = await sharp(image)
      .resize(target.width, target.height, { kernel: 'mitchell' })
      .ensureAlpha()
      .png({ compressionLevel: 6 })
      .toBuffer();
    const useIt = worthSending(image.length, smaller.length);
    const upload = useIt ? smaller : image;
    const [original, reencoded] = await Promise.all([read(image), useIt ? read(smaller) : null]);
    const range = truth.high - truth.low;
    const ok = reencoded === null || sameReading(original, reencoded, range);
    const noWorse = reencoded === null || ok || noWorseThan(original, reencoded, truth, range);
    total += 1;
    before += image.length;
    after += upload.length;
    if (useIt) {
      sent += 1;
      savings.push(1 - smaller.length / image.length);
      if (ok) same += 1;
      else if (noWorse) better += 1;
    } else kept += 1;
    console.log(
      `${spec.id} ${meta.width}x${meta.height} ${spec.format}: ${kb(image.length)} -> ${kb(smaller.length)} ` +
        `(${((1 - smaller.length / image.length) * 100).toFixed(0)}% smaller, ${useIt ? 'sent re-encoded' : 'original sent'})` +
        `\n    truth ${truth.lastPrice.toFixed(truth.decimals)} ${truth.regime} ${truth.candles} candles | original: ${show(original)}` +
        (reencoded ? ` | re-encoded: ${show(reencoded)} | ${ok ? 'same reading' : noWorse ? 'changed, closer to the truth' : 'READING CHANGED'}` : ''),
    );
  }
}
savings.sort((a, b) => a - b);
console.log(
  `\n${total + skipped} charts: ${skipped} outside the policy (JPEG, 1x or 4K+ sizes), ${total} tried: ${sent} sent re-encoded, ${kept} sent as they were (saving under the threshold).` +
    `\nbytes uploaded for the tried charts: ${kb(before)} -> ${kb(after)} (${((1 - after / before) * 100).toFixed(0)}% less);` +
    ` median saving of the re-encoded ${((savings[Math.floor(savings.length / 2)] ?? 0) * 100).toFixed(0)}%` +
    ` (min ${((savings[0] ?? 0) * 100).toFixed(0)}%, max ${((savings.at(-1) ?? 0) * 100).toFixed(0)}%)` +
    `\nengine reading after re-encode: ${same}/${sent} the same within tolerance, ${better} changed but closer to the truth, ${sent - same - better} worse`,
);
await shutdownEngine();
