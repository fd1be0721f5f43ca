import { expect, type Page } from '@playwright/test';
import { FREE_DAILY_ANALYSES } from '../../src/shared/constants';
import { BASE_URL, confirmEmailViaOutbox, linkFromOutbox, setNewPassword, signUpViaApi, test, visit } from './support';

const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });
const checkoutDialog = (page: Page) => page.getByRole('dialog', { name: 'Sandbox checkout' });

async function openCheckout(page: Page) {
  await visit(page, '/subscription');
  await page.getByRole('button', { name: 'Subscribe Now' }).click();
  await expect(checkoutDialog(page)).toBeVisible();
  await expect(checkoutDialog(page)).toContainText('4.99 USD');
}

test('a trial trader pays in the sandbox checkout and becomes Premium everywhere', async ({ page }) => {
  await signUpViaApi(page);
  await visit(page, '/dashboard');
  await expect(page.getByText(/days left in your trial/)).toBeVisible();
  await expect(page.getByRole('button', { name: `Analyze Chart (${FREE_DAILY_ANALYSES} left today)` })).toBeVisible();

  await openCheckout(page);
  await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();
  await checkoutDialog(page).getByRole('button', { name: 'Pay' }).click();
  await expect(toasts(page).getByText('Subscription activated')).toBeVisible();
  await expect(toasts(page).getByText('Thank you for subscribing to Premium!')).toBeVisible();
  await expect(checkoutDialog(page)).toHaveCount(0);

  await expect(page.getByText('Your account is active with a premium subscription')).toBeVisible();
  await expect(page.getByText('Premium subscription active')).toBeVisible();
  await expect(page.getByText(/^Premium until /)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Already subscribed' })).toBeDisabled();

  await visit(page, '/dashboard');
  await expect(page.getByRole('button', { name: 'Analyze Chart', exact: true })).toBeVisible();
  await expect(page.getByText(/left in your trial|Your trial ends today/)).toHaveCount(0);
  await expect(page.getByText(/left today/)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Upgrade to Pro' })).toHaveCount(0);
});

test("'Decline' shows 'Payment failed' and the trader stays on the trial", async ({ page }) => {
  await signUpViaApi(page);
  await openCheckout(page);
  await checkoutDialog(page).getByRole('button', { name: 'Decline' }).click();
  await expect(toasts(page).getByText('Payment failed')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Subscribe Now' })).toBeEnabled();
  await expect(page.getByText(/days left in your \d+-day trial/)).toBeVisible();
});

test("'Close' leaves the trader unsubscribed with the button usable again", async ({ page }) => {
  await signUpViaApi(page);
  await openCheckout(page);
  await checkoutDialog(page).getByRole('button', { name: 'Close' }).click();
  await expect(checkoutDialog(page)).toHaveCount(0);
  const subscribe = page.getByRole('button', { name: 'Subscribe Now' });
  await expect(subscribe).toBeEnabled();
  await expect(page.getByText(/days left in your \d+-day trial/)).toBeVisible();
  // Usable again: a second attempt opens the checkout once more; Escape closes it too.
  await subscribe.click();
  await expect(checkoutDialog(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(checkoutDialog(page)).toHaveCount(0);
  await expect(subscribe).toBeEnabled();
});

test('the Premium page sends a signed-out visitor to login and back to /subscription', async ({ page }) => {
  await visit(page, '/premium-benefits');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('table')).toContainText('Unlimited');
  await page.getByRole('button', { name: 'Get Premium Now' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('redirect_after_auth'))).toBe('/subscription');
});

test('an admin saves payment keys; a trader opening /admin/settings lands on /', async ({ page, browser }) => {
  const admin = await signUpViaApi(page, { email: 'admin@piplens.test', confirm: false });
  // Signed in before confirming, a listed address is no admin.
  const login = await page.request.post('/api/auth/sign-in/email', {
    data: { email: admin.email, password: admin.password },
    headers: { origin: BASE_URL },
  });
  expect(login.status()).toBe(200);
  expect((await page.request.get('/api/admin/settings/payment-keys')).status()).toBe(403);
  await confirmEmailViaOutbox(page, admin.email);
  // Confirmed, the admin still sets a password through the set-up mail before the role comes.
  expect((await page.request.get('/api/admin/settings/payment-keys')).status()).toBe(403);
  await page.goto(
    await linkFromOutbox(`To: ${admin.email}`, '/api/auth/reset-password/', 'Set your PipLens admin password'),
  );
  await setNewPassword(page, 'the-admins-own-password');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill('the-admins-own-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await visit(page, '/admin/settings');
  await expect(page.getByRole('heading', { name: 'Admin Settings' })).toBeVisible();
  await page.getByRole('button', { name: 'Save API Keys' }).click();
  await expect(page.getByText('Public API key is required')).toBeVisible();

  await page.getByRole('textbox', { name: 'Public API Key' }).fill('FLWPUBK_TEST-e2e-public-key-1111');
  await page.getByRole('textbox', { name: 'Secret Key' }).fill('FLWSECK_TEST-e2e-secret-key-2222');
  await page.getByRole('textbox', { name: 'Encryption Key' }).fill('e2e-encryption-key-3333');
  await page.getByRole('textbox', { name: 'Webhook Secret Hash' }).fill('e2e-webhook-hash-4444');
  await page.getByRole('button', { name: 'Save API Keys' }).click();
  await expect(toasts(page).getByText('API Keys Saved')).toBeVisible();
  await expect(page.getByText('Set, ending in 2222 (saved here)')).toBeVisible();

  const status = await page.request.get('/api/admin/settings/payment-keys');
  expect(await status.text()).not.toContain('FLWSECK_TEST-e2e-secret-key-2222');

  const context = await browser.newContext({ baseURL: BASE_URL });
  const trader = await context.newPage();
  await signUpViaApi(trader);
  await trader.goto('/admin/settings');
  await expect(trader).toHaveURL(`${BASE_URL}/`);
  expect((await trader.request.get('/api/admin/settings/payment-keys')).status()).toBe(403);
  await context.close();
});
