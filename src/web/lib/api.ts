/**
 * The one API client: JSON in and out, every answer read with its shared schema, the server's error
 * shape turned into an Error with its message. It loads zod/mini only, which reads classic zod
 * schemas too, so the public pages that call the API stay free of classic zod.
 */
import * as z from 'zod/mini';
import { ApiErrorSchema, AuthLibraryErrorSchema } from '../../shared/api-error';
import { BAD_RESPONSE_LIMITS } from '../../shared/client-events';
import type { BadResponseEvent } from '../../shared/client-events-schema';

/** What the trader is told when an answer does not have the shape its contract promises. */
export const SOMETHING_WRONG = 'Something went wrong, please try again.';
const UNREACHABLE = 'PipLens could not be reached. Check your connection and try again.';

/** What to tell the trader of a failed request: its message, or `fallback` for anything that is not an Error. */
export const messageOf = (error: unknown, fallback = SOMETHING_WRONG) =>
  error instanceof Error && error.message ? error.message : fallback;

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

/** A schema of an answer: a shared one, classic zod or zod/mini alike. */
type AnswerSchema = z.core.$ZodType;

const BAD_RESPONSE_REPORT = '/api/client-events/bad-response';

type Problem = BadResponseEvent['issues'][number];

const problemsOf = (issues: readonly z.core.$ZodIssue[]): Problem[] =>
  issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));

/**
 * An answer that broke its contract: logged in the console and on the server (where operators
 * look), saying where the answer differs, never what it held; the trader is told SOMETHING_WRONG.
 */
function badResponse(path: string, status: number, problems: Problem[]): ApiRequestError {
  const cut = (text: string) => text.slice(0, BAD_RESPONSE_LIMITS.text);
  const report: BadResponseEvent = {
    path: path.split('?')[0] ?? path,
    status,
    issues: problems.slice(0, BAD_RESPONSE_LIMITS.issues).map((p) => ({ path: cut(p.path), message: cut(p.message) })),
  };
  console.error('PipLens: an API answer did not match its contract', report);
  void fetch(BAD_RESPONSE_REPORT, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(report),
    credentials: 'same-origin',
    keepalive: true,
  }).catch(() => undefined);
  return new ApiRequestError(status, 'BAD_RESPONSE', SOMETHING_WRONG);
}

const readJson = (response: Response): Promise<unknown> => response.json().catch(() => undefined);

/** An error answer as an Error: the server's code and message, or a plain one for a body that is not JSON (a proxy's page). */
async function errorOf(path: string, response: Response): Promise<ApiRequestError> {
  const body = await readJson(response);
  const error = z.safeParse(ApiErrorSchema, body);
  if (error.success) {
    const { code, message, details } = error.data.error;
    return new ApiRequestError(response.status, code, message, details);
  }
  if (path.startsWith('/api/auth/')) {
    const own = z.safeParse(AuthLibraryErrorSchema, body);
    if (own.success) return new ApiRequestError(response.status, own.data.code, own.data.message);
  }
  if (body === undefined) {
    return new ApiRequestError(response.status, 'HTTP_ERROR', `API error: ${response.status} ${response.statusText}`);
  }
  return badResponse(path, response.status, problemsOf(error.error.issues));
}

async function request(path: string, init: RequestInit): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.body !== undefined && !(init.body instanceof FormData) && !headers.has('Content-Type')) {
    headers.set('Content-Type', 'application/json');
  }
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin', ...init, headers });
  } catch {
    throw new ApiRequestError(0, 'NETWORK', UNREACHABLE);
  }
  if (!response.ok) throw await errorOf(path, response);
  return response;
}

/** The answer of `path`, read with `schema`; one that does not match is an error like any other, and is reported. */
export async function apiFetch<S extends AnswerSchema>(path: string, schema: S, init: RequestInit = {}): Promise<z.output<S>> {
  const response = await request(path, init);
  const parsed = z.safeParse(schema, await readJson(response));
  if (!parsed.success) throw badResponse(path, response.status, problemsOf(parsed.error.issues));
  return parsed.data;
}

/** A request whose answer has no body (204 No Content): a deletion, an event for the logs. */
export async function apiSend(path: string, init: RequestInit = {}): Promise<void> {
  const response = await request(path, init);
  if (response.status !== 204) {
    throw badResponse(path, response.status, [{ path: '', message: `Expected no content (204), received ${response.status}` }]);
  }
}

export const postJson = <S extends AnswerSchema>(path: string, schema: S, body: unknown) =>
  apiFetch(path, schema, { method: 'POST', body: JSON.stringify(body) });
