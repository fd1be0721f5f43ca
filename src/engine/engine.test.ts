/**
 * Acceptance on the generated fixture set (issue 4): every chart style, rendered with known
 * ground truth, plus images that are not charts. Rendering happens in memory; no network.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalysisSettingsSchema } from '../shared/analysis.js';
import { scoreChart, summarise, type ChartScore } from '../../scripts/fixtures/evaluate.js';
import { chartSpecs, NON_CHART_KINDS, renderChart, renderNonChart } from '../../scripts/fixtures/render.js';
import { analyzeChart, EngineError, shutdownEngine, warmEngine } from './index.js';

const CHARTS = 42;
const settings = AnalysisSettingsSchema.parse({ riskReward: 2.5, capitalSize: 500, lotSize: 0.05 });
const scores: ChartScore[] = [];

beforeAll(async () => {
  await warmEngine();
  for (const spec of chartSpecs(CHARTS, 1)) scores.push(await scoreChart(await renderChart(spec), settings));
}, 170_000);

afterAll(async () => {
  await shutdownEngine();
});

describe('engine on the fixture set', () => {
  it('reads every chart', () => {
    expect(scores.filter((s) => s.error).map((s) => `${s.id}: ${s.error}`)).toEqual([]);
  });

  it('gets the trend right on at least 90% of charts', () => {
    const { trend } = summarise(scores);
    expect(
      trend,
      scores
        .filter((s) => !s.trendCorrect)
        .map((s) => s.id)
        .join(', '),
    ).toBeGreaterThanOrEqual(0.9);
  });

  it('reads the last price within 1% of the visible range on at least 95% of charts', () => {
    const { lastPrice } = summarise(scores);
    const misses = scores.filter((s) => !s.lastPriceOk).map((s) => `${s.id} ${(s.lastPriceError * 100).toFixed(1)}%`);
    expect(lastPrice, misses.join(', ')).toBeGreaterThanOrEqual(0.95);
  });

  it('orders stop, entry and target for the action on every chart read', () => {
    const read = scores.filter((s) => !s.error);
    expect(read.filter((s) => !s.sidesOk).map((s) => s.id)).toEqual([]);
  });

  it('sets the target at the requested risk/reward within 10% on every chart read', () => {
    const read = scores.filter((s) => !s.error);
    expect(read.filter((s) => !s.ratioOk).map((s) => s.id)).toEqual([]);
  });

  it('fills the SPEC §3 result and chart facts', () => {
    const out = scores.find((s) => s.output)?.output;
    expect(out?.result.modelName).toBe('PipLens chart engine');
    expect(out?.result.decisionRationales.length).toBeGreaterThanOrEqual(3);
    expect(out?.result.decisionRationales.length).toBeLessThanOrEqual(6);
    expect(out?.result.confidence).toBeGreaterThanOrEqual(0);
    expect(out?.result.confidence).toBeLessThanOrEqual(100);
    expect(out?.result.positionSizing).toMatch(/risk \d% per trade/);
    expect(out?.chart.high).toBeGreaterThan(out?.chart.low ?? Infinity);
    expect(out?.chart.scale?.slope).toBeLessThan(0);
  });
});

describe('images that are not charts', () => {
  it.each(NON_CHART_KINDS)('rejects %s as NOT_A_CHART', async (kind) => {
    const image = await renderNonChart(kind, 100 + NON_CHART_KINDS.indexOf(kind));
    const error = await analyzeChart(image, settings).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).code).toBe('NOT_A_CHART');
    expect((error as EngineError).message).toMatch(/doesn't look like a price chart/);
  });

  it('rejects a photo whose blobs, without a price axis, pass for a loose series of bars', async () => {
    const error = await analyzeChart(await renderNonChart('photo', 12), settings).catch((e: unknown) => e);
    expect((error as EngineError).code).toBe('NOT_A_CHART');
  });

  it('rejects formats other than PNG and JPEG as INVALID_IMAGE', async () => {
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const error = await analyzeChart(gif, settings).catch((e: unknown) => e);
    expect((error as EngineError).code).toBe('INVALID_IMAGE');
  });
});
