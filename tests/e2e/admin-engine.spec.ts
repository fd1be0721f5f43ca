import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { renderNonChart } from '../../scripts/fixtures/render';
import { REFUSAL_RULES } from '../../src/engine/errors';
import { toasts } from './charts';
import { DATA_DIR, expectAccessible, expectConsoleMessages, signInAdmin, signUpViaApi, test, visit } from './support';

/** The rules under which the engine says a picture is no chart. */
const NOT_A_CHART_RULES = Object.entries(REFUSAL_RULES)
  .filter(([, spec]) => spec.code === 'NOT_A_CHART')
  .map(([rule]) => rule);

test("an admin sees the engine's refusal of a trader's upload under its rule id, with its trace", async ({ page }) => {
  test.setTimeout(120_000);
  expectConsoleMessages(/status of 422 .*\/api\/analyses\)/);
  // A trader uploads a photograph, which the engine refuses.
  const uploader = await signUpViaApi(page, { name: 'Uploading Trader' });
  await visit(page, '/dashboard');
  const photo = path.join(DATA_DIR, 'e2e-admin-photo.png');
  writeFileSync(photo, await renderNonChart('photo', 7));
  await page.locator('input[type=file]').setInputFiles(photo);
  await expect(page.getByText(/No chart area found/)).toBeVisible();
  await page.getByRole('button', { name: /^Analyze Chart/ }).click();
  await expect(
    toasts(page).getByText(/^Failed to analyze chart: This image doesn't look like a price chart/),
  ).toBeVisible({
    timeout: 30_000,
  });
  await page.waitForLoadState('networkidle');
  await page.context().clearCookies();

  // The admin finds the engine's readings from the admin settings.
  await signInAdmin(page, 'engine-admin@piplens.test');
  await visit(page, '/admin/settings');
  await page.getByRole('link', { name: 'Engine Readings' }).click();
  await expect(page).toHaveURL(/\/admin\/engine$/);
  await expect(page.getByRole('heading', { name: 'Engine Readings', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: /by rule id/ });
  await expect(table.getByRole('columnheader', { name: 'Rule id' })).toBeVisible();
  await expectAccessible(page);

  // The refusal is counted under its rule id.
  const refusedRows = table.getByRole('row').filter({ hasText: 'Refused' });
  await expect(refusedRows.first()).toBeVisible();
  const rules = await refusedRows.getByRole('rowheader').allInnerTexts();
  const rule = rules.find((text) => NOT_A_CHART_RULES.includes(text.trim()))?.trim();
  expect(rule, `a NOT_A_CHART rule among ${rules.join(', ')}`).toBeDefined();

  // Opened from the keyboard, the rule shows its readings with the trace of each.
  const show = page.getByRole('button', { name: `Show readings of ${rule} (refused)` });
  await show.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: `Hide readings of ${rule} (refused)` })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  // The open rule is in the address, so it can be linked to.
  await expect.poll(() => new URL(page.url()).searchParams.get('rule')).toBe(rule);
  await expect(page.getByRole('heading', { name: `Readings refused by ${rule}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Reading 1 of \d+:/ })).toBeVisible();
  await expect(page.getByText('The trader got no analysis.').first()).toBeVisible();
  // The trace: each attempt's stages, and the decision that refused with the figures it weighed.
  const refusedBy = page
    .getByRole('table', { name: /^Decisions of attempt/ })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: rule }) })
    .filter({ has: page.getByRole('cell', { name: 'refused', exact: true }) });
  await expect(refusedBy.first()).toBeVisible();
  await expect(refusedBy.first().getByRole('cell').last()).toHaveText(/\w+ [\d.]+/);
  await expect(
    page
      .getByRole('table', { name: /^Stages of attempt 1$/ })
      .first()
      .getByRole('rowheader', { name: 'decode' }),
  ).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Pages of readings' })).toContainText(/Page 1 of \d+/);
  // Nothing beside a reading says who uploaded it.
  await expect(page.getByText(uploader.email)).toHaveCount(0);
  await expect(page.getByText(uploader.name)).toHaveCount(0);
  await expectAccessible(page);
});
