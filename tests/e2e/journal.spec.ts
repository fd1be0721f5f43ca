/**
 * The trade journal: trades taken from PipLens's plans, closed at the target, the stop and by
 * hand, and what they add up to (figures worked by hand below); the record by confidence; the CSV
 * export; bad input said before anything is sent; one trade closed from two tabs.
 */
import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import { bandOf, JOURNAL_MESSAGES, type Trade } from '../../src/shared/journal';
import { FREE_HISTORY_DAYS } from '../../src/shared/constants';
import { href } from '../../src/shared/routes';
import { chartFile, clickAnalyse, subscribeInSandbox, toasts, type AnalysisBody } from './charts';
import { expectAccessible, expectConsoleMessages, expectNoSidewaysScroll, signUpViaApi, test, visit } from './support';

// Times typed into datetime-local fields are the browser's local time: UTC here, as in the test.
test.use({ timezoneId: 'UTC' });

/** A time `minutes` before now as a datetime-local field takes it (UTC). */
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString().slice(0, 16);

const MINUS = '\u2212';

/** EURUSD levels typed by the trader, in the plan's direction: 50 pips of risk, 100 pips to the target. */
const LEVELS = {
  buy: { entry: '1.1000', stop: '1.0950', target: '1.1100', byHand: '1.1025' },
  sell: { entry: '1.1000', stop: '1.1050', target: '1.0900', byHand: '1.0975' },
} as const;

/** Counts the requests that would add a trade to the journal, from now on. */
function countTakes(page: Page): () => number {
  let sent = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/journal/trades') sent += 1;
  });
  return () => sent;
}

const journalPanel = (page: Page) => page.getByRole('region', { name: 'Trade journal' });
const takeDialog = (page: Page) => page.getByRole('dialog', { name: 'I took this trade' });

/** Types the trade into the open "I took this trade" form. */
async function fillTrade(
  dialog: Locator,
  fields: {
    direction: 'buy' | 'sell';
    entry: string;
    stop: string;
    target: string;
    lot: string;
    openedAt: string;
    notes?: string;
  },
) {
  await dialog.getByRole('radio', { name: fields.direction }).check();
  await dialog.getByLabel('Instrument').selectOption('EURUSD');
  await dialog.getByLabel('Entry', { exact: true }).fill(fields.entry);
  await dialog.getByLabel('Stop loss', { exact: true }).fill(fields.stop);
  await dialog.getByLabel('Take profit', { exact: true }).fill(fields.target);
  await dialog.getByLabel('Lot size', { exact: true }).fill(fields.lot);
  await dialog.getByLabel('Opened at', { exact: true }).fill(fields.openedAt);
  if (fields.notes !== undefined) await dialog.getByLabel('Notes', { exact: true }).fill(fields.notes);
}

/** "I took this trade" under the result shown, in the plan's direction; double-clicked, sent once. */
async function takeTrade(page: Page, analysis: AnalysisBody, notes: string, openedAt: string): Promise<Trade> {
  const direction = analysis.result.recommendedAction;
  if (direction === 'wait') throw new Error('the test chart must give a buy or sell plan');
  await journalPanel(page).getByRole('button', { name: 'I took this trade' }).click();
  const dialog = takeDialog(page);
  // Prefilled from the plan: its direction and levels.
  await expect(dialog.getByRole('radio', { name: direction })).toBeChecked();
  await expect(dialog.getByLabel('Entry', { exact: true })).toHaveValue(analysis.result.entryPoint);
  await fillTrade(dialog, { direction, ...LEVELS[direction], lot: '0.10', openedAt, notes });
  await expectAccessible(page);
  const answer = page.waitForResponse(
    (r) => r.url().endsWith('/api/journal/trades') && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Add to journal' }).dblclick();
  const response = await answer;
  expect(response.status(), await response.text()).toBe(201);
  await expect(dialog).toBeHidden();
  await expect(toasts(page).getByText('Trade added to your journal')).toBeVisible();
  await expect(journalPanel(page).getByRole('status')).toHaveText(/In your journal: open\./);
  return (await response.json()) as Trade;
}

const tradeCard = (page: Page, notes: string) => page.getByRole('article').filter({ hasText: notes });

/** Closes the trade with these notes from the journal page. */
async function closeTrade(page: Page, notes: string, outcome: RegExp, closedAt: string, exit?: string) {
  await tradeCard(page, notes).getByRole('button', { name: 'Close trade' }).click();
  const dialog = page.getByRole('dialog', { name: 'Close trade' });
  await dialog.getByRole('radio', { name: outcome }).check();
  if (exit) await dialog.getByLabel('Exit price', { exact: true }).fill(exit);
  await dialog.getByLabel('Closed at', { exact: true }).fill(closedAt);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Close trade' }).click();
  await expect(dialog).toBeHidden();
}

/** The value shown under a figure's label on the journal page. */
const figure = (page: Page, label: string) =>
  page
    .getByRole('region', { name: "This period's figures" })
    .locator('div', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');

/** A table's body as text, cell by cell. */
const bodyCells = (table: Locator) =>
  table
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent?.trim() ?? '')));

test('a Premium trader takes three trades from PipLens plans, closes them at the target, the stop and by hand, and reads the figures, the record and the CSV', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await visit(page, '/');
  await signUpViaApi(page);
  await subscribeInSandbox(page);
  await visit(page, href.dashboard);
  const takes = countTakes(page);
  await page.locator('input[type=file]').setInputFiles(await chartFile(13));

  // Three analyses of one chart at three lot sizes (each its own analysis), a trade from each.
  const trades: Trade[] = [];
  const confidences: number[] = [];
  for (const [index, lot] of ['0.01', '0.02', '0.03'].entries()) {
    const lotField = page.getByRole('spinbutton', { name: 'Preferred lot size' });
    await lotField.fill(lot);
    await lotField.blur();
    const analysis = await clickAnalyse(page);
    confidences.push(analysis.result.confidence);
    if (index === 0) {
      await page.getByRole('button', { name: 'Save to history' }).click();
      await expect(toasts(page).getByText('Analysis saved to history')).toBeVisible();
    }
    trades.push(
      await takeTrade(
        page,
        analysis,
        ['first trade', 'second trade', 'third trade'][index] ?? '',
        minutesAgo(240 - index * 10),
      ),
    );
  }
  expect(takes(), 'one request per trade, double clicks included').toBe(3);
  // The saved analysis is marked in the history, in its accessible name.
  await expect(
    page.getByRole('region', { name: 'Analysis History' }).getByRole('button', { name: /Trade open/ }),
  ).toHaveCount(1);
  await expectAccessible(page);

  await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Journal' }).click();
  await expect(page.getByRole('heading', { name: 'Trade journal', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Open trades (3)' })).toBeVisible();
  await expectAccessible(page);

  // First at the target, second at the stop, third by hand, in that order.
  await closeTrade(page, 'first trade', /Target hit/, minutesAgo(120));
  await closeTrade(page, 'second trade', /Stop hit/, minutesAgo(90));
  const direction = trades[2]?.direction ?? 'buy';
  await closeTrade(page, 'third trade', /Closed by hand/, minutesAgo(60), LEVELS[direction].byHand);
  await expect(page.getByRole('heading', { name: 'Open trades (0)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Closed and skipped (3)' })).toBeVisible();

  // Each trade's result, worked by hand: 0.10 lot of EURUSD is 1 USD a pip, and the risk is 50 pips.
  const results = [
    ['first trade', '+2.00 R', '+100.0 pips', '+100.00 USD'],
    ['second trade', `${MINUS}1.00 R`, `${MINUS}50.0 pips`, `${MINUS}50.00 USD`],
    ['third trade', '+0.50 R', '+25.0 pips', '+25.00 USD'],
  ];
  for (const [notes, r, pips, money] of results) {
    const card = tradeCard(page, notes ?? '');
    for (const text of [r, pips, money]) await expect(card).toContainText(text ?? '');
  }

  // The period: wins +2 and +0.5, one loss of 1 R.
  const expected: [string, string][] = [
    ['Closed trades', '3'],
    ['Win rate', '67%'],
    ['Average win', '1.25 R'],
    ['Average loss', `${MINUS}1.00 R`],
    ['Expectancy', '0.50 R'],
    ['Profit factor', '2.50'],
    ['Largest losing run', '1'],
    ['Total', '1.50 R'],
    ['Money', '+75.00 USD'],
  ];
  for (const [label, value] of expected) await expect(figure(page, label)).toHaveText(value);

  const equity = page.getByRole('table', { name: 'Equity curve in R' });
  await expect(equity.locator('tbody tr')).toHaveCount(3);
  expect((await bodyCells(equity)).map(([trade, , r, cumulative]) => [trade, r, cumulative])).toEqual([
    ['1', '+2.00', '2.00'],
    ['2', `${MINUS}1.00`, '1.00'],
    ['3', '+0.50', '1.50'],
  ]);

  // The record: the three plans' band holds one target first, one stop first and one by hand.
  const bands = new Set(confidences.map((c) => bandOf(c).key));
  expect(bands.size, 'one chart, one confidence').toBe(1);
  const [band] = [...bands];
  const record = page.getByRole('table', { name: "PipLens's record by confidence" });
  const row = record.locator(`tr[data-band="${band}"][data-source="all"]`);
  const rowCells = await row.evaluate((tr) => [...tr.children].map((cell) => cell.textContent?.trim() ?? ''));
  expect(rowCells.slice(2)).toEqual([
    '3',
    '1',
    '1',
    '1',
    '50%',
    'Too few trades to say anything yet: 2 of 3 reached the target or the stop, and a band needs 10.',
  ]);
  await expectAccessible(page);

  // The CSV: the same three trades, their R and money.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  const csv = readFileSync((await (await download).path()) as string, 'utf8')
    .trim()
    .split(/\r?\n/);
  const [header = '', ...lines] = csv;
  const columns = header.split(',');
  const rows = lines.map((line) => Object.fromEntries(line.split(',').map((value, i) => [columns[i], value])));
  const byId = (id: string | undefined) => rows.find((r) => r.id === id);
  expect(rows).toHaveLength(3);
  expect([trades[0], trades[1], trades[2]].map((t) => [byId(t?.id)?.r, byId(t?.id)?.money_usd])).toEqual([
    ['2.0000', '100.00'],
    ['-1.0000', '-50.00'],
    ['0.5000', '25.00'],
  ]);
});

test('bad input is said and sends nothing; a trade closed from two tabs is closed once, and the second tab is told', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // Signed out, the journal asks for a login first.
  await page.goto(href.journal);
  await expect(page).toHaveURL(/\/login$/);
  await signUpViaApi(page);
  await visit(page, href.dashboard);
  await page.locator('input[type=file]').setInputFiles(await chartFile(13));
  const analysis = await clickAnalyse(page);
  const takes = countTakes(page);

  await journalPanel(page).getByRole('button', { name: 'I took this trade' }).click();
  const dialog = takeDialog(page);
  const nextYear = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 16);
  await fillTrade(dialog, {
    direction: 'buy',
    entry: '1.1000',
    stop: '1.1000',
    target: '1.1100',
    lot: '0',
    openedAt: nextYear,
  });
  await dialog.getByRole('button', { name: 'Add to journal' }).click();
  for (const message of [JOURNAL_MESSAGES.stopAtEntry, JOURNAL_MESSAGES.lotSize, JOURNAL_MESSAGES.openedInFuture]) {
    await expect(dialog.getByRole('alert').filter({ hasText: message })).toBeVisible();
  }
  // Each field names its message.
  await expect(dialog.getByLabel('Stop loss', { exact: true })).toHaveAccessibleDescription(
    JOURNAL_MESSAGES.stopAtEntry,
  );
  await expectAccessible(page);
  expect(takes()).toBe(0);

  await fillTrade(dialog, {
    direction: 'buy',
    ...LEVELS.buy,
    lot: '0.10',
    openedAt: minutesAgo(30),
    notes: 'two tabs',
  });
  const answer = page.waitForResponse(
    (r) => r.url().endsWith('/api/journal/trades') && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Add to journal' }).click();
  expect((await answer).status()).toBe(201);
  expect(takes()).toBe(1);
  expect(analysis.id).toBeTruthy();

  // A trial trader sees the window and no export.
  await visit(page, href.journal);
  await expect(
    page.getByText(
      `Showing the trades you opened in the last ${FREE_HISTORY_DAYS} days. Premium keeps your whole journal.`,
    ),
  ).toBeVisible();
  await expect(page.getByText(JOURNAL_MESSAGES.exportPremium)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveCount(0);

  // Two tabs open the same trade's close; the first wins, the second is told and shows it closed.
  const other = await page.context().newPage();
  await visit(other, href.journal);
  for (const tab of [page, other]) {
    await tradeCard(tab, 'two tabs').getByRole('button', { name: 'Close trade' }).click();
    await tab
      .getByRole('dialog', { name: 'Close trade' })
      .getByRole('radio', { name: /Target hit/ })
      .check();
  }
  await page.getByRole('dialog', { name: 'Close trade' }).getByRole('button', { name: 'Close trade' }).click();
  await expect(page.getByRole('heading', { name: 'Closed and skipped (1)' })).toBeVisible();

  expectConsoleMessages(/status of 409/);
  const refused = other.waitForResponse((r) => r.url().endsWith('/close'));
  await other.getByRole('dialog', { name: 'Close trade' }).getByRole('button', { name: 'Close trade' }).click();
  expect((await refused).status()).toBe(409);
  await expect(toasts(other).getByText(JOURNAL_MESSAGES.changedElsewhere)).toBeVisible();
  await expect(other.getByRole('heading', { name: 'Open trades (0)' })).toBeVisible();
  await expect(other.getByRole('heading', { name: 'Closed and skipped (1)' })).toBeVisible();
  await expect(figure(other, 'Closed trades')).toHaveText('1');
  await expectAccessible(other);
  await other.close();

  // On a 360 px phone the journal does not scroll sideways; its tables scroll in their own boxes.
  await page.setViewportSize({ width: 360, height: 740 });
  await visit(page, href.journal);
  await expect(page.getByRole('table', { name: 'Equity curve in R' })).toBeVisible();
  await expectNoSidewaysScroll(page, 'the journal');
});
