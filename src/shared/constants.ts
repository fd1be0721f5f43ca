/** Business constants: the single source of truth for every text that mentions them (DECISIONS.md). */
export const BRAND = 'PipLens';
export const TRIAL_DAYS = 10;
export const PREMIUM_PRICE_USD = 4.99;
export const PREMIUM_CURRENCY = 'USD';
export const SUBSCRIPTION_DAYS = 30;
export const FREE_DAILY_ANALYSES = 5;
export const FREE_HISTORY_DAYS = 10;
export const DEFAULT_SUPPORT_EMAIL = 'support@piplens.app';
export const TX_REF_PREFIX = 'PIPLENS';

export const MAX_UPLOAD_BYTES = 5_242_880;
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/jpg'] as const;

export const LOCAL_STORAGE_KEYS = {
  redirectAfterAuth: 'redirect_after_auth',
  theme: 'theme',
} as const;

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_DURATION_MS = 5000;
export const UPGRADE_TOAST_DURATION_MS = 8000;
export const EXPIRY_WARNING_DURATION_MS = 6000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export const HEADER_SCROLL_THRESHOLD_PX = 10;
export const MOBILE_BREAKPOINT_PX = 768;

export const formatPrice = (usd: number): string => `$${usd.toFixed(2)}`;
