import { ApiRequestError, messageOf } from '../../lib/api';

/**
 * The server's word on each field of a refused change: TRADE_INVALID names fields by path, zod's
 * VALIDATION_FAILED by a path array. Anything else is the form's own message.
 */
export function serverProblems(error: unknown): { path: string; message: string }[] {
  if (!(error instanceof ApiRequestError)) return [{ path: 'form', message: messageOf(error) }];
  const details = Array.isArray(error.details) ? (error.details as unknown[]) : [];
  const problems = details.flatMap((detail) => {
    if (!detail || typeof detail !== 'object') return [];
    const { path, message } = detail as { path?: unknown; message?: unknown };
    const first = Array.isArray(path) ? path[0] : path;
    return typeof message === 'string' ? [{ path: typeof first === 'string' ? first : 'form', message }] : [];
  });
  return problems.length ? problems : [{ path: 'form', message: error.message }];
}

export const isTradeChanged = (error: unknown) => error instanceof ApiRequestError && error.code === 'TRADE_CHANGED';
