import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { Providers } from './app/providers';
import { routes } from './app/router';
import { registerServiceWorker } from './service-worker/register';
import './styles.css';

/** Loads the lazy modules of the routes on screen, so the first render matches the prerendered HTML. */
async function resolveLazyRoutes(routeTable: RouteObject[]) {
  const matches = matchRoutes(routeTable, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const prerendered = container.firstElementChild !== null;
  if (prerendered) await resolveLazyRoutes(routes);
  const app = (
    <StrictMode>
      <Providers>
        <RouterProvider router={createBrowserRouter(routes)} />
      </Providers>
    </StrictMode>
  );
  // As a transition, hydration yields to the browser between components instead of one long task.
  if (prerendered) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
}

void start();
registerServiceWorker();
