import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { chartSpecs, renderChart } from '../../scripts/fixtures/render';
import type { AnalysisResult } from '../../src/shared/analysis';
import { DATA_DIR, expectAccessible, signUpViaApi, test, visit } from './support';

test('the symbol field: searched by name, "Other" with its sizes, sent with the analysis and stated in the sizing', async ({ page }) => {
  const [spec] = chartSpecs(1, 5, [1280, 800, 1]);
  if (!spec) throw new Error('no chart spec');
  const file = path.join(DATA_DIR, 'e2e-instrument-chart.png');
  mkdirSync(DATA_DIR, { recursive: true });
  writeFileSync(file, (await renderChart({ ...spec, format: 'png' })).image);

  await visit(page, '/');
  await signUpViaApi(page);
  await visit(page, '/dashboard');
  const symbol = page.getByRole('combobox', { name: 'Symbol' });
  await expect(page.getByText('Choose the instrument on your chart for exact position sizes.')).toBeVisible();
  // A search with one match is taken on leaving the field.
  await symbol.fill('gold');
  await symbol.press('Tab');
  await expect(symbol).toHaveValue('XAUUSD');
  await expect(page.getByText('Gold / US Dollar: 1 lot = 100 troy ounces, 1 pip = 0.1.')).toBeVisible();
  // An instrument outside the list: its pip size and contract size.
  await symbol.fill('Other');
  const pip = page.getByRole('spinbutton', { name: 'Pip size' });
  const contract = page.getByRole('spinbutton', { name: 'Contract size (units per lot)' });
  await pip.fill('0.0001');
  await contract.fill('100000');
  await expectAccessible(page);

  await page.locator('input[type=file]').setInputFiles(file);
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/analyses') && r.request().method() === 'POST');
  await page.getByRole('button', { name: /^Analyze Chart/ }).click();
  const response = await answer;
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { settings: Record<string, unknown>; result: AnalysisResult };
  expect(body.settings).toMatchObject({ symbol: 'OTHER', pipSize: 0.0001, contractSize: 100000 });
  expect(body.result.positionSizing).toContain('Your instrument: 1 lot = 100,000 units, 1 pip = 0.0001');
  await expect(page.getByText(/Your instrument: 1 lot = 100,000 units/)).toBeVisible({ timeout: 30_000 });
});
