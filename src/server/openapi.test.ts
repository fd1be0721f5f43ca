import { expect, it } from 'vitest';
import { describeEachDatabase } from './test/harness';

/**
 * Routes under /api that the document leaves out, and why: the document itself and its page, the
 * payment provider's stand-in (sandbox mode only, speaking Flutterwave's contract, not PipLens's),
 * and better-auth's catch-all (the endpoints of it the app uses are documented one by one).
 */
const NOT_DOCUMENTED = [
  /^GET \/api\/openapi\.json$/,
  /^GET \/api\/docs(\/.*)?$/,
  /^(GET|POST) \/api\/billing\/sandbox\//,
  /^(GET|POST) \/api\/auth\/\*$/,
];

describeEachDatabase('the OpenAPI document', (server) => {
  it('lists every /api route of the router, and nothing the router lacks', async () => {
    const { app } = server();
    const routed = new Set(
      app.routes
        .filter((r) => r.path.startsWith('/api/') && r.method !== 'ALL')
        .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`)
        .filter((route) => !NOT_DOCUMENTED.some((pattern) => pattern.test(route))),
    );
    const doc = (await (await app.request('/api/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`)),
    );
    // better-auth's endpoints the app calls are served by its catch-all, not by a route of their own.
    const byAuthHandler = [...documented].filter((route) => route.includes('/api/auth/') && !routed.has(route));
    expect(byAuthHandler.sort()).toEqual(['GET /api/auth/get-session', 'GET /api/auth/verify-email', 'POST /api/auth/reset-password', 'POST /api/auth/sign-out']);
    expect([...routed].filter((route) => !documented.has(route)).sort()).toEqual([]);
    expect([...documented].filter((route) => !routed.has(route) && !byAuthHandler.includes(route)).sort()).toEqual([]);
  });
});
