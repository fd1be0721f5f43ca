/**
 * Where a shared screenshot waits on the phone between the share sheet and the dashboard: Cache Storage,
 * written by the service worker (src/web/service-worker/sw.ts), read once and removed by the page. It is
 * never sent anywhere until the trader asks for an analysis.
 */
const STORE = 'piplens-share-target';
/** A cache key only: no such URL is ever requested from the server. */
const KEY = '/share-target/waiting-file';

export const SHARED_FILE_STORE = STORE;

export async function keepSharedFile(file: File): Promise<void> {
  const cache = await caches.open(STORE);
  await cache.put(
    KEY,
    new Response(file, {
      // The type as the share sheet gave it (Content-Type would be normalised), checked by the page.
      headers: { 'X-File-Type': file.type, 'X-File-Name': encodeURIComponent(file.name) },
    }),
  );
}

async function take(): Promise<File | null> {
  // Cache Storage exists only in secure contexts (https, localhost); so does a service worker.
  if (typeof caches === 'undefined') return null;
  const cache = await caches.open(STORE);
  const response = await cache.match(KEY);
  if (!response) return null;
  const bytes = await response.blob();
  await cache.delete(KEY);
  const name = decodeURIComponent(response.headers.get('X-File-Name') ?? '') || 'shared screenshot';
  return new File([bytes], name, { type: response.headers.get('X-File-Type') ?? '' });
}

let taking: Promise<File | null> | null = null;

/** The waiting file, removed from the store; null when none waits. Callers at the same moment share one read. */
export function takeSharedFile(): Promise<File | null> {
  taking ??= take().finally(() => {
    taking = null;
  });
  return taking;
}
