import type { RouteObject } from 'react-router';
import { ROUTES, SHARE_ROUTE } from '../../shared/routes';
import { Spinner } from '../components/ui/input';
import { RootLayout } from '../features/shell/root-layout';
import { RouteError } from './route-error';

/** Shown in the layout while a page's module loads on a first visit that was not prerendered (the dashboard). */
function PageLoading() {
  return <Spinner className="mx-auto my-24 flex justify-center" label="Loading..." />;
}

const withFallback = (pages: RouteObject[]): RouteObject[] => pages.map((page) => ({ ...page, HydrateFallback: PageLoading }));

/**
 * The route table of SPEC §2; pages load on demand. main.tsx makes the browser router from it, and the build
 * renders the public pages from it (src/web/prerender.tsx).
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: withFallback([
      { path: ROUTES.home, lazy: () => import('../features/content/home-page').then((m) => ({ Component: m.HomePage })) },
      { path: ROUTES.learnMore, lazy: () => import('../features/content/learn-more-page').then((m) => ({ Component: m.LearnMorePage })) },
      {
        path: ROUTES.premiumBenefits,
        lazy: () => import('../features/billing/premium-benefits-page').then((m) => ({ Component: m.PremiumBenefitsPage })),
      },
      { path: ROUTES.blog, lazy: () => import('../features/content/blog-page').then((m) => ({ Component: m.BlogPage })) },
      {
        path: `${ROUTES.blog}/:articleId`,
        lazy: () => import('../features/content/blog-article-page').then((m) => ({ Component: m.BlogArticlePage })),
      },
      { path: ROUTES.terms, lazy: () => import('../features/content/terms-page').then((m) => ({ Component: m.TermsPage })) },
      { path: ROUTES.login, lazy: () => import('../features/accounts/login-page').then((m) => ({ Component: m.LoginPage })) },
      { path: ROUTES.signup, lazy: () => import('../features/accounts/signup-page').then((m) => ({ Component: m.SignupPage })) },
      { path: ROUTES.welcome, lazy: () => import('../features/accounts/welcome-page').then((m) => ({ Component: m.WelcomePage })) },
      {
        path: ROUTES.forgotPassword,
        lazy: () => import('../features/accounts/forgot-password-page').then((m) => ({ Component: m.ForgotPasswordPage })),
      },
      {
        path: ROUTES.resetPassword,
        lazy: () => import('../features/accounts/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })),
      },
      {
        path: ROUTES.dashboard,
        lazy: () => import('../features/analysis/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
      },
      { path: ROUTES.journal, lazy: () => import('../features/journal/journal-page').then((m) => ({ Component: m.JournalPage })) },
      {
        path: ROUTES.subscription,
        lazy: () => import('../features/billing/subscription-page').then((m) => ({ Component: m.SubscriptionPage })),
      },
      {
        path: ROUTES.adminSettings,
        lazy: () => import('../features/admin/admin-settings-page').then((m) => ({ Component: m.AdminSettingsPage })),
      },
      {
        path: ROUTES.adminEngine,
        lazy: () => import('../features/admin/engine-review-page').then((m) => ({ Component: m.EngineReviewPage })),
      },
      { path: SHARE_ROUTE, lazy: () => import('../features/share/shared-analysis-page').then((m) => ({ Component: m.SharedAnalysisPage })) },
      { path: '*', lazy: () => import('../features/shell/not-found-page').then((m) => ({ Component: m.NotFoundPage })) },
    ]),
  },
];
