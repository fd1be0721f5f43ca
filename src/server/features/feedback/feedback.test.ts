import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FEEDBACK_MESSAGE_MAX, FEEDBACK_RATE_LIMIT } from '../../../shared/feedback';
import { feedback } from '../../db/schema';
import {
  describeEachDatabase,
  outboxMails,
  TEST_APP_URL,
  uniqueEmail,
  waitFor,
  type TestServer,
} from '../../test/harness';

const SUPPORT = 'help@piplens.test';

/** A same-origin browser request from a given peer address (the node adapter reads it from the socket). */
function send(server: TestServer, body: unknown, ip = '203.0.113.1') {
  return server.app.request(
    `${TEST_APP_URL}/api/feedback`,
    {
      method: 'POST',
      headers: { origin: TEST_APP_URL, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    },
    { incoming: { socket: { remoteAddress: ip } } },
  );
}

const rowsFor = (server: TestServer, email: string) =>
  server.database.db.select().from(feedback).where(eq(feedback.email, email));

describeEachDatabase(
  'feedback',
  (server) => {
    it('stores the feedback and forwards it to the support mailbox', async () => {
      const email = uniqueEmail('writer');
      const response = await send(
        server(),
        { name: 'Ann Trader', email, feedback: 'The risk panel <b>helps</b> a lot.' },
        '203.0.113.10',
      );
      expect(response.status).toBe(201);
      expect(await response.json()).toEqual({ received: true });

      const rows = await rowsFor(server(), email);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        name: 'Ann Trader',
        email,
        message: 'The risk panel <b>helps</b> a lot.',
        ipAddress: '203.0.113.10',
      });

      const mail = await waitFor(() => outboxMails(server()).find((m) => m.includes(email)));
      expect(mail).toMatch(new RegExp(`^To: ${SUPPORT.replace('.', '\\.')}`, 'm'));
      expect(mail).toMatch(/^Subject: PipLens feedback from Ann Trader/m);
      expect(mail).toContain('&lt;b&gt;helps&lt;/b&gt;');
      expect(mail).toContain(rows[0]?.id);
    });

    it('answers a filled honeypot as a success but keeps and sends nothing', async () => {
      const email = uniqueEmail('bot');
      const response = await send(
        server(),
        { name: 'Bot', email, feedback: 'cheap pills', website: 'http://spam.test' },
        '203.0.113.20',
      );
      expect(response.status).toBe(201);
      expect(await response.json()).toEqual({ received: true });
      expect(await rowsFor(server(), email)).toHaveLength(0);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(outboxMails(server()).some((m) => m.includes(email))).toBe(false);
    });

    it('refuses missing, empty, malformed and oversized fields with the field paths', async () => {
      const email = uniqueEmail('invalid');
      const cases: [unknown, string][] = [
        [{ email, feedback: 'Hi' }, 'name'],
        [{ name: '   ', email, feedback: 'Hi' }, 'name'],
        [{ name: 'Ann', email: 'not-an-email', feedback: 'Hi' }, 'email'],
        [{ name: 'Ann', email, feedback: '' }, 'feedback'],
        [{ name: 'Ann', email, feedback: 'x'.repeat(FEEDBACK_MESSAGE_MAX + 1) }, 'feedback'],
        [{ name: 'A'.repeat(101), email, feedback: 'Hi' }, 'name'],
      ];
      for (const [body, field] of cases) {
        const response = await send(server(), body, '203.0.113.30');
        expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
        const { error } = (await response.json()) as { error: { code: string; details: { path: string[] }[] } };
        expect(error.code).toBe('VALIDATION_FAILED');
        expect(error.details.map((issue) => issue.path[0])).toContain(field);
      }
      expect(await rowsFor(server(), email)).toHaveLength(0);
    });

    it('refuses cross-site posts', async () => {
      const response = await server().app.request(`${TEST_APP_URL}/api/feedback`, {
        method: 'POST',
        headers: { origin: 'https://evil.test', 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Ann', email: uniqueEmail(), feedback: 'Hi' }),
      });
      expect(response.status).toBe(403);
    });

    it(`limits each address to ${FEEDBACK_RATE_LIMIT.max} in the window, with the API error shape`, async () => {
      const ip = '198.51.100.7';
      for (let i = 0; i < FEEDBACK_RATE_LIMIT.max; i += 1) {
        expect(
          (await send(server(), { name: 'Ann', email: uniqueEmail('ip'), feedback: `note ${i}` }, ip)).status,
        ).toBe(201);
      }
      const refused = await send(server(), { name: 'Ann', email: uniqueEmail('ip'), feedback: 'one more' }, ip);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe(String(FEEDBACK_RATE_LIMIT.windowMs / 1000));
      expect(await refused.json()).toEqual({ error: { code: 'RATE_LIMITED', message: expect.any(String) } });
      // Another address is not affected.
      expect(
        (await send(server(), { name: 'Ann', email: uniqueEmail('ip'), feedback: 'elsewhere' }, '198.51.100.8')).status,
      ).toBe(201);
    });

    it(`limits each email to ${FEEDBACK_RATE_LIMIT.max} in the window, whatever the address and letter case`, async () => {
      const email = uniqueEmail('mail');
      for (let i = 0; i < FEEDBACK_RATE_LIMIT.max; i += 1) {
        const written = i % 2 === 0 ? email : email.toUpperCase();
        expect(
          (await send(server(), { name: 'Ann', email: written, feedback: `note ${i}` }, `192.0.2.${i + 1}`)).status,
        ).toBe(201);
      }
      const refused = await send(server(), { name: 'Ann', email, feedback: 'one more' }, '192.0.2.99');
      expect(refused.status).toBe(429);
      const stored = await server()
        .database.db.select({ n: sql<number>`count(*)::int` })
        .from(feedback)
        .where(sql`lower(${feedback.email}) = ${email.toLowerCase()}`);
      expect(stored[0]?.n).toBe(FEEDBACK_RATE_LIMIT.max);
    });

    it('lets an address send again once the window has passed', async () => {
      const ip = '198.51.100.50';
      const db = server().database.db;
      for (let i = 0; i < FEEDBACK_RATE_LIMIT.max; i += 1) {
        expect((await send(server(), { name: 'Ann', email: uniqueEmail('old'), feedback: 'x' }, ip)).status).toBe(201);
      }
      expect((await send(server(), { name: 'Ann', email: uniqueEmail('old'), feedback: 'x' }, ip)).status).toBe(429);
      const past = new Date(Date.now() - FEEDBACK_RATE_LIMIT.windowMs - 1000);
      await db.update(feedback).set({ createdAt: past }).where(eq(feedback.ipAddress, ip));
      expect((await send(server(), { name: 'Ann', email: uniqueEmail('old'), feedback: 'x' }, ip)).status).toBe(201);
    });
  },
  { SUPPORT_EMAIL: SUPPORT },
);

describe('feedback OpenAPI', () => {
  it('is declared in the generated document', async () => {
    const { createTestServer } = await import('../../test/harness');
    const server = await createTestServer('pglite');
    try {
      const doc = (await (await server.app.request(`${TEST_APP_URL}/api/openapi.json`)).json()) as {
        paths: Record<string, { post?: { responses: Record<string, unknown> } }>;
      };
      expect(Object.keys(doc.paths['/api/feedback']?.post?.responses ?? {}).sort()).toEqual([
        '201',
        '400',
        '403',
        '429',
      ]);
    } finally {
      await server.close();
    }
  });
});
