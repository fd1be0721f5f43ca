import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { renderNonChart } from '../../scripts/fixtures/render';
import { chartWithoutAxis, testChart } from '../../src/server/test/charts';
import type { ChartReadout, PixelBox } from '../../src/shared/crop';
import { chartFile, clickAnalyse, toasts, type AnalysisBody } from './charts';
import { DATA_DIR, expectAccessible, expectConsoleMessages, signUpViaApi, test, visit } from './support';

type ReadBody = AnalysisBody & { chart: AnalysisBody['chart'] & { read?: ChartReadout } };

/** A fixture chart pasted into a larger light page (a whole-window screenshot): PipLens should frame the chart. */
async function chartInAPage(seed: number): Promise<string> {
  const file = await chartFile(seed);
  const padded = await sharp(readFileSync(file))
    .extend({ top: 160, bottom: 160, left: 160, right: 160, background: '#f1f5f9' })
    .png()
    .toBuffer();
  const out = file.replace(/\.png$/, '-in-page.png');
  writeFileSync(out, padded);
  return out;
}

const frame = (page: Page) => page.getByRole('group', { name: /^Chart area/ });
const frameCrop = async (page: Page) => ((await frame(page).getAttribute('data-crop')) ?? '').split(',').map(Number);
const usedToday = async (page: Page) =>
  ((await (await page.request.get('/api/billing/status')).json()) as { dailyAnalysisCount: number }).dailyAnalysisCount;
const readCrop = (page: Page) =>
  page.getByRole('region', { name: 'What PipLens read' }).locator('[data-read-crop]').getAttribute('data-read-crop');

test('crop and confirm: PipLens frames the chart, a crop by mouse and by keyboard changes what is analysed and shows in "What PipLens read", and re-runs take no second slot', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await visit(page, '/');
  await signUpViaApi(page);
  await visit(page, '/dashboard');
  await page.locator('input[type=file]').setInputFiles(await chartInAPage(3));
  await expect(page.getByText('PipLens framed the chart it found')).toBeVisible();
  // The frame sits on the chart, not on the page around it (160 px of 1600 x 1120 on each side).
  const [left = 0, top = 0, right = 0, bottom = 0] = await frameCrop(page);
  await testInfo.attach('proposed-frame', { body: await page.screenshot(), contentType: 'image/png' });
  expect(left).toBeCloseTo(0.1, 1);
  expect(top).toBeGreaterThan(0.1);
  expect(right).toBeLessThan(0.92);
  expect(bottom).toBeLessThan(0.9);
  await expectAccessible(page);

  const first = (await clickAnalyse(page)) as ReadBody;
  const reading = page.getByRole('region', { name: 'What PipLens read' });
  await expect(reading.getByRole('img', { name: /price labels PipLens read/ })).toBeVisible();
  await expect(reading.getByText(/Price labels read on the axis/)).toBeVisible();
  await expect(reading.locator('p').getByText(`Last price ${first.chart.lastPrice.toFixed(first.chart.precision)}`, { exact: false })).toBeVisible();
  const firstCrop = first.chart.read?.crop as PixelBox;
  expect(firstCrop.left).toBeGreaterThanOrEqual(150);
  expect(await readCrop(page)).toBe([firstCrop.left, firstCrop.top, firstCrop.right, firstCrop.bottom].join(','));
  expect(await usedToday(page)).toBe(1);
  await expectAccessible(page);
  await testInfo.attach('what-piplens-read', { body: await reading.screenshot(), contentType: 'image/png' });

  // Mouse: the left edge dragged a sixth of the frame to the right; fewer bars are read.
  await reading.getByRole('button', { name: 'Not right? Adjust the chart area' }).click();
  const handle = frame(page).locator('[data-handle="w"]');
  const start = await handle.boundingBox();
  const box = await frame(page).boundingBox();
  if (!start || !box) throw new Error('no frame on screen');
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x + start.width / 2 + box.width * 0.08, start.y + start.height / 2, { steps: 4 });
  await page.mouse.move(start.x + start.width / 2 + box.width * 0.16, start.y + start.height / 2, { steps: 4 });
  await page.mouse.up();
  const [movedLeft = 0] = await frameCrop(page);
  expect(movedLeft).toBeGreaterThan(left + 0.1);
  const second = (await clickAnalyse(page)) as ReadBody;
  const secondCrop = second.chart.read?.crop as PixelBox;
  expect(secondCrop.left).toBeGreaterThan(firstCrop.left + 150);
  expect(second.chart.candles).toBeLessThan(first.chart.candles);
  await expect.poll(() => readCrop(page)).toBe([secondCrop.left, secondCrop.top, secondCrop.right, secondCrop.bottom].join(','));
  expect(await usedToday(page)).toBe(1);

  // Keyboard: "Use the area PipLens found", then the focused frame's corner pushed out with Shift + arrows.
  await reading.getByRole('button', { name: 'Not right? Adjust the chart area' }).click();
  await page.getByRole('button', { name: 'Use the area PipLens found' }).click();
  await frame(page).focus();
  for (let i = 0; i < 3; i += 1) await page.keyboard.press('Shift+ArrowRight');
  for (let i = 0; i < 2; i += 1) await page.keyboard.press('Shift+ArrowDown');
  const [, , keyedRight = 0, keyedBottom = 0] = await frameCrop(page);
  expect(keyedRight).toBeCloseTo(right + 0.03, 3);
  expect(keyedBottom).toBeCloseTo(bottom + 0.02, 3);
  const third = (await clickAnalyse(page)) as ReadBody;
  const thirdCrop = third.chart.read?.crop as PixelBox;
  expect(thirdCrop.right).toBeGreaterThan(firstCrop.right + 40);
  expect(thirdCrop.bottom).toBeGreaterThan(firstCrop.bottom + 15);
  await expect.poll(() => readCrop(page)).toBe([thirdCrop.left, thirdCrop.top, thirdCrop.right, thirdCrop.bottom].join(','));

  // Three analyses of one upload: one slot, counted on the server.
  expect(await usedToday(page)).toBe(1);
  await expect(page.getByRole('button', { name: 'Analyze Chart (4 left today)' })).toBeVisible();
  await expect(toasts(page).getByText('Chart analysis complete!')).toBeVisible();
});

test('a trader draws a frame of their own by dragging outside the proposed one', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await visit(page, '/');
  await signUpViaApi(page);
  await visit(page, '/dashboard');
  await page.locator('input[type=file]').setInputFiles(await chartInAPage(3));
  await expect(page.getByText('PipLens framed the chart it found')).toBeVisible();
  const picture = await page.getByRole('img', { name: 'Chart to analyse' }).boundingBox();
  if (!picture) throw new Error('no picture on screen');
  const at = (x: number, y: number) => [picture.x + picture.width * x, picture.y + picture.height * y] as const;
  await page.mouse.move(...at(0.04, 0.05));
  await page.mouse.down();
  await page.mouse.move(...at(0.3, 0.3), { steps: 5 });
  await page.mouse.move(...at(0.6, 0.55), { steps: 5 });
  await page.mouse.up();
  const [left = 0, top = 0, right = 0, bottom = 0] = await frameCrop(page);
  expect(left).toBeCloseTo(0.04, 2);
  expect(top).toBeCloseTo(0.05, 2);
  expect(right).toBeCloseTo(0.6, 2);
  expect(bottom).toBeCloseTo(0.55, 2);
  await expect(frame(page)).toHaveAccessibleName('Chart area, from 4% to 60% across and 5% to 55% down');
  // "Use the area PipLens found" brings the proposal back.
  await page.getByRole('button', { name: 'Use the area PipLens found' }).click();
  const [again = 0] = await frameCrop(page);
  expect(again).toBeCloseTo(0.1, 1);
});

test('on a phone the frame is moved by touch', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await visit(page, '/');
  await signUpViaApi(page);
  await visit(page, '/dashboard');
  await page.locator('input[type=file]').setInputFiles(await chartInAPage(3));
  await expect(page.getByText('PipLens framed the chart it found')).toBeVisible();
  const [left = 0, top = 0] = await frameCrop(page);
  const box = await frame(page).boundingBox();
  if (!box) throw new Error('no frame on screen');
  // One finger drags the frame's middle down and left (touch events as a phone sends them).
  const cdp = await context.newCDPSession(page);
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let i = 1; i <= 5; i += 1) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x - i * 4, y: y + i * 3 }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  const [movedLeft = 0, movedTop = 0] = await frameCrop(page);
  expect(movedLeft).toBeLessThan(left);
  expect(movedTop).toBeGreaterThan(top);
  await expectAccessible(page);
  await context.close();
});

test('when the engine cannot read the picture, the message says why and the frame stays open to try again', async ({ page }) => {
  expectConsoleMessages(/status of 422 .*\/api\/analyses\)/);
  await visit(page, '/');
  await signUpViaApi(page);
  await visit(page, '/dashboard');
  const photo = path.join(DATA_DIR, 'e2e-photo.png');
  writeFileSync(photo, await renderNonChart('photo', 7));
  await page.locator('input[type=file]').setInputFiles(photo);
  await expect(page.getByText(/No chart area found/)).toBeVisible();
  await page.getByRole('button', { name: /^Analyze Chart/ }).click();
  await expect(toasts(page).getByText(/^Failed to analyze chart: This image doesn't look like a price chart/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/This image doesn't look like a price chart\. .* Frame the chart and its price axis above, then analyze again\./)).toBeVisible();
  await expect(frame(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Whole picture' })).toBeEnabled();
  // A picture that is no chart has no candles to tell of.
  await expect(page.getByText(/From its candles alone/)).toHaveCount(0);
  // A failed analysis takes no slot.
  expect(await usedToday(page)).toBe(0);
  await expectAccessible(page);
});

test('when the price axis is cut off, the refusal says so and tells the trend of the candles it saw', async ({ page }) => {
  expectConsoleMessages(/status of 422 .*\/api\/analyses\)/);
  await visit(page, '/');
  await signUpViaApi(page);
  await visit(page, '/dashboard');
  const cut = path.join(DATA_DIR, 'e2e-no-axis.png');
  writeFileSync(cut, await chartWithoutAxis());
  await page.locator('input[type=file]').setInputFiles(cut);
  await page.getByRole('button', { name: 'Whole picture' }).click();
  await page.getByRole('button', { name: /^Analyze Chart/ }).click();
  await expect(page.getByText(/We couldn't read the price scale on this chart\. .* Frame the chart and its price axis above, then analyze again\./)).toBeVisible({ timeout: 30_000 });
  const { truth } = await testChart();
  const words = truth.regime === 'uptrend' ? 'an uptrend' : truth.regime === 'downtrend' ? 'a downtrend' : 'no clear trend';
  await expect(page.getByText(`From its candles alone, without their prices, this chart shows ${words}`)).toBeVisible();
  expect(await usedToday(page)).toBe(0);
  await expectAccessible(page);
});
