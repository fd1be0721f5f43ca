/**
 * The trader fixes what PipLens misread: the last price dragged (or moved by keyboard) to its place,
 * the price scale set by two points on a chart whose axis PipLens refused; bad inputs are said and
 * send nothing; a corrected re-run takes no daily slot; "set by you" shows wherever the analysis does.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { createWorker, OEM } from 'tesseract.js';
import { analyzeChart, shutdownEngine } from '../../src/engine';
import { ANALYSIS_DEFAULTS, type ChartFacts } from '../../src/shared/analysis';
import { CORRECTION_MESSAGES } from '../../src/shared/correction';
import { href } from '../../src/shared/routes';
import { chartWithoutAxis, testChart } from '../../src/server/test/charts';
import { chartFile, clickAnalyse, subscribeInSandbox, type AnalysisBody } from './charts';
import { readPdf } from './pdf';
import {
  DATA_DIR,
  expectAccessible,
  expectConsoleMessages,
  expectNoSidewaysScroll,
  signUpViaApi,
  test,
  visit,
} from './support';

test.afterAll(async () => {
  await shutdownEngine();
});

const usedToday = async (page: Page) =>
  ((await (await page.request.get('/api/billing/status')).json()) as { dailyAnalysisCount: number }).dailyAnalysisCount;

/** Counts the analysis requests the page sends from now on. */
function countAnalyses(page: Page): () => number {
  let sent = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/analyses')) sent += 1;
  });
  return () => sent;
}

/** The page's y for a row of the picture shown in `figure` (`height`: the picture's own height). */
async function screenY(figure: Locator, row: number, height: number): Promise<{ x: number; y: number }> {
  await figure.scrollIntoViewIfNeeded();
  const box = await figure.boundingBox();
  if (!box) throw new Error('the picture is not on screen');
  return { x: box.x + box.width * 0.9, y: box.y + (row / height) * box.height };
}

const rowOf = (chart: Pick<ChartFacts, 'scale'>, price: number) => {
  const scale = chart.scale as { slope: number; intercept: number };
  return (price - scale.intercept) / scale.slope;
};

/** Drags a mark (its handle's middle) to the page's `y`. */
async function dragMark(page: Page, mark: Locator, y: number) {
  const from = await mark.boundingBox();
  if (!from) throw new Error('the mark is not on screen');
  const x = from.x + from.width / 2;
  await page.mouse.move(x, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(x, (from.y + from.height / 2 + y) / 2, { steps: 4 });
  await page.mouse.move(x, y, { steps: 4 });
  await page.mouse.up();
}

/** The words of the PNG export's result card (below the chart), read with tesseract's English model, offline. */
async function cardText(png: Buffer, chart: { width: number; height: number }): Promise<string> {
  const { width = 0, height = 0 } = await sharp(png).metadata();
  const top = Math.round((width * chart.height) / chart.width);
  const card = await sharp(png)
    .extract({ left: 0, top, width, height: height - top })
    .resize({ width: width * 2 })
    .greyscale()
    .png()
    .toBuffer();
  const langPath = path.join(
    path.dirname(createRequire(import.meta.url).resolve('@tesseract.js-data/eng/package.json')),
    '4.0.0_best_int',
  );
  const worker = await createWorker('eng', OEM.LSTM_ONLY, { langPath, gzip: true, cacheMethod: 'none' });
  try {
    return (await worker.recognize(card)).data.text.replace(/\s+/g, ' ');
  } finally {
    await worker.terminate();
  }
}

async function submitResponse(page: Page, button: RegExp | string) {
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/analyses') && r.request().method() === 'POST');
  await page.getByRole('button', { name: button }).click();
  const response = await answer;
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as AnalysisBody;
}

test('the last price dragged or moved by keyboard to its place gives an analysis at that price, with no second slot; bad inputs send nothing', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await visit(page, '/');
  await signUpViaApi(page);
  await visit(page, href.dashboard);
  await page.locator('input[type=file]').setInputFiles(await chartFile(31));
  const first = await clickAnalyse(page);
  expect(await usedToday(page)).toBe(1);
  const sent = countAnalyses(page);

  await page
    .getByRole('region', { name: 'What PipLens read' })
    .getByRole('button', { name: 'The last price is wrong' })
    .click();
  const panel = page.getByRole('region', { name: 'Set the last price' });
  const field = panel.getByRole('textbox', { name: 'Last price' });
  await expect(field).toHaveValue(first.chart.lastPrice.toFixed(first.chart.precision));
  await expectAccessible(page);

  // A price outside the chart's scale: its message, and no request.
  await field.fill(String(first.chart.high * 3));
  await panel.getByRole('button', { name: 'Re-read with this last price' }).click();
  await expect(panel.getByRole('alert')).toContainText('The last price must lie within the chart’s scale');

  // Dragged with the mouse to 30% up the chart's range.
  const { high, low, precision, image } = first.chart;
  const target = low + (high - low) * 0.3;
  const line = panel.getByRole('slider', { name: 'Last price' });
  await field.fill(first.chart.lastPrice.toFixed(precision));
  const to = await screenY(panel.locator('figure'), rowOf(first.chart, target), image.height);
  await dragMark(page, line, to.y);
  const dragged = Number(await field.inputValue());
  expect(Math.abs(dragged - target)).toBeLessThan((high - low) * 0.02);
  // The arrow keys move it up (a higher price) and say where it is.
  await line.focus();
  await page.keyboard.press('ArrowUp');
  const keyed = Number(await field.inputValue());
  expect(keyed).toBeGreaterThan(dragged);
  await expect(line).toHaveAttribute('aria-valuetext', `Last price ${keyed.toFixed(precision)}`);
  expect(sent()).toBe(0);

  const corrected = await submitResponse(page, 'Re-read with this last price');
  expect(corrected.chart.lastPrice).toBe(keyed);
  expect(corrected.result.setByTrader).toEqual({ scale: false, lastPrice: keyed });
  await expect(
    page.getByRole('note').filter({ hasText: `Set by you: the last price (${keyed.toFixed(precision)})` }),
  ).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'What PipLens read' })
      .locator('p')
      .getByText(`Last price ${keyed.toFixed(precision)}`),
  ).toBeVisible();
  // The same analysis for the daily count: the re-run came with the server's grant.
  expect(await usedToday(page)).toBe(1);
  await expect(page.getByRole('button', { name: 'Analyze Chart (4 left today)' })).toBeVisible();

  // The scale set on the reading: two points at one height, prices in the wrong order, prices far from the labels.
  await page
    .getByRole('region', { name: 'What PipLens read' })
    .getByRole('button', { name: 'Set the price scale myself' })
    .click();
  const scalePanel = page.getByRole('region', { name: 'Set the price scale yourself' });
  const figure = scalePanel.locator('figure');
  const upperRow = rowOf(corrected.chart, high);
  const lowerRow = rowOf(corrected.chart, low);
  const upper = await screenY(figure, upperRow, image.height);
  await page.mouse.click(upper.x - 200, upper.y);
  const lower = await screenY(figure, lowerRow, image.height);
  await page.mouse.click(lower.x - 200, lower.y);
  // Point 2 dragged up to point 1's height.
  await dragMark(page, scalePanel.getByRole('slider', { name: 'Point 2' }), upper.y);
  await scalePanel.getByRole('textbox', { name: 'Price at point 1' }).fill(high.toFixed(precision));
  await scalePanel.getByRole('textbox', { name: 'Price at point 2' }).fill(low.toFixed(precision));
  await scalePanel.getByRole('button', { name: 'Analyze with this scale' }).click();
  await expect(scalePanel.getByRole('alert')).toHaveText(CORRECTION_MESSAGES.sameHeight);
  await dragMark(page, scalePanel.getByRole('slider', { name: 'Point 2' }), lower.y);
  await scalePanel.getByRole('textbox', { name: 'Price at point 1' }).fill(low.toFixed(precision));
  await scalePanel.getByRole('textbox', { name: 'Price at point 2' }).fill(high.toFixed(precision));
  await scalePanel.getByRole('button', { name: 'Analyze with this scale' }).click();
  await expect(scalePanel.getByRole('alert')).toHaveText(CORRECTION_MESSAGES.wrongOrder);
  await scalePanel.getByRole('textbox', { name: 'Price at point 1' }).fill((high * 100).toFixed(precision));
  await scalePanel.getByRole('textbox', { name: 'Price at point 2' }).fill((low * 100).toFixed(precision));
  await scalePanel.getByRole('button', { name: 'Analyze with this scale' }).click();
  await expect(scalePanel.getByRole('alert')).toContainText('That price is far from the prices on this chart’s axis');
  await expectAccessible(page);
  await scalePanel.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('region', { name: 'What PipLens read' })).toBeVisible();
  expect(sent()).toBe(1);

  // Without a pointer: the points added from the keyboard, a quarter into the plot from its top and its foot.
  await page
    .getByRole('region', { name: 'What PipLens read' })
    .getByRole('button', { name: 'Set the price scale myself' })
    .focus();
  await page.keyboard.press('Enter');
  await scalePanel.getByRole('button', { name: 'Add point 1' }).focus();
  await page.keyboard.press('Enter');
  await scalePanel.getByRole('button', { name: 'Add point 2' }).focus();
  await page.keyboard.press('Enter');
  const { plot } = corrected.chart;
  const scale = corrected.chart.scale as { slope: number; intercept: number };
  const typed = [plot.top + (plot.bottom - plot.top) * 0.25, plot.bottom - (plot.bottom - plot.top) * 0.25].map((row) =>
    (scale.slope * row + scale.intercept).toFixed(precision),
  );
  await scalePanel.getByRole('textbox', { name: 'Price at point 1' }).fill(typed[0] ?? '');
  await scalePanel.getByRole('textbox', { name: 'Price at point 2' }).fill(typed[1] ?? '');
  await scalePanel.getByRole('textbox', { name: 'Price at point 2' }).press('Tab');
  const keyboardScale = await submitResponse(page, 'Analyze with this scale');
  expect(keyboardScale.result.setByTrader).toEqual({ scale: true, lastPrice: null });
  expect(keyboardScale.chart.scale?.slope).toBeCloseTo(scale.slope, 4);
  expect(sent()).toBe(2);
  expect(await usedToday(page)).toBe(1);
});

test('two points typed on a chart whose axis PipLens refused give an analysis on the chart, said to be set by the trader in the result, history, share page, PDF and PNG', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  expectConsoleMessages(/status of 422 .*\/api\/analyses\)/);
  await page.setViewportSize({ width: 1366, height: 900 });
  // The prices the trader reads on their own axis: here, the chart's scale before the axis was painted out.
  const { image: original, truth } = await testChart();
  const own = await analyzeChart(original, { ...ANALYSIS_DEFAULTS });
  const file = path.join(DATA_DIR, 'e2e-chart-without-axis.png');
  writeFileSync(file, await chartWithoutAxis());

  await visit(page, '/');
  await signUpViaApi(page);
  // Premium, so the analysis can be shared and exported.
  await subscribeInSandbox(page);
  await visit(page, href.dashboard);
  await page.locator('input[type=file]').setInputFiles(file);
  const refused = page.waitForResponse((r) => r.url().endsWith('/api/analyses') && r.request().method() === 'POST');
  await page.getByRole('button', { name: /^Analyze Chart/ }).click();
  expect((await refused).status()).toBe(422);
  await page.getByRole('button', { name: 'Set the price scale myself' }).click();
  const panel = page.getByRole('region', { name: 'Set the price scale yourself' });
  await expectAccessible(page);

  const { plot, precision } = own.chart;
  const priceAt = (row: number) =>
    (own.chart.scale as { slope: number; intercept: number }).slope * row + (own.chart.scale?.intercept ?? 0);
  const prices = [plot.top + (plot.bottom - plot.top) * 0.2, plot.top + (plot.bottom - plot.top) * 0.8].map((row) =>
    Number(priceAt(row).toFixed(precision)),
  );
  const figure = panel.locator('figure');
  for (const price of prices) {
    const at = await screenY(figure, rowOf(own.chart, price), own.chart.image.height);
    await page.mouse.click(at.x, at.y);
  }
  await expect(panel.getByRole('slider', { name: 'Point 2' })).toBeVisible();
  await panel.getByRole('textbox', { name: 'Price at point 1' }).fill(String(prices[0]));
  await panel.getByRole('textbox', { name: 'Price at point 2' }).fill(String(prices[1]));
  await expect(panel.getByRole('slider', { name: 'Point 1' })).toHaveAttribute(
    'aria-valuetext',
    `Point 1: ${prices[0]}`,
  );
  const body = await submitResponse(page, 'Analyze with this scale');
  const span = truth.high - truth.low;
  expect(body.result.setByTrader).toEqual({ scale: true, lastPrice: null });
  expect(Math.abs(body.chart.lastPrice - truth.lastPrice)).toBeLessThan(span * 0.03);
  for (const level of [body.result.entryPoint, body.result.stopLoss, body.result.takeProfit].map(Number)) {
    expect(level).toBeGreaterThan(truth.low - span);
    expect(level).toBeLessThan(truth.high + span);
  }
  const note = 'Set by you: the price scale, from the two prices you marked on the axis.';
  await expect(page.getByRole('note').filter({ hasText: note })).toBeVisible();

  await page.getByRole('button', { name: 'Save to history' }).click();
  await expect(
    page.getByRole('region', { name: 'Analysis History' }).getByRole('button', { name: /Set by you: the price scale/ }),
  ).toHaveCount(1);

  const exportPanel = page.getByRole('region', { name: 'Export and share' });
  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    exportPanel.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  expect((await readPdf(readFileSync(await pdf.path()))).text).toContain('Set by you: the price scale');
  const [png] = await Promise.all([
    page.waitForEvent('download'),
    exportPanel.getByRole('button', { name: 'Download PNG' }).click(),
  ]);
  expect(await cardText(readFileSync(await png.path()), own.chart.image)).toContain('Set by you');

  await exportPanel.getByRole('button', { name: 'Share link' }).click();
  const link = exportPanel.getByRole('textbox', { name: /Read-only link/ });
  await expect(link).toHaveValue(/\/share\/[A-Za-z0-9_-]{32}$/);
  const visitor = await browser.newContext();
  const shared = await visitor.newPage();
  await shared.goto(await link.inputValue());
  await expect(shared.getByRole('heading', { name: 'Analysis result' })).toBeVisible();
  await expect(shared.getByText(note)).toBeVisible();
  await visitor.close();
});

test('on a phone the scale is set by touch, and the correction fits the screen', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    screen: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  expectConsoleMessages(/status of 422 .*\/api\/analyses\)/);
  const { image: original } = await testChart();
  const own = await analyzeChart(original, { ...ANALYSIS_DEFAULTS });
  const file = path.join(DATA_DIR, 'e2e-chart-without-axis.png');
  writeFileSync(file, await chartWithoutAxis());
  await visit(page, '/');
  await signUpViaApi(page);
  await visit(page, href.dashboard);
  await page.locator('input[type=file]').setInputFiles(file);
  const refused = page.waitForResponse((r) => r.url().endsWith('/api/analyses') && r.request().method() === 'POST');
  await page.getByRole('button', { name: /^Analyze Chart/ }).click();
  expect((await refused).status()).toBe(422);
  await page.getByRole('button', { name: 'Set the price scale myself' }).tap();
  const panel = page.getByRole('region', { name: 'Set the price scale yourself' });
  const { plot, precision } = own.chart;
  const scale = own.chart.scale as { slope: number; intercept: number };
  const prices = [plot.top + (plot.bottom - plot.top) * 0.15, plot.top + (plot.bottom - plot.top) * 0.85].map((row) =>
    Number((scale.slope * row + scale.intercept).toFixed(precision)),
  );
  for (const price of prices) {
    const at = await screenY(panel.locator('figure'), rowOf(own.chart, price), own.chart.image.height);
    await page.touchscreen.tap(at.x, at.y);
  }
  await expect(panel.getByRole('slider', { name: 'Point 2' })).toBeVisible();
  await panel.getByRole('textbox', { name: 'Price at point 1' }).fill(String(prices[0]));
  await panel.getByRole('textbox', { name: 'Price at point 2' }).fill(String(prices[1]));
  await expectNoSidewaysScroll(page, 'the scale being set at 360 px');
  await expectAccessible(page);
  const body = await submitResponse(page, 'Analyze with this scale');
  expect(body.result.setByTrader).toEqual({ scale: true, lastPrice: null });
  await expectNoSidewaysScroll(page, 'the corrected analysis at 360 px');
  await context.close();
});
