import { Outlet, ScrollRestoration } from 'react-router';
import { Toaster } from '../../components/ui/toaster';
import { usePageMeta } from '../../lib/use-page-meta';
import { Footer } from './footer';
import { Header } from './header';

export function RootLayout() {
  usePageMeta();
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-card focus:p-2">
        Skip to content
      </a>
      <Header />
      <main id="main" className="flex-1 pt-16">
        <Outlet />
      </main>
      <Footer />
      <Toaster />
      <ScrollRestoration />
    </div>
  );
}
