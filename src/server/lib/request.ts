import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppEnv } from './context';

/** '::ffff:10.0.0.1' and '10.0.0.1' are one address. */
const normalise = (address: string): string => address.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');

function peerAddress(c: Context): string | null {
  try {
    const address = getConnInfo(c).remote.address;
    return address ? normalise(address) : null;
  } catch {
    return null;
  }
}

/**
 * The client's address. The socket's peer, unless that peer is one of TRUSTED_PROXIES: then
 * the X-Forwarded-For entries are read from the right, past the trusted proxies, and the first
 * address no trusted proxy vouches for is the client. Entries further left were written by the
 * client itself and are never believed, so an outsider cannot choose the address their attempts
 * count against. 'local' for in-process calls that have no socket.
 */
export function clientIp(c: Context<AppEnv>): string {
  const peer = peerAddress(c);
  if (!peer) return 'local';
  const trusted = c.get('deps')?.env.TRUSTED_PROXIES ?? [];
  return forwardedClient(peer, c.req.header('x-forwarded-for'), trusted);
}

export function forwardedClient(peer: string, forwardedFor: string | undefined, trusted: readonly string[]): string {
  if (!trusted.includes(peer)) return peer;
  const hops = (forwardedFor ?? '').split(',').map(normalise).filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i] as string;
    if (!trusted.includes(hop)) return hop;
  }
  return hops[0] ?? peer;
}
