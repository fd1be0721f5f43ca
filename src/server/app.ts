import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { createAuth, type Auth } from './auth/auth';
import { adminRoutes } from './features/admin/admin.routes';
import { accountsRoutes } from './features/accounts/accounts.routes';
import { analysisRoutes } from './features/analysis/analysis.routes';
import { InProcessJobs, type AnalysisJobs } from './features/analysis/analysis-jobs';
import { billingRoutes, type BillingRoutesOptions } from './features/billing/billing.routes';
import { SANDBOX } from './features/billing/payment-config';
import { sandboxRoutes } from './features/billing/sandbox.routes';
import { clientEventsRoutes } from './features/client-events/client-events.routes';
import { apiDocsRoutes, apiReferenceBundle } from './features/content/api-docs.routes';
import { contentRoutes } from './features/content/content.routes';
import { feedbackRoutes } from './features/feedback/feedback.routes';
import { historyRoutes } from './features/history/history.routes';
import { journalRoutes } from './features/journal/journal.routes';
import { noIndexHeaders, sharedRoutes } from './features/share/share.routes';
import type { AppDeps, AppEnv, SessionUser } from './lib/context';
import { apiBodyLimits } from './lib/body-limits';
import { contentSecurityPolicy, defaultCsp } from './lib/csp';
import { ApiError, errorBody } from './lib/errors';
import { validationHook } from './lib/openapi';
import { sameOriginOnly } from './lib/same-origin';
import { webRoutes } from './web-static';

const HEALTH_TIMEOUT_MS = 2000;

const healthRoute = createRoute({
  method: 'get',
  path: '/api/health',
  summary: 'Liveness and database check',
  responses: {
    200: { description: 'Serving', content: { 'application/json': { schema: z.object({ status: z.literal('ok') }) } } },
    503: {
      description: 'The database does not answer',
      content: { 'application/json': { schema: z.object({ status: z.literal('unavailable') }) } },
    },
  },
});

export interface App {
  app: OpenAPIHono<AppEnv>;
  auth: Auth;
  /** Where analyses run: the deps' database jobs, or this process's queue. */
  jobs: AnalysisJobs;
}

export function createApp(deps: AppDeps): App {
  const auth = createAuth(deps);
  const jobs =
    deps.jobs ??
    new InProcessJobs(
      { db: deps.database.db, env: deps.env, engine: deps.engine, logger: deps.logger },
      deps.env.ANALYSIS_CONCURRENCY,
    );
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  // The sandbox plays the payment provider inside this app: its verify API and webhook are reached
  // in-process, through the same HTTP requests and JSON a real provider would exchange.
  const selfFetch: typeof fetch = async (input, init) => app.request(input instanceof URL ? input.href : input, init);
  const billing: BillingRoutesOptions = {
    providerFetch: (mode) => (mode === 'sandbox' ? selfFetch : fetch),
    deliverWebhook: async (body, hash) => {
      const response = await app.request(`${deps.env.APP_URL}/api/billing/webhook`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'verif-hash': hash },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`webhook answered ${response.status}`);
    },
  };

  app.use(requestId());
  app.use(async (c, next) => {
    const started = performance.now();
    const logger = deps.logger.child({ reqId: c.get('requestId') });
    c.set('logger', logger);
    c.set('db', deps.database.db);
    c.set('deps', deps);
    await next();
    logger.info(
      { method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) },
      'request',
    );
  });
  // Pages that set no policy of their own (error pages, the sandbox) run no inline script at all.
  const paymentOrigins = deps.env.PAYMENTS_MODE === 'live' ? [new URL(deps.env.FLUTTERWAVE_SCRIPT_URL).origin, 'https://*.flutterwave.com'] : [];
  app.use(defaultCsp(contentSecurityPolicy({ paymentOrigins })));
  app.use(
    secureHeaders({
      contentSecurityPolicy: undefined,
      crossOriginEmbedderPolicy: false,
    }),
  );

  app.onError((error, c) => {
    if (error instanceof ApiError) return c.json(errorBody(error.code, error.message, error.details), error.status);
    if (error instanceof HTTPException) return c.json(errorBody('HTTP_ERROR', error.message), error.status);
    c.get('logger').error({ err: error }, 'unhandled error');
    return c.json(errorBody('INTERNAL', 'Something went wrong on our side. Please try again.'), 500);
  });
  app.notFound((c) => c.json(errorBody('NOT_FOUND', 'Not found'), 404));

  app.use('/api/*', apiBodyLimits());
  app.use('/api/*', sameOriginOnly(deps.env.APP_URL));

  app.openapi(healthRoute, async (c) => {
    try {
      await Promise.race([
        deps.database.ping(),
        new Promise((_, reject) => setTimeout(() => reject(new Error('database ping timed out')), HEALTH_TIMEOUT_MS)),
      ]);
      return c.json({ status: 'ok' as const }, 200);
    } catch (error) {
      c.get('logger').error({ err: error }, 'health check failed');
      return c.json({ status: 'unavailable' as const }, 503);
    }
  });

  app.route('/api/auth', accountsRoutes(auth));
  app.route('/api/feedback', feedbackRoutes());

  // Every other API route sees the signed-in user (or null).
  app.use('/api/*', async (c, next) => {
    const found = await auth.api.getSession({ headers: c.req.raw.headers });
    c.set('user', found ? toSessionUser(found.user) : null);
    c.set('sessionId', found?.session.id ?? null);
    await next();
  });

  app.route('/api/client-events', clientEventsRoutes());
  app.route('/api/history', historyRoutes());
  app.route('/api/journal', journalRoutes());
  app.route('/api/shared', sharedRoutes());
  app.use('/share/*', noIndexHeaders);
  app.route('/api/admin', adminRoutes());
  app.route('/api/billing', billingRoutes(billing));
  if (deps.env.PAYMENTS_MODE === 'sandbox') app.route(SANDBOX.basePath, sandboxRoutes(billing.deliverWebhook));
  app.route('/api/analyses', analysisRoutes(jobs, deps.engine));

  app.doc31('/api/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'PipLens API', version: '1.0.0' },
  });
  app.route('/api/docs', apiDocsRoutes(deps.webRoot ? apiReferenceBundle(deps.webRoot) : null));

  app.route('/', contentRoutes(deps.env.APP_URL));
  if (deps.webRoot) {
    app.route(
      '/',
      webRoutes(
        deps.webRoot,
        { supportEmail: deps.env.SUPPORT_EMAIL, appUrl: deps.env.APP_URL },
        { serveSourceMaps: deps.env.SERVE_SOURCE_MAPS, paymentOrigins },
      ),
    );
  }
  return { app, auth, jobs };
}

function toSessionUser(raw: {
  id: string;
  email: string;
  name: string;
  createdAt: Date;
  emailVerified: boolean;
  role?: unknown;
  confirmedAt?: unknown;
}): SessionUser {
  return {
    id: raw.id,
    email: raw.email,
    name: raw.name,
    role: typeof raw.role === 'string' ? raw.role : 'user',
    createdAt: new Date(raw.createdAt),
    emailVerified: raw.emailVerified,
    confirmedAt: raw.confirmedAt ? new Date(raw.confirmedAt as string | Date) : null,
  };
}
