import { timingSafeEqual } from 'node:crypto';
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { SubscriptionStateSchema } from '../../../shared/access';
import { CheckoutSchema, ConfirmedPaymentSchema, ConfirmPaymentSchema } from '../../../shared/billing';
import { requireUser } from '../../auth/guards';
import type { AppEnv, SessionUser } from '../../lib/context';
import { ApiError } from '../../lib/errors';
import { createRouter, errorResponse, jsonResponse } from '../../lib/openapi';
import { verifyTransaction, VerificationUnavailableError, type VerifyResult } from './flutterwave';
import { paymentConfig, type PaymentConfig } from './payment-config';
import { applyVerifiedTransaction, createCheckout, type RefusalReason } from './payments.service';
import { getSubscriptionState } from './subscription.service';

const VERIFY_TIMEOUT_MS = 15_000;

export const PAYMENT_MESSAGES = {
  notConfigured: 'Unable to initialize payment gateway. Please try again later.',
  failed: 'There was an issue with your payment. Please try again.',
  notActivated: "Payment was successful but we couldn't activate your subscription. Please contact support.",
} as const;

const statusRoute = createRoute({
  method: 'get',
  path: '/status',
  summary: 'Subscription state of the signed-in user',
  middleware: [requireUser] as const,
  responses: {
    200: jsonResponse(SubscriptionStateSchema, 'Access, trial and daily count'),
    401: errorResponse('Not signed in'),
  },
});

const publicKeyRoute = createRoute({
  method: 'get',
  path: '/public-key',
  summary: "The payment provider's public key in force (sandbox key in sandbox mode)",
  responses: {
    200: jsonResponse(z.object({ key: z.string(), mode: z.enum(['live', 'sandbox']) }), 'The public key'),
    503: errorResponse('Live mode without a public key'),
  },
});

const checkoutRoute = createRoute({
  method: 'post',
  path: '/checkout',
  summary: 'Create a pending Premium payment and return what the checkout needs',
  middleware: [requireUser] as const,
  responses: {
    200: jsonResponse(CheckoutSchema, 'Checkout options with the new tx_ref'),
    401: errorResponse('Not signed in'),
    503: errorResponse('Payments are not configured'),
  },
});

const confirmRoute = createRoute({
  method: 'post',
  path: '/confirm',
  summary: "Verify a checkout's transaction with the provider and activate Premium",
  middleware: [requireUser] as const,
  request: { body: { content: { 'application/json': { schema: ConfirmPaymentSchema } }, required: true } },
  responses: {
    200: jsonResponse(ConfirmedPaymentSchema, 'Activated (or already activated by an earlier call)'),
    400: errorResponse('The provider does not confirm a successful payment of the plan'),
    401: errorResponse('Not signed in'),
    403: errorResponse('The payment belongs to someone else'),
    502: errorResponse('The provider could not be reached to verify the payment'),
  },
});

const webhookRoute = createRoute({
  method: 'post',
  path: '/webhook',
  summary: "The provider's charge.completed webhook (verif-hash header), re-verified through the API",
  responses: {
    200: jsonResponse(
      z.object({ received: z.literal(true), outcome: z.string() }),
      'Handled (activated, already applied, ignored or refused)',
    ),
    400: errorResponse('Not a webhook body'),
    401: errorResponse('Missing or wrong verif-hash'),
    503: errorResponse('Verification unavailable; the provider retries later'),
  },
});

const WebhookBodySchema = z.looseObject({
  event: z.string(),
  data: z.looseObject({ id: z.number().int() }),
});

export interface BillingRoutesOptions {
  /** How the server reaches the provider's API: global fetch, or the app itself for the sandbox. */
  providerFetch: (mode: PaymentConfig['mode']) => typeof fetch;
  /** Sends a webhook to this app (used by the sandbox to play the provider). */
  deliverWebhook: (body: unknown, hash: string) => Promise<void>;
}

function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const REFUSAL_STATUS: Record<RefusalReason, 400 | 403> = {
  'not-successful': 400,
  'unknown-tx-ref': 400,
  'not-your-payment': 403,
  'wrong-currency': 400,
  'amount-too-low': 400,
  'tx-ref-used-by-another-transaction': 400,
  'transaction-used-for-another-payment': 400,
};

export function billingRoutes(options: BillingRoutesOptions) {
  const routes = createRouter();

  const configFor = (c: Context<AppEnv>) => paymentConfig(c.get('db'), c.get('deps').env, c.get('logger'));

  async function verify(c: Context<AppEnv>, config: PaymentConfig, transactionId: string): Promise<VerifyResult> {
    if (!config.secretKey) throw new VerificationUnavailableError('no secret key is configured');
    return verifyTransaction(transactionId, {
      apiBaseUrl: config.apiBaseUrl,
      secretKey: config.secretKey,
      fetch: options.providerFetch(config.mode),
      timeoutMs: VERIFY_TIMEOUT_MS,
    });
  }

  routes.openapi(statusRoute, async (c) => {
    const state = await getSubscriptionState(c.get('db'), c.get('user') as SessionUser);
    c.header('Cache-Control', 'no-store');
    return c.json(state, 200);
  });

  routes.openapi(publicKeyRoute, async (c) => {
    const config = await configFor(c);
    if (!config.publicKey) throw new ApiError(503, 'PAYMENTS_NOT_CONFIGURED', PAYMENT_MESSAGES.notConfigured);
    c.header('Cache-Control', 'no-store');
    return c.json({ key: config.publicKey, mode: config.mode }, 200);
  });

  routes.openapi(checkoutRoute, async (c) => {
    const config = await configFor(c);
    if (!config.publicKey || !config.secretKey) {
      c.get('logger').error({ mode: config.mode }, 'checkout asked for but payment keys are not configured');
      throw new ApiError(503, 'PAYMENTS_NOT_CONFIGURED', PAYMENT_MESSAGES.notConfigured);
    }
    const checkout = await createCheckout(c.get('db'), c.get('user') as SessionUser, {
      publicKey: config.publicKey,
      scriptUrl: config.scriptUrl,
      logoUrl: `${c.get('deps').env.APP_URL}/favicon.svg`,
    });
    c.get('logger').info({ txRef: checkout.txRef }, 'checkout created');
    return c.json(checkout, 200);
  });

  routes.openapi(confirmRoute, async (c) => {
    const user = c.get('user') as SessionUser;
    const { transactionId, txRef } = c.req.valid('json');
    const logger = c.get('logger').child({ transactionId, txRef });
    const config = await configFor(c);
    let verified: VerifyResult;
    try {
      verified = await verify(c, config, transactionId);
    } catch (error) {
      logger.error({ err: error }, 'payment verification unavailable; the webhook can still activate it');
      throw new ApiError(502, 'PAYMENT_VERIFICATION_UNAVAILABLE', PAYMENT_MESSAGES.notActivated);
    }
    if (!verified.found) {
      logger.warn({ reason: verified.message }, 'confirm refused: provider does not know the transaction');
      throw new ApiError(400, 'PAYMENT_NOT_VERIFIED', PAYMENT_MESSAGES.failed, { reason: 'unknown-transaction' });
    }
    if (verified.transaction.tx_ref !== txRef) {
      logger.warn(
        { verifiedTxRef: verified.transaction.tx_ref },
        'confirm refused: transaction belongs to another tx_ref',
      );
      throw new ApiError(400, 'PAYMENT_NOT_VERIFIED', PAYMENT_MESSAGES.failed, { reason: 'tx-ref-mismatch' });
    }
    const result = await applyVerifiedTransaction(c.get('db'), verified.transaction, user.id);
    if (result.outcome === 'refused') {
      logger.warn({ reason: result.reason }, 'confirm refused');
      throw new ApiError(REFUSAL_STATUS[result.reason], 'PAYMENT_NOT_VERIFIED', PAYMENT_MESSAGES.failed, {
        reason: result.reason,
      });
    }
    logger.info({ outcome: result.outcome, via: 'confirm' }, 'payment applied');
    return c.json({ subscription: await getSubscriptionState(c.get('db'), user) }, 200);
  });

  routes.openapi(webhookRoute, async (c) => {
    const config = await configFor(c);
    const logger = c.get('logger');
    if (!config.webhookHash || !sameSecret(c.req.header('verif-hash'), config.webhookHash)) {
      logger.warn({ configured: Boolean(config.webhookHash) }, 'webhook refused: wrong or missing verif-hash');
      throw new ApiError(401, 'INVALID_SIGNATURE', 'Webhook signature is not valid.');
    }
    const parsed = WebhookBodySchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) throw new ApiError(400, 'VALIDATION_FAILED', 'Not a webhook event.', parsed.error.issues);
    const { event, data } = parsed.data;
    if (event !== 'charge.completed') return c.json({ received: true as const, outcome: 'ignored' }, 200);
    // The body is only a hint: what the provider's API says about the transaction is what counts.
    let verified: VerifyResult;
    try {
      verified = await verify(c, config, String(data.id));
    } catch (error) {
      logger.error(
        { err: error, transactionId: data.id },
        'webhook: verification unavailable; asking the provider to retry',
      );
      throw new ApiError(503, 'PAYMENT_VERIFICATION_UNAVAILABLE', 'Verification is unavailable; retry later.');
    }
    if (!verified.found) {
      logger.warn(
        { transactionId: data.id, reason: verified.message },
        'webhook: provider does not know the transaction',
      );
      return c.json({ received: true as const, outcome: 'unknown-transaction' }, 200);
    }
    const result = await applyVerifiedTransaction(c.get('db'), verified.transaction, null);
    const outcome = result.outcome === 'refused' ? result.reason : result.outcome;
    logger.info(
      { transactionId: data.id, txRef: verified.transaction.tx_ref, outcome, via: 'webhook' },
      'webhook handled',
    );
    return c.json({ received: true as const, outcome }, 200);
  });

  return routes;
}
