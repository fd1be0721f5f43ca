import { createRoute } from '@hono/zod-openapi';
import {
  PAYMENT_KEY_NAMES,
  PaymentKeysSchema,
  PaymentKeysStatusSchema,
  type PaymentKeysStatus,
} from '../../../shared/billing';
import { EngineReadingsPageSchema, EngineReadingsQuerySchema, EngineReviewSchema } from '../../../shared/engine-review';
import { requireAdmin } from '../../auth/guards';
import type { Env } from '../../env';
import type { SessionUser } from '../../lib/context';
import { createRouter, errorResponse, jsonResponse } from '../../lib/openapi';
import { envPaymentKey } from '../billing/payment-config';
import { engineReadings, engineReview } from './engine-review.store';
import { readPaymentKeys, savePaymentKeys, type StoredPaymentKeys } from './payment-keys.store';

const statusResponse = {
  description: 'Whether each key is set, its last 4 characters and its source; never a value',
  content: { 'application/json': { schema: PaymentKeysStatusSchema } },
};

const getKeysRoute = createRoute({
  method: 'get',
  path: '/settings/payment-keys',
  summary: 'Payment key status (admins only)',
  middleware: [requireAdmin] as const,
  responses: { 200: statusResponse, 401: errorResponse('Not signed in'), 403: errorResponse('Not an admin') },
});

const saveKeysRoute = createRoute({
  method: 'put',
  path: '/settings/payment-keys',
  summary: 'Save the payment keys, encrypted at rest (admins only)',
  middleware: [requireAdmin] as const,
  request: { body: { content: { 'application/json': { schema: PaymentKeysSchema } }, required: true } },
  responses: {
    200: statusResponse,
    400: errorResponse('A key is missing or malformed'),
    401: errorResponse('Not signed in'),
    403: errorResponse('Not an admin'),
  },
});

const engineReviewRoute = createRoute({
  method: 'get',
  path: '/engine/review',
  summary:
    "The chart engine's refusals and low-confidence answers of the last 7 days, counted by rule id (admins only)",
  middleware: [requireAdmin] as const,
  responses: {
    200: jsonResponse(EngineReviewSchema, 'Counts by rule id, most first'),
    401: errorResponse('Not signed in'),
    403: errorResponse('Not an admin'),
  },
});

const engineReadingsRoute = createRoute({
  method: 'get',
  path: '/engine/readings',
  summary: 'The readings one rule refused or lowered in the last 7 days, with their traces, 20 a page (admins only)',
  middleware: [requireAdmin] as const,
  request: { query: EngineReadingsQuerySchema },
  responses: {
    200: jsonResponse(EngineReadingsPageSchema, 'Newest first; no picture and nothing about who uploaded it'),
    400: errorResponse('The rule, outcome or page is not valid'),
    401: errorResponse('Not signed in'),
    403: errorResponse('Not an admin'),
  },
});

const last4 = (value: string) => (value.length > 8 ? value.slice(-4) : null);

function keysStatus(env: Env, stored: StoredPaymentKeys): PaymentKeysStatus {
  return {
    mode: env.PAYMENTS_MODE,
    keys: PAYMENT_KEY_NAMES.map((name) => {
      const saved = stored[name];
      const fromEnv = envPaymentKey(env, name);
      const value = saved?.value ?? fromEnv;
      return {
        name,
        set: value !== null,
        // Short values are shown as set only: four characters of an eight-character secret is half of it.
        last4: value === null ? null : last4(value),
        source: saved ? 'admin' : fromEnv !== null ? 'environment' : 'none',
        updatedAt: saved ? saved.updatedAt.toISOString() : null,
      };
    }),
  };
}

/**
 * Admin settings (payment keys: every change goes to the audit log) and the review of the chart
 * engine's refusals. Only the admin role passes.
 */
export function adminRoutes() {
  const routes = createRouter();

  routes.openapi(getKeysRoute, async (c) => {
    const { env } = c.get('deps');
    c.header('Cache-Control', 'no-store');
    return c.json(keysStatus(env, await readPaymentKeys(c.get('db'), env.APP_SECRET, c.get('logger'))), 200);
  });

  routes.openapi(saveKeysRoute, async (c) => {
    const { env } = c.get('deps');
    const admin = c.get('user') as SessionUser;
    await savePaymentKeys(c.get('db'), env.APP_SECRET, admin.id, c.req.valid('json'));
    c.get('logger').info({ actorId: admin.id }, 'payment keys saved');
    c.header('Cache-Control', 'no-store');
    return c.json(keysStatus(env, await readPaymentKeys(c.get('db'), env.APP_SECRET, c.get('logger'))), 200);
  });

  routes.openapi(engineReviewRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await engineReview(c.get('db')), 200);
  });

  routes.openapi(engineReadingsRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await engineReadings(c.get('db'), c.req.valid('query')), 200);
  });

  return routes;
}
