import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobStage } from '../../../shared/analysis';
import { testChart } from '../../test/charts';
import { FakeAi } from '../../test/fake-ai';
import { describeEachDatabase, signUp, TestClient } from '../../test/harness';
import { createEnginePool, type ChartEngine } from './engine-pool';
import { AnalysisQueue } from './job-tracker';

function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('analysis queue', () => {
  it('runs Premium jobs first, reports each stage and place in line to its owner only', async () => {
    const queue = new AnalysisQueue(1);
    const started: string[] = [];
    const gates = { a: deferred(), b: deferred(), p: deferred() };
    const job = (id: 'a' | 'b' | 'p', premium: boolean) =>
      queue.run({ id, userId: `user-${id}`, premium }, async (setStage) => {
        started.push(id);
        if (id === 'a') setStage({ stage: 'asking-model', model: 1, name: 'gemini' });
        await gates[id].promise;
        return id;
      });
    const a = job('a', false);
    await tick();
    const b = job('b', false);
    const p = job('p', true);

    expect(queue.stageOf('a', 'user-a')).toEqual({ stage: 'asking-model', model: 1, name: 'gemini' });
    expect(queue.stageOf('p', 'user-p')).toEqual({ stage: 'queued', position: 1 });
    expect(queue.stageOf('b', 'user-b')).toEqual({ stage: 'queued', position: 2 });
    expect(queue.stageOf('b', 'user-a')).toBeNull();
    expect(queue.stageOf('missing', 'user-a')).toBeNull();

    gates.a.resolve();
    await a;
    await tick();
    expect(queue.stageOf('a', 'user-a')).toEqual({ stage: 'done' });
    expect(queue.stageOf('p', 'user-p')).toEqual({ stage: 'reading-chart' });
    expect(queue.stageOf('b', 'user-b')).toEqual({ stage: 'queued', position: 1 });
    gates.p.resolve();
    gates.b.resolve();
    await Promise.all([p, b]);
    expect(started).toEqual(['a', 'p', 'b']);
  });

  it("keeps each user's job ids their own: another user's job with the same id replaces nothing", async () => {
    const queue = new AnalysisQueue(2);
    const gate = deferred();
    const mine = queue.run({ id: 'same-id-1234', userId: 'victim', premium: false }, async (setStage) => {
      setStage({ stage: 'asking-model', model: 2, name: 'openrouter' });
      await gate.promise;
    });
    await tick();
    const theirs = queue.run({ id: 'same-id-1234', userId: 'intruder', premium: false }, async () => undefined);
    await theirs;
    expect(queue.stageOf('same-id-1234', 'victim')).toEqual({ stage: 'asking-model', model: 2, name: 'openrouter' });
    expect(queue.stageOf('same-id-1234', 'intruder')).toEqual({ stage: 'done' });
    gate.resolve();
    await mine;
    expect(queue.stageOf('same-id-1234', 'victim')).toEqual({ stage: 'done' });
  });

  it('frees the place when a job releases it, while that job goes on (waiting on a model)', async () => {
    const queue = new AnalysisQueue(1);
    let finishFirst!: () => void;
    const first = queue.run({ id: 'first-job', userId: 'a', premium: false }, async (setStage, releaseSlot) => {
      releaseSlot();
      setStage({ stage: 'asking-model', model: 1, name: 'gemini' });
      await new Promise<void>((resolve) => {
        finishFirst = resolve;
      });
      return 'first';
    });
    // The second job runs to its end while the first still waits.
    await expect(queue.run({ id: 'second-job', userId: 'b', premium: false }, async () => 'second')).resolves.toBe('second');
    expect(queue.stageOf('first-job', 'a')).toEqual({ stage: 'asking-model', model: 1, name: 'gemini' });
    finishFirst();
    await expect(first).resolves.toBe('first');
    expect(queue.stageOf('first-job', 'a')).toEqual({ stage: 'done' });
  });

  it('says when a place is free for another job (a place given back counts), or stops waiting when told', async () => {
    const queue = new AnalysisQueue(1);
    const stop = new AbortController();
    let free = false;
    await queue.placeFree(stop.signal); // nothing runs: free at once
    const model = deferred();
    const job = queue.run({ id: 'a', userId: 'u', premium: false }, async (_, releaseSlot) => {
      await tick();
      releaseSlot(); // the chart is read; the job waits on a model without its place
      await model.promise;
      return 'a';
    });
    const waiting = queue.placeFree(stop.signal).then(() => (free = true));
    await tick();
    expect(free).toBe(false);
    await waiting;
    expect(free).toBe(true);
    model.resolve();
    await job;

    const held = deferred();
    const busy = queue.run({ id: 'b', userId: 'u', premium: false }, () => held.promise);
    let stopped = false;
    const untilStopped = queue.placeFree(stop.signal).then(() => (stopped = true));
    await tick();
    expect(stopped).toBe(false);
    stop.abort();
    await untilStopped;
    expect(stopped).toBe(true);
    held.resolve();
    await busy;
  });

  it('marks a failed job as failed and passes its error on', async () => {
    const queue = new AnalysisQueue(1);
    await expect(
      queue.run({ id: 'x', userId: 'u', premium: false }, () => Promise.reject(new Error('boom'))),
    ).rejects.toThrow('boom');
    expect(queue.stageOf('x', 'u')).toEqual({ stage: 'failed' });
  });
});

// Models are configured (the stand-in answers each call with an error), so each job asks one.
const fakeAi = new FakeAi();
beforeAll(() => fakeAi.start());
afterAll(() => fakeAi.stop());

/** The engine's pool, with its readings held at the start until the test lets them go. */
class HeldPool implements ChartEngine {
  private pool: ChartEngine | null = null;
  private held = deferred();
  private readonly engine = () => (this.pool ??= createEnginePool({ threads: 1 }));

  hold(): void {
    this.held = deferred();
  }

  release(): void {
    this.held.resolve();
  }

  async analyze(...args: Parameters<ChartEngine['analyze']>) {
    await this.held.promise;
    return this.engine().analyze(...args);
  }

  locate(image: Buffer) {
    return this.engine().locate(image);
  }

  async close() {
    await this.pool?.close();
    this.pool = null;
  }
}
const engine = new HeldPool();
afterAll(() => engine.close());

describeEachDatabase(
  'job stage by polling',
  (server) => {
    it('shows a waiting job its place in line, then its stages, then done', async () => {
      const first = new TestClient(server());
      const second = new TestClient(server());
      await signUp(first);
      await signUp(second);
      const { image } = await testChart();
      const post = (client: TestClient, jobId: string) => {
        const form = new FormData();
        form.set('chartImage', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'chart.png');
        form.set('jobId', jobId);
        return client.request('/api/analyses', { method: 'POST', body: form });
      };
      const stageOf = async (client: TestClient, jobId: string) => {
        const response = await client.request(`/api/analyses/jobs/${jobId}`);
        return response.status === 200 ? ((await response.json()) as JobStage) : null;
      };

      // The first job holds the only place while its chart is read; the second one waits in line.
      engine.hold();
      const running = post(first, 'job-first-0001');
      while ((await stageOf(first, 'job-first-0001'))?.stage !== 'reading-chart') await tick();
      let settled = false;
      const waiting = post(second, 'job-second-001').finally(() => (settled = true));
      const seen: JobStage[] = [];
      const watch = async () => {
        const stage = await stageOf(second, 'job-second-001');
        if (stage && JSON.stringify(stage) !== JSON.stringify(seen.at(-1))) seen.push(stage);
      };
      while (seen.length === 0) await watch();
      // The first chart is read, and the second one.
      engine.release();
      // Polled back to back: the reading stage is visible only while the engine awaits (image
      // decoding, OCR), a few milliseconds each, and a poll every 20 ms could miss all of them.
      while (!settled) await watch();
      expect((await running).status).toBe(200);
      expect((await waiting).status).toBe(200);
      seen.push((await stageOf(second, 'job-second-001')) as JobStage);

      expect(seen[0]).toEqual({ stage: 'queued', position: 1 });
      expect(seen.map((s) => s.stage)).toContain('reading-chart');
      expect(seen.at(-1)).toEqual({ stage: 'done' });
      // Nobody else can follow someone's job.
      expect((await first.request('/api/analyses/jobs/job-second-001')).status).toBe(404);
    }, 120_000);
  },
  () => ({
    ANALYSIS_CONCURRENCY: '1',
    GEMINI_API_KEY: 'test-gemini-key',
    GEMINI_BASE_URL: fakeAi.url,
    AI_TIMEOUT_MS: '60000',
  }),
  { engine },
);
