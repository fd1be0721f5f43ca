import { X } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { href } from '../../../shared/routes';
import { cn } from '../../lib/utils';
import { useAuth } from '../accounts/auth-context';
import { useLogout } from '../accounts/use-logout';
import { MOBILE_ITEMS } from './nav-items';
import { DarkModeSwitch } from './theme-toggle';

// Loaded when first asked for: the menu ships with every public page, the dialog is rarely needed.
const ClearHistoryDialog = lazy(() => import('../history/clear-history-dialog').then((m) => ({ default: m.ClearHistoryDialog })));

const itemClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'block rounded-md px-3 py-3 text-base hover:bg-muted',
    isActive && 'bg-accent font-semibold text-primary dark:text-blue-300',
  );

export function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { user } = useAuth();
  const logout = useLogout();
  const [confirmClear, setConfirmClear] = useState(false);

  // Lock the page behind the menu while it is open; Escape closes it.
  useEffect(() => {
    if (!open) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      document.body.style.overflow = previous;
      window.removeEventListener('keydown', onKey);
    };
  }, [open, onClose]);

  if (!open) return null;
  return (
    <div className="md:hidden">
      <div className="fixed inset-0 top-16 z-40 bg-black/50" aria-hidden onClick={onClose} />
      <nav
        id="mobile-menu"
        aria-label="Mobile"
        className="fixed bottom-0 right-0 top-16 z-50 w-72 max-w-[85vw] overflow-y-auto border-l border-border bg-background p-4 shadow-xl"
      >
        <div className="mb-2 flex justify-end">
          <button type="button" onClick={onClose} aria-label="Close menu" className="rounded-md p-2 hover:bg-muted">
            <X className="h-5 w-5" aria-hidden />
          </button>
        </div>
        <ul className="space-y-1">
          {MOBILE_ITEMS.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.to === href.home} className={itemClass}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="my-3 border-t border-border" />
        <DarkModeSwitch />
        <div className="my-3 border-t border-border" />
        {user ? (
          <ul className="space-y-1">
            <li>
              <NavLink to={href.dashboard} className={itemClass}>
                Dashboard
              </NavLink>
            </li>
            <li>
              <NavLink to={href.journal} className={itemClass}>
                Journal
              </NavLink>
            </li>
            <li>
              <NavLink to={href.subscription} className={itemClass}>
                Subscription
              </NavLink>
            </li>
            <li>
              <button
                type="button"
                className="block w-full rounded-md px-3 py-3 text-left hover:bg-muted"
                onClick={() => setConfirmClear(true)}
              >
                Clear History
              </button>
            </li>
            <li>
              <button
                type="button"
                className="block w-full rounded-md px-3 py-3 text-left hover:bg-muted"
                onClick={() => void logout()}
              >
                Logout
              </button>
            </li>
          </ul>
        ) : (
          <div className="grid gap-2">
            <Link to={href.login} className="rounded-md border border-border px-3 py-3 text-center hover:bg-muted">
              Login
            </Link>
            <Link to={href.signup} className="rounded-md bg-primary px-3 py-3 text-center text-primary-foreground">
              Sign Up
            </Link>
          </div>
        )}
      </nav>
      {confirmClear && (
        <Suspense fallback={null}>
          <ClearHistoryDialog open onOpenChange={setConfirmClear} />
        </Suspense>
      )}
    </div>
  );
}
