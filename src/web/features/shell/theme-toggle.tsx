import { Moon, Sun } from 'lucide-react';
import { useTheme } from '../../lib/theme';
import { Button } from '../../components/ui/button';

export function ThemeToggle() {
  const { theme, toggle } = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <Button variant="ghost" size="icon" onClick={toggle} aria-label={`Switch to ${next} theme`} title={`Switch to ${next} theme`}>
      {theme === 'dark' ? <Sun className="h-5 w-5" aria-hidden /> : <Moon className="h-5 w-5" aria-hidden />}
    </Button>
  );
}

/** The mobile menu's 'Dark Mode' switch. */
export function DarkModeSwitch() {
  const { theme, toggle } = useTheme();
  return (
    <button
      type="button"
      role="switch"
      aria-checked={theme === 'dark'}
      onClick={toggle}
      className="flex w-full items-center justify-between rounded-md px-3 py-3 text-left hover:bg-muted"
    >
      <span>Dark Mode</span>
      <span
        aria-hidden
        className={`relative h-6 w-11 rounded-full transition-colors ${theme === 'dark' ? 'bg-primary' : 'bg-slate-400'}`}
      >
        <span
          className={`absolute top-0.5 h-5 w-5 rounded-full bg-white transition-all ${theme === 'dark' ? 'left-5' : 'left-0.5'}`}
        />
      </span>
    </button>
  );
}
