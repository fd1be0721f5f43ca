import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalysisSettingsSchema, type AnalysisSettings } from '../../../shared/analysis';
import { analyzeChart, EngineError, locateChart } from '../../../engine';
import { REFUSAL_RULES } from '../../../engine/errors';
import { chartWithoutAxis, notAChart, testChart } from '../../test/charts';
import { createTestServer, signUp, TestClient, type TestServer } from '../../test/harness';
import { refusal } from '../../test/traces';
import { createEnginePool, refusalData, refusalFromData, type ChartEngine } from './engine-pool';

const settings: AnalysisSettings = AnalysisSettingsSchema.parse({});

const form = (image: Buffer) => {
  const body = new FormData();
  body.set('chartImage', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'chart.png');
  return body;
};

// One pool for the file: each thread compiles the engine and starts its OCR worker.
let pool: ChartEngine;
beforeAll(() => {
  pool = createEnginePool({ threads: 1 });
});
afterAll(async () => {
  await pool.close();
});

describe('a refusal across the thread boundary', () => {
  it('comes back as the same EngineError: rule, code, message, weighed figures, trend and trace', () => {
    const sent = refusal('last-price/tag-unreached', { distance: 0.4, threshold: 0.25 });
    sent.trend = 'downtrend';
    // What postMessage does to it on the way.
    const back = refusalFromData(structuredClone(refusalData(sent)));
    expect(back).toBeInstanceOf(EngineError);
    expect({ ...back, message: back.message }).toEqual({ ...sent, message: sent.message });
    expect([back.code, back.message]).toEqual(['UNSURE_READING', REFUSAL_RULES['last-price/tag-unreached'].message]);
  });

  it('refuses data under a rule it does not know', () => {
    expect(() => refusalFromData({ rule: 'layout/gone' as never, weighed: {} })).toThrow(/unknown rule/);
  });
});

describe('the engine in a pool of worker threads', () => {
  it('reads a chart as the engine called on this thread does', async () => {
    const { image } = await testChart();
    const [pooled, here] = await Promise.all([pool.analyze(image, settings), analyzeChart(image, settings)]);
    expect(pooled.result).toEqual(here.result);
    expect(pooled.chart).toEqual(here.chart);
    expect(pooled.evidence).toEqual(here.evidence);
    expect(pooled.trace).toEqual(here.trace);
  });

  it('finds where the chart is', async () => {
    const { image } = await testChart();
    expect(await pool.locate(image)).toEqual(await locateChart(image));
  });

  it("gives the engine's refusals back as EngineError, with their rule, code, message and trace", async () => {
    const refusals = await Promise.all(
      [await notAChart(), await chartWithoutAxis()].map((image) => pool.analyze(image, settings).catch((e: unknown) => e)),
    );
    const [notChart, noAxis] = refusals;
    expect(notChart).toBeInstanceOf(EngineError);
    expect((notChart as EngineError).code).toBe('NOT_A_CHART');
    expect(noAxis).toBeInstanceOf(EngineError);
    expect((noAxis as EngineError).code).toBe('AXIS_UNREADABLE');
    for (const error of [notChart, noAxis] as EngineError[]) {
      expect(REFUSAL_RULES[error.rule].code).toBe(error.code);
      expect(error.trace?.rule).toBe(error.rule);
    }
    // What the refusal saw of the chart crosses the thread with it; a picture that is no chart saw nothing.
    const { truth } = await testChart();
    expect((noAxis as EngineError).trend).toBe(truth.regime);
    expect((notChart as EngineError).trend).toBeUndefined();
    await expect(pool.locate(Buffer.from('not an image'))).rejects.toMatchObject({ code: 'INVALID_IMAGE' });
  });

  it('finishes the readings under way when closed', async () => {
    const own = createEnginePool({ threads: 1 });
    const { image } = await testChart();
    const reading = own.analyze(image, settings);
    const closed = own.close();
    await expect(reading).resolves.toMatchObject({ chart: { candles: expect.any(Number) } });
    await closed;
  });
});

describe('the server with the engine pool', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer('pglite', {}, { engine: pool });
  });
  afterAll(async () => {
    await server.close();
  });

  it('analyses an upload and locates its chart through the pool', async () => {
    const client = new TestClient(server);
    await signUp(client);
    const { image } = await testChart();
    const located = await client.request('/api/analyses/locate', { method: 'POST', body: form(image) });
    expect(located.status).toBe(200);
    expect(((await located.json()) as { plot: unknown }).plot).not.toBeNull();
    const analysed = await client.request('/api/analyses', { method: 'POST', body: form(image) });
    expect(analysed.status).toBe(200);
    const body = (await analysed.json()) as { result: { modelName: string }; chart: { candles: number } };
    expect(body.result.modelName).toBe('PipLens chart engine');
    expect(body.chart.candles).toBeGreaterThan(10);
  });

  it("refuses a chart whose prices it cannot read with the engine's reason and the trend of the bars it saw", async () => {
    const client = new TestClient(server);
    await signUp(client);
    const refused = await client.request('/api/analyses', { method: 'POST', body: form(await chartWithoutAxis()) });
    expect(refused.status).toBe(422);
    const body = (await refused.json()) as { error: { code: string; message: string; details: { trend?: string } } };
    expect(body.error.code).toBe('AXIS_UNREADABLE');
    expect(body.error.message).toMatch(/price (axis|scale)/);
    expect(body.error.details.trend).toBe((await testChart()).truth.regime);
  });
});
