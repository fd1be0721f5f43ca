import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * Today's date on the visitor's machine, or null while the prerendered HTML is rendered and hydrated:
 * the build ran on another day, so the date only appears once the page runs in the browser.
 */
export function useToday(): Date | null {
  return useSyncExternalStore(subscribe, today, () => null);
}

let cached: { key: string; date: Date } | undefined;

// useSyncExternalStore needs the same object while the day has not changed.
function today(): Date {
  const now = new Date();
  const key = now.toDateString();
  if (cached?.key !== key) cached = { key, date: now };
  return cached.date;
}
