import { ROUTES } from '../../shared/routes';
import { SHARE_TARGET } from '../../shared/share-target';

/** The app shell: the page every signed-in route is, before its data. Offline, other routes fall back to it. */
export const SHELL_PATH = ROUTES.dashboard;

/**
 * What the service worker does with a request:
 * - 'share-target': the share sheet's POST; the file is kept on the device, never sent on;
 * - 'page': a navigation; the network first, the cached copy when offline;
 * - 'asset': a content-hashed build file; the cache first (it never changes under its name);
 * - 'file': another public file (icons, images); the network first, the cached copy when offline;
 * - 'network': left to the browser, never cached (the API, other origins, other methods).
 */
export type Handling = 'share-target' | 'page' | 'asset' | 'file' | 'network';

const PUBLIC_FILE = /^\/(icons|images)\/[^/]+(\/[^/]+)*\.[a-z0-9]+$|^\/(favicon\.svg|manifest\.webmanifest)$/;

export function handlingOf(request: { method: string; url: string; mode: string }, origin: string): Handling {
  const url = new URL(request.url);
  if (url.origin !== origin) return 'network';
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return 'network';
  if (request.method === 'POST' && url.pathname === SHARE_TARGET.path) return 'share-target';
  if (request.method !== 'GET') return 'network';
  if (request.mode === 'navigate') return 'page';
  if (url.pathname.startsWith('/assets/') && !url.pathname.endsWith('.map')) return 'asset';
  if (PUBLIC_FILE.test(url.pathname)) return 'file';
  return 'network';
}

/** The cache key of a page: its path without query or trailing slash, as the server reads it. */
export function pageKey(url: string): string {
  const { pathname } = new URL(url);
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}
