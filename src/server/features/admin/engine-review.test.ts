/**
 * Issue 34: the server keeps the engine's trace with each analysis and each refusal (never the
 * picture), and an admin reviews the refusals and low-confidence answers of the last 7 days by rule
 * id, with the trace of each, 20 a page, with nothing beside them that says who uploaded the chart.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import {
  ENGINE_REVIEW_PAGE_SIZE,
  type EngineReadingsPage,
  type EngineReview,
  type ReviewOutcome,
} from '../../../shared/engine-review';
import type { ReadingTrace } from '../../../shared/engine-trace';
import { REFUSAL_RULES } from '../../../engine/errors';
import type { Db } from '../../db/client';
import { analyses, engineRefusals, user } from '../../db/schema';
import { analyse, type AnalysisBody } from '../../test/analyses';
import { recordRefusal } from '../analysis/analysis.store';
import type { EngineRefusal } from '../analysis/analysis-failure';
import { describeEachDatabase, signUp, signUpAdmin, TestClient, type TestServer } from '../../test/harness';
import { answeredTrace, refusal, refusedTrace, ScriptedEngine } from '../../test/traces';

const DAY_MS = 24 * 60 * 60 * 1000;
const engine = new ScriptedEngine();

let pictures = 0;
/** A small PNG unlike any other the file uploads, so no answer is reused for it. */
const picture = () => {
  pictures += 1;
  return sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: pictures % 256, g: (pictures >> 8) % 256, b: 90 } },
  })
    .png()
    .toBuffer();
};

const review = async (client: TestClient) => {
  const response = await client.request('/api/admin/engine/review');
  expect(response.status).toBe(200);
  return (await response.json()) as EngineReview;
};
const countOf = (body: EngineReview, rule: string, outcome: ReviewOutcome) =>
  body.rules.find((r) => r.rule === rule && r.outcome === outcome)?.count ?? 0;

const readingsPath = (rule: string, outcome: ReviewOutcome, page = 1) =>
  `/api/admin/engine/readings?${new URLSearchParams({ rule, outcome, page: String(page) })}`;
const readings = async (client: TestClient, rule: string, outcome: ReviewOutcome, page = 1) => {
  const response = await client.request(readingsPath(rule, outcome, page));
  expect(response.status).toBe(200);
  return (await response.json()) as EngineReadingsPage;
};

/** A rule id of this test's own, so counts made by other tests do not mix in. */
const ownRule = (stage: string) => `${stage}/test-${randomUUID().slice(0, 8)}`;

/** Rows as the analysis service writes them, `daysAgo` back. */
async function keptRefusal(db: Db, rule: string, daysAgo: number, trace: ReadingTrace | null = refusedTrace(rule)) {
  const id = randomUUID();
  await db
    .insert(engineRefusals)
    .values({ id, rule, code: 'NOT_A_CHART', trace, createdAt: new Date(Date.now() - daysAgo * DAY_MS) });
  return id;
}
async function keptAnalysis(server: TestServer, userId: string, trace: ReadingTrace, daysAgo: number) {
  const id = randomUUID();
  await server.database.db.insert(analyses).values({
    id,
    userId,
    settings: {},
    result: {},
    modelName: 'PipLens chart engine',
    imageSha256: randomUUID(),
    engineTrace: trace,
    createdAt: new Date(Date.now() - daysAgo * DAY_MS),
  });
  return id;
}

describeEachDatabase(
  "admin: the engine's refusals and low-confidence answers",
  (server) => {
    it('is for admins only: 401 signed out, 403 for a trader', async () => {
      const anonymous = new TestClient(server());
      const trader = new TestClient(server());
      await signUp(trader);
      for (const path of ['/api/admin/engine/review', readingsPath('layout/photograph', 'refused')]) {
        expect((await anonymous.request(path)).status).toBe(401);
        expect((await trader.request(path)).status).toBe(403);
      }
    });

    it("keeps an answer's trace with its analysis and a refusal's in engine_refusals; the trader's answers are unchanged", async () => {
      const { client: admin } = await signUpAdmin(server());
      const before = await review(admin);
      const trader = new TestClient(server());
      const { email, name } = await signUp(trader);
      const lowered = answeredTrace({ lowered: ['confidence/last-outside-labels'], confidence: 0.4 });
      const refused = refusal('layout/photograph');
      engine.will(lowered, refused, answeredTrace());

      const answered = await analyse(trader, await picture());
      expect(answered.status).toBe(200);
      const body = (await answered.json()) as AnalysisBody & Record<string, unknown>;
      expect(body).not.toHaveProperty('engineTrace');
      const [stored] = await server()
        .database.db.select({ trace: analyses.engineTrace })
        .from(analyses)
        .where(eq(analyses.id, body.id));
      expect(stored?.trace).toEqual(lowered);

      const refusedAnswer = await analyse(trader, await picture());
      expect(refusedAnswer.status).toBe(422);
      expect(await refusedAnswer.json()).toEqual({
        error: {
          code: 'NOT_A_CHART',
          message: REFUSAL_RULES['layout/photograph'].message,
          details: { providersTried: [] },
        },
      });
      const [traderRow] = await server()
        .database.db.select({ id: user.id })
        .from(user)
        .where(eq(user.email, email.toLowerCase()));
      const kept = await server()
        .database.db.select()
        .from(engineRefusals)
        .where(eq(engineRefusals.userId, traderRow?.id ?? ''));
      expect(kept).toEqual([
        {
          id: expect.any(String),
          createdAt: expect.any(Date),
          userId: traderRow?.id,
          rule: 'layout/photograph',
          code: 'NOT_A_CHART',
          trace: refused.trace,
        },
      ]);
      // An answer with nothing lowered is no low-confidence answer.
      expect((await analyse(trader, await picture())).status).toBe(200);

      const after = await review(admin);
      expect(countOf(after, 'layout/photograph', 'refused')).toBe(countOf(before, 'layout/photograph', 'refused') + 1);
      expect(countOf(after, 'confidence/last-outside-labels', 'lowered')).toBe(
        countOf(before, 'confidence/last-outside-labels', 'lowered') + 1,
      );
      const page = await readings(admin, 'layout/photograph', 'refused');
      expect(page.items[0]).toMatchObject({ answered: false, trace: refused.trace });
      const low = await readings(admin, 'confidence/last-outside-labels', 'lowered');
      expect(low.items[0]).toEqual({ id: body.id, createdAt: expect.any(String), answered: true, trace: lowered });
      // Nothing beside a reading says who uploaded it.
      for (const text of [JSON.stringify(after), JSON.stringify(page), JSON.stringify(low)]) {
        expect(text).not.toContain(email);
        expect(text).not.toContain(name);
      }
    });

    it('counts a refusal that a model answered instead under its rule, as answered', async () => {
      const { client: admin, id } = await signUpAdmin(server());
      const rule = ownRule('axis');
      const analysisId = await keptAnalysis(server(), id, refusedTrace(rule), 1);
      expect(countOf(await review(admin), rule, 'refused')).toBe(1);
      expect((await readings(admin, rule, 'refused')).items).toEqual([
        { id: analysisId, createdAt: expect.any(String), answered: true, trace: refusedTrace(rule) },
      ]);
    });

    it('counts the last 7 days only', async () => {
      const { client: admin, id } = await signUpAdmin(server());
      const refusedRule = ownRule('layout');
      const loweredRule = ownRule('confidence');
      await keptRefusal(server().database.db, refusedRule, 6.9);
      await keptRefusal(server().database.db, refusedRule, 7.1);
      await keptRefusal(server().database.db, refusedRule, 30);
      await keptAnalysis(server(), id, answeredTrace({ lowered: [loweredRule] }), 2);
      await keptAnalysis(server(), id, answeredTrace({ lowered: [loweredRule] }), 8);
      const body = await review(admin);
      expect(body.days).toBe(7);
      expect(Date.now() - new Date(body.since).getTime()).toBeGreaterThanOrEqual(7 * DAY_MS);
      expect(body.rules.filter((r) => r.rule === refusedRule)).toEqual([
        { rule: refusedRule, outcome: 'refused', count: 1, lastAt: expect.any(String) },
      ]);
      const lastAt = new Date(body.rules.find((r) => r.rule === refusedRule)?.lastAt ?? 0).getTime();
      expect(Math.abs(Date.now() - 6.9 * DAY_MS - lastAt)).toBeLessThan(60_000);
      expect(countOf(body, loweredRule, 'lowered')).toBe(1);
      expect((await readings(admin, refusedRule, 'refused')).total).toBe(1);
      expect((await readings(admin, loweredRule, 'lowered')).total).toBe(1);
    });

    it('keeps refusals 30 days: recording one trims those older', async () => {
      const db = server().database.db;
      const rule = ownRule('layout');
      await keptRefusal(db, rule, 29);
      await keptRefusal(db, rule, 31);
      const refusal: EngineRefusal = { rule, code: 'NOT_A_CHART', trace: refusedTrace(rule) };
      await recordRefusal(db, null, refusal);
      const ages = (await db.select().from(engineRefusals).where(eq(engineRefusals.rule, rule))).map(
        (r) => (Date.now() - r.createdAt.getTime()) / DAY_MS,
      );
      expect(ages.sort((a, b) => a - b).map(Math.round)).toEqual([0, 29]);
    });

    it("pages a rule's readings 20 at a time, newest first", async () => {
      const { client: admin, id } = await signUpAdmin(server());
      const rule = ownRule('last-price');
      const made: string[] = [];
      // Oldest first: refusals alone, and one analysis a model answered in between.
      for (let i = 24; i >= 0; i -= 1) {
        made.unshift(
          i === 12
            ? await keptAnalysis(server(), id, refusedTrace(rule), i / 10)
            : await keptRefusal(server().database.db, rule, i / 10),
        );
      }
      const first = await readings(admin, rule, 'refused', 1);
      const second = await readings(admin, rule, 'refused', 2);
      const third = await readings(admin, rule, 'refused', 3);
      expect([first.total, first.pageSize, first.items.length, second.items.length, third.items.length]).toEqual([
        25,
        ENGINE_REVIEW_PAGE_SIZE,
        20,
        5,
        0,
      ]);
      expect([...first.items, ...second.items].map((item) => item.id)).toEqual(made);
      expect(first.items[12]?.answered).toBe(true);

      const lowered = ownRule('confidence');
      for (let i = 0; i < 21; i += 1)
        await keptAnalysis(server(), id, answeredTrace({ lowered: [lowered, 'confidence/labels-past-plot'] }), i / 10);
      expect(countOf(await review(admin), lowered, 'lowered')).toBe(21);
      const low = await readings(admin, lowered, 'lowered', 2);
      expect([low.total, low.items.length]).toEqual([21, 1]);
    });

    it('answers a malformed query with 400', async () => {
      const { client: admin } = await signUpAdmin(server());
      expect((await admin.request('/api/admin/engine/readings?rule=layout/photograph&outcome=retried')).status).toBe(
        400,
      );
      expect((await admin.request('/api/admin/engine/readings?outcome=refused')).status).toBe(400);
      expect(
        (await admin.request('/api/admin/engine/readings?rule=layout/photograph&outcome=refused&page=0')).status,
      ).toBe(400);
    });
  },
  {},
  { engine },
);
