import { DEFAULT_SUPPORT_EMAIL } from '../../shared/constants';

/** The explicit list of values the server hands to the browser (injected into the page). */
export interface PublicConfig {
  supportEmail: string;
  appUrl: string;
}

declare global {
  interface Window {
    __PIPLENS__?: Partial<PublicConfig>;
  }
}

export function publicConfig(): PublicConfig {
  // globalThis is window in the browser; the build's prerender sets it on the server side.
  const injected = (globalThis as { __PIPLENS__?: Partial<PublicConfig> }).__PIPLENS__ ?? {};
  return {
    supportEmail: injected.supportEmail ?? DEFAULT_SUPPORT_EMAIL,
    appUrl: injected.appUrl ?? (typeof window === 'undefined' ? '' : window.location.origin),
  };
}
