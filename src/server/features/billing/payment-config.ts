import type { PaymentKeyName } from '../../../shared/billing';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import type { Logger } from '../../logger';
import { readPaymentKeys } from '../admin/payment-keys.store';

/**
 * Stand-in credentials of the sandbox (PAYMENTS_MODE=sandbox, refused in production). They open
 * nothing but PipLens's own stand-in, so they are not secrets.
 */
export const SANDBOX = {
  publicKey: 'FLWPUBK_TEST-PIPLENS-SANDBOX-X',
  secretKey: 'FLWSECK_TEST-PIPLENS-SANDBOX',
  webhookHash: 'piplens-sandbox-webhook-hash',
  basePath: '/api/billing/sandbox',
} as const;

export interface PaymentConfig {
  mode: 'live' | 'sandbox';
  publicKey: string | null;
  secretKey: string | null;
  webhookHash: string | null;
  /** Base of the provider's REST API (the verify call appends /v3/transactions/{id}/verify). */
  apiBaseUrl: string;
  scriptUrl: string;
}

const ENV_NAME: Record<PaymentKeyName, keyof Env> = {
  publicKey: 'FLUTTERWAVE_PUBLIC_KEY',
  secretKey: 'FLUTTERWAVE_SECRET_KEY',
  encryptionKey: 'FLUTTERWAVE_ENCRYPTION_KEY',
  webhookHash: 'FLUTTERWAVE_WEBHOOK_HASH',
};

export const envPaymentKey = (env: Env, key: PaymentKeyName): string | null => {
  const value = env[ENV_NAME[key]];
  return typeof value === 'string' && value !== '' ? value : null;
};

/** The keys in force right now: the sandbox's in sandbox mode; else admin-saved keys over the environment's. */
export async function paymentConfig(db: Db, env: Env, logger: Logger): Promise<PaymentConfig> {
  if (env.PAYMENTS_MODE === 'sandbox') {
    return {
      mode: 'sandbox',
      publicKey: SANDBOX.publicKey,
      secretKey: SANDBOX.secretKey,
      webhookHash: SANDBOX.webhookHash,
      apiBaseUrl: `${env.APP_URL}${SANDBOX.basePath}`,
      scriptUrl: `${SANDBOX.basePath}/v3.js`,
    };
  }
  const stored = await readPaymentKeys(db, env.APP_SECRET, logger);
  const pick = (key: PaymentKeyName) => stored[key]?.value ?? envPaymentKey(env, key);
  return {
    mode: 'live',
    publicKey: pick('publicKey'),
    secretKey: pick('secretKey'),
    webhookHash: pick('webhookHash'),
    apiBaseUrl: env.FLUTTERWAVE_BASE_URL.replace(/\/$/, ''),
    scriptUrl: env.FLUTTERWAVE_SCRIPT_URL,
  };
}
