import type { Server } from 'node:http';

/** How long an idle kept-alive connection stays open: longer than the usual proxies' 60 s. */
export const KEEP_ALIVE_MS = 65_000;

/**
 * Node closes an idle kept-alive connection after 5 s, and a client that reuses it at that moment
 * (a browser, a proxy) gets a reset instead of an answer. Keeping idle connections longer than the
 * clients do means it is always the client that closes them.
 */
export function keepConnectionsAlive(server: Pick<Server, 'keepAliveTimeout' | 'headersTimeout'>): void {
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1000;
}
