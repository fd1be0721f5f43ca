export interface ProviderRequest {
  prompt: string;
  image: { base64: string; mimeType: 'image/png' | 'image/jpeg' };
  timeoutMs: number;
}

export interface ModelProvider {
  /** The name shown to traders as modelName, e.g. 'gemini-3.6-flash'. */
  name: string;
  /** Returns the model's raw text reply; throws ProviderError on any failure. */
  complete(request: ProviderRequest): Promise<string>;
}

export type ProviderFailureKind =
  | 'rate-limited'
  | 'quota'
  | 'unavailable'
  | 'timeout'
  | 'http'
  | 'empty'
  | 'blocked'
  | 'refused'
  | 'bad-response'
  | 'network';

/** A failed call, with the message SPEC §8 gives for it. */
export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderFailureKind,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

const timeoutError = (timeoutMs: number) =>
  new ProviderError('timeout', `The model did not answer within ${Math.round(timeoutMs / 100) / 10} s`);

const isAbort = (error: unknown) =>
  error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');

/**
 * POSTs JSON and reads the whole answer under one deadline: the status, the headers and every
 * byte of the body. Whatever goes wrong (no connection, a time-out, a body that stalls, is cut
 * off or is not JSON, an error status) comes out as a ProviderError, never as anything else.
 */
export async function postJson(url: string, init: RequestInit, timeoutMs: number): Promise<unknown> {
  const signal = AbortSignal.timeout(Math.max(1, Math.floor(timeoutMs)));
  let response: Response;
  try {
    response = await fetch(url, { ...init, method: 'POST', signal });
  } catch (error) {
    if (isAbort(error) || signal.aborted) throw timeoutError(timeoutMs);
    throw new ProviderError('network', `The model could not be reached: ${(error as Error).message}`);
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    if (isAbort(error) || signal.aborted) throw timeoutError(timeoutMs);
    throw new ProviderError('bad-response', `The model's answer was cut off: ${(error as Error).message}`);
  }
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!response.ok) throw httpFailure(response, body);
  if (body === undefined || typeof body !== 'object' || body === null) {
    throw new ProviderError('bad-response', `API error: ${response.status} answer is not JSON`);
  }
  return body;
}

/** Retry-After as seconds or as an HTTP date. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header.trim());
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - now) / 1000);
}

interface ErrorBody {
  error?:
    | {
        message?: string;
        status?: string;
        code?: number | string;
        details?: { '@type'?: string; retryDelay?: string }[];
      }
    | string;
}

/** Maps an HTTP failure to SPEC's 'API error: {status} {statusText}', or the provider's own message. */
export function httpFailure(response: Response, body: unknown): ProviderError {
  let providerMessage: string | undefined;
  let retryAfterSeconds: number | undefined;
  let status: string | undefined;
  const error = (body as ErrorBody | undefined)?.error;
  if (typeof error === 'string') providerMessage = error;
  else if (error && typeof error === 'object') {
    providerMessage = typeof error.message === 'string' ? error.message : undefined;
    status = error.status;
    const retryInfo = Array.isArray(error.details) ? error.details.find((d) => d?.['@type']?.endsWith('RetryInfo')) : undefined;
    if (retryInfo?.retryDelay) {
      const parsed = Number.parseFloat(retryInfo.retryDelay);
      if (Number.isFinite(parsed)) retryAfterSeconds = parsed;
    }
  }
  retryAfterSeconds ??= parseRetryAfter(response.headers.get('retry-after'));
  const message = providerMessage ?? `API error: ${response.status} ${response.statusText}`;
  if (response.status === 429) {
    const quota = status === 'RESOURCE_EXHAUSTED' || /quota/i.test(message);
    return new ProviderError(quota ? 'quota' : 'rate-limited', message, retryAfterSeconds);
  }
  // OpenRouter answers 402 when the account's credits are used up.
  if (response.status === 402) return new ProviderError('quota', message, retryAfterSeconds);
  if (response.status === 503 || response.status === 502 || response.status === 504 || response.status === 529) {
    return new ProviderError('unavailable', message, retryAfterSeconds);
  }
  return new ProviderError('http', message);
}
