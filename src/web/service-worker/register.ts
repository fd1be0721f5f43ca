/**
 * Registers the service worker (production builds) once the page has loaded: nothing is added to the
 * first render's path, and its first download of the app shell waits for the page's own.
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      console.warn('PipLens could not install its offline support:', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
