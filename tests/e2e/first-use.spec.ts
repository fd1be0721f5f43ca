import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { readPdf } from './pdf';
import { chartFile, clickAnalyse, toasts } from './charts';
import { expectAccessible, signUpViaApi, test, visit } from './support';

/** The level labels drawn on the analysed chart and the figure they must stay inside. */
async function labelBoxes(page: Page) {
  const overlay = page.getByRole('img', { name: /Entry, stop loss, take profit/ });
  await expect(overlay).toBeVisible();
  return overlay.evaluate((svg) => {
    const figure = (svg.closest('figure') as HTMLElement).getBoundingClientRect();
    const boxes = [...svg.querySelectorAll('[data-label-box]')].map((rect) => {
      const r = rect.getBoundingClientRect();
      return { name: rect.closest('[data-level-label]')?.getAttribute('data-level-label') ?? '', left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    });
    return { figure: { left: figure.left, right: figure.right, top: figure.top, bottom: figure.bottom }, boxes };
  });
}

function expectReadable({ figure, boxes }: Awaited<ReturnType<typeof labelBoxes>>, where: string) {
  expect(boxes.length, `${where}: labels drawn`).toBeGreaterThanOrEqual(3);
  for (const box of boxes) {
    expect(box.left, `${where}: ${box.name} not clipped on the left`).toBeGreaterThanOrEqual(figure.left);
    expect(box.right, `${where}: ${box.name} not clipped on the right`).toBeLessThanOrEqual(figure.right);
    expect(box.top, `${where}: ${box.name} not clipped at the top`).toBeGreaterThanOrEqual(figure.top);
    expect(box.bottom, `${where}: ${box.name} not clipped at the bottom`).toBeLessThanOrEqual(figure.bottom);
  }
  const overlaps = boxes.flatMap((a, i) =>
    boxes
      .slice(i + 1)
      .filter((b) => Math.min(a.right, b.right) > Math.max(a.left, b.left) && Math.min(a.bottom, b.bottom) > Math.max(a.top, b.top))
      .map((b) => `${a.name} / ${b.name}`),
  );
  expect(overlaps, `${where}: overlapping labels`).toEqual([]);
}

test('at 390 px the result comes into view with focus on its heading, and polling stops when the job ends', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // The page's clock, so that 'no poll after the job' is checked over timers run, not a wait.
  await page.clock.install();
  await visit(page, '/');
  await signUpViaApi(page);
  await visit(page, '/dashboard');
  await page.locator('input[type=file]').setInputFiles(await chartFile(21));
  await page.getByRole('button', { name: /^Analyze Chart/ }).scrollIntoViewIfNeeded();
  await clickAnalyse(page);
  const heading = page.getByRole('heading', { name: 'Analysis result' });
  await expect(heading).toBeInViewport();
  await expect(heading).toBeFocused();
  await expectAccessible(page);

  let polls = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/analyses/jobs/')) polls += 1;
  });
  // Every timer of the next 1.5 s runs (the poll interval is 0.3 s): none asks for the job again.
  await page.clock.runFor(1500);
  expect(polls).toBe(0);
});

test('level labels never overlap and are never clipped, over fixture charts at 1366 and 390 px', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await visit(page, '/');
  await signUpViaApi(page);
  await visit(page, '/dashboard');
  for (const seed of [5, 13, 22, 37, 44]) {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.locator('input[type=file]').setInputFiles(await chartFile(seed));
    await clickAnalyse(page);
    expectReadable(await labelBoxes(page), `seed ${seed} at 1366 px`);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(async () => expectReadable(await labelBoxes(page), `seed ${seed} at 390 px`)).toPass();
    await page.getByRole('button', { name: 'Remove chart image' }).click();
  }
});

test('a file that is not the picture it claims to be gets the read-failure message at once and no preview', async ({ page }) => {
  await visit(page, '/');
  await signUpViaApi(page);
  await visit(page, '/dashboard');
  let posted = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/analyses')) posted += 1;
  });
  await page.locator('input[type=file]').setInputFiles({ name: 'chart.png', mimeType: 'image/png', buffer: Buffer.from('this is text, not a PNG') });
  await expect(toasts(page).getByText('Failed to process image. Please try again.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Chart to analyse' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Upload a chart image/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Analyze Chart/ })).toBeDisabled();
  expect(posted).toBe(0);
});

test('Clear History asks first: Cancel keeps the history, confirming clears it on the server', async ({ page }) => {
  await visit(page, '/');
  await signUpViaApi(page);
  await visit(page, '/dashboard');
  await page.locator('input[type=file]').setInputFiles(await chartFile(23));
  await clickAnalyse(page);
  await page.getByRole('button', { name: 'Save to history' }).click();
  const history = page.getByRole('region', { name: 'Analysis History' });
  await expect(history.getByRole('button')).toHaveCount(1);

  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Clear History' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Clear your analysis history?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(history.getByRole('button')).toHaveCount(1);
  expect(((await (await page.request.get('/api/history')).json()) as { items: unknown[] }).items).toHaveLength(1);

  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Clear History' }).click();
  await dialog.getByRole('button', { name: 'Clear History' }).click();
  await expect(toasts(page).getByText('Analysis history cleared successfully')).toBeVisible();
  await expect(history.getByText('No Analysis History')).toBeVisible();
  expect(((await (await page.request.get('/api/history')).json()) as { items: unknown[] }).items).toHaveLength(0);

  // The phone menu asks the same question.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'Clear History' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
});

test('the footer follows the session: Login and Sign Up only while signed out', async ({ page }) => {
  const footer = page.getByRole('navigation', { name: 'Account links' });
  await visit(page, '/');
  await expect(footer.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Sign Up' })).toBeVisible();
  await signUpViaApi(page);
  await visit(page, '/');
  await expect(footer.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Login' })).toHaveCount(0);
  await expect(footer.getByRole('link', { name: 'Sign Up' })).toHaveCount(0);
});

test('the comparison table shows all three columns at 320 and 390 px, and no page scrolls sideways at 320 px', async ({ page }) => {
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await visit(page, '/premium-benefits');
    const table = page.getByRole('table');
    for (const column of ['Feature', 'Free', 'Premium']) {
      const header = table.getByRole('columnheader', { name: column });
      const box = await header.boundingBox();
      expect(box, `${column} at ${width} px`).not.toBeNull();
      expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= width, `${column} inside ${width} px`).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `/premium-benefits at ${width} px`).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 320, height: 800 });
  for (const path of ['/', '/learn-more', '/blog', '/blog/risk-management', '/terms', '/login', '/signup', '/forgot-password']) {
    await visit(page, path);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} at 320 px`).toBeLessThanOrEqual(320);
  }
  await signUpViaApi(page);
  for (const path of ['/dashboard', '/subscription', '/welcome']) {
    await visit(page, path);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} at 320 px`).toBeLessThanOrEqual(320);
  }
});

test('the paste hint is shown only where a keyboard is at hand', async ({ page, browser }) => {
  await visit(page, '/');
  await signUpViaApi(page);
  await visit(page, '/dashboard');
  await expect(page.getByText(/paste a screenshot with (Ctrl|⌘)\+V/)).toBeVisible();

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, storageState: await page.context().storageState() });
  const touch = await phone.newPage();
  await touch.goto('/dashboard');
  await expect(touch.getByText(/PNG or JPEG, up to 5 MB\./)).toBeVisible();
  await expect(touch.getByText(/paste/i)).toHaveCount(0);
  await phone.close();
});


test('a Premium trader exports the analysis as a PDF with the chart picture, entry, stop and target', async ({ page }) => {
  // Premium as the browser sees it (exports are made in the browser; the server's Premium rules have their own tests).
  await page.route('**/api/billing/status', async (route) => {
    const response = await route.fetch();
    const state = (await response.json()) as Record<string, unknown>;
    const end = new Date(Date.now() + 30 * 86_400_000).toISOString();
    await route.fulfill({ response, json: { ...state, isSubscribed: true, hasAccess: true, subscriptionEndDate: end, limit: null } });
  });
  await visit(page, '/');
  await signUpViaApi(page);
  await visit(page, '/dashboard');
  await page.locator('input[type=file]').setInputFiles(await chartFile(24));
  const body = await clickAnalyse(page);
  const panel = page.getByRole('region', { name: 'Export and share' });
  const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Download PDF' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^piplens-analysis-\d{4}-\d{2}-\d{2}-\d{4}\.pdf$/);
  const bytes = readFileSync(await download.path());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const { text, images } = await readPdf(bytes);
  expect(text).toContain(body.result.entryPoint);
  expect(text).toContain(body.result.stopLoss);
  expect(text).toContain(body.result.takeProfit);
  expect(text).toMatch(/ENTRY POINT/);
  expect(text).toMatch(/STOP LOSS/);
  expect(text).toMatch(/TAKE PROFIT/);
  expect(images).toBeGreaterThanOrEqual(1);
});
