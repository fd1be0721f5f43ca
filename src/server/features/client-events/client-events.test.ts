import { expect, it, vi } from 'vitest';
import { BAD_RESPONSE_LIMITS } from '../../../shared/client-events';
import type { Logger } from '../../logger';
import { describeEachDatabase, TestClient } from '../../test/harness';

const report = (overrides: Record<string, unknown> = {}) => ({
  path: '/api/history',
  status: 200,
  issues: [{ path: 'items.0.chart.read', message: 'Invalid input: expected object, received string' }],
  ...overrides,
});

describeEachDatabase('client events', (server) => {
  /** What the routes warn about, through the request logger the app makes for each request. */
  function warnings() {
    const warned: [unknown, string][] = [];
    const { logger } = server().deps;
    const requestLogger = {
      info: () => undefined,
      error: () => undefined,
      warn: (fields: unknown, message: string) => warned.push([fields, message]),
    } as unknown as ReturnType<Logger['child']>;
    vi.spyOn(logger, 'child').mockReturnValue(requestLogger);
    return warned;
  }

  it('logs an API answer the browser found off its contract: where it differs, for whom', async () => {
    const warned = warnings();
    const response = await new TestClient(server()).request('/api/client-events/bad-response', { json: report() });
    expect(response.status).toBe(204);
    expect(warned).toEqual([
      [
        { apiPath: '/api/history', status: 200, issues: report().issues, userId: undefined },
        'browser: API answer did not match its contract',
      ],
    ]);
  });

  it('refuses what is not such a report, and logs nothing', async () => {
    const warned = warnings();
    const client = new TestClient(server());
    const tooMany = Array.from({ length: BAD_RESPONSE_LIMITS.issues + 1 }, (_, i) => ({ path: `p${i}`, message: 'm' }));
    for (const body of [report({ issues: undefined }), report({ status: 700 }), report({ issues: tooMany })]) {
      const response = await client.request('/api/client-events/bad-response', { json: body });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('VALIDATION_FAILED');
    }
    expect(warned).toEqual([]);
  });

  it('keeps a report to the body limit of the API’s small posts', async () => {
    const long = 'x'.repeat(9 * 1024);
    const response = await new TestClient(server()).request('/api/client-events/bad-response', {
      json: report({ issues: [{ path: '', message: long }] }),
    });
    expect(response.status).toBe(413);
  });
});
