/**
 * Phone first: at 360 and 412 px wide, every page fits the screen (nothing scrolls sideways) and
 * passes axe with no serious or critical violation, signed out, signed in, and with an analysis,
 * its history and its shared link on screen.
 */
import { expect, type Page } from '@playwright/test';
import { BLOG_POSTS } from '../../src/shared/blog';
import { href } from '../../src/shared/routes';
import { chartFile, clickAnalyse, subscribeInSandbox } from './charts';
import { expectAccessible, expectNoSidewaysScroll, signUpViaApi, test, visit } from './support';

const PHONES = [
  { width: 360, height: 740 },
  { width: 412, height: 915 },
];

const PUBLIC_PAGES = [
  href.home,
  href.learnMore,
  href.premiumBenefits,
  href.blog,
  ...BLOG_POSTS.map((post) => href.article(post.id)),
  href.terms,
  href.login,
  href.signup,
  href.forgotPassword,
];


/** Signed out: each public page, then a signed-in trader's own pages. */
async function checkPages(page: Page, paths: string[], width: number) {
  for (const path of paths) {
    await visit(page, path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(page, `${path} at ${width} px`);
  }
}

for (const { width, height } of PHONES) {
  test.describe(`at ${width} x ${height}`, () => {
    // A phone's screen is its viewport: with the desktop profile's 1920 px screen, Chromium's
    // preload scanner sizes the home page's screenshot for 1920 px and then never uses it.
    test.use({ viewport: { width, height }, screen: { width, height }, isMobile: true, hasTouch: true });

    test('no public page scrolls sideways or fails axe', async ({ page }) => {
      await checkPages(page, PUBLIC_PAGES, width);
      // The mobile menu, open, on the last of them.
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
      await expectAccessible(page);
      await expectNoSidewaysScroll(page, `the open menu at ${width} px`);
    });

    test('no signed-in page scrolls sideways or fails axe', async ({ page }) => {
      await signUpViaApi(page);
      await checkPages(page, [href.welcome, href.subscription], width);
      await visit(page, href.dashboard);
      await expect(page.getByText('No Analysis History')).toBeVisible();
      await expectNoSidewaysScroll(page, `${href.dashboard} at ${width} px`);
    });

    test('the dashboard with a result, a corrected analysis in the history and its shared link fit the screen', async ({
      page,
      browser,
    }) => {
      await signUpViaApi(page);
      // Premium, so the analysis can be shared.
      await subscribeInSandbox(page);

      await visit(page, href.dashboard);
      await page.locator('input[type=file]').setInputFiles(await chartFile(10));
      await clickAnalyse(page);
      await expectAccessible(page);
      await expectNoSidewaysScroll(page, `the dashboard with a result at ${width} px`);

      // The scale the trader set, as the browser would get it for a corrected analysis.
      await page.route('**/api/history', async (route) => {
        if (route.request().method() !== 'GET') return route.fallback();
        // A fresh connection each time: a kept-alive one the server has just closed resets the fetch.
        const response = await route.fetch({ headers: { ...route.request().headers(), connection: 'close' } });
        const body = (await response.json()) as { items: { result: Record<string, unknown> }[] };
        const items = body.items.map((item) => ({
          ...item,
          result: { ...item.result, setByTrader: { scale: true, lastPrice: null } },
        }));
        await route.fulfill({ response, json: { ...body, items } });
      });
      const panel = page.getByRole('region', { name: 'Export and share' });
      await panel.getByRole('button', { name: 'Share link' }).click();
      const link = panel.getByRole('textbox', { name: /Read-only link/ });
      await expect(link).toHaveValue(/\/share\/[A-Za-z0-9_-]{32}$/);
      const history = page.getByRole('region', { name: 'Analysis History' });
      const item = history.getByRole('button', { name: /Set by you: the price scale/ });
      await expect(item).toHaveCount(1);
      await item.click();
      await expect(item).toHaveAttribute('aria-current', 'true');
      await expect(page.getByRole('note').filter({ hasText: 'Set by you: the price scale' })).toBeVisible();
      await expectAccessible(page);
      await expectNoSidewaysScroll(page, `the dashboard with a corrected analysis from the history at ${width} px`);

      const visitor = await browser.newContext({
        viewport: { width, height },
        screen: { width, height },
        isMobile: true,
        hasTouch: true,
      });
      const shared = await visitor.newPage();
      await shared.goto(await link.inputValue());
      await expect(shared.getByRole('heading', { name: 'Analysis result' })).toBeVisible();
      await expect(shared.getByRole('img', { name: /Entry, stop loss, take profit/ })).toBeVisible();
      await expectAccessible(shared);
      await expectNoSidewaysScroll(shared, `the shared analysis at ${width} px`);
      await visitor.close();
    });
  });
}
