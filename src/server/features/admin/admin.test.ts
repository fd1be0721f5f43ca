import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { PaymentKeysStatus } from '../../../shared/billing';
import { auditLog, settingsSecrets } from '../../db/schema';
import { describeEachDatabase, signUp, signUpAdmin, TestClient } from '../../test/harness';

const KEYS = {
  publicKey: 'FLWPUBK-admin-saved-public-key-1234',
  secretKey: 'FLWSECK-admin-saved-secret-key-5678',
  encryptionKey: 'admin-saved-encryption-9abc',
  webhookHash: 'admin-saved-webhook-hash-def0',
};

const save = (client: TestClient, body: unknown) =>
  client.request('/api/admin/settings/payment-keys', { method: 'PUT', json: body });

describeEachDatabase(
  'admin settings: payment keys',
  (server) => {
    it('is for admins only: 401 signed out, 403 for a trader, and nothing is saved', async () => {
      const anonymous = new TestClient(server());
      expect((await anonymous.request('/api/admin/settings/payment-keys')).status).toBe(401);
      const traderClient = new TestClient(server());
      await signUp(traderClient);
      expect((await traderClient.request('/api/admin/settings/payment-keys')).status).toBe(403);
      expect((await save(traderClient, KEYS)).status).toBe(403);
      expect(await server().database.db.select().from(settingsSecrets)).toEqual([]);
    });

    it("validates each key with SPEC's messages", async () => {
      const { client } = await signUpAdmin(server());
      const response = await save(client, {
        publicKey: '',
        secretKey: ' ',
        encryptionKey: '',
        webhookHash: 'has space',
      });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: { details: { path: string[]; message: string }[] } };
      const messages = Object.fromEntries(body.error.details.map((d) => [d.path.join('.'), d.message]));
      expect(messages).toMatchObject({
        publicKey: 'Public API key is required',
        secretKey: 'Secret key is required',
        encryptionKey: 'Encryption key is required',
        webhookHash: 'Keys cannot contain spaces',
      });
    });

    it('stores keys encrypted, never returns them, audits the change, and uses them at once', async () => {
      const { client, id } = await signUpAdmin(server());
      const before = (await (await client.request('/api/admin/settings/payment-keys')).json()) as PaymentKeysStatus;
      expect(before.keys.find((k) => k.name === 'publicKey')).toMatchObject({
        set: true,
        source: 'environment',
        last4: 'Y-X1',
      });
      expect(before.keys.find((k) => k.name === 'secretKey')).toMatchObject({
        set: false,
        source: 'none',
        last4: null,
      });

      const response = await save(client, KEYS);
      expect(response.status).toBe(200);
      const text = await response.text();
      for (const value of Object.values(KEYS)) expect(text).not.toContain(value);
      const status = JSON.parse(text) as PaymentKeysStatus;
      expect(status.keys.map((k) => [k.name, k.set, k.last4, k.source])).toEqual([
        ['publicKey', true, '1234', 'admin'],
        ['secretKey', true, '5678', 'admin'],
        ['encryptionKey', true, '9abc', 'admin'],
        ['webhookHash', true, 'def0', 'admin'],
      ]);

      const db = server().database.db;
      const rows = await db.select().from(settingsSecrets);
      expect(rows).toHaveLength(4);
      const dump = JSON.stringify(await db.execute(sql`select * from settings_secrets`));
      for (const value of Object.values(KEYS)) {
        expect(dump).not.toContain(value);
        expect(dump).not.toContain(Buffer.from(value).toString('base64'));
      }
      expect(rows.every((r) => r.updatedBy === id)).toBe(true);

      const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, 'payment_keys.saved'));
      expect(entry?.actorId).toBe(id);
      const auditText = JSON.stringify(entry);
      for (const value of Object.values(KEYS)) expect(auditText).not.toContain(value);

      // No restart: the next request already sees the saved public key.
      expect(await (await new TestClient(server()).request('/api/billing/public-key')).json()).toEqual({
        key: KEYS.publicKey,
        mode: 'live',
      });
      const getAgain = await (await client.request('/api/admin/settings/payment-keys')).text();
      for (const value of Object.values(KEYS)) expect(getAgain).not.toContain(value);
    });

    it('saves the three SPEC keys without a webhook hash, which stays unset (or as saved before)', async () => {
      const { client } = await signUpAdmin(server());
      // Each test shares the server's database: start with no saved hash.
      await server().database.db.delete(settingsSecrets).where(eq(settingsSecrets.name, 'flutterwave.webhook_hash'));
      const { webhookHash: _none, ...three } = KEYS;
      const first = await save(client, { ...three, webhookHash: '' });
      expect(first.status).toBe(200);
      const status = (await first.json()) as PaymentKeysStatus;
      expect(status.keys.map((k) => [k.name, k.set, k.source])).toEqual([
        ['publicKey', true, 'admin'],
        ['secretKey', true, 'admin'],
        ['encryptionKey', true, 'admin'],
        ['webhookHash', false, 'none'],
      ]);
      // Without a hash every webhook is refused.
      const webhook = await new TestClient(server()).request('/api/billing/webhook', {
        method: 'POST',
        json: { event: 'charge.completed', data: { id: 1 } },
      });
      expect(webhook.status).toBe(401);

      expect((await save(client, KEYS)).status).toBe(200);
      const kept = (await (await save(client, three)).json()) as PaymentKeysStatus;
      expect(kept.keys.find((k) => k.name === 'webhookHash')).toMatchObject({ set: true, last4: 'def0', source: 'admin' });
    });

    it('ignores a stored key that no longer decrypts and falls back to the environment', async () => {
      const { client } = await signUpAdmin(server());
      await save(client, KEYS);
      await server()
        .database.db.update(settingsSecrets)
        .set({ ciphertext: 'v1.AAAA.BBBB.CCCC' })
        .where(eq(settingsSecrets.name, 'flutterwave.public_key'));
      expect(await (await new TestClient(server()).request('/api/billing/public-key')).json()).toEqual({
        key: 'FLWPUBK_TEST-ENV-KEY-X1',
        mode: 'live',
      });
    });
  },
  { PAYMENTS_MODE: 'live', FLUTTERWAVE_PUBLIC_KEY: 'FLWPUBK_TEST-ENV-KEY-X1' },
);
