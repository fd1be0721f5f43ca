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
  subscription: '/subscription',
  adminSettings: '/admin/settings',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
} as const;

export const href = {
  ...ROUTES,
  article: (articleId: string) => `/blog/${encodeURIComponent(articleId)}`,
};

/** Paths the server answers with the app and 200; anything else gets the Not-found page with 404. */
export function isKnownRoute(pathname: string): boolean {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (Object.values(ROUTES) as string[]).includes(clean) || /^\/blog\/[^/]+$/.test(clean);
}

/** Private routes that search engines are asked to leave alone. */
export const PRIVATE_ROUTES = [
  ROUTES.dashboard,
  ROUTES.subscription,
  ROUTES.adminSettings,
  ROUTES.welcome,
  ROUTES.resetPassword,
  '/api/',
] as const;
