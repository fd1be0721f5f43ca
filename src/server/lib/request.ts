import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** The peer address of the request; 'local' for in-process calls that have none. */
export function clientIp(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'local';
  } catch {
    return 'local';
  }
}
