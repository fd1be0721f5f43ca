import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SubscriptionState } from '../../../shared/access';
import type { Checkout } from '../../../shared/billing';
import { PREMIUM_PRICE_USD, SUBSCRIPTION_DAYS } from '../../../shared/constants';
import { payments, subscriptions, user } from '../../db/schema';
import { FakeFlutterwave } from '../../test/fake-flutterwave';
import { describeEachDatabase, signUp, TestClient, type TestServer } from '../../test/harness';
import { PAYMENT_MESSAGES } from './billing.routes';
import { SANDBOX } from './payment-config';

const DAY_MS = 24 * 60 * 60 * 1000;
const SECRET_KEY = 'FLWSECK_TEST-live-secret-for-tests-X';
const WEBHOOK_HASH = 'webhook-hash-for-tests';

const fake = new FakeFlutterwave(SECRET_KEY);
beforeAll(() => fake.start());
afterAll(() => fake.stop());

type ErrorBody = { error: { code: string; message: string; details?: { reason?: string } } };

async function trader(server: TestServer) {
  const client = new TestClient(server);
  const account = await signUp(client);
  const [row] = await server.database.db.select({ id: user.id }).from(user).where(eq(user.email, account.email));
  return { client, userId: row?.id as string };
}

async function checkout(client: TestClient): Promise<Checkout> {
  const response = await client.request('/api/billing/checkout', { method: 'POST', json: {} });
  expect(response.status).toBe(200);
  return (await response.json()) as Checkout;
}

const confirm = (client: TestClient, transactionId: number, txRef: string) =>
  client.request('/api/billing/confirm', { json: { transactionId, txRef } });

const webhook = (server: TestServer, data: unknown, hash: string | null = WEBHOOK_HASH) =>
  new TestClient(server).request('/api/billing/webhook', {
    json: { event: 'charge.completed', data },
    headers: { origin: '', ...(hash === null ? {} : { 'verif-hash': hash }) },
  });

async function periodEnd(server: TestServer, userId: string): Promise<Date | null> {
  const [row] = await server.database.db
    .select({ end: subscriptions.currentPeriodEnd })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  return row?.end ?? null;
}

async function paymentRow(server: TestServer, txRef: string) {
  const [row] = await server.database.db.select().from(payments).where(eq(payments.txRef, txRef));
  return row;
}

const liveEnv = () => ({
  PAYMENTS_MODE: 'live',
  FLUTTERWAVE_PUBLIC_KEY: 'FLWPUBK_TEST-live-public-for-tests-X',
  FLUTTERWAVE_SECRET_KEY: SECRET_KEY,
  FLUTTERWAVE_WEBHOOK_HASH: WEBHOOK_HASH,
  FLUTTERWAVE_BASE_URL: fake.url,
});

describeEachDatabase(
  'payments (live mode against a Flutterwave stand-in)',
  (server) => {
    it('creates a pending payment with a PIPLENS-{userId}-{timestamp} tx_ref and the checkout options', async () => {
      const { client, userId } = await trader(server());
      const before = Date.now();
      const body = await checkout(client);
      expect(body.txRef).toMatch(new RegExp(`^PIPLENS-${userId}-(\\d+)$`));
      expect(Number(body.txRef.split('-').at(-1))).toBeGreaterThanOrEqual(before);
      expect(body).toMatchObject({
        publicKey: 'FLWPUBK_TEST-live-public-for-tests-X',
        amount: PREMIUM_PRICE_USD,
        currency: 'USD',
        paymentOptions: 'card, ussd, mobilemoneyghana',
        customer: { name: 'Test Trader' },
        customizations: { title: 'PipLens Premium' },
      });
      expect(JSON.stringify(body)).not.toContain(SECRET_KEY);
      expect(await paymentRow(server(), body.txRef)).toMatchObject({
        userId,
        status: 'pending',
        amount: '4.99',
        currency: 'USD',
      });
    });

    it('activates 30 days after the provider confirms, asking it with the secret key', async () => {
      const { client, userId } = await trader(server());
      const { txRef } = await checkout(client);
      const transaction = fake.charge(txRef);
      const response = await confirm(client, transaction.id, txRef);
      expect(response.status).toBe(200);
      const { subscription } = (await response.json()) as { subscription: SubscriptionState };
      expect(subscription).toMatchObject({ isSubscribed: true, hasAccess: true, limit: null });
      const end = (await periodEnd(server(), userId)) as Date;
      expect(Math.abs(end.getTime() - (Date.now() + SUBSCRIPTION_DAYS * DAY_MS))).toBeLessThan(60_000);
      expect(fake.requests.find((r) => r.url === `/v3/transactions/${transaction.id}/verify`)?.authorization).toBe(
        `Bearer ${SECRET_KEY}`,
      );
      expect(await paymentRow(server(), txRef)).toMatchObject({
        status: 'successful',
        transactionId: String(transaction.id),
      });
    });

    it('extends exactly once for 20 concurrent confirms and 3 webhooks of one transaction', async () => {
      const { client, userId } = await trader(server());
      const { txRef } = await checkout(client);
      const transaction = fake.charge(txRef);
      const responses = await Promise.all([
        ...Array.from({ length: 20 }, () => confirm(client, transaction.id, txRef)),
        ...Array.from({ length: 3 }, () => webhook(server(), { id: transaction.id, tx_ref: txRef })),
      ]);
      expect(responses.map((r) => r.status)).toEqual(Array(23).fill(200));
      const end = (await periodEnd(server(), userId)) as Date;
      const expected = Date.now() + SUBSCRIPTION_DAYS * DAY_MS;
      expect(end.getTime()).toBeLessThanOrEqual(expected + 1000);
      expect(end.getTime()).toBeGreaterThan(expected - 60_000);
    });

    it('extends from the current end when the subscription is still running', async () => {
      const { client, userId } = await trader(server());
      const currentEnd = new Date(Date.now() + 10 * DAY_MS);
      await server()
        .database.db.insert(subscriptions)
        .values({ userId, status: 'active', provider: 'flutterwave', currentPeriodEnd: currentEnd });
      const { txRef } = await checkout(client);
      expect((await confirm(client, fake.charge(txRef).id, txRef)).status).toBe(200);
      expect((await periodEnd(server(), userId))?.getTime()).toBe(currentEnd.getTime() + SUBSCRIPTION_DAYS * DAY_MS);
    });

    it('refuses a webhook without the right verif-hash and changes nothing', async () => {
      const { client, userId } = await trader(server());
      const { txRef } = await checkout(client);
      const transaction = fake.charge(txRef);
      for (const hash of [null, 'wrong-hash', `${WEBHOOK_HASH}x`]) {
        const response = await webhook(server(), { id: transaction.id, tx_ref: txRef }, hash);
        expect(response.status).toBe(401);
      }
      expect(await periodEnd(server(), userId)).toBeNull();
      expect((await paymentRow(server(), txRef))?.status).toBe('pending');
    });

    it.each([
      ['a wrong amount', { amount: 4.0 }, 400, 'amount-too-low'],
      ['a wrong currency', { currency: 'NGN' }, 400, 'wrong-currency'],
      ['a failed payment', { status: 'failed' }, 400, 'not-successful'],
    ])('refuses %s', async (_name, overrides, status, reason) => {
      const { client, userId } = await trader(server());
      const { txRef } = await checkout(client);
      const transaction = fake.charge(txRef, overrides);
      const response = await confirm(client, transaction.id, txRef);
      expect(response.status).toBe(status);
      const body = (await response.json()) as ErrorBody;
      expect(body.error.message).toBe(PAYMENT_MESSAGES.failed);
      expect(body.error.details?.reason).toBe(reason);
      expect((await webhook(server(), { id: transaction.id })).status).toBe(200);
      expect(await periodEnd(server(), userId)).toBeNull();
      expect((await paymentRow(server(), txRef))?.status).toBe('pending');
    });

    it("refuses another user's tx_ref", async () => {
      const owner = await trader(server());
      const thief = await trader(server());
      const { txRef } = await checkout(owner.client);
      const transaction = fake.charge(txRef);
      const response = await confirm(thief.client, transaction.id, txRef);
      expect(response.status).toBe(403);
      expect(await periodEnd(server(), thief.userId)).toBeNull();
      expect(await periodEnd(server(), owner.userId)).toBeNull();
      expect((await paymentRow(server(), txRef))?.status).toBe('pending');
    });

    it('refuses a forged callback: unknown transaction, or a transaction of another tx_ref', async () => {
      const { client, userId } = await trader(server());
      const first = await checkout(client);
      const second = await checkout(client);
      expect((await confirm(client, 123_456_789, first.txRef)).status).toBe(400);
      const paidForSecond = fake.charge(second.txRef);
      const mismatch = await confirm(client, paidForSecond.id, first.txRef);
      expect(mismatch.status).toBe(400);
      expect(((await mismatch.json()) as ErrorBody).error.details?.reason).toBe('tx-ref-mismatch');
      expect(await periodEnd(server(), userId)).toBeNull();
    });

    it('answers the activation error when verification is unreachable, and a later webhook activates', async () => {
      const { client, userId } = await trader(server());
      const { txRef } = await checkout(client);
      const transaction = fake.charge(txRef);
      fake.down = true;
      try {
        const response = await confirm(client, transaction.id, txRef);
        expect(response.status).toBe(502);
        expect(((await response.json()) as ErrorBody).error.message).toBe(PAYMENT_MESSAGES.notActivated);
        expect((await webhook(server(), { id: transaction.id })).status).toBe(503);
      } finally {
        fake.down = false;
      }
      expect(await periodEnd(server(), userId)).toBeNull();
      const later = await webhook(server(), { id: transaction.id, tx_ref: txRef });
      expect(await later.json()).toEqual({ received: true, outcome: 'activated' });
      expect(await periodEnd(server(), userId)).not.toBeNull();
    });

    it('serves the live public key, and requires sign-in for checkout and confirm', async () => {
      const anonymous = new TestClient(server());
      expect(await (await anonymous.request('/api/billing/public-key')).json()).toEqual({
        key: 'FLWPUBK_TEST-live-public-for-tests-X',
        mode: 'live',
      });
      expect((await anonymous.request('/api/billing/checkout', { method: 'POST', json: {} })).status).toBe(401);
      expect((await confirm(anonymous, 1, 'PIPLENS-x-1')).status).toBe(401);
      expect((await anonymous.request('/api/billing/sandbox/v3.js')).status).toBe(404);
    });

    it('declares its routes in the OpenAPI document', async () => {
      const doc = (await (await new TestClient(server()).request('/api/openapi.json')).json()) as {
        paths: Record<string, unknown>;
      };
      for (const path of [
        '/api/billing/checkout',
        '/api/billing/confirm',
        '/api/billing/webhook',
        '/api/billing/public-key',
        '/api/admin/settings/payment-keys',
      ]) {
        expect(doc.paths).toHaveProperty([path]);
      }
    });

    it('falls back to trial rules once the subscription has ended', async () => {
      const { client, userId } = await trader(server());
      const db = server().database.db;
      await db
        .update(user)
        .set({ createdAt: new Date(Date.now() - 30 * DAY_MS), confirmedAt: new Date(Date.now() - 30 * DAY_MS) })
        .where(eq(user.id, userId));
      const ended = new Date(Date.now() - DAY_MS);
      await db
        .insert(subscriptions)
        .values({ userId, status: 'active', provider: 'flutterwave', currentPeriodEnd: ended });
      const state = (await (await client.request('/api/billing/status')).json()) as SubscriptionState;
      expect(state).toMatchObject({
        isSubscribed: false,
        hasAccess: false,
        daysLeft: 0,
        subscriptionEndDate: ended.toISOString(),
      });
    });
  },
  liveEnv,
);

describeEachDatabase(
  'payments (live mode without keys)',
  (server) => {
    it('serves no public key and opens no checkout, with a clear error', async () => {
      const { client } = await trader(server());
      const key = await client.request('/api/billing/public-key');
      expect(key.status).toBe(503);
      expect(((await key.json()) as ErrorBody).error.message).toBe(PAYMENT_MESSAGES.notConfigured);
      expect((await client.request('/api/billing/checkout', { method: 'POST', json: {} })).status).toBe(503);
      expect((await webhook(server(), { id: 1 })).status).toBe(401);
    });
  },
  { PAYMENTS_MODE: 'live' },
);

describeEachDatabase(
  'payments (sandbox)',
  (server) => {
    const charge = async (client: TestClient, body: Checkout, outcome: 'successful' | 'failed', overrides = {}) => {
      const response = await client.request(`${SANDBOX.basePath}/charges`, {
        json: {
          tx_ref: body.txRef,
          amount: body.amount,
          currency: body.currency,
          customer: body.customer,
          outcome,
          ...overrides,
        },
      });
      expect(response.status).toBe(200);
      return (await response.json()) as { status: string; transaction_id: number; tx_ref: string };
    };

    it('serves the stand-in script and the sandbox key', async () => {
      const client = new TestClient(server());
      const script = await client.request(`${SANDBOX.basePath}/v3.js`);
      expect(script.headers.get('content-type')).toContain('javascript');
      const text = await script.text();
      for (const label of ["'Pay'", "'Decline'", "'Close'", 'window.FlutterwaveCheckout'])
        expect(text).toContain(label);
      expect(await (await client.request('/api/billing/public-key')).json()).toEqual({
        key: SANDBOX.publicKey,
        mode: 'sandbox',
      });
    });

    it('runs the whole flow offline: Pay, confirm, and the webhook it sends, extending once', async () => {
      const { client, userId } = await trader(server());
      const body = await checkout(client);
      expect(body.scriptUrl).toBe(`${SANDBOX.basePath}/v3.js`);
      const paid = await charge(client, body, 'successful');
      expect(paid).toMatchObject({ status: 'successful', tx_ref: body.txRef });
      expect((await confirm(client, paid.transaction_id, paid.tx_ref)).status).toBe(200);
      // The sandbox's own webhook for this charge arrives too; it must find the payment applied.
      await expect.poll(async () => (await paymentRow(server(), body.txRef))?.status).toBe('successful');
      const end = (await periodEnd(server(), userId)) as Date;
      expect(Math.abs(end.getTime() - (Date.now() + SUBSCRIPTION_DAYS * DAY_MS))).toBeLessThan(60_000);
    });

    it('activates from the webhook alone when the tab is closed after paying', async () => {
      const { client, userId } = await trader(server());
      const body = await checkout(client);
      await charge(client, body, 'successful');
      await expect.poll(() => periodEnd(server(), userId)).not.toBeNull();
    });

    it('refuses a declined payment and an underpaid one', async () => {
      const { client, userId } = await trader(server());
      const body = await checkout(client);
      const declined = await charge(client, body, 'failed');
      expect(declined.status).toBe('failed');
      expect((await confirm(client, declined.transaction_id, body.txRef)).status).toBe(400);
      const underpaid = await charge(client, body, 'successful', { amount: 0.99 });
      expect((await confirm(client, underpaid.transaction_id, body.txRef)).status).toBe(400);
      expect(await periodEnd(server(), userId)).toBeNull();
    });

    it('keeps its verify API behind the sandbox secret key', async () => {
      const { client } = await trader(server());
      const paid = await charge(client, await checkout(client), 'failed');
      const url = `${SANDBOX.basePath}/v3/transactions/${paid.transaction_id}/verify`;
      expect((await client.request(url)).status).toBe(401);
      const ok = await client.request(url, { headers: { authorization: `Bearer ${SANDBOX.secretKey}` } });
      expect(await ok.json()).toMatchObject({ status: 'success', data: { id: paid.transaction_id, status: 'failed' } });
    });
  },
  { PAYMENTS_MODE: 'sandbox' },
);
