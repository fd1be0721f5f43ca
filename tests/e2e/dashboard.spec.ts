import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page, type Request } from '@playwright/test';
import sharp from 'sharp';
import { chartSpecs, renderChart } from '../../scripts/fixtures/render';
import { PREMIUM_EXPIRED_MESSAGE, dailyLimitMessage, trialExpiredMessage } from '../../src/shared/access';
import type { AnalysisResult, ChartFacts } from '../../src/shared/analysis';
import { FREE_DAILY_ANALYSES } from '../../src/shared/constants';
import { EXPORT_PREMIUM_MESSAGE, SHARE_PREMIUM_MESSAGE, SHARED_NOT_FOUND_MESSAGE } from '../../src/shared/share';
import { DATA_DIR, expectAccessible, expectConsoleMessages, signUpViaApi, test, visit } from './support';

/** A 1280x800 generated chart on disk, ready for the file input. */
async function chartFile(seed = 5): Promise<string> {
  const [spec] = chartSpecs(1, seed, [1280, 800, 1]);
  if (!spec) throw new Error('no chart spec');
  const { image } = await renderChart({ ...spec, format: 'png' });
  const file = path.join(DATA_DIR, `e2e-chart-${seed}.png`);
  mkdirSync(DATA_DIR, { recursive: true });
  writeFileSync(file, image);
  return file;
}

interface AnalysisBody {
  result: AnalysisResult;
  chart: ChartFacts;
}

/** Uploads a chart, analyses it with the default settings and returns the server's answer. */
/**
 * Analyses `file`; returns the answer once the result shows and the day's count, which the page
 * reads again once the analysis settles, has come back (so a count on screen is the new one).
 */
async function analyseChart(page: Page, file: string): Promise<AnalysisBody> {
  await page.locator('input[type=file]').setInputFiles(file);
  let answered = false;
  const answer = page.waitForResponse((r) => {
    answered ||= r.url().endsWith('/api/analyses') && r.request().method() === 'POST';
    return answered;
  });
  // The count asked for once the answer is in: a status request already in flight then (a refetch
  // on focus, an earlier invalidation) carries the count before this analysis.
  const asked = new Set<Request>();
  const ask = (request: Request): void => {
    if (answered && request.url().endsWith('/api/billing/status')) asked.add(request);
  };
  page.on('request', ask);
  const recounted = page.waitForResponse((r) => asked.has(r.request()));
  await page.getByRole('button', { name: /^Analyze Chart/ }).click();
  const response = await answer;
  expect(response.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Analysis result' })).toBeVisible({ timeout: 30_000 });
  await recounted;
  page.off('request', ask);
  return (await response.json()) as AnalysisBody;
}

const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });

test('a trader uploads a chart, gets the analysis drawn on it and saves it to the history', async ({ page }) => {
  const [spec] = chartSpecs(1, 5, [1280, 800, 1]);
  if (!spec) throw new Error('no chart spec');
  const { image } = await renderChart({ ...spec, format: 'png' });
  const file = path.join(DATA_DIR, 'e2e-chart.png');
  mkdirSync(DATA_DIR, { recursive: true });
  writeFileSync(file, image);

  await visit(page, '/');
  await signUpViaApi(page);
  await visit(page, '/dashboard');
  await expect(page.getByRole('heading', { name: 'Forex Chart Analysis' })).toBeVisible();
  await expect(page.getByText('You have 10 days left in your trial.')).toBeVisible();
  await expect(page.getByText('No Analysis History')).toBeVisible();
  const analyze = page.getByRole('button', { name: 'Analyze Chart (5 left today)' });
  await expect(analyze).toBeDisabled();

  await page.locator('input[type=file]').setInputFiles(file);
  await expect(page.getByRole('img', { name: 'Chart to analyse' })).toBeVisible();
  await page.getByRole('radio', { name: '4h' }).click();
  await expect(page.getByRole('radio', { name: '4h' })).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('button', { name: 'Scalping' }).click();
  await expect(page.getByRole('button', { name: 'AI Select Best' })).toHaveAttribute('aria-pressed', 'false');
  await expectAccessible(page);

  await analyze.click();
  await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Chart analysis complete!')).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('heading', { name: 'Analysis result' })).toBeVisible();
  await expect(page.getByText(/Produced by PipLens chart engine/)).toBeVisible();
  await expect(page.getByRole('img', { name: /Entry, stop loss, take profit/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Analyze Chart (4 left today)' })).toBeEnabled();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Save to history' }).click();
  await expect(
    page.getByRole('region', { name: /Notifications/ }).getByText('Analysis saved to history'),
  ).toBeVisible();
  const history = page.getByRole('region', { name: 'Analysis History' });
  await expect(history.getByRole('button')).toHaveCount(1);
  await expect(history.getByText('4h')).toBeVisible();
});

test('a free trader sees export and share with an upgrade prompt, and nothing is exported or shared', async ({
  page,
}) => {
  const file = await chartFile(6);
  await visit(page, '/');
  await signUpViaApi(page);
  await visit(page, '/dashboard');
  await analyseChart(page, file);

  const panel = page.getByRole('region', { name: 'Export and share' });
  await expect(panel.getByText('Export and share are part of Premium.')).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute('href', '/subscription');
  await expectAccessible(page);

  let downloads = 0;
  page.on('download', () => (downloads += 1));
  let shareRequests = 0;
  page.on('request', (request) => {
    if (request.url().includes('/share')) shareRequests += 1;
  });
  for (const action of ['Download PNG', 'Download PDF', 'Download JSON', 'Share link']) {
    await panel.getByRole('button', { name: action }).click();
    await expect(toasts(page).getByText(EXPORT_PREMIUM_MESSAGE)).toBeVisible();
    await expect(toasts(page).getByRole('button', { name: 'Upgrade Now' })).toBeVisible();
  }
  await toasts(page).getByRole('button', { name: 'Upgrade Now' }).click();
  await expect(page).toHaveURL(/\/subscription$/);
  expect(downloads).toBe(0);
  expect(shareRequests).toBe(0);
});

test('export draws the annotated chart with its result card as PNG and writes JSON; the server refuses share to a free account', async ({
  page,
}) => {
  // The browser is told this trader is Premium (the server is not): exports are drawn in the
  // browser and work, while the share link is the server's decision and is refused.
  await page.route('**/api/billing/status', async (route) => {
    const response = await route.fetch();
    const state = (await response.json()) as Record<string, unknown>;
    const end = new Date(Date.now() + 30 * 86_400_000).toISOString();
    await route.fulfill({
      response,
      json: { ...state, isSubscribed: true, hasAccess: true, subscriptionEndDate: end, limit: null },
    });
  });
  const file = await chartFile(7);
  await visit(page, '/');
  await signUpViaApi(page);
  await visit(page, '/dashboard');
  const body = await analyseChart(page, file);
  const panel = page.getByRole('region', { name: 'Export and share' });
  await expect(panel.getByText('Export and share are part of Premium.')).toHaveCount(0);

  const [png] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('button', { name: 'Download PNG' }).click(),
  ]);
  expect(png.suggestedFilename()).toMatch(/^piplens-analysis-\d{4}-\d{2}-\d{2}-\d{4}\.png$/);
  const image = readFileSync(await png.path());
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  // The chart fills the top at its own width (1280 px, 800 px high); the result card is below it.
  expect(info.width).toBe(1280);
  expect(info.height).toBeGreaterThan(800 + 300);
  const { scale, plot } = body.chart;
  if (!scale) throw new Error('the engine read no price scale');
  const pixel = (x: number, y: number) => {
    const i = (y * info.width + x) * info.channels;
    return [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0] as const;
  };
  const near = (rgb: readonly number[], target: readonly number[]) =>
    rgb.every((v, i) => Math.abs(v - (target[i] ?? 0)) < 40);
  for (const [price, colour] of [
    [Number(body.result.entryPoint), [0x3b, 0x82, 0xf6]],
    [Number(body.result.stopLoss), [0xef, 0x44, 0x44]],
    [Number(body.result.takeProfit), [0x10, 0xb9, 0x81]],
  ] as const) {
    const y = Math.round((price - scale.intercept) / scale.slope);
    const x = Math.round(plot.right - 20);
    const rows = [y - 1, y, y + 1].map((row) => pixel(x, row));
    expect(
      rows.some((rgb) => near(rgb, colour)),
      `line for ${price} at y=${y}: ${JSON.stringify(rows)}`,
    ).toBe(true);
  }

  const [json] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('button', { name: 'Download JSON' }).click(),
  ]);
  expect(json.suggestedFilename()).toMatch(/\.json$/);
  const exported = JSON.parse(readFileSync(await json.path(), 'utf8')) as {
    format: string;
    result: AnalysisResult;
    settings: { timeFrame: string };
  };
  expect(exported).toMatchObject({ format: 'piplens-analysis', result: body.result, settings: { timeFrame: '1h' } });

  expectConsoleMessages(/status of 403 .*\/share/);
  await panel.getByRole('button', { name: 'Share link' }).click();
  await expect(toasts(page).getByText(SHARE_PREMIUM_MESSAGE)).toBeVisible();
  await expect(panel.getByRole('textbox')).toHaveCount(0);
});

test('a Premium trader shares a read-only link that opens without an account and revokes it', async ({
  page,
  browser,
}) => {
  const trader = await signUpViaApi(page, { name: 'Sharing Trader' });
  // Premium through the sandbox checkout, as a trader gets it.
  await visit(page, '/subscription');
  await page.getByRole('button', { name: 'Subscribe Now' }).click();
  await page.getByRole('dialog', { name: 'Sandbox checkout' }).getByRole('button', { name: 'Pay' }).click();
  await expect(toasts(page).getByText('Subscription activated')).toBeVisible();

  await visit(page, '/dashboard');
  const body = await analyseChart(page, await chartFile(11));
  const panel = page.getByRole('region', { name: 'Export and share' });
  await panel.getByRole('button', { name: 'Share link' }).click();
  const link = panel.getByRole('textbox', { name: /Read-only link/ });
  await expect(link).toHaveValue(/\/share\/[A-Za-z0-9_-]{32}$/);
  const url = await link.inputValue();
  // Sharing saves the analysis, so it can be found and revoked later.
  await expect(page.getByRole('region', { name: 'Analysis History' }).getByRole('button')).toHaveCount(1);
  await expectAccessible(page);

  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(url);
  await expect(visitorPage.getByRole('heading', { name: 'Shared chart analysis' })).toBeVisible();
  await expect(visitorPage.getByRole('heading', { name: 'Analysis result' })).toBeVisible();
  // The tab names the analysis, not only the brand.
  await expect(visitorPage).toHaveTitle(
    `${body.result.recommendedAction.toUpperCase()} at ${body.result.entryPoint}: ${body.result.trend} on a 1h chart | PipLens`,
  );
  await expect(visitorPage.getByText(body.result.entryPoint).first()).toBeVisible();
  await expect(visitorPage.getByRole('img', { name: /Entry, stop loss, take profit/ })).toBeVisible();
  const text = await visitorPage.locator('body').innerText();
  expect(text).not.toContain(trader.email);
  expect(text).not.toContain(trader.name);
  await expectAccessible(visitorPage);

  // The revoked link's page asks the server, which answers 404: the browser logs it.
  expectConsoleMessages(/status of 404 .*\/share\//);
  await panel.getByRole('button', { name: 'Revoke link' }).click();
  await expect(toasts(page).getByText(/Share link revoked/)).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Share link' })).toBeVisible();
  await visitorPage.reload();
  await expect(visitorPage.getByText(SHARED_NOT_FOUND_MESSAGE)).toBeVisible();
  await visitor.close();
});

test('a HiDPI screenshot is resized to 1920 px in the browser before upload and still read', async ({ page }) => {
  const [spec] = chartSpecs(1, 12, [2880, 1800, 2]);
  if (!spec) throw new Error('no chart spec');
  const { image } = await renderChart({ ...spec, format: 'png' });
  const file = path.join(DATA_DIR, 'e2e-chart-hidpi.png');
  mkdirSync(DATA_DIR, { recursive: true });
  writeFileSync(file, image);
  // Chromium does not report multipart bodies with files to Playwright: note the uploaded image's
  // type and size as the page hands it to fetch.
  await page.addInitScript(() => {
    const send = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const image = init?.body instanceof FormData ? init.body.get('chartImage') : null;
      if (image instanceof Blob) document.documentElement.dataset.upload = `${image.type} ${image.size}`;
      return send(input, init);
    };
  });
  await visit(page, '/');
  await signUpViaApi(page);
  await visit(page, '/dashboard');
  const body = await analyseChart(page, file);
  const [type, size] = ((await page.locator('html').getAttribute('data-upload')) ?? '').split(' ');
  expect(type).toBe('image/png');
  expect(Number(size)).toBeGreaterThan(0);
  expect(Number(size)).toBeLessThan(image.length * 0.7);
  // The engine read the 1920x1200 upload, not the 2880x1800 file.
  expect(body.chart.image).toEqual({ width: 1920, height: 1200 });
  await expect(page.getByRole('img', { name: /Entry, stop loss, take profit/ })).toBeVisible();
});

test('a shared link opens without an account, is kept out of search engines, and says so when revoked', async ({
  page,
}) => {
  expectConsoleMessages(/status of 404 .*\/api\/shared\//);
  const response = await page.goto(`/share/${'A'.repeat(32)}`);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
  await expect(page.getByRole('heading', { name: 'Shared chart analysis' })).toBeVisible();
  await expect(page.getByText(SHARED_NOT_FOUND_MESSAGE)).toBeVisible();
  await expect(page.locator('meta[name="robots"][content="noindex, nofollow"]')).toHaveCount(1);
  await expectAccessible(page);
});

/** Presses Tab until `target` has the focus: proof that the keyboard reaches it. */
async function tabTo(page: Page, target: Locator, maxPresses = 40) {
  for (let i = 0; i < maxPresses; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

test('every dashboard control works from the keyboard, and each setting reaches the server', async ({ page }) => {
  const file = await chartFile(8);
  await visit(page, '/');
  await signUpViaApi(page);
  await visit(page, '/dashboard');
  await page.getByRole('button', { name: 'Logout' }).focus();

  // The upload area opens the file picker with Enter and with Space.
  const uploadArea = page.getByRole('button', { name: /Upload a chart image/ });
  await tabTo(page, uploadArea);
  let chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles(file);
  await expect(page.getByRole('img', { name: 'Chart to analyse' })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Remove chart image' }));
  await page.keyboard.press('Enter');
  await expect(uploadArea).toBeVisible();
  await uploadArea.focus();
  chooser = page.waitForEvent('filechooser');
  await page.keyboard.press(' ');
  await (await chooser).setFiles(file);
  await expect(page.getByRole('img', { name: 'Chart to analyse' })).toBeVisible();

  // Time frame: one tab stop, arrows move the choice.
  await tabTo(page, page.getByRole('radio', { name: '1h' }));
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: '4h' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('radio', { name: '4h' })).toBeFocused();
  // Strategies: toggle buttons with Space.
  await tabTo(page, page.getByRole('button', { name: 'Scalping' }));
  await page.keyboard.press(' ');
  await tabTo(page, page.getByRole('button', { name: 'Trend Following' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Scalping' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'AI Select Best' })).toHaveAttribute('aria-pressed', 'false');
  // Risk/reward slider: arrows in steps of 0.5.
  const slider = page.getByRole('slider', { name: 'Risk/reward' });
  await tabTo(page, slider);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(slider).toHaveAttribute('aria-valuetext', '1:3.5, Aggressive');
  // Capital: the select follows the arrow keys.
  const capital = page.getByRole('combobox', { name: 'Capital size' });
  await tabTo(page, capital);
  await page.keyboard.press('ArrowDown');
  await expect(capital).toHaveValue('500');
  // Lot size: typed, rounded on leaving the field.
  const lot = page.getByRole('spinbutton', { name: 'Preferred lot size' });
  await tabTo(page, lot);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('0.256');
  await page.keyboard.press('Tab');
  await expect(lot).toHaveValue('0.26');

  const analyze = page.getByRole('button', { name: /^Analyze Chart/ });
  await tabTo(page, analyze);
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/analyses') && r.request().method() === 'POST');
  await page.keyboard.press('Enter');
  const body = (await (await answer).json()) as AnalysisBody;
  expect(body.result).toMatchObject({
    timeFrame: '4h',
    tradingStrategy: 'scalping+trendFollowing',
    riskReward: 3.5,
    capitalSize: 500,
    lotSize: 0.26,
  });
  await expect(page.getByRole('heading', { name: 'Analysis result' })).toBeVisible({ timeout: 30_000 });

  await tabTo(page, page.getByRole('button', { name: 'Save to history' }));
  await page.keyboard.press('Enter');
  await expect(toasts(page).getByText('Analysis saved to history')).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Download PNG' }));
  const row = page.getByRole('region', { name: 'Analysis History' }).getByRole('button');
  await tabTo(page, row);
  await page.keyboard.press('Enter');
  await expect(row).toHaveAttribute('aria-current', 'true');
  await expect(page.getByRole('heading', { name: 'Analysis result' })).toBeVisible();
  await expectAccessible(page);
});

test('a screenshot pasted with Ctrl+V anywhere on the dashboard is taken as the chart', async ({ page }) => {
  const file = await chartFile(9);
  await visit(page, '/');
  await signUpViaApi(page);
  await visit(page, '/dashboard');
  const base64 = readFileSync(file).toString('base64');
  await page.evaluate((data) => {
    const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
    const clipboard = new DataTransfer();
    clipboard.items.add(new File([bytes], 'image.png', { type: 'image/png' }));
    document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: clipboard, bubbles: true }));
  }, base64);
  await expect(page.getByRole('img', { name: 'Chart to analyse' })).toBeVisible();
  await page.getByRole('button', { name: /^Analyze Chart/ }).click();
  await expect(toasts(page).getByText('Chart analysis complete!')).toBeVisible({ timeout: 30_000 });
});

test('at 375 px wide the dashboard with a result has nothing cut off or overlapping', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const file = await chartFile(10);
  await visit(page, '/');
  await signUpViaApi(page);
  await visit(page, '/dashboard');
  await analyseChart(page, file);
  await page.getByRole('button', { name: 'Save to history' }).click();
  await expect(page.getByRole('region', { name: 'Analysis History' }).getByRole('button')).toHaveCount(1);
  await expectAccessible(page);

  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const boxes = await page.locator('main').evaluate((main) =>
    [...main.querySelectorAll<HTMLElement>('button, a, input, select, h1, h2, [role=progressbar]')]
      .filter(
        (el) =>
          el.getClientRects().length > 0 && !el.closest('.sr-only') && getComputedStyle(el).visibility !== 'hidden',
      )
      .map((el) => {
        const r = el.getBoundingClientRect();
        return {
          name: (el.getAttribute('aria-label') ?? el.textContent ?? el.tagName).trim().slice(0, 40),
          left: r.left,
          right: r.right,
          top: r.top + scrollY,
          bottom: r.bottom + scrollY,
          el,
        };
      })
      .filter((box, _, all) => !all.some((other) => other.el !== box.el && other.el.contains(box.el)))
      .map(({ el: _el, ...box }) => box),
  );
  expect(boxes.length).toBeGreaterThan(20);
  for (const box of boxes) {
    expect(box.left, `${box.name} starts inside the screen`).toBeGreaterThanOrEqual(0);
    expect(box.right, `${box.name} ends inside the screen`).toBeLessThanOrEqual(375);
  }
  const overlaps = boxes.flatMap((a, i) =>
    boxes
      .slice(i + 1)
      .filter(
        (b) =>
          Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
          Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1,
      )
      .map((b) => `${a.name} / ${b.name}`),
  );
  expect(overlaps).toEqual([]);
  await testInfo.attach('dashboard-375px', {
    body: await page.screenshot({ fullPage: true }),
    contentType: 'image/png',
  });
});

test('the dashboard sends a signed-out visitor to /login', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('a wrong file shows the upload message; the sixth analysis of the day is refused with the toast and Upgrade Now', async ({
  page,
}) => {
  await visit(page, '/');
  await signUpViaApi(page);
  await visit(page, '/dashboard');
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a chart') });
  await expect(toasts(page).getByText('Please upload a valid image file (JPEG or PNG) under 5MB')).toBeVisible();

  // Five different charts (the same one twice would be answered from the 24 h dedupe).
  for (let seed = 31; seed < 31 + FREE_DAILY_ANALYSES; seed += 1) await analyseChart(page, await chartFile(seed));
  await expect(page.getByRole('button', { name: 'Analyze Chart (0 left today)' })).toBeVisible();
  await expect(page.getByText(dailyLimitMessage().split(' Upgrade')[0] as string).first()).toBeVisible();

  let posted = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/analyses') && request.method() === 'POST') posted += 1;
  });
  await page.locator('input[type=file]').setInputFiles(await chartFile(40));
  await page.getByRole('button', { name: 'Analyze Chart (0 left today)' }).click();
  await expect(toasts(page).getByText(dailyLimitMessage())).toBeVisible();
  await toasts(page).getByRole('button', { name: 'Upgrade Now' }).click();
  await expect(page).toHaveURL(/\/subscription$/);
  expect(posted).toBe(0);
});

for (const [who, endDate, message] of [
  ['a trial trader whose trial ended', null, trialExpiredMessage()],
  ['a trader whose Premium ended', new Date(Date.now() - 86_400_000).toISOString(), PREMIUM_EXPIRED_MESSAGE],
] as const) {
  test(`${who} is sent from the dashboard to /subscription with the expiry toast`, async ({ page }) => {
    await visit(page, '/');
    // Signed up and on the dashboard first: with the answer below in place, the confirmation
    // link's landing on the dashboard would already be sent on to /subscription.
    await signUpViaApi(page);
    // The server's access rules are covered by integration tests; here the browser's guard reacts to them.
    await page.route('**/api/billing/status', async (route) => {
      const response = await route.fetch();
      const state = (await response.json()) as Record<string, unknown>;
      await route.fulfill({
        response,
        json: { ...state, isSubscribed: false, hasAccess: false, daysLeft: 0, subscriptionEndDate: endDate },
      });
    });
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/subscription$/);
    await expect(toasts(page).getByText(message)).toBeVisible();
  });
}
