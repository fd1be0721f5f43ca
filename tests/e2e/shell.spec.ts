import { expect } from '@playwright/test';
import { expectAccessible, expectConsoleMessages, test, visit } from './support';

test.describe('theme', () => {
  test('is dark by default, stored, and the toggle persists across reloads', async ({ page }) => {
    await visit(page, '/');
    await expect(page.locator('html')).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    await expectAccessible(page);

    await page.reload();
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark/);
  });

  test('forces dark for any stored value other than light', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('theme', 'sepia'));
    await visit(page, '/');
    await expect(page.locator('html')).toHaveClass(/dark/);
  });
});

test('the header turns translucent after 10 px of scroll', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 500 });
  await visit(page, '/');
  const header = page.locator('header').first();
  await expect(header).toHaveAttribute('data-scrolled', 'false');
  const transparent = await header.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(transparent).toBe('rgba(0, 0, 0, 0)');

  await page.evaluate(() => window.scrollTo(0, 8));
  await expect(header).toHaveAttribute('data-scrolled', 'false');
  await page.evaluate(() => window.scrollTo(0, 40));
  await expect(header).toHaveAttribute('data-scrolled', 'true');
  await expect
    .poll(() => header.evaluate((el) => getComputedStyle(el).backgroundColor))
    .toMatch(/^(rgba|oklab|color)\(.*\/ ?0\.8\)$|rgba\(\d+, \d+, \d+, 0\.8\)/);
});

test('the desktop menu has the Learn dropdown, Premium, Terms and the logged-out account actions', async ({ page }) => {
  await visit(page, '/');
  const nav = page.getByRole('navigation', { name: 'Main', exact: true });
  await nav.getByRole('button', { name: 'Learn' }).click();
  for (const item of ['Learn More', 'Blog', 'AI in Forex', 'Risk Management']) {
    await expect(page.getByRole('menuitem', { name: item })).toBeVisible();
  }
  await page.getByRole('menuitem', { name: 'Risk Management' }).click();
  await expect(page).toHaveURL(/\/blog\/risk-management$/);
  await expect(nav.getByRole('link', { name: 'Premium' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Terms' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Sign Up' })).toBeVisible();
});

test('the mobile menu at 375 px opens, marks the current route, locks scroll and closes on navigation', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await visit(page, '/terms');
  await expect(page.getByRole('navigation', { name: 'Main', exact: true })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Mobile', exact: true });
  await expect(menu).toBeVisible();
  for (const item of ['Home', 'Learn More', 'Premium', 'Blog', 'Terms']) {
    await expect(menu.getByRole('link', { name: item, exact: true })).toBeVisible();
  }
  await expect(menu.getByRole('switch', { name: 'Dark Mode' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Terms' })).toHaveAttribute('aria-current', 'page');
  await expect(menu.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
  await expectAccessible(page);

  await menu.getByRole('link', { name: 'Blog' }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(menu).toBeHidden();
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('switch', { name: 'Dark Mode' }).click();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
});

test('an unknown path shows Page Not Found with working buttons', async ({ page }) => {
  expectConsoleMessages(/status of 404 .*\/(no\/such\/page|still\/missing)\)/);
  await visit(page, '/terms');
  await page.goto('/no/such/page');
  const response = await page.request.get('/no/such/page');
  expect(response.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByText("The page you're looking for doesn't exist or has been moved.")).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await page.goto('/still/missing');
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a toast appears, pauses while hovered and closes with Escape', async ({ page }) => {
  await page.clock.install();
  await visit(page, '/');
  await page.getByRole('textbox', { name: 'Name' }).fill('Ann');
  await page.getByRole('textbox', { name: 'Email' }).fill('ann@example.com');
  await page.getByRole('textbox', { name: 'Feedback' }).fill('Great tool');
  await page.getByRole('button', { name: 'Submit Feedback' }).click();
  await expect(page.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
  const toast = page.getByRole('region', { name: /Notifications/ }).getByRole('listitem').filter({ hasText: 'Feedback submitted' });
  await expect(toast).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('');

  await toast.hover();
  await page.clock.runFor(6000); // the toast's timers run past its 5000 ms default duration
  await expect(toast).toBeVisible();

  await page.keyboard.press('F8'); // focuses the toast viewport
  await page.keyboard.press('Escape');
  await expect(toast).toBeHidden();
});

test('pages carry a Content-Security-Policy, and the API reference loads only from this origin', async ({ page }) => {
  expectConsoleMessages(/status of 404 .*\/no\/such\/page\)/);
  for (const pathname of ['/', '/login', '/dashboard', '/blog', '/no/such/page']) {
    const response = await page.goto(pathname);
    const policy = response?.headers()['content-security-policy'] ?? '';
    expect(policy, pathname).toContain("script-src 'self'");
    expect(policy, pathname).toContain("frame-ancestors 'none'");
    expect(policy, pathname).not.toContain("'unsafe-inline' 'self'");
  }
  const origins = new Set<string>();
  page.on('request', (request) => origins.add(new URL(request.url()).origin));
  const docs = await page.goto('/api/docs');
  expect(docs?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByText('PipLens API', { exact: false }).first()).toBeVisible({ timeout: 15_000 });
  expect([...origins].filter((origin) => origin !== new URL(page.url()).origin && !origin.startsWith('data:'))).toEqual([]);
});
