import { useCallback, useSyncExternalStore } from 'react';
import { LOCAL_STORAGE_KEYS } from '../../shared/constants';

export type Theme = 'dark' | 'light';

const listeners = new Set<() => void>();

function readTheme(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

export function applyTheme(theme: Theme) {
  // Switch colours at once: transitions would fade every element through unreadable in-between colours.
  const freeze = document.createElement('style');
  freeze.textContent = '*,*::before,*::after{transition:none!important}';
  document.head.appendChild(freeze);
  document.documentElement.classList.toggle('dark', theme === 'dark');
  void getComputedStyle(document.body).color;
  requestAnimationFrame(() => freeze.remove());
  document.documentElement.style.colorScheme = theme;
  try {
    localStorage.setItem(LOCAL_STORAGE_KEYS.theme, theme);
  } catch {
    // Private mode without storage: the theme still applies for this visit.
  }
  listeners.forEach((listener) => listener());
}

/** The theme lives on <html> (set before paint by index.html); this hook follows and changes it. */
export function useTheme() {
  const theme = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    readTheme,
    () => 'dark' as Theme,
  );
  const toggle = useCallback(() => applyTheme(readTheme() === 'dark' ? 'light' : 'dark'), []);
  return { theme, toggle };
}
