import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from './test/harness';
import { defaultEngineThreads, parseEnv, EnvError } from './env';

describeEachDatabase('health', (server) => {
  it('answers ok while the database answers', async () => {
    const response = await server().app.request('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
    expect(response.headers.get('x-request-id')).toBeTruthy();
  });

  it('serves the OpenAPI document', async () => {
    const response = await server().app.request('/api/openapi.json');
    const doc = (await response.json()) as { paths: Record<string, unknown> };
    expect(doc.paths['/api/health']).toBeDefined();
    for (const path of ['/api/journal', '/api/journal/trades', '/api/journal/trades/{id}', '/api/journal/trades/{id}/close', '/api/journal/trades/{id}/photos', '/api/journal/photos/{photoId}', '/api/journal/trades.csv']) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });

  it('answers 503 when the database does not answer', async () => {
    const { deps, app } = server();
    const ping = deps.database.ping;
    deps.database.ping = () => Promise.reject(new Error('connection refused'));
    try {
      const response = await app.request('/api/health');
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: 'unavailable' });
    } finally {
      deps.database.ping = ping;
    }
  });
});

describe('environment', () => {
  it('names each bad variable', () => {
    try {
      parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', ADMIN_EMAILS: 'not-an-email', DATA_DIR: '/tmp/piplens-env-test' });
      expect.unreachable('parseEnv accepted bad values');
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      const message = (error as EnvError).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL');
      expect(message).toContain('ADMIN_EMAILS');
    }
  });

  it('keeps a core for the event loop in a process that also serves, and gives a worker every core', () => {
    expect(defaultEngineThreads('all', 2)).toBe(1);
    expect(defaultEngineThreads('all', 1)).toBe(1);
    expect(defaultEngineThreads('all', 8)).toBe(7);
    expect(defaultEngineThreads('worker', 2)).toBe(2);
    const base = { DATA_DIR: '/tmp/piplens-env-test', APP_SECRET: 'y'.repeat(40), DATABASE_URL: 'postgres://u@127.0.0.1/db' };
    expect(parseEnv(base).ENGINE_THREADS).toBe(defaultEngineThreads('all'));
    expect(parseEnv({ ...base, ROLE: 'worker' }).ENGINE_THREADS).toBe(defaultEngineThreads('worker'));
    expect(parseEnv({ ...base, ENGINE_THREADS: '3' }).ENGINE_THREADS).toBe(3);
  });

  it('refuses sandbox payments in production', () => {
    expect(() =>
      parseEnv({ NODE_ENV: 'production', PAYMENTS_MODE: 'sandbox', APP_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/piplens-env-test' }),
    ).toThrow(/PAYMENTS_MODE/);
  });

  it('defaults to the documented listen address and sandbox payments outside production', () => {
    const env = parseEnv({ DATA_DIR: '/tmp/piplens-env-test', APP_SECRET: 'y'.repeat(40) });
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe('127.0.0.1');
    expect(env.PAYMENTS_MODE).toBe('sandbox');
    expect(env.APP_URL).toBe('http://127.0.0.1:3000');
    expect(env.SERVE_SOURCE_MAPS).toBe(true);
  });

  it('runs the payment sandbox on a public address only when asked for', () => {
    const base = { DATA_DIR: '/tmp/piplens-env-test', APP_SECRET: 'y'.repeat(40) };
    expect(parseEnv({ ...base, HOST: '0.0.0.0' }).PAYMENTS_MODE).toBe('live');
    expect(parseEnv({ ...base, HOST: '10.1.2.3' }).PAYMENTS_MODE).toBe('live');
    expect(parseEnv({ ...base, HOST: '::1' }).PAYMENTS_MODE).toBe('sandbox');
    expect(parseEnv({ ...base, HOST: '0.0.0.0', PAYMENTS_MODE: 'sandbox' }).PAYMENTS_MODE).toBe('sandbox');
    expect(parseEnv({ ...base, NODE_ENV: 'production' }).PAYMENTS_MODE).toBe('live');
  });

  it('serves no source maps in production unless asked for', () => {
    const base = { DATA_DIR: '/tmp/piplens-env-test', APP_SECRET: 'y'.repeat(40), NODE_ENV: 'production' };
    expect(parseEnv(base).SERVE_SOURCE_MAPS).toBe(false);
    expect(parseEnv({ ...base, SERVE_SOURCE_MAPS: 'true' }).SERVE_SOURCE_MAPS).toBe(true);
  });
});
