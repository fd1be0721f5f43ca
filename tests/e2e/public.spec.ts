import { expect, type Page } from '@playwright/test';
import { BLOG_ALIASES, BLOG_POSTS } from '../../src/shared/blog';
import { FREE_DAILY_ANALYSES, FREE_HISTORY_DAYS, PREMIUM_PRICE_USD, SUBSCRIPTION_DAYS, TRIAL_DAYS } from '../../src/shared/constants';
import { BASE_URL, byHarness, decodeQuotedPrintable, expectConsoleMessages, outboxMails, test, uniqueEmail, visit } from './support';

/** Each public page and the main heading it must show, with and without JavaScript. */
const PAGES: { path: string; h1: string | RegExp }[] = [
  { path: '/', h1: 'Read any forex chart in seconds' },
  { path: '/learn-more', h1: 'How PipLens works' },
  { path: '/premium-benefits', h1: /Premium/ },
  { path: '/blog', h1: 'PipLens Blog' },
  { path: '/terms', h1: 'Terms and Conditions' },
  ...BLOG_POSTS.map((post) => ({ path: `/blog/${post.id}`, h1: post.title })),
  { path: '/login', h1: 'Welcome back' },
  { path: '/signup', h1: 'Create your account' },
  { path: '/forgot-password', h1: 'Reset your password' },
];

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'", '&#39;': "'" };
const textOf = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&(?:amp|lt|gt|quot|#x27|#39);/g, (entity) => ENTITIES[entity] ?? entity);

const heading = (page: Page, h1: string | RegExp) => page.getByRole('heading', { level: 1, name: h1 });

/** Console errors and uncaught exceptions while a page loads and hydrates (React reports mismatches there). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (byHarness(message.text())) return;
    if (message.type() === 'error' || message.type() === 'warning') errors.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

test('every public page renders its heading and hydrates without a React error', async ({ page }) => {
  const errors = collectErrors(page);
  for (const { path, h1 } of PAGES) {
    await visit(page, path);
    await expect(heading(page, h1), path).toBeVisible();
    expect(errors, `console on ${path}`).toEqual([]);
  }
});

test('without JavaScript each public page carries its heading, meta tags and valid JSON-LD', async ({ request }) => {
  for (const { path, h1 } of PAGES) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    const h1Text = textOf(/<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1] ?? '');
    expect(h1Text, `h1 of ${path}`).toMatch(typeof h1 === 'string' ? new RegExp(`^${h1.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : h1);
    expect(html, path).toMatch(/<title>[^<]*PipLens[^<]*<\/title>/);
    expect(html, path).toMatch(/<meta [^>]*name="description" content="[^"]{40,}"/);
    const canonical = path === '/' ? `${BASE_URL}/` : `${BASE_URL}${path}`;
    expect(html, path).toContain(`rel="canonical" href="${canonical}"`);
    expect(html, path).toMatch(/<meta [^>]*property="og:title" content="[^"]+"/);
    expect(html, path).toMatch(/<meta [^>]*name="twitter:card" content="[^"]+"/);
    const jsonLd = [...html.matchAll(/<script [^>]*type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map(
      (match) => JSON.parse(match[1] ?? '') as { '@type': string },
    );
    const types = jsonLd.map((data) => data['@type']);
    expect(types, path).toContain('BreadcrumbList');
    if (path === '/') expect(types).toContain('WebSite');
    if (path === '/blog') expect(types).toContain('Blog');
    if (path.startsWith('/blog/')) expect(types, path).toContain('BlogPosting');
    expect(html, path).toContain('window.__PIPLENS__=');
  }
});

test('public pages load no dashboard, sign-in form or chart code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  for (const path of ['/', '/learn-more', '/blog', '/blog/ai-forex-trading', '/terms']) {
    scripts.length = 0;
    await visit(page, path);
    await page.waitForLoadState('networkidle');
    expect(scripts.length, path).toBeGreaterThan(0);
    expect(scripts.filter((url) => /dashboard|auth-card|login-page|signup-page|chart-overlay|result-panel|upload-area/.test(url)), path).toEqual([]);
  }
});

test('the Learn dropdown and the header links reach every public page', async ({ page }) => {
  await visit(page, '/');
  const nav = page.getByRole('navigation', { name: 'Main', exact: true });
  const targets: [string, string | RegExp][] = [
    ['Learn More', 'How PipLens works'],
    ['Blog', 'PipLens Blog'],
    ['AI in Forex', BLOG_POSTS.find((p) => p.id === 'ai-forex-trading')?.title ?? ''],
    ['Risk Management', BLOG_POSTS.find((p) => p.id === 'risk-management')?.title ?? ''],
  ];
  for (const [item, h1] of targets) {
    await nav.getByRole('button', { name: 'Learn' }).click();
    await page.getByRole('menuitem', { name: item }).click();
    await expect(heading(page, h1)).toBeVisible();
  }
  for (const [link, h1] of [
    ['Premium', /Premium/],
    ['Terms', 'Terms and Conditions'],
    ['Home', 'Read any forex chart in seconds'],
  ] as const) {
    await nav.getByRole('link', { name: link, exact: true }).click();
    await expect(heading(page, h1)).toBeVisible();
  }
});

test('the mobile menu reaches every public page', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await visit(page, '/terms');
  for (const [item, h1] of [
    ['Home', 'Read any forex chart in seconds'],
    ['Learn More', 'How PipLens works'],
    ['Premium', /Premium/],
    ['Blog', 'PipLens Blog'],
    ['Terms', 'Terms and Conditions'],
  ] as const) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile', exact: true }).getByRole('link', { name: item, exact: true }).click();
    await expect(heading(page, h1)).toBeVisible();
  }
});

test('feedback: Submitting... for a second, the thank-you toast, a cleared form, and the mail to support', async ({ page }) => {
  const email = uniqueEmail('feedback');
  const message = `The level lines are clear (${email})`;
  await visit(page, '/');
  // The honeypot is there for bots only: no person or assistive technology meets it.
  await expect(page.locator('input[name="website"]')).toHaveCount(1);
  await expect(page.getByRole('textbox', { name: 'Leave this field empty' })).toHaveCount(0);
  await expect(page.locator('input[name="website"]')).toHaveAttribute('tabindex', '-1');
  const box = await page.locator('input[name="website"]').boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(0); // off screen
  await page.getByRole('textbox', { name: 'Name' }).fill('Ann Trader');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Feedback' }).fill(message);
  await page.getByRole('button', { name: 'Submit Feedback' }).click();
  await expect(page.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
  const toast = page.getByRole('region', { name: /Notifications/ }).getByRole('listitem').filter({ hasText: 'Feedback submitted' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('Thank you for your feedback! We will review it soon.');
  for (const name of ['Name', 'Email', 'Feedback']) await expect(page.getByRole('textbox', { name })).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Submit Feedback' })).toBeEnabled();

  // Stored and forwarded: the support mailbox gets it (mail is written to the outbox in tests).
  await expect.poll(() => outboxMails().some((mail) => decodeQuotedPrintable(mail).includes(message))).toBe(true);
  const mail = decodeQuotedPrintable(outboxMails().find((m) => decodeQuotedPrintable(m).includes(message)) ?? '');
  expect(mail).toMatch(/^To: support@piplens\.app/m);
  expect(mail).toContain(`Ann Trader <${email}>`);
});

test("an unknown article shows 'Article not found' with a way back, and answers 404", async ({ page, request }) => {
  expectConsoleMessages(/status of 404 .*\/blog\/no-such-article\)/);
  expect((await request.get('/blog/no-such-article')).status()).toBe(404);
  await visit(page, '/blog/no-such-article');
  await expect(heading(page, 'Article not found')).toBeVisible();
  await page.getByRole('link', { name: 'Return to Blog' }).click();
  await expect(heading(page, 'PipLens Blog')).toBeVisible();
});

test('the old blog ids redirect permanently to their articles', async ({ page, request }) => {
  for (const [alias, target] of Object.entries(BLOG_ALIASES)) {
    const response = await request.get(`/blog/${alias}`, { maxRedirects: 0 });
    expect(response.status(), alias).toBe(301);
    expect(response.headers().location).toBe(`/blog/${target}`);
  }
  await visit(page, '/blog/ai-forex-trading-2025');
  await expect(page).toHaveURL(/\/blog\/ai-forex-trading$/);
  await expect(heading(page, BLOG_POSTS.find((p) => p.id === 'ai-forex-trading')?.title ?? '')).toBeVisible();
});

test('sitemap.xml and robots.txt are served for search engines', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const { path } of PAGES.filter((p) => p.path !== '/forgot-password')) {
    expect(sitemap).toContain(`<loc>${path === '/' ? `${BASE_URL}/` : `${BASE_URL}${path}`}</loc>`);
  }
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${BASE_URL}/sitemap.xml`);
  expect(robots).toContain('Disallow: /dashboard');
});

/**
 * DECISIONS.md: one value per business constant. Every trial length, price and daily limit any public page
 * states must be the constant; a page that states none of them is fine, but the home page must state each.
 */
test('no public page states a trial length, price or daily limit other than the constants', async ({ page }) => {
  const rules: { name: string; pattern: RegExp; allowed: number[] }[] = [
    { name: 'trial length', pattern: /(\d+)[- ]days?(?: free)? trial/gi, allowed: [TRIAL_DAYS] },
    { name: 'trial length', pattern: /trial (?:of|for|lasts?) (\d+) days/gi, allowed: [TRIAL_DAYS] },
    { name: 'access length', pattern: /(\d+)[- ]days? (?:of )?(?:access|subscription|billing period)/gi, allowed: [SUBSCRIPTION_DAYS] },
    // 0.00 is the free plan's price.
    { name: 'price', pattern: /(\d+\.\d\d)\s*USD|USD\s*(\d+\.\d\d)|\$\s?(\d+\.\d\d)/g, allowed: [0, PREMIUM_PRICE_USD] },
    { name: 'daily limit', pattern: /(\d+) (?:free )?(?:AI )?(?:chart )?analys[ie]s (?:a|per|each) day/gi, allowed: [FREE_DAILY_ANALYSES] },
    { name: 'history length', pattern: /(\d+) days? of (?:analysis )?history|history (?:for|of) (?:the last )?(\d+) days/gi, allowed: [FREE_HISTORY_DAYS] },
  ];
  const found = new Set<string>();
  for (const { path } of PAGES) {
    await visit(page, path);
    const text = await page.locator('body').innerText();
    for (const rule of rules) {
      for (const match of text.matchAll(rule.pattern)) {
        const value = Number(match.slice(1).find((group) => group !== undefined));
        expect(rule.allowed, `${rule.name} "${match[0]}" on ${path}`).toContain(value);
        if (path === '/') found.add(rule.name);
      }
    }
  }
  expect([...found]).toEqual(expect.arrayContaining(['trial length', 'price']));
});
