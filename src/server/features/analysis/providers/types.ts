export interface ProviderRequest {
  prompt: string;
  image: { base64: string; mimeType: 'image/png' | 'image/jpeg' };
  timeoutMs: number;
}

export interface ModelProvider {
  /** The name shown to traders as modelName, e.g. 'gemini-2.0-flash'. */
  name: string;
  /** Returns the model's raw text reply; throws ProviderError on any failure. */
  complete(request: ProviderRequest): Promise<string>;
}

export type ProviderFailureKind = 'rate-limited' | 'unavailable' | 'timeout' | 'http' | 'empty' | 'blocked' | 'network';

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

/** Fetch with a per-call deadline; network failures and time-outs become ProviderErrors. */
export async function fetchWithTimeout(url: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      throw new ProviderError('timeout', `The model did not answer within ${Math.round(timeoutMs / 1000)} s`);
    }
    throw new ProviderError('network', `The model could not be reached: ${(error as Error).message}`);
  }
}

/** Maps an HTTP failure to SPEC's 'API error: {status} {statusText}', or the provider's own message. */
export async function httpFailure(response: Response): Promise<ProviderError> {
  let providerMessage: string | undefined;
  let retryAfterSeconds: number | undefined;
  try {
    const body = (await response.json()) as {
      error?: { message?: string; details?: { '@type'?: string; retryDelay?: string }[] } | string;
    };
    if (typeof body.error === 'string') providerMessage = body.error;
    else {
      providerMessage = body.error?.message;
      const retryInfo = body.error?.details?.find((d) => d['@type']?.endsWith('RetryInfo'));
      if (retryInfo?.retryDelay) retryAfterSeconds = Number.parseFloat(retryInfo.retryDelay);
    }
  } catch {
    // Not JSON: the status line says enough.
  }
  const header = response.headers.get('retry-after');
  if (retryAfterSeconds === undefined && header && !Number.isNaN(Number(header))) retryAfterSeconds = Number(header);
  const message = providerMessage ?? `API error: ${response.status} ${response.statusText}`;
  if (response.status === 429) return new ProviderError('rate-limited', message, retryAfterSeconds);
  if (response.status === 503 || response.status === 502 || response.status === 504) {
    return new ProviderError('unavailable', message, retryAfterSeconds);
  }
  return new ProviderError('http', message);
}
