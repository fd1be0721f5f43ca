import { ChevronDown, LineChart, Menu, UserRound } from 'lucide-react';
import { cloneElement, lazy, Suspense, useState, type ReactElement } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import type { SessionUser } from '../../../shared/auth-answers';
import { href } from '../../../shared/routes';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/utils';
import { useAuth } from '../accounts/auth-context';
import { learnTriggerClass } from './menu-styles';
import { MobileMenu } from './mobile-menu';
import { ThemeToggle } from './theme-toggle';
import { useScrolled } from './use-scrolled';

// The dropdowns (Radix, with its positioning and focus code) load on first use: most visits never open them.
const loadLearn = () => import('./learn-dropdown');
const loadAccount = () => import('./account-dropdown');
const LearnDropdown = lazy(() => loadLearn().then((m) => ({ default: m.LearnDropdown })));
const AccountDropdown = lazy(() => loadAccount().then((m) => ({ default: m.AccountDropdown })));

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn('rounded-md px-3 py-2 text-sm font-medium hover:bg-muted', isActive && 'text-primary dark:text-blue-400');

/**
 * A menu button that looks like the real one; the first click (or Enter) loads the real menu and opens it.
 * Hovering or focusing starts the download early.
 */
function OnDemandMenu({ trigger, load, menu }: { trigger: ReactElement<Record<string, unknown>>; load: () => Promise<unknown>; menu: ReactElement }) {
  const [wanted, setWanted] = useState(false);
  const preload = () => void load();
  const button = cloneElement(trigger, {
    type: 'button',
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onPointerEnter: preload,
    onFocus: preload,
    onClick: () => setWanted(true),
  });
  return wanted ? <Suspense fallback={button}>{menu}</Suspense> : button;
}

export function Header() {
  const scrolled = useScrolled();
  const { pathname } = useLocation();
  // The mobile menu is open for the route it was opened on, so any navigation closes it.
  const [mobileOpenAt, setMobileOpenAt] = useState<string | null>(null);
  const mobileOpen = mobileOpenAt === pathname;

  return (
    <header
      data-scrolled={scrolled}
      className={cn(
        'fixed inset-x-0 top-0 z-40 transition-colors duration-200',
        scrolled ? 'border-b border-border bg-background/80 shadow-sm backdrop-blur-md' : 'bg-transparent',
      )}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
        <Link to={href.home} className="flex items-center gap-2 text-lg font-bold">
          <LineChart className="h-6 w-6 text-primary dark:text-blue-400" aria-hidden />
          PipLens
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          <NavLink to={href.home} end className={navLinkClass}>
            Home
          </NavLink>
          <OnDemandMenu
            load={loadLearn}
            trigger={
              <button className={learnTriggerClass}>
                Learn <ChevronDown className="h-4 w-4" aria-hidden />
              </button>
            }
            menu={<LearnDropdown defaultOpen />}
          />
          <NavLink to={href.premiumBenefits} className={navLinkClass}>
            Premium
          </NavLink>
          <NavLink to={href.terms} className={navLinkClass}>
            Terms
          </NavLink>
          <JournalLink />
          <ThemeToggle />
          <AccountMenu />
        </nav>
        <Button
          variant="ghost"
          size="icon"
          className="md:hidden"
          aria-label={mobileOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={mobileOpen}
          aria-controls="mobile-menu"
          onClick={() => setMobileOpenAt(mobileOpen ? null : pathname)}
        >
          <Menu className="h-6 w-6" aria-hidden />
        </Button>
      </div>
      <MobileMenu open={mobileOpen} onClose={() => setMobileOpenAt(null)} />
    </header>
  );
}

/** Signed-in traders reach their trade journal from every page, beside the account menu. */
function JournalLink() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <NavLink to={href.journal} className={navLinkClass}>
      Journal
    </NavLink>
  );
}

function AccountMenu() {
  const { user, loading } = useAuth();

  if (loading) return <span className="inline-block h-9 w-28" aria-hidden />;
  if (!user) {
    return (
      <div className="ml-2 flex items-center gap-2">
        <Button asChild variant="ghost" size="sm">
          <Link to={href.login}>Login</Link>
        </Button>
        <Button asChild size="sm">
          <Link to={href.signup}>Sign Up</Link>
        </Button>
      </div>
    );
  }
  return <AccountButton user={user} />;
}

function AccountButton({ user }: { user: SessionUser }) {
  return (
    <OnDemandMenu
      load={loadAccount}
      trigger={
        <Button variant="outline" size="sm" className="ml-2" aria-label={`Account menu for ${user.name}`}>
          <UserRound className="h-4 w-4" aria-hidden />
          <span className="max-w-32 truncate">{user.name}</span>
        </Button>
      }
      menu={<AccountDropdown user={user} defaultOpen />}
    />
  );
}
