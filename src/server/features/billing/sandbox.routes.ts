import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../lib/context';
import { sandboxCheckoutScript } from './sandbox-script';
import { SANDBOX } from './payment-config';

const ChargeSchema = z.object({
  tx_ref: z.string().min(1).max(200),
  amount: z.number().positive(),
  currency: z.string().min(3).max(3),
  customer: z.object({ email: z.string().optional(), name: z.string().optional() }).default({}),
  outcome: z.enum(['successful', 'failed']),
});

interface SandboxTransaction {
  id: number;
  tx_ref: string;
  flw_ref: string;
  amount: number;
  charged_amount: number;
  currency: string;
  status: 'successful' | 'failed';
  payment_type: 'card';
  created_at: string;
  customer: { email?: string; name?: string };
}

/**
 * PAYMENTS_MODE=sandbox: a stand-in for Flutterwave's inline script, its charge, its verify API
 * (same paths, headers and JSON as /v3/transactions/{id}/verify) and its charge.completed webhook,
 * so the whole payment flow runs offline. Transactions live in memory: the sandbox is for
 * development and tests, and the server refuses it in production.
 */
export function sandboxRoutes(deliverWebhook: (body: unknown, hash: string) => Promise<void>) {
  const transactions = new Map<number, SandboxTransaction>();
  let nextId = 700_000_000 + Math.floor(Math.random() * 1_000_000);

  return new Hono<AppEnv>()
    .get('/v3.js', (c) => {
      c.header('Content-Type', 'text/javascript; charset=utf-8');
      c.header('Cache-Control', 'no-cache');
      return c.body(sandboxCheckoutScript(SANDBOX.basePath));
    })
    .post('/charges', zValidator('json', ChargeSchema), (c) => {
      const input = c.req.valid('json');
      nextId += 1;
      const transaction: SandboxTransaction = {
        id: nextId,
        tx_ref: input.tx_ref,
        flw_ref: `PIPLENS-SANDBOX-${nextId}`,
        amount: input.amount,
        charged_amount: input.amount,
        currency: input.currency,
        status: input.outcome,
        payment_type: 'card',
        created_at: new Date().toISOString(),
        customer: input.customer,
      };
      transactions.set(transaction.id, transaction);
      // Like the provider, tell the server on its own, whether or not the browser comes back.
      if (transaction.status === 'successful') {
        deliverWebhook({ event: 'charge.completed', data: transaction }, SANDBOX.webhookHash).catch(
          (error: unknown) => {
            c.get('logger').warn({ err: error }, 'sandbox webhook delivery failed');
          },
        );
      }
      return c.json({
        status: transaction.status,
        transaction_id: transaction.id,
        tx_ref: transaction.tx_ref,
        flw_ref: transaction.flw_ref,
        amount: transaction.amount,
        currency: transaction.currency,
        customer: transaction.customer,
      });
    })
    .get('/v3/transactions/:id/verify', (c) => {
      if (c.req.header('authorization') !== `Bearer ${SANDBOX.secretKey}`) {
        return c.json({ status: 'error', message: 'Invalid authorization key', data: null }, 401);
      }
      const transaction = transactions.get(Number(c.req.param('id')));
      if (!transaction)
        return c.json({ status: 'error', message: 'No transaction was found for this id', data: null }, 400);
      return c.json({ status: 'success', message: 'Transaction fetched successfully', data: transaction });
    });
}
