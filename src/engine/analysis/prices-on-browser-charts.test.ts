/**
 * Issue 25, on the two browser-rendered sets (lightweight-charts and KLineChart screenshots in
 * headless Chromium, with the visible price range read from the chart library itself): every
 * price a result shows lies inside the true visible range with its margin.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalysisSettingsSchema } from '../../shared/analysis.js';
import { inBand, priceBand, pricesShown } from '../../shared/price-check.js';
import { EngineError } from '../errors.js';
import { shutdownEngine, warmEngine } from '../index.js';
import { readChart } from '../read-chart.js';
import { analyseSeries } from './index.js';

const run = promisify(execFile);
const COUNT = 10;
const SETS = [
  { name: 'lightweight-charts', script: 'scripts/fixtures/browser-render.ts', seed: 3 },
  { name: 'KLineChart', script: 'scripts/fixtures/kline-render.ts', seed: 9 },
];
const SETTINGS = [
  { riskReward: 1, timeFrame: '1m', tradingStrategy: 'scalping' },
  { riskReward: 2, timeFrame: '1h' },
  { riskReward: 5, timeFrame: '1d', capitalSize: 5000, lotSize: 1 },
].map((s) => AnalysisSettingsSchema.parse(s));

let dir = '';
const outside: string[] = [];
const counted = new Map<string, { charts: number; read: number; prices: number }>();

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'piplens-browser-sets-'));
  await warmEngine();
  for (const set of SETS) {
    const out = path.join(dir, set.name);
    await run('npx', ['tsx', set.script, '--count', String(COUNT), '--seed', String(set.seed), '--out', out], { timeout: 180_000 });
    const truth = JSON.parse(await readFile(path.join(out, 'truth.json'), 'utf8')) as Record<string, { high: number; low: number; lastPrice: number }>;
    const tally = { charts: 0, read: 0, prices: 0 };
    for (const [file, t] of Object.entries(truth)) {
      tally.charts += 1;
      let reading;
      try {
        reading = await readChart(await readFile(path.join(out, file)));
      } catch (error) {
        // A refused chart shows no price at all.
        if (error instanceof EngineError) continue;
        throw error;
      }
      tally.read += 1;
      const band = priceBand({ high: t.high, low: t.low, lastPrice: t.lastPrice, scale: null, plot: { top: 0, bottom: 0 } });
      for (const settings of SETTINGS) {
        const { result } = analyseSeries(reading.candles, settings, reading.scale.precision);
        for (const { where, value } of pricesShown(result, t.lastPrice)) {
          tally.prices += 1;
          if (!inBand(value, band)) outside.push(`${set.name} ${file} 1:${settings.riskReward} ${where} ${value} (${band.low}..${band.high})`);
        }
      }
    }
    counted.set(set.name, tally);
  }
}, 600_000);

afterAll(async () => {
  await shutdownEngine();
  await rm(dir, { recursive: true, force: true });
});

describe('prices shown on the browser-rendered sets', () => {
  it('lie inside the true visible range with its margin, in the levels, the text and the reasons', () => {
    for (const set of SETS) {
      const tally = counted.get(set.name);
      expect(tally?.charts).toBe(COUNT);
      // Most charts are read (the engine reads 92-97% of these sets): the check is not vacuous.
      expect(tally?.read).toBeGreaterThanOrEqual(COUNT * 0.7);
      expect(tally?.prices).toBeGreaterThan((tally?.read ?? 0) * SETTINGS.length * 6);
    }
    expect(outside).toEqual([]);
  });
});
