import { lazy, Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { PRIVATE_ROUTES } from '../../../shared/routes';
import { useAuth } from '../accounts/auth-context';
import { useOnline } from './use-online';

// Loaded only when needed (from the service worker's cache when offline): most visits never show it.
const OfflineState = lazy(() => import('./offline-state').then((m) => ({ default: m.OfflineState })));

const isPrivate = (pathname: string) =>
  PRIVATE_ROUTES.some((route) =>
    route.endsWith('/') ? pathname.startsWith(route) : pathname === route || pathname.startsWith(`${route}/`),
  );

/**
 * The signed-in pages need the server. Offline, a page opened from the service worker's cache shows
 * the offline state instead of spinners and a sign-in it cannot do; a page already open (the trader
 * is known) keeps its work and shows the offline notice above it.
 */
export function OfflineGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { user, unreachable } = useAuth();
  // A session check that could not reach the server counts as offline too, whatever the browser
  // says of its connection: such a page would otherwise send the trader to a sign-in.
  const online = useOnline() && !unreachable;
  if (online || !isPrivate(pathname)) return children;
  return (
    <>
      <Suspense fallback={null}>
        <OfflineState compact={Boolean(user)} />
      </Suspense>
      {user && children}
    </>
  );
}
