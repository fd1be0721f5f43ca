/**
 * PipLens's service worker, served as /sw.js (bundled by scripts/build.mjs, which fills in the list of
 * files to keep). It keeps the app shell and the public pages so PipLens opens offline, and receives the
 * phone's share sheet (docs/ARCHITECTURE.md, 'Installable app'). The API is never cached.
 */
import { SHARE_OUTCOME, SHARE_TARGET, shareLanding, type ShareOutcome } from '../../shared/share-target';
import { keepSharedFile } from '../features/share-target/shared-file-store';
import { handlingOf, pageKey, SHELL_PATH } from './routes';

/** Filled in at build: the pages (prerendered ones and the shell) and the build files to keep. */
declare const __PRECACHE__: { pages: string[]; files: string[] };
/** Changes whenever a kept file does: a new worker, a new cache. */
declare const __PRECACHE_VERSION__: string;

// The parts of the worker's scope used here: the project compiles against the DOM library, which has no
// service worker types.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface WorkerScope {
  readonly location: Location;
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}
const worker = self as unknown as WorkerScope;

const CACHE_PREFIX = 'piplens-app-';
const CACHE = `${CACHE_PREFIX}${__PRECACHE_VERSION__}`;
const PAGES = new Set(__PRECACHE__.pages);
// The server varies its answers by Accept-Encoding, which the network adds after the cache is asked.
const MATCH = { ignoreVary: true };

worker.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await keepAll(cache, [...__PRECACHE__.pages, ...__PRECACHE__.files]);
      // A new version takes over at once: pages are fetched network first, and hashed files never change.
      await worker.skipWaiting();
    })(),
  );
});

/**
 * Fetches and keeps `urls` a few at a time and at low priority: at install the worker shares a phone's
 * CPU and network with the page that registered it.
 */
async function keepAll(cache: Cache, urls: string[], atOnce = 3) {
  const waiting = [...urls];
  const fetcher = async () => {
    for (let url = waiting.shift(); url !== undefined; url = waiting.shift()) {
      const response = await fetch(url, { priority: 'low' });
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      await cache.put(url, response);
    }
  };
  await Promise.all(Array.from({ length: atOnce }, fetcher));
}

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // Older versions' caches go; the shared-file store is not one of them (a share may be waiting).
      const names = await caches.keys();
      await Promise.all(
        names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE).map((name) => caches.delete(name)),
      );
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener('fetch', (event) => {
  const handling = handlingOf(event.request, worker.location.origin);
  if (handling === 'share-target') event.respondWith(receiveShare(event.request));
  else if (handling === 'page') event.respondWith(page(event));
  else if (handling === 'asset') event.respondWith(asset(event));
  else if (handling === 'file') event.respondWith(file(event));
});

/** The share sheet's form: the file is kept on the device and the dashboard opened (303, so it is a GET). */
async function receiveShare(request: Request): Promise<Response> {
  let outcome: ShareOutcome = SHARE_OUTCOME.received;
  try {
    const shared = (await request.formData()).get(SHARE_TARGET.fileField);
    if (shared instanceof File) await keepSharedFile(shared);
    else outcome = SHARE_OUTCOME.unreadable;
  } catch {
    outcome = SHARE_OUTCOME.unreadable;
  }
  return Response.redirect(new URL(shareLanding(outcome), worker.location.origin).href, 303);
}

/** Network first; a kept page's fresh copy replaces the old one. Offline: the kept page, else the shell. */
async function page(event: FetchEvent): Promise<Response> {
  const key = pageKey(event.request.url);
  try {
    const response = await fetch(event.request);
    if (response.status === 200 && response.type === 'basic' && PAGES.has(key)) {
      const copy = response.clone();
      event.waitUntil(caches.open(CACHE).then((cache) => cache.put(key, copy)));
    }
    return response;
  } catch (error) {
    const cache = await caches.open(CACHE);
    const kept = (await cache.match(key, MATCH)) ?? (await cache.match(SHELL_PATH, MATCH));
    if (kept) return kept;
    throw error;
  }
}

/** Content-hashed: the kept copy is the file. Ones not kept at install (used rarely) are kept when first fetched. */
async function asset(event: FetchEvent): Promise<Response> {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(event.request, MATCH);
  if (kept) return kept;
  const response = await fetch(event.request);
  if (response.status === 200) {
    const copy = response.clone();
    event.waitUntil(cache.put(event.request, copy));
  }
  return response;
}

/** Icons and pictures may change under their names: network first, the kept copy offline. */
async function file(event: FetchEvent): Promise<Response> {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(event.request);
    if (response.status === 200) {
      const copy = response.clone();
      event.waitUntil(cache.put(event.request, copy));
    }
    return response;
  } catch (error) {
    const kept = await cache.match(event.request, MATCH);
    if (kept) return kept;
    throw error;
  }
}
