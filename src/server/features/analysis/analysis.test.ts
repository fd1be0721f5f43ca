import { afterAll, beforeAll, expect, it } from 'vitest';
import { analyse, type AnalysisBody } from '../../test/analyses';
import { subscriptions } from '../../db/schema';
import { chartWithoutAxis, testChart } from '../../test/charts';
import { FakeAi, geminiReply, openRouterReply } from '../../test/fake-ai';
import { confirmEmail, describeEachDatabase, signUp, TestClient, type TestServer } from '../../test/harness';
import { EMAIL_UNCONFIRMED_MESSAGE } from '../../../shared/access';
import { ALL_MODELS_FAILED_MESSAGE, ENGINE_MODEL_NAME } from './analysis.service';
import { ONE_IMAGE_MESSAGE } from './upload';

const fake = new FakeAi();
beforeAll(() => fake.start());
afterAll(() => fake.stop());

/** A sound buy answer at the chart's own prices, as a model would give it. */
async function groundedAnswer(overrides: Record<string, unknown> = {}) {
  const { truth } = await testChart();
  const range = truth.high - truth.low;
  const entry = truth.lastPrice;
  const stop = entry - range * 0.1;
  const target = entry + range * 0.2;
  const f = (v: number) => v.toFixed(truth.decimals);
  return {
    trend: 'uptrend',
    entryPoint: f(entry),
    stopLoss: f(stop),
    takeProfit: f(target),
    confidence: 72,
    analysis: 'Higher highs and higher lows with price holding above the last swing low.',
    recommendedAction: 'buy',
    decisionRationales: ['Higher highs and higher lows', 'Support held twice', 'Momentum rising'],
    ...overrides,
  };
}

async function signedIn(server: TestServer) {
  const client = new TestClient(server);
  await signUp(client);
  return client;
}

describeEachDatabase(
  'analysis with AI models',
  (server) => {
    it('uses a valid structured Gemini reply and sends Gemini its real request', async () => {
      fake.reset(geminiReply(JSON.stringify(await groundedAnswer())));
      const client = await signedIn(server());
      const { image } = await testChart();
      const response = await analyse(client, image);
      expect(response.status).toBe(200);
      const body = (await response.json()) as AnalysisBody;
      expect(body.result.modelName).toBe('gemini-test');
      expect(body.providersTried).toEqual([{ model: 'gemini-test', outcome: 'used' }]);
      expect(body.result.positionSizing).toMatch(/3%/);

      const [request] = fake.requests;
      expect(request?.url).toBe('/v1beta/models/gemini-test:generateContent');
      expect(request?.headers['x-goog-api-key']).toBe('gemini-key');
      const sent = request?.body as {
        contents: { parts: { text?: string; inline_data?: { mime_type: string; data: string } }[] }[];
        generationConfig: Record<string, unknown>;
      };
      expect(sent.generationConfig).toMatchObject({ temperature: 0.2, topK: 32, topP: 0.95, maxOutputTokens: 2048, responseMimeType: 'application/json' });
      expect(sent.generationConfig.responseJsonSchema).toMatchObject({ type: 'object', required: expect.arrayContaining(['trend', 'entryPoint']) });
      const parts = sent.contents[0]?.parts ?? [];
      expect(parts[0]?.text).toContain('last price');
      expect(parts[1]?.inline_data?.mime_type).toBe('image/png');
      expect(Buffer.from(parts[1]?.inline_data?.data ?? '', 'base64').equals(image)).toBe(true);
    });

    it('finds JSON inside prose from OpenRouter and sends OpenRouter its real request', async () => {
      const answer = await groundedAnswer();
      fake.reset(
        { status: 503, body: { error: { code: 503, message: 'The model is overloaded.', status: 'UNAVAILABLE' } } },
        openRouterReply(`Here is my analysis:\n\`\`\`json\n${JSON.stringify(answer)}\n\`\`\`\nTrade safely.`),
      );
      const client = await signedIn(server());
      const response = await analyse(client, (await testChart()).image, { riskReward: '2' });
      const body = (await response.json()) as AnalysisBody;
      expect(body.result.modelName).toBe('qwen/test-vl');
      expect(body.providersTried[0]).toMatchObject({ model: 'gemini-test', outcome: 'failed', reason: 'The model is overloaded.' });

      const request = fake.requests[1];
      expect(request?.url).toBe('/api/v1/chat/completions');
      expect(request?.headers.authorization).toBe('Bearer openrouter-key');
      expect(request?.headers['http-referer']).toBe('http://localhost:3000');
      expect(request?.headers['x-title']).toBe('PipLens');
      const sent = request?.body as { model: string; temperature: number; max_tokens: number; messages: { content: { type: string; image_url?: { url: string } }[] }[] };
      expect(sent).toMatchObject({ model: 'qwen/test-vl', temperature: 0.2, max_tokens: 2048 });
      expect(sent.messages[0]?.content.map((p) => p.type)).toEqual(['text', 'image_url']);
      expect(sent.messages[0]?.content[1]?.image_url?.url).toMatch(/^data:image\/png;base64,/);
    });

    it('passes over missing fields, prices off the chart and a stop on the wrong side', async () => {
      const { image, truth } = await testChart();
      const { recommendedAction: _dropped, ...missing } = await groundedAnswer();
      const offChart = await groundedAnswer({ entryPoint: '1.2500', stopLoss: '1.2450', takeProfit: '1.2600' });
      const base = await groundedAnswer();
      const wrongSide = { ...base, stopLoss: (Number(base.entryPoint) + (truth.high - truth.low) * 0.1).toFixed(truth.decimals) };
      fake.reset(geminiReply(JSON.stringify(missing)), openRouterReply(JSON.stringify(offChart)), openRouterReply(JSON.stringify(wrongSide)));
      const client = await signedIn(server());
      const body = (await (await analyse(client, image, { lotSize: '0.02' })).json()) as AnalysisBody;
      expect(body.providersTried.map((p) => p.outcome)).toEqual(['rejected', 'rejected', 'rejected']);
      expect(body.providersTried[0]?.reason).toBe('Analysis result missing required fields: recommendedAction');
      expect(body.providersTried[1]?.reason).toMatch(/outside the chart/);
      expect(body.providersTried[2]?.reason).toMatch(/stop must be below the entry/);
      // The last resort is PipLens's own engine, never a made-up result.
      expect(body.result.modelName).toBe(ENGINE_MODEL_NAME);
      expect(body.result.decisionRationales.length).toBeGreaterThanOrEqual(3);
    });

    it('moves on after 429 with RetryInfo, a time-out and a blocked prompt', async () => {
      fake.reset(
        {
          status: 429,
          body: {
            error: {
              code: 429,
              message: 'Resource has been exhausted (e.g. check quota).',
              status: 'RESOURCE_EXHAUSTED',
              details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '17s' }],
            },
          },
        },
        { hang: true },
        { status: 200, body: { promptFeedback: { blockReason: 'SAFETY' } } },
      );
      const client = await signedIn(server());
      const body = (await (await analyse(client, (await testChart()).image, { lotSize: '0.03' })).json()) as AnalysisBody;
      expect(body.providersTried[0]).toMatchObject({ outcome: 'failed', retryAfterSeconds: 17 });
      expect(body.providersTried[1]).toMatchObject({ outcome: 'failed', reason: expect.stringMatching(/did not answer/) });
      expect(body.providersTried[2]).toMatchObject({ outcome: 'failed', reason: 'No analysis results returned' });
      expect(body.result.modelName).toBe(ENGINE_MODEL_NAME);
    });

    it("answers with SPEC's message when no model and not the engine can read the chart", async () => {
      fake.reset(
        geminiReply('I cannot see a chart in this image.'),
        openRouterReply('Sorry, this is a photo.'),
        openRouterReply('{"trend": "unknown"}'),
      );
      const client = await signedIn(server());
      // A chart whose price scale the engine cannot read (a picture that is no chart is not sent to models at all).
      const response = await analyse(client, await chartWithoutAxis());
      expect(response.status).toBe(422);
      const body = (await response.json()) as { error: { code: string; message: string } };
      // SPEC's message, then the engine's own reason, so the trader learns what to fix.
      expect(body.error.message.startsWith(`${ALL_MODELS_FAILED_MESSAGE} `)).toBe(true);
      expect(body.error.message.slice(ALL_MODELS_FAILED_MESSAGE.length)).toMatch(/price (axis|scale)/);
      expect(body.error.code).toBe('AXIS_UNREADABLE');
      // The failed analysis gave its slot back.
      const state = (await (await client.request('/api/billing/status')).json()) as { dailyAnalysisCount: number };
      expect(state.dailyAnalysisCount).toBe(0);
    });
  },
  () => ({
    GEMINI_API_KEY: 'gemini-key',
    GEMINI_MODEL: 'gemini-test',
    GEMINI_BASE_URL: fake.url,
    OPENROUTER_API_KEY: 'openrouter-key',
    OPENROUTER_MODELS: 'qwen/test-vl,google/test-flash',
    OPENROUTER_BASE_URL: `${fake.url}/api/v1`,
    // Long enough for a loaded machine to answer from the local stand-in, short enough for the hang case.
    AI_TIMEOUT_MS: '1500',
  }),
);

describeEachDatabase('analysis access, cap and storage (engine only)', (server) => {
  it('lets exactly 5 of 50 concurrent requests from a trial user through', async () => {
    const client = await signedIn(server());
    const { image } = await testChart();
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => analyse(client, image, { lotSize: (0.01 * (i + 1)).toFixed(2) })),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(45);
    const limited = (await responses[statuses.indexOf(429)]?.json()) as { error: { message: string } };
    expect(limited.error.message).toBe("You've reached your daily limit of 5 AI analyses. Upgrade to Pro for unlimited access!");
  }, 120_000);

  it('never limits or counts a subscriber', async () => {
    const client = await signedIn(server());
    const session = (await (await client.request('/api/auth/get-session')).json()) as { user: { id: string } };
    await server()
      .database.db.insert(subscriptions)
      .values({ userId: session.user.id, status: 'active', provider: 'flutterwave', currentPeriodEnd: new Date(Date.now() + 86_400_000 * 30) });
    const { image } = await testChart();
    for (let i = 0; i < 7; i += 1) {
      const response = await analyse(client, image, { riskReward: String(1 + i * 0.5) });
      expect(response.status).toBe(200);
    }
    const state = (await (await client.request('/api/billing/status')).json()) as { dailyAnalysisCount: number; isSubscribed: boolean };
    expect(state).toMatchObject({ isSubscribed: true, dailyAnalysisCount: 0 });
  }, 120_000);

  it('returns the stored analysis for the same image and settings without using a slot', async () => {
    const client = await signedIn(server());
    const { image, truth } = await testChart();
    const first = (await (await analyse(client, image)).json()) as AnalysisBody;
    expect(first.cached).toBe(false);
    expect(first.result.modelName).toBe(ENGINE_MODEL_NAME);
    expect(Math.abs((first.chart?.lastPrice ?? 0) - truth.lastPrice)).toBeLessThan((truth.high - truth.low) * 0.02);
    const second = (await (await analyse(client, image)).json()) as AnalysisBody;
    expect(second).toMatchObject({ id: first.id, cached: true });
    const state = (await (await client.request('/api/billing/status')).json()) as { dailyAnalysisCount: number };
    expect(state.dailyAnalysisCount).toBe(1);

    // Saved into the history with its thumbnail.
    expect((await client.request(`/api/history/${first.id}`, { method: 'POST' })).status).toBe(200);
    const history = (await (await client.request('/api/history')).json()) as { items: { id: string; thumbnailUrl: string }[] };
    expect(history.items.map((i) => i.id)).toEqual([first.id]);
    const thumb = await client.request(history.items[0]?.thumbnailUrl ?? '');
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    // Another user cannot see it.
    const other = await signedIn(server());
    expect((await other.request(`/api/history/${first.id}/thumbnail`)).status).toBe(404);
  }, 60_000);

  it('refuses an expired trial with the expiry message', async () => {
    const client = await signedIn(server());
    const session = (await (await client.request('/api/auth/get-session')).json()) as { user: { id: string } };
    const { user } = await import('../../db/schema');
    const { eq } = await import('drizzle-orm');
    // The trial runs from the address's confirmation.
    await server().database.db.update(user).set({ confirmedAt: new Date(Date.now() - 11 * 86_400_000) }).where(eq(user.id, session.user.id));
    const response = await analyse(client, (await testChart()).image);
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      'Your 10-day trial has expired. Please upgrade to continue using the product.',
    );
  });

  it('starts analyses, and the trial, only once the address is confirmed', async () => {
    const client = new TestClient(server());
    const { email, password } = await signUp(client, { confirm: false });
    await client.request('/api/auth/sign-in/email', { json: { email, password } });
    const refused = await analyse(client, (await testChart()).image);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string; message: string } }).error).toEqual({
      code: 'EMAIL_UNCONFIRMED',
      message: EMAIL_UNCONFIRMED_MESSAGE,
    });
    const waiting = (await (await client.request('/api/billing/status')).json()) as { emailConfirmed: boolean; daysLeft: number };
    expect(waiting).toMatchObject({ emailConfirmed: false, daysLeft: 10 });

    // Eleven days after sign-up, the confirmation still starts a whole trial.
    const { user } = await import('../../db/schema');
    const { eq } = await import('drizzle-orm');
    await server().database.db.update(user).set({ createdAt: new Date(Date.now() - 11 * 86_400_000) }).where(eq(user.email, email));
    await confirmEmail(client, server(), email);
    const started = (await (await client.request('/api/billing/status')).json()) as { emailConfirmed: boolean; daysLeft: number };
    expect(started).toMatchObject({ emailConfirmed: true, daysLeft: 10 });
    expect((await analyse(client, (await testChart()).image)).status).toBe(200);
  });

  it('refuses a request with more than one image, and analyses nothing', async () => {
    const client = new TestClient(server());
    await signUp(client);
    const { image } = await testChart();
    const form = new FormData();
    for (let i = 0; i < 3; i += 1) form.append('chartImage', new Blob([new Uint8Array(image)], { type: 'image/png' }), `c${i}.png`);
    const response = await client.request('/api/analyses', { method: 'POST', body: form });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(ONE_IMAGE_MESSAGE);
    const history = (await (await client.request('/api/history')).json()) as { items: unknown[] };
    expect(history.items).toEqual([]);
  });

  it('answers 401 to a visitor', async () => {
    const response = await analyse(new TestClient(server()), (await testChart()).image);
    expect(response.status).toBe(401);
  });
});
