import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { chartSpecs, renderChart } from '../../scripts/fixtures/render';
import type { AnalysisResult, ChartFacts } from '../../src/shared/analysis';
import { DATA_DIR, visit } from './support';

/** A generated chart on disk (the engine's fixture generator), 1280x800 unless told, ready for the file input. */
export async function chartFile(seed = 5, size: [number, number, number] = [1280, 800, 1]): Promise<string> {
  const [spec] = chartSpecs(1, seed, size);
  if (!spec) throw new Error('no chart spec');
  const { image } = await renderChart({ ...spec, format: 'png' });
  const file = path.join(DATA_DIR, `e2e-chart-${seed}-${size.join('x')}.png`);
  mkdirSync(DATA_DIR, { recursive: true });
  writeFileSync(file, image);
  return file;
}

export interface AnalysisBody {
  id: string;
  result: AnalysisResult;
  chart: ChartFacts;
}

/** Clicks Analyze and returns the server's answer once the result shows. */
export async function clickAnalyse(page: Page): Promise<AnalysisBody> {
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/analyses') && r.request().method() === 'POST');
  await page.getByRole('button', { name: /^Analyze Chart/ }).click();
  const response = await answer;
  expect(response.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Analysis result' })).toBeVisible({ timeout: 30_000 });
  return (await response.json()) as AnalysisBody;
}

export const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });

/** Premium for the signed-in trader, paid through the sandbox checkout as a trader would. */
export async function subscribeInSandbox(page: Page) {
  await visit(page, '/subscription');
  await page.getByRole('button', { name: 'Subscribe Now' }).click();
  await page.getByRole('dialog', { name: 'Sandbox checkout' }).getByRole('button', { name: 'Pay' }).click();
  await expect(toasts(page).getByText('Subscription activated')).toBeVisible();
}
