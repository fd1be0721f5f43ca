import { LOCAL_STORAGE_KEYS } from '../../shared/constants';

export function saveRedirectAfterAuth(path: string) {
  localStorage.setItem(LOCAL_STORAGE_KEYS.redirectAfterAuth, path);
}

/** Returns the saved path (only same-site paths) and clears it. */
export function takeRedirectAfterAuth(): string | null {
  const saved = localStorage.getItem(LOCAL_STORAGE_KEYS.redirectAfterAuth);
  localStorage.removeItem(LOCAL_STORAGE_KEYS.redirectAfterAuth);
  return saved && saved.startsWith('/') && !saved.startsWith('//') ? saved : null;
}
