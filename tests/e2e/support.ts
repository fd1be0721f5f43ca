import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export const DATA_DIR = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data';
export const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? 3999}`;

/** Console messages the running test expects (a refused request it makes on purpose); reset per test. */
let expectedConsole: RegExp[] = [];

/**
 * Declares console messages this test causes on purpose, matched against "type: text (url)": the
 * browser logs every 4xx answer ("Failed to load resource"), and some tests are about refusals.
 */
export function expectConsoleMessages(...patterns: RegExp[]) {
  expectedConsole.push(...patterns);
}

/**
 * Playwright's test, with two guards on every test:
 * - any Content-Security-Policy violation Chromium reports on a page of the test's context fails
 *   it (an inline script without its hash, a script from another origin);
 * - so does any other console error or warning, or an uncaught exception, on any page the test
 *   opens (React's warnings, a failed request), unless the test declared it expected.
 */
/** The harness's own doing: playwright.config.ts blocks service workers outside pwa.spec.ts. */
export const byHarness = (text: string) => /Service Worker registration blocked by Playwright/.test(text);

export const test = base.extend<{ cspGuard: void; consoleGuard: void }>({
  cspGuard: [
    async ({ context }, use) => {
      const violations: string[] = [];
      context.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text()))
          violations.push(`${message.page()?.url() ?? ''}: ${message.text()}`);
      });
      await use();
      expect(violations, 'CSP violations reported by Chromium').toEqual([]);
    },
    { auto: true },
  ],
  consoleGuard: [
    async ({ context }, use) => {
      expectedConsole = [];
      const unexpected: string[] = [];
      const note = (entry: string) => {
        if (!expectedConsole.some((pattern) => pattern.test(entry))) unexpected.push(entry);
      };
      context.on('console', (message) => {
        const type = message.type();
        if (type !== 'error' && type !== 'warning') return;
        if (/Content Security Policy/i.test(message.text())) return;
        if (byHarness(message.text())) return;
        note(`${type}: ${message.text()} (${message.location().url}) on ${message.page()?.url() ?? ''}`);
      });
      context.on('weberror', (error) => note(`pageerror: ${error.error().message}`));
      await use();
      expect(unexpected, 'console errors and warnings').toEqual([]);
    },
    { auto: true },
  ],
});

/** Every page a browser test opens passes axe with no serious or critical violations. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    `axe violations on ${page.url()}`,
  ).toEqual([]);
}

export async function visit(page: Page, pathname: string) {
  await page.goto(pathname);
  await expect(page.locator('main#main')).toBeVisible();
  // Prerendered pages show before they react to clicks; wait until the app has taken them over.
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expectAccessible(page);
}

let counter = 0;
export function uniqueEmail(prefix = 'trader') {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}

/**
 * The quickest honest sign-up: the API call the sign-up form makes, then the confirmation link from
 * the outbox opened in the page, which signs the trader in (`confirm: false` stops after the sign-up).
 */
export async function signUpViaApi(
  page: Page,
  overrides: { email?: string; name?: string; password?: string; confirm?: boolean } = {},
) {
  const { confirm = true, ...fields } = overrides;
  const user = { name: 'Test Trader', email: uniqueEmail(), password: 'correct-horse-battery', ...fields };
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: user,
    headers: { origin: BASE_URL },
  });
  expect(response.status()).toBe(200);
  if (confirm) await confirmEmailViaOutbox(page, user.email);
  return user;
}

export function outboxMails(): string[] {
  const dir = path.join(DATA_DIR, 'outbox');
  try {
    return readdirSync(dir)
      .sort()
      .map((file) => readFileSync(path.join(dir, file), 'utf8'));
  } catch {
    return [];
  }
}

/** Mail bodies are quoted-printable: undo soft line breaks and =XX escapes. */
export function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * The link under `path` in the newest mail to `to` that contains `containing` (and came after the
 * first `skip` mails of the outbox), waited for.
 */
export async function linkFromOutbox(to: string, path: string, containing = path, skip = 0): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s"<]+${path.replace(/[?]/g, '\\?')}[^\\s"<]+`);
  let link = '';
  await expect
    .poll(() => {
      const mail = outboxMails()
        .slice(skip)
        .map(decodeQuotedPrintable)
        .filter((m) => m.includes(to) && m.includes(containing))
        .at(-1);
      link = pattern.exec(mail ?? '')?.[0]?.replace(/&amp;/g, '&') ?? '';
      return link;
    })
    .not.toBe('');
  return link;
}

/** Opens the confirmation link that was mailed to `email`, in `page`'s browser, as the trader would. */
export async function confirmEmailViaOutbox(page: Page, email: string) {
  const url = new URL(await linkFromOutbox(`To: ${email}`, '/api/auth/verify-email?'));
  await page.goto(url.pathname + url.search);
  await expect(page).toHaveURL(/\/dashboard$/);
  // Let the dashboard finish its first requests: a test that clears the cookies next would
  // otherwise have them answered 401 (and logged by the browser).
  await expect(page.getByRole('heading', { name: 'Forex Chart Analysis' })).toBeVisible();
  await page.waitForLoadState('networkidle');
}

/**
 * An admin by the quickest honest route: an address listed in ADMIN_EMAILS signs up and confirms,
 * sets its password through the set-up mail PipLens then sends, and logs in with it.
 */
export async function signInAdmin(page: Page, email: string) {
  await signUpViaApi(page, { email });
  await page.goto(await linkFromOutbox(`To: ${email}`, '/api/auth/reset-password/', 'Set your PipLens admin password'));
  const password = 'the-admins-own-password';
  await setNewPassword(page, password);
  const login = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password },
    headers: { origin: BASE_URL },
  });
  expect(login.status()).toBe(200);
}

/** On the page a reset link opens: sets `password` and lands on the login page. */
export async function setNewPassword(page: Page, password: string) {
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await page.getByLabel('New Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/**
 * The page does not scroll sideways; when it does, the message names the outermost elements that
 * stick out past the screen's right edge, and by how many pixels.
 */
export async function expectNoSidewaysScroll(page: Page, what: string) {
  const { scrollWidth, clientWidth, culprits } = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const edge = root.clientWidth;
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).slice(0, 4).join('.')}` : ''}`;
    const sticksOut = (el: Element) => el.getBoundingClientRect().right > edge + 0.5;
    const outermost = [...document.body.querySelectorAll('*')].filter(
      (el) => sticksOut(el) && !(el.parentElement && sticksOut(el.parentElement)),
    );
    return {
      scrollWidth: root.scrollWidth,
      clientWidth: edge,
      culprits: outermost
        .slice(0, 8)
        .map((el) => `${describe(el)} (+${Math.round(el.getBoundingClientRect().right - edge)} px)`),
    };
  });
  expect(
    scrollWidth,
    `${what} scrolls sideways at ${clientWidth} px; sticking out: ${culprits.join(', ') || 'none found'}`,
  ).toBeLessThanOrEqual(clientWidth);
}
