/** The route table (SPEC §2): one typed place for every path the web app links to. */
export const ROUTES = {
  home: '/',
  learnMore: '/learn-more',
  premiumBenefits: '/premium-benefits',
  blog: '/blog',
  terms: '/terms',
  login: '/login',
  signup: '/signup',
  welcome: '/welcome',
  dashboard: '/dashboard',
  journal: '/journal',
  subscription: '/subscription',
  adminSettings: '/admin/settings',
  adminEngine: '/admin/engine',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
} as const;

/** Read-only shared analyses (/share/:token): public, but noindex and never in the sitemap. */
export const SHARE_ROUTE_PREFIX = '/share/';
export const SHARE_ROUTE = `${SHARE_ROUTE_PREFIX}:token`;

export const href = {
  ...ROUTES,
  article: (articleId: string) => `/blog/${encodeURIComponent(articleId)}`,
  share: (token: string) => `${SHARE_ROUTE_PREFIX}${encodeURIComponent(token)}`,
};

/** Paths the server answers with the app and 200; anything else gets the Not-found page with 404. */
export function isKnownRoute(pathname: string): boolean {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (Object.values(ROUTES) as string[]).includes(clean) || /^\/(blog|share)\/[^/]+$/.test(clean);
}

/** Private routes that search engines are asked to leave alone. */
export const PRIVATE_ROUTES = [
  ROUTES.dashboard,
  ROUTES.journal,
  ROUTES.subscription,
  ROUTES.adminSettings,
  ROUTES.adminEngine,
  ROUTES.welcome,
  ROUTES.resetPassword,
  SHARE_ROUTE_PREFIX,
  '/api/',
] as const;
