import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, LineChart, Menu, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { href } from '../../../shared/routes';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/utils';
import { useAuth } from '../accounts/auth-context';
import { useLogout } from '../accounts/use-logout';
import { useClearHistory } from '../history/clear-history';
import { MobileMenu } from './mobile-menu';
import { LEARN_ITEMS } from './nav-items';
import { ThemeToggle } from './theme-toggle';
import { useScrolled } from './use-scrolled';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn('rounded-md px-3 py-2 text-sm font-medium hover:bg-muted', isActive && 'text-primary dark:text-blue-400');

const menuItemClass =
  'flex cursor-pointer select-none items-center rounded-sm px-3 py-2 text-sm outline-none data-[highlighted]:bg-muted';
const menuContentClass = 'z-50 min-w-44 rounded-md border border-border bg-card p-1 text-foreground shadow-lg';

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
          <DropdownMenu.Root>
            <DropdownMenu.Trigger className="inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium hover:bg-muted">
              Learn <ChevronDown className="h-4 w-4" aria-hidden />
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content align="start" sideOffset={6} className={menuContentClass}>
                {LEARN_ITEMS.map((item) => (
                  <DropdownMenu.Item key={item.to} asChild className={menuItemClass}>
                    <Link to={item.to}>{item.label}</Link>
                  </DropdownMenu.Item>
                ))}
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
          <NavLink to={href.premiumBenefits} className={navLinkClass}>
            Premium
          </NavLink>
          <NavLink to={href.terms} className={navLinkClass}>
            Terms
          </NavLink>
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

function AccountMenu() {
  const { user, loading } = useAuth();
  const navigate = useNavigate();
  const logout = useLogout();
  const clearHistory = useClearHistory();

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
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button variant="outline" size="sm" className="ml-2" aria-label={`Account menu for ${user.name}`}>
          <UserRound className="h-4 w-4" aria-hidden />
          <span className="max-w-32 truncate">{user.name}</span>
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className={menuContentClass}>
          <DropdownMenu.Item className={menuItemClass} onSelect={() => void navigate(href.dashboard)}>
            Dashboard
          </DropdownMenu.Item>
          <DropdownMenu.Item className={menuItemClass} onSelect={() => void navigate(href.subscription)}>
            Subscription
          </DropdownMenu.Item>
          {user.role === 'admin' && (
            <DropdownMenu.Item className={menuItemClass} onSelect={() => void navigate(href.adminSettings)}>
              Admin Settings
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item className={menuItemClass} onSelect={() => clearHistory.mutate()}>
            Clear History
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item className={menuItemClass} onSelect={() => void logout()}>
            Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
