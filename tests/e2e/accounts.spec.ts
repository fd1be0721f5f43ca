import { expect, type Page } from '@playwright/test';
import {
  confirmEmailViaOutbox,
  expectAccessible,
  expectConsoleMessages,
  linkFromOutbox,
  outboxMails,
  setNewPassword,
  signUpViaApi,
  test,
  uniqueEmail,
  visit,
} from './support';

const toastWith = (page: Page, text: string) =>
  page
    .getByRole('region', { name: /Notifications/ })
    .getByRole('listitem')
    .filter({ hasText: text });

test('login validation messages appear on submit, then follow each change', async ({ page }) => {
  await visit(page, '/login');
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await page.getByLabel('Email').fill('not-an-email');
  await expect(page.getByText('Please enter a valid email address')).toBeHidden();
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Email').fill('ann@example.com');
  await expect(page.getByText('Please enter a valid email address')).toBeHidden();

  const password = page.getByLabel('Password', { exact: true });
  await password.fill('secret1');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
});

test('sign-up validation messages are the specified ones', async ({ page }) => {
  await visit(page, '/signup');
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible(); // the hint
  await page.getByLabel('Full Name').fill('A');
  await page.getByLabel('Email').fill('bad');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm Password', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Full name must be at least 2 characters')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Password must be at least 8 characters' })).toBeVisible();
  await expect(page.getByText('Please confirm your password')).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('Password', { exact: true }).fill('long-enough-1');
  await page.getByLabel('Confirm Password', { exact: true }).fill('long-enough-2');
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  // Each password field has its own toggle.
  await page.getByRole('button', { name: 'Show confirm password' }).click();
  await expect(page.getByLabel('Confirm Password', { exact: true })).toHaveAttribute('type', 'text');
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password');
  await expect(page.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute('href', '/terms');
});

test('sign-up lands on /welcome, logout goes to /login, login lands on /dashboard', async ({ page }) => {
  const email = uniqueEmail();
  await visit(page, '/signup');
  await page.getByLabel('Full Name').fill('Ann Trader');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('correct-horse-battery');
  await page.getByLabel('Confirm Password', { exact: true }).fill('correct-horse-battery');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(toastWith(page, 'Account created successfully!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome to PipLens, Ann Trader' })).toBeVisible();
  // Nobody is signed in until the link in the welcome mail is opened.
  await expect(page.getByRole('heading', { name: 'Confirm your email address' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Resend confirmation email' }).click();
  await expect(toastWith(page, 'A new confirmation link is on its way.')).toBeVisible();

  // The link signs the trader in, confirmed, on the dashboard; the welcome page then offers the trial.
  await confirmEmailViaOutbox(page, email);
  await expect(page.getByRole('heading', { name: 'Confirm your email address' })).toBeHidden();
  await visit(page, '/welcome');
  await expect(page.getByRole('link', { name: 'Start Your 10-Day Free Trial' })).toHaveAttribute('href', '/dashboard');

  await page.getByRole('button', { name: /Account menu/ }).click();
  for (const item of ['Dashboard', 'Subscription', 'Clear History', 'Logout']) {
    await expect(page.getByRole('menuitem', { name: item })).toBeVisible();
  }
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(toastWith(page, 'Logged out successfully')).toBeVisible();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('correct-horse-battery');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(toastWith(page, 'Logged in successfully!')).toBeVisible();
});

test('a wrong password shows an error and stays on the login page', async ({ page }) => {
  expectConsoleMessages(/status of 401 .*\/api\/auth\/sign-in\/email/);
  const user = await signUpViaApi(page);
  await page.context().clearCookies();
  await visit(page, '/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(toastWith(page, 'Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('a signed-out visitor who presses Subscribe logs in and comes back to /subscription', async ({ page }) => {
  const user = await signUpViaApi(page);
  await page.context().clearCookies();
  await visit(page, '/subscription');
  await page.getByRole('button', { name: 'Subscribe Now' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByText('You have 10 days left in your 10-day trial')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('redirect_after_auth'))).toBeNull();
  await expectAccessible(page);
});

test('/welcome sends a signed-out visitor to /login', async ({ page }) => {
  await page.goto('/welcome');
  await expect(page).toHaveURL(/\/login$/);
});

test('password reset end to end, with the link from the outbox', async ({ page }) => {
  const user = await signUpViaApi(page);
  await page.context().clearCookies();
  const before = outboxMails().length;
  await visit(page, '/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expectAccessible(page);
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(/a reset link is on its way/)).toBeVisible();

  const link = await linkFromOutbox(user.email, '/api/auth/reset-password/', 'Reset your PipLens password', before);

  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await expectAccessible(page);
  await setNewPassword(page, 'a-brand-new-password');

  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill('a-brand-new-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The link works once.
  await page.goto(link);
  await expect(page.getByText('This reset link is invalid or has expired. Please ask for a new one.')).toBeVisible();
});
