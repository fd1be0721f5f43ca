import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { chartSpecs, renderChart } from '../../scripts/fixtures/render';
import { DATA_DIR, expectAccessible, signUpViaApi, visit } from './support';

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
  await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Chart analysis complete!')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Analysis result' })).toBeVisible();
  await expect(page.getByText(/Produced by PipLens chart engine/)).toBeVisible();
  await expect(page.getByRole('img', { name: /Entry, stop loss, take profit/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Analyze Chart (4 left today)' })).toBeEnabled();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Save to history' }).click();
  await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Analysis saved to history')).toBeVisible();
  const history = page.getByRole('region', { name: 'Analysis History' });
  await expect(history.getByRole('button')).toHaveCount(1);
  await expect(history.getByText('4h')).toBeVisible();
});

test('the dashboard sends a signed-out visitor to /login', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});
