import { useSyncExternalStore } from 'react';
import { HEADER_SCROLL_THRESHOLD_PX } from '../../../shared/constants';

const subscribe = (listener: () => void) => {
  window.addEventListener('scroll', listener, { passive: true });
  return () => window.removeEventListener('scroll', listener);
};

/** True once the page has scrolled past the header threshold (SPEC §2: 10 px). */
export function useScrolled(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.scrollY > HEADER_SCROLL_THRESHOLD_PX,
    () => false,
  );
}
