import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { PAYMENT_KEY_NAMES, type PaymentKeyName, type PaymentKeysInput } from '../../../shared/billing';
import type { Db } from '../../db/client';
import { auditLog, settingsSecrets } from '../../db/schema';
import type { Logger } from '../../logger';
import { SecretBox } from '../../lib/secret-box';

/** Row names in settings_secrets; the provider is named here, never in the browser's copy. */
const ROW_NAME: Record<PaymentKeyName, string> = {
  publicKey: 'flutterwave.public_key',
  secretKey: 'flutterwave.secret_key',
  encryptionKey: 'flutterwave.encryption_key',
  webhookHash: 'flutterwave.webhook_hash',
};

export interface StoredKey {
  value: string;
  updatedAt: Date;
}

export type StoredPaymentKeys = Partial<Record<PaymentKeyName, StoredKey>>;

/**
 * Payment keys saved from the admin page, read from the database on every use so that a change
 * takes effect at once on every server without a restart. A value that no longer decrypts (APP_SECRET
 * changed) counts as not set and is logged, so the environment's key is used instead.
 */
export async function readPaymentKeys(db: Db, appSecret: string, logger: Logger): Promise<StoredPaymentKeys> {
  const box = new SecretBox(appSecret);
  const rows = await db
    .select({
      name: settingsSecrets.name,
      ciphertext: settingsSecrets.ciphertext,
      updatedAt: settingsSecrets.updatedAt,
    })
    .from(settingsSecrets)
    .where(inArray(settingsSecrets.name, Object.values(ROW_NAME)));
  const keys: StoredPaymentKeys = {};
  for (const key of PAYMENT_KEY_NAMES) {
    const row = rows.find((r) => r.name === ROW_NAME[key]);
    if (!row) continue;
    try {
      keys[key] = { value: box.open(row.name, row.ciphertext), updatedAt: row.updatedAt };
    } catch {
      logger.error(
        { setting: row.name },
        'stored payment key cannot be decrypted with the current APP_SECRET; ignoring it',
      );
    }
  }
  return keys;
}

/** Saves all keys at once, encrypted, with an audit entry that names what changed but never a value. */
export async function savePaymentKeys(
  db: Db,
  appSecret: string,
  actorId: string,
  input: PaymentKeysInput,
): Promise<void> {
  const box = new SecretBox(appSecret);
  const now = new Date();
  await db.transaction(async (tx) => {
    for (const key of PAYMENT_KEY_NAMES) {
      const value = input[key];
      // The webhook hash is optional: left empty, the one saved before (or the environment's) stays.
      if (!value) continue;
      const name = ROW_NAME[key];
      const ciphertext = box.seal(name, value);
      await tx
        .insert(settingsSecrets)
        .values({ name, ciphertext, updatedBy: actorId, updatedAt: now })
        .onConflictDoUpdate({ target: settingsSecrets.name, set: { ciphertext, updatedBy: actorId, updatedAt: now } });
    }
    await tx.insert(auditLog).values({
      id: randomUUID(),
      actorId,
      action: 'payment_keys.saved',
      detail: { keys: PAYMENT_KEY_NAMES.filter((key) => input[key]) },
      createdAt: now,
    });
  });
}
