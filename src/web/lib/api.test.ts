import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiRequestError, SOMETHING_WRONG, apiFetch, apiSend } from './api';

const TradeAnswerSchema = z.object({ id: z.string(), lots: z.number() });

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The server as a stand-in: `answer` for the API call, 204 for the browser's report of a bad answer. */
function serve(answer: () => Response) {
  const fetchMock = vi.fn((input: RequestInfo | URL, _init?: RequestInit) =>
    Promise.resolve(String(input) === '/api/client-events/bad-response' ? new Response(null, { status: 204 }) : answer()),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const reportsOf = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls
    .filter(([input]) => String(input) === '/api/client-events/bad-response')
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable('the request should fail'),
    (error: unknown) => error as ApiRequestError,
  );

let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  // A bad answer is logged on purpose; the test checks what was logged.
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiFetch', () => {
  it('returns the answer read with its schema, keys the schema does not describe left out', async () => {
    const fetchMock = serve(() => json({ id: 't-1', lots: 0.1, internal: 'x' }));
    await expect(apiFetch('/api/trades/t-1', TradeAnswerSchema)).resolves.toEqual({ id: 't-1', lots: 0.1 });
    expect(reportsOf(fetchMock)).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it("gives the trader's message for an answer that breaks its contract, and logs it in the console and on the server", async () => {
    const fetchMock = serve(() => json({ id: 't-1', lots: '0.1' }));
    const error = await failure(apiFetch('/api/trades/t-1?view=full', TradeAnswerSchema));
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 200, code: 'BAD_RESPONSE', message: SOMETHING_WRONG });
    expect(error.message).toBe('Something went wrong, please try again.');
    expect(consoleError).toHaveBeenCalledTimes(1);
    // Where the answer differs, never what it held: no query, no values.
    const [report] = reportsOf(fetchMock) as { path: string; status: number; issues: { path: string; message: string }[] }[];
    expect(report).toMatchObject({ path: '/api/trades/t-1', status: 200, issues: [{ path: 'lots' }] });
    expect(JSON.stringify(report)).not.toContain('0.1');
    expect(fetchMock.mock.calls.at(-1)?.[1]).toMatchObject({ method: 'POST', keepalive: true });
  });

  it('reports an answer that is not JSON at all', async () => {
    const fetchMock = serve(() => new Response('<html>maintenance</html>', { status: 200 }));
    const error = await failure(apiFetch('/api/trades/t-1', TradeAnswerSchema));
    expect(error).toMatchObject({ code: 'BAD_RESPONSE', message: SOMETHING_WRONG });
    expect(reportsOf(fetchMock)).toHaveLength(1);
  });

  it("reads an error answer's shape: the server's code, message and details", async () => {
    serve(() => json({ error: { code: 'TRADE_CHANGED', message: 'Changed in another tab.', details: [{ path: ['lots'] }] } }, 409));
    const error = await failure(apiFetch('/api/trades/t-1', TradeAnswerSchema));
    expect(error).toMatchObject({ status: 409, code: 'TRADE_CHANGED', message: 'Changed in another tab.', details: [{ path: ['lots'] }] });
    expect(consoleError).not.toHaveBeenCalled();
  });

  it("reads better-auth's own error shape on its endpoints only", async () => {
    const fetchMock = serve(() => json({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' }, 401));
    const signIn = await failure(apiFetch('/api/auth/sign-in/email', TradeAnswerSchema));
    expect(signIn).toMatchObject({ status: 401, code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' });
    expect(reportsOf(fetchMock)).toEqual([]);

    const elsewhere = await failure(apiFetch('/api/trades/t-1', TradeAnswerSchema));
    expect(elsewhere).toMatchObject({ status: 401, code: 'BAD_RESPONSE', message: SOMETHING_WRONG });
    expect(reportsOf(fetchMock)).toHaveLength(1);
  });

  it("says what it can of an error that is not JSON (a proxy's page), without a report", async () => {
    const fetchMock = serve(() => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    const error = await failure(apiFetch('/api/trades/t-1', TradeAnswerSchema));
    expect(error).toMatchObject({ status: 502, code: 'HTTP_ERROR', message: 'API error: 502 Bad Gateway' });
    expect(reportsOf(fetchMock)).toEqual([]);
  });

  it('says PipLens could not be reached when the request never gets an answer', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(apiFetch('/api/trades/t-1', TradeAnswerSchema)).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });
});

describe('apiSend', () => {
  it('takes a 204 for done', async () => {
    const fetchMock = serve(() => new Response(null, { status: 204 }));
    await expect(apiSend('/api/trades/t-1', { method: 'DELETE' })).resolves.toBeUndefined();
    expect(reportsOf(fetchMock)).toEqual([]);
  });

  it('reports an answer with content where none was promised', async () => {
    const fetchMock = serve(() => json({ deleted: true }));
    const error = await failure(apiSend('/api/trades/t-1', { method: 'DELETE' }));
    expect(error).toMatchObject({ status: 200, code: 'BAD_RESPONSE', message: SOMETHING_WRONG });
    expect(reportsOf(fetchMock)).toHaveLength(1);
  });
});
