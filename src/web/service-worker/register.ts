/**
 * Registers the service worker (production builds) once the page has loaded and gone idle: nothing is
 * added to the first render's path, and the worker's first download of the app shell (about 300 KB
 * gzip) does not compete with hydration for the phone's CPU and network.
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      console.warn('PipLens could not install its offline support:', error);
    });
  };
  const whenIdle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(register, { timeout: 10_000 }) : register();
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
