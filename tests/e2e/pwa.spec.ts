import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { MAX_UPLOAD_BYTES } from '../../src/shared/constants';
import { SHARE_TARGET } from '../../src/shared/share-target';
import { SHARED_FILE_STORE } from '../../src/web/features/share-target/shared-file-store';
import { CHROMIUM_FLAGS } from '../../scripts/lib/browser.mjs';
import { chartFile, clickAnalyse, toasts } from './charts';
import { BASE_URL, expectAccessible, expectConsoleMessages, signUpViaApi, test, visit } from './support';

// These tests are about the service worker, which other browser tests block (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const INVALID = 'Please upload a valid image file (JPEG or PNG) under 5MB';
const UNAVAILABLE = 'Sharing to PipLens needs PipLens opened once first';

interface SharedFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A chart screenshot as the phone's share sheet hands it over (drawn by the fixture renderer). */
async function screenshot(seed: number): Promise<SharedFile> {
  return { name: `Screenshot_${seed}.png`, mimeType: 'image/png', buffer: readFileSync(await chartFile(seed)) };
}

/** Resolves once a service worker is active and controls the page (it registers after the page's load). */
async function serviceWorkerInControl(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        if (navigator.serviceWorker.controller) resolve();
        else navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true });
      }),
  );
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');
}

/**
 * Shares `file` to PipLens as a phone's share sheet does: a multipart form navigation POST to the
 * manifest's share_target action, the file under its field name.
 */
async function shareToPipLens(page: Page, file: SharedFile) {
  await page.evaluate(
    ({ action, field }) => {
      const form = document.createElement('form');
      form.method = 'post';
      form.enctype = 'multipart/form-data';
      form.action = action;
      form.dataset.shareSheet = '';
      const input = document.createElement('input');
      input.type = 'file';
      input.name = field;
      form.append(input);
      document.body.append(form);
    },
    { action: SHARE_TARGET.path, field: SHARE_TARGET.fileField },
  );
  await page.locator('form[data-share-sheet] input').setInputFiles(file);
  await page.locator('form[data-share-sheet]').evaluate((form: HTMLFormElement) => form.submit());
}

/** How many shared files wait on the device (the service worker's store). */
const waitingFiles = (page: Page) =>
  page.evaluate(async (store) => (await (await caches.open(store)).keys()).length, SHARED_FILE_STORE);

/** Every request this page's context sends to the analysis API (the only place a chart is uploaded to). */
function analysisUploads(page: Page): string[] {
  const seen: string[] = [];
  page.context().on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/analyses')) seen.push(`${request.method()} ${request.url()}`);
  });
  return seen;
}

test('PipLens installs as an app: the manifest parses and the service worker controls the page', async () => {
  // Chromium never offers to install from an incognito profile, which every test context is: this check
  // runs in a profile of its own, with the same guards on its console.
  const profile = mkdtempSync(path.join(tmpdir(), 'piplens-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
    baseURL: BASE_URL,
  });
  const problems: string[] = [];
  context.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()}`);
  });
  context.on('weberror', (error) => problems.push(`pageerror: ${error.error().message}`));
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await visit(page, '/');
    await serviceWorkerInControl(page);
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.url).toBe(`${BASE_URL}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    expect(JSON.parse(manifest.data ?? '{}')).toMatchObject({
      start_url: '/dashboard',
      display: 'standalone',
      share_target: { action: SHARE_TARGET.path },
    });
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);

    const worker = await page.request.get('/sw.js');
    expect(worker.headers()['content-type']).toMatch(/^text\/javascript/);
    expect(worker.headers()['cache-control']).toBe('no-cache');
    expect(problems).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('a screenshot shared from the phone opens on the dashboard, ready to analyse', async ({ page }) => {
  await visit(page, '/');
  await signUpViaApi(page);
  await serviceWorkerInControl(page);
  await shareToPipLens(page, await screenshot(61));

  // The service worker answered (the server would have said ?shared=unavailable); the address is tidied.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('img', { name: 'Chart to analyse' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Analyze Chart (5 left today)' })).toBeEnabled();
  expect(await waitingFiles(page)).toBe(0);
  await expectAccessible(page);
  await clickAnalyse(page);
});

test('signed out, a shared screenshot waits on the phone through the login, then opens', async ({ page }) => {
  const user = await signUpViaApi(page);
  await serviceWorkerInControl(page);
  await page.context().clearCookies();
  await visit(page, '/');
  const uploads = analysisUploads(page);

  await shareToPipLens(page, await screenshot(62));
  await expect(page).toHaveURL(/\/login$/);
  expect(await waitingFiles(page)).toBe(1);
  await expectAccessible(page);

  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  expect(uploads).toEqual([]);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('img', { name: 'Chart to analyse' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Analyze Chart (5 left today)' })).toBeEnabled();
  expect(await waitingFiles(page)).toBe(0);
});

test("a shared file of the wrong type or over 5 MB gets the upload's message and is not loaded", async ({ page }) => {
  await visit(page, '/');
  await signUpViaApi(page);
  await serviceWorkerInControl(page);
  const chart = await screenshot(63);
  const upload = page.getByRole('button', { name: /^Upload a chart image/ });

  await shareToPipLens(page, {
    name: 'Screenshot_63.webp',
    mimeType: 'image/webp',
    buffer: await sharp(chart.buffer).webp().toBuffer(),
  });
  await expect(toasts(page).getByText(INVALID)).toBeVisible();
  await expect(upload).toBeVisible();
  await expectAccessible(page);

  // A real picture, padded past the limit (decoders ignore bytes after the image's end).
  const oversize = Buffer.concat([chart.buffer, Buffer.alloc(MAX_UPLOAD_BYTES)]);
  await shareToPipLens(page, { ...chart, buffer: oversize });
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(toasts(page).getByText(INVALID)).toBeVisible();
  await expect(upload).toBeVisible();
  expect(await waitingFiles(page)).toBe(0);
});

test.describe('in a browser where PipLens has no service worker yet', () => {
  test.use({ serviceWorkers: 'block' });

  test('a share reaching the server is not kept, and the trader is told sharing needs one visit first', async ({
    page,
  }) => {
    expectConsoleMessages(/Service Worker registration blocked by Playwright/);
    await visit(page, '/');
    await shareToPipLens(page, await screenshot(64));
    // Signed out: the message comes along to the login page.
    await expect(page).toHaveURL(/\/login$/);
    await expect(toasts(page).getByText(UNAVAILABLE)).toBeVisible();
    await expectAccessible(page);

    await signUpViaApi(page);
    await shareToPipLens(page, await screenshot(64));
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(toasts(page).getByText(UNAVAILABLE)).toBeVisible();
    await expect(page.getByRole('button', { name: /^Upload a chart image/ })).toBeVisible();
    await expectAccessible(page);
  });
});

test('offline, the dashboard says so, public pages open, and a share waits for the connection', async ({ page }) => {
  // The session check and page loads the browser cannot make while offline are logged as failed.
  expectConsoleMessages(/ERR_INTERNET_DISCONNECTED/);
  await visit(page, '/');
  await signUpViaApi(page);
  await serviceWorkerInControl(page);
  const context = page.context();

  // Already open: the work stays, with the notice above it.
  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Forex Chart Analysis' })).toBeVisible();
  await expectAccessible(page);

  // Opened offline: the page from the cache, the offline state instead of spinners or a sign-in.
  await page.goto('/dashboard');
  const offline = page.getByRole('status').filter({ has: page.getByRole('heading', { name: 'You are offline' }) });
  await expect(offline).toBeVisible();
  await expect(offline).toContainText('What still works');
  await expect(offline).toContainText('Analyses need a connection');
  await expectAccessible(page);

  await visit(page, '/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await visit(page, '/blog/ai-forex-trading');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // A share offline is kept on the device; back online, the page comes back and loads it.
  await page.goto('/dashboard');
  await expect(offline).toBeVisible();
  await shareToPipLens(page, await screenshot(65));
  // The share's landing, or the dashboard reloaded over it (the offline page reloads itself on
  // the browser's 'online' event, which Chromium's emulation can send while the navigation is on
  // its way): the share waits on the device either way.
  await expect(page).toHaveURL(/\/dashboard(\?shared=1)?$/);
  await expect(offline).toBeVisible();
  expect(await waitingFiles(page)).toBe(1);
  await context.setOffline(false);
  await expect(page.getByRole('img', { name: 'Chart to analyse' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});
