import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export const DATA_DIR = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data';
export const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? 3999}`;

/**
 * Playwright's test, with a guard on every test: any Content-Security-Policy violation Chromium
 * reports on a page of the test's context fails it (an inline script without its hash, a script
 * from another origin).
 */
export const test = base.extend<{ cspGuard: void }>({
  cspGuard: [
    async ({ context }, use) => {
      const violations: string[] = [];
      context.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(`${message.page()?.url() ?? ''}: ${message.text()}`);
      });
      await use();
      expect(violations, 'CSP violations reported by Chromium').toEqual([]);
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
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Opens the confirmation link that was mailed to `email`, in `page`'s browser, as the trader would. */
export async function confirmEmailViaOutbox(page: Page, email: string) {
  let link: string | undefined;
  await expect
    .poll(() => {
      const mail = outboxMails()
        .map(decodeQuotedPrintable)
        .filter((m) => m.includes(`To: ${email}`))
        .at(-1);
      link = mail && /https?:\/\/[^\s"<]+\/api\/auth\/verify-email\?[^\s"<]+/.exec(mail)?.[0]?.replace(/&amp;/g, '&');
      return link;
    })
    .toBeTruthy();
  const url = new URL(link as string);
  await page.goto(url.pathname + url.search);
  await expect(page).toHaveURL(/\/dashboard$/);
}
