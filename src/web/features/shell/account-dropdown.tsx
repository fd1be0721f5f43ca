import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { UserRound } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { SessionUser } from '../../../shared/auth-answers';
import { href } from '../../../shared/routes';
import { Button } from '../../components/ui/button';
import { useLogout } from '../accounts/use-logout';
import { ClearHistoryDialog } from '../history/clear-history-dialog';
import { menuContentClass, menuItemClass } from './menu-styles';

/** The signed-in account menu (Radix); the header loads it on first use. */
export function AccountDropdown({ user, defaultOpen = false }: { user: SessionUser; defaultOpen?: boolean }) {
  const navigate = useNavigate();
  const logout = useLogout();
  const [confirmClear, setConfirmClear] = useState(false);
  return (
    <>
      <DropdownMenu.Root defaultOpen={defaultOpen}>
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
            <DropdownMenu.Item className={menuItemClass} onSelect={() => void navigate(href.journal)}>
              Journal
            </DropdownMenu.Item>
            <DropdownMenu.Item className={menuItemClass} onSelect={() => void navigate(href.subscription)}>
              Subscription
            </DropdownMenu.Item>
            {user.role === 'admin' && (
              <>
                <DropdownMenu.Item className={menuItemClass} onSelect={() => void navigate(href.adminSettings)}>
                  Admin Settings
                </DropdownMenu.Item>
                <DropdownMenu.Item className={menuItemClass} onSelect={() => void navigate(href.adminEngine)}>
                  Engine Readings
                </DropdownMenu.Item>
              </>
            )}
            <DropdownMenu.Item className={menuItemClass} onSelect={() => setConfirmClear(true)}>
              Clear History
            </DropdownMenu.Item>
            <DropdownMenu.Separator className="my-1 h-px bg-border" />
            <DropdownMenu.Item className={menuItemClass} onSelect={() => void logout()}>
              Logout
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ClearHistoryDialog open={confirmClear} onOpenChange={setConfirmClear} />
    </>
  );
}
