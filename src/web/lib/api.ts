/** The one API client: JSON in and out, the server's error shape turned into an Error with its message. */
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

interface ErrorShape {
  error?: { code?: string; message?: string; details?: unknown };
}

export async function apiFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.body !== undefined && !(init.body instanceof FormData) && !headers.has('Content-Type')) {
    headers.set('Content-Type', 'application/json');
  }
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin', ...init, headers });
  } catch {
    throw new ApiRequestError(0, 'NETWORK', 'PipLens could not be reached. Check your connection and try again.');
  }
  if (response.status === 204) return undefined as T;
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (body as ErrorShape | null)?.error;
    throw new ApiRequestError(
      response.status,
      error?.code ?? 'HTTP_ERROR',
      error?.message ?? `API error: ${response.status} ${response.statusText}`,
      error?.details,
    );
  }
  return body as T;
}

export const postJson = <T>(path: string, body: unknown) =>
  apiFetch<T>(path, { method: 'POST', body: JSON.stringify(body) });
