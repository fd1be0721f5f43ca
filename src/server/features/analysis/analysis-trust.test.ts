/**
 * Issue 25, the AI path: each defect found against stand-ins speaking Gemini's and OpenRouter's
 * wire formats, including their failure shapes. Each test failed on the code before the fix.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ChartFacts } from '../../../shared/analysis';
import { analyse, type AnalysisBody } from '../../test/analyses';
import { priceBand, priceMentions } from '../../../shared/price-check';
import { chartWithoutAxis, notAChart, testChart } from '../../test/charts';
import { FakeAi, geminiReply, openRouterReply, type RecordedRequest, type Reply } from '../../test/fake-ai';
import { describeEachDatabase, signUp, TestClient, type TestServer } from '../../test/harness';
import { warmEngine } from '../../../engine';
import { ENGINE_MODEL_NAME, UNCHECKED_NOTE } from './analysis.service';
import { modelCooldowns } from '../../db/schema';
import { databaseCooldowns } from './cooldowns';

const fake = new FakeAi();
beforeAll(() => fake.start());
// The engine's OCR worker starts before the first test: on a busy machine its start-up alone could
// take the first analysis past AI_DEADLINE_MS, and the models would be skipped, not tried.
beforeAll(() => warmEngine(), 60_000);
afterAll(() => fake.stop());

async function signedIn(server: TestServer) {
  const client = new TestClient(server);
  await signUp(client);
  return client;
}

/** A sound buy at the chart's own prices, as a model would give it. */
async function groundedAnswer(overrides: Record<string, unknown> = {}) {
  const { truth } = await testChart();
  const range = truth.high - truth.low;
  const f = (v: number) => v.toFixed(truth.decimals);
  return {
    trend: 'uptrend',
    entryPoint: f(truth.lastPrice),
    stopLoss: f(truth.lastPrice - range * 0.1),
    takeProfit: f(truth.lastPrice + range * 0.2),
    confidence: 72,
    analysis: `Price holds above ${f(truth.lastPrice - range * 0.05)} with higher lows.`,
    recommendedAction: 'buy',
    decisionRationales: ['Higher highs and higher lows', 'Support held twice', 'Momentum rising'],
    ...overrides,
  };
}

const geminiRequests = () => fake.requests.filter((r) => r.url.includes(':generateContent'));
const openRouterRequests = () => fake.requests.filter((r) => r.url.endsWith('/chat/completions'));
const promptOf = (r: RecordedRequest) => JSON.stringify(r.body);

describeEachDatabase(
  'issue 25: the AI path',
  (server) => {
    it('1. a 200 whose body is an HTML page, is cut off or stalls is a provider failure; the engine answers', async () => {
      fake.reset(
        { status: 200, raw: '<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>' },
        { status: 200, partial: '{"id":"gen-1","choices":[{"message":{"content":"{\\"trend', then: 'cut' },
        { status: 200, partial: '{"id":"gen-2","choices":[', then: 'stall' },
      );
      const client = await signedIn(server());
      const response = await analyse(client, (await testChart()).image, { lotSize: '0.04' });
      fake.releaseHanging();
      expect(response.status).toBe(200);
      const body = (await response.json()) as AnalysisBody;
      expect(body.providersTried.map((p) => p.outcome)).toEqual(['failed', 'failed', 'failed']);
      expect(body.providersTried[0]?.reason).toMatch(/not JSON/);
      expect(body.providersTried[1]?.reason).toMatch(/cut off/);
      expect(body.providersTried[2]?.reason).toMatch(/did not answer/);
      expect(body.result.modelName).toBe(ENGINE_MODEL_NAME);
    });

    it('1. a safety stop, an error inside a 200 and a refusal are provider failures too', async () => {
      fake.reset(
        { status: 200, body: { candidates: [{ content: { role: 'model', parts: [] }, finishReason: 'SAFETY' }] } },
        { status: 200, body: { id: 'gen-3', choices: [{ index: 0, error: { code: 502, message: 'Upstream error from provider' }, finish_reason: 'error' }] } },
        { status: 200, body: { id: 'gen-4', choices: [{ index: 0, message: { role: 'assistant', content: null, refusal: 'I cannot help with trading.' }, finish_reason: 'stop' }] } },
      );
      const client = await signedIn(server());
      const response = await analyse(client, (await testChart()).image, { lotSize: '0.11' });
      expect(response.status).toBe(200);
      const body = (await response.json()) as AnalysisBody;
      expect(body.providersTried.map((p) => p.outcome)).toEqual(['failed', 'failed', 'failed']);
      expect(body.providersTried[0]?.reason).toMatch(/SAFETY/);
      expect(body.providersTried[1]?.reason).toMatch(/Upstream error from provider/);
      expect(body.providersTried[2]?.reason).toMatch(/refused/);
      expect(body.result.modelName).toBe(ENGINE_MODEL_NAME);
    });

    it('2. prices in the text and reasons that lie off the chart never reach the trader', async () => {
      const { truth } = await testChart();
      const range = truth.high - truth.low;
      const f = (v: number) => v.toFixed(truth.decimals);
      const far = f(truth.high + range * 3);
      const below = f(Math.max(truth.low - range * 2.5, truth.low / 4));
      const answer = await groundedAnswer({
        analysis: `Buyers are in control above ${f(truth.lastPrice - range * 0.05)}. The next big target is ${far}. Stay patient.`,
        decisionRationales: [`Support near ${f(truth.low + range * 0.1)}`, `Long-term floor at ${below}`, 'Momentum rising'],
      });
      fake.reset(geminiReply(JSON.stringify(answer)));
      const client = await signedIn(server());
      const body = (await (await analyse(client, (await testChart()).image, { lotSize: '0.05' })).json()) as AnalysisBody;
      expect(body.result.modelName).toBe('gemini-test');
      expect(body.result.analysis).not.toContain(far);
      expect(body.result.analysis).toContain('Stay patient.');
      expect(body.result.decisionRationales.join(' ')).not.toContain(below);
      expect(body.result.decisionRationales).toHaveLength(2);
      expect(body.providersTried[0]?.reason).toMatch(/prices outside the chart/);
      // Every price left in the text lies in the chart's visible range with its margin.
      const band = priceBand(body.chart as ChartFacts);
      for (const v of priceMentions([body.result.analysis, ...body.result.decisionRationales].join(' '), body.chart?.lastPrice ?? 0)) {
        expect(v).toBeGreaterThanOrEqual(band.low);
        expect(v).toBeLessThanOrEqual(band.high);
      }
    });

    it('2. an analysis made of prices off the chart is refused', async () => {
      const { truth } = await testChart();
      const range = truth.high - truth.low;
      const f = (v: number) => v.toFixed(truth.decimals);
      fake.reset(
        geminiReply(JSON.stringify(await groundedAnswer({ analysis: `Target ${f(truth.high + range * 4)}. Then ${f(truth.high + range * 5)}.` }))),
        openRouterReply(JSON.stringify(await groundedAnswer())),
      );
      const client = await signedIn(server());
      const body = (await (await analyse(client, (await testChart()).image, { lotSize: '0.06' })).json()) as AnalysisBody;
      expect(body.providersTried[0]).toMatchObject({ outcome: 'rejected', reason: expect.stringMatching(/analysis text gives prices outside the chart/) });
      expect(body.result.modelName).toBe('qwen/test-vl');
    });

    it('3 and 7. a picture the engine calls NOT_A_CHART is not made into a trade: the not-a-chart message, no model asked', async () => {
      fake.reset(geminiReply(JSON.stringify({ ...(await groundedAnswer()), entryPoint: '1.2500', stopLoss: '1.2483', takeProfit: '1.2534' })));
      const client = await signedIn(server());
      const response = await analyse(client, await notAChart());
      expect(response.status).toBe(422);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('NOT_A_CHART');
      expect(body.error.message).toMatch(/doesn't look like a price chart/);
      expect(fake.requests).toHaveLength(0);
    });

    it('3. with no engine reading, a model answer is marked not checked and carries no position size', async () => {
      fake.reset(geminiReply(JSON.stringify({ ...(await groundedAnswer()), entryPoint: '1.2500', stopLoss: '1.2483', takeProfit: '1.2534' })));
      const client = await signedIn(server());
      const response = await analyse(client, await chartWithoutAxis());
      expect(response.status).toBe(200);
      const body = (await response.json()) as AnalysisBody;
      expect(body.chart).toBeNull();
      expect(body.result.checkedAgainstChart).toBe(false);
      expect(body.result.analysis.startsWith(UNCHECKED_NOTE)).toBe(true);
      expect(body.result.positionSizing).toMatch(/No position size is given/);
      expect(body.result.positionSizing).not.toMatch(/lot size|USD/);
    });

    it('5. an engine answer given during an outage is not reused once the models are back', async () => {
      const outage: Reply = { status: 503, body: { error: { code: 503, message: 'The model is overloaded.', status: 'UNAVAILABLE' } } };
      fake.reset(outage, outage, outage);
      const client = await signedIn(server());
      const { image } = await testChart();
      const first = (await (await analyse(client, image, { lotSize: '0.07' })).json()) as AnalysisBody;
      expect(first.result.modelName).toBe(ENGINE_MODEL_NAME);
      fake.reset(geminiReply(JSON.stringify(await groundedAnswer())));
      const second = (await (await analyse(client, image, { lotSize: '0.07' })).json()) as AnalysisBody;
      expect(second.cached).toBe(false);
      expect(second.result.modelName).toBe('gemini-test');
      // A final answer is reused as before.
      const third = (await (await analyse(client, image, { lotSize: '0.07' })).json()) as AnalysisBody;
      expect(third).toMatchObject({ id: second.id, cached: true });
    });

    it("4. a 429's Retry-After keeps the model out of later analyses (kept in the database every process reads)", async () => {
      const answer = await groundedAnswer();
      fake.reset();
      fake.route = (request) =>
        request.url.includes(':generateContent')
          ? {
              status: 429,
              headers: { 'retry-after': '120' },
              body: { error: { code: 429, message: 'Resource has been exhausted (e.g. check quota).', status: 'RESOURCE_EXHAUSTED' } },
            }
          : openRouterReply(JSON.stringify(answer));
      const client = await signedIn(server());
      const { image } = await testChart();
      const first = (await (await analyse(client, image, { lotSize: '0.08' })).json()) as AnalysisBody;
      expect(first.providersTried[0]).toMatchObject({ model: 'gemini-test', outcome: 'failed', retryAfterSeconds: 120 });
      expect(first.result.modelName).toBe('qwen/test-vl');
      fake.requests.length = 0;
      const second = (await (await analyse(client, image, { lotSize: '0.09' })).json()) as AnalysisBody;
      expect(second.providersTried[0]).toMatchObject({ model: 'gemini-test', outcome: 'skipped' });
      expect(geminiRequests()).toHaveLength(0);
      expect(openRouterRequests()).toHaveLength(1);
      // The other tests of this server ask Gemini again.
      await server().database.db.delete(modelCooldowns);
    });

    it('4. a cooldown ends at its time, and a later limit never shortens an earlier one', async () => {
      let now = new Date('2026-11-24T06:00:00Z');
      const processA = databaseCooldowns(server().database.db, () => now);
      const processB = databaseCooldowns(server().database.db, () => now);
      await processA.record('gemini:test-cooldown', 120, 'quota');
      await processB.record('gemini:test-cooldown', 10, 'rate limit');
      expect((await processB.active(['gemini:test-cooldown'])).get('gemini:test-cooldown')?.toISOString()).toBe('2026-11-24T06:02:00.000Z');
      now = new Date('2026-11-24T06:02:01Z');
      expect((await processA.active(['gemini:test-cooldown'])).size).toBe(0);
    });

    it("the action agrees with the sizing: a buy whose smallest lot risks more than the trader's limit becomes wait", async () => {
      const { truth } = await testChart();
      const range = truth.high - truth.low;
      const f = (v: number) => v.toFixed(truth.decimals);
      // Capital 10 USD risks 4% = 0.40 USD; a stop this far costs more than that at 0.01 lots.
      const answer = await groundedAnswer({ stopLoss: f(truth.lastPrice - range * 0.3), takeProfit: f(truth.lastPrice + range * 0.6), confidence: 91 });
      fake.reset(geminiReply(JSON.stringify(answer)));
      const client = await signedIn(server());
      const body = (await (await analyse(client, (await testChart()).image, { capitalSize: '10', symbol: 'EURUSD' })).json()) as AnalysisBody;
      expect(body.result.modelName).toBe('gemini-test');
      expect(body.result.recommendedAction).toBe('wait');
      expect(body.result.confidence).toBeLessThanOrEqual(50);
      expect(body.result.analysis).toMatch(/PipLens changed the suggestion to wait/);
      expect(body.result.positionSizing).toMatch(/Even the smallest lot \(0\.01\) would lose/);
      expect(body.result.positionSizing).toContain('1 lot = 100,000 EUR');
      expect(body.result.symbol).toBe('EURUSD');
    });
  },
  () => ({
    GEMINI_API_KEY: 'gemini-key',
    GEMINI_MODEL: 'gemini-test',
    GEMINI_BASE_URL: fake.url,
    OPENROUTER_API_KEY: 'openrouter-key',
    OPENROUTER_MODELS: 'qwen/test-vl,google/test-flash',
    OPENROUTER_BASE_URL: `${fake.url}/api/v1`,
    AI_TIMEOUT_MS: '1500',
    AI_DEADLINE_MS: '6000',
  }),
);

const DEADLINE_MS = 8000;
const AI_TIMEOUT_MS = 6000;

describeEachDatabase(
  'issue 25: the overall deadline',
  (server) => {
    it('4. with every model hanging the deadline ends the wait: the models get the deadline between them, and another user is not held up', async () => {
      const answer = await groundedAnswer();
      // Traders with 100 USD capital meet hanging models; the one with 500 gets a prompt answer.
      fake.reset();
      fake.route = (request) => (promptOf(request).includes('Capital: 500 USD') ? geminiReply(JSON.stringify(answer)) : { hang: true });
      const [a, b, c] = [await signedIn(server()), await signedIn(server()), await signedIn(server())];
      const { image } = await testChart();
      // The engine's first reading starts its OCR worker; that is not what is measured here.
      expect((await analyse(c, image, { capitalSize: '500', lotSize: '0.03' })).status).toBe(200);
      fake.requests.length = 0;
      const timed = async (client: TestClient, settings: Record<string, string>) => {
        const started = performance.now();
        const response = await analyse(client, image, settings);
        return { ms: performance.now() - started, body: (await response.json()) as AnalysisBody, status: response.status };
      };
      const slowA = timed(a, {});
      const slowB = timed(b, { lotSize: '0.02' });
      // Wait until both hanging jobs are asking their models, then a third trader asks.
      const waitUntil = performance.now() + 20_000;
      while (fake.requests.filter((r) => !promptOf(r).includes('Capital: 500 USD')).length < 2 && performance.now() < waitUntil) {
        await new Promise((r) => setTimeout(r, 20));
      }
      const fast = await timed(c, { capitalSize: '500' });
      const [doneA, doneB] = await Promise.all([slowA, slowB]);
      fake.releaseHanging();

      expect(fast.status).toBe(200);
      expect(fast.body.result.modelName).toBe('gemini-test');
      for (const slow of [doneA, doneB]) {
        expect(slow.status).toBe(200);
        expect(slow.body.result.modelName).toBe(ENGINE_MODEL_NAME);
        for (const attempt of slow.body.providersTried) {
          expect(attempt.outcome === 'skipped' || /did not answer/.test(attempt.reason ?? ''), JSON.stringify(attempt)).toBe(true);
        }
        // The deadline, not each model's own timeout, ended the wait: the models were given at
        // most the deadline between them (the time the job had from its start), and the last was
        // cut short or skipped. Each of the three would otherwise have had AI_TIMEOUT_MS.
        const given = slow.body.providersTried.map((attempt) => Number(/within ([\d.]+) s/.exec(attempt.reason ?? '')?.[1] ?? 0));
        expect(given.reduce((sum, s) => sum + s, 0) * 1000).toBeLessThanOrEqual(DEADLINE_MS);
        expect(given.some((s) => s * 1000 < AI_TIMEOUT_MS)).toBe(true);
        // The wall time the trader saw, with room for a machine busy with other work: shorter
        // than the deadline and one more model's timeout.
        expect(slow.ms).toBeLessThan(DEADLINE_MS + AI_TIMEOUT_MS);
      }
      // The third trader's analysis finished while the two hanging ones were still waiting.
      expect(fast.ms).toBeLessThan(Math.max(doneA.ms, doneB.ms));
    }, 60_000);
  },
  () => ({
    GEMINI_API_KEY: 'gemini-key',
    GEMINI_MODEL: 'gemini-test',
    GEMINI_BASE_URL: fake.url,
    OPENROUTER_API_KEY: 'openrouter-key',
    OPENROUTER_MODELS: 'qwen/test-vl,google/test-flash',
    OPENROUTER_BASE_URL: `${fake.url}/api/v1`,
    ANALYSIS_CONCURRENCY: '2',
    AI_TIMEOUT_MS: String(AI_TIMEOUT_MS),
    AI_DEADLINE_MS: String(DEADLINE_MS),
  }),
);
