import { useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { usePageMeta } from '../../lib/use-page-meta';
import { OfflineGate } from '../offline/offline-gate';
import { DeferredToaster } from './deferred-toaster';
import { Footer } from './footer';
import { Header } from './header';

export function RootLayout() {
  usePageMeta();
  // Marks the moment the page answers to clicks: prerendered HTML is on screen before the app has hydrated it.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-card focus:p-2">
        Skip to content
      </a>
      <Header />
      <main id="main" className="flex-1 pt-16">
        <OfflineGate>
          <Outlet />
        </OfflineGate>
      </main>
      <Footer />
      <DeferredToaster />
      <ScrollRestoration />
    </div>
  );
}
