import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown } from 'lucide-react';
import { Link } from 'react-router';
import { LEARN_ITEMS } from './nav-items';
import { learnTriggerClass, menuContentClass, menuItemClass } from './menu-styles';

/** The Learn menu (Radix); the header loads it on first use. */
export function LearnDropdown({ defaultOpen = false }: { defaultOpen?: boolean }) {
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className={learnTriggerClass}>
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
  );
}
