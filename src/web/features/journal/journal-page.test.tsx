import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
// eslint-disable-next-line no-restricted-imports -- React's own HTML renderer, not PipLens server code
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  confidenceRecord,
  JOURNAL_MESSAGES,
  journalStats,
  tradeFigures,
  type Journal,
  type Trade,
} from '../../../shared/journal';
import { MINUS } from './format';
import { JournalBody } from './journal-page';

/** A closed EURUSD buy from 1.1000 with its stop at 1.0950, 0.10 lot, exiting at `exit`. */
function closedBuy(id: string, exit: number, outcome: Trade['outcome'], closedAt: string): Trade {
  const levels = {
    direction: 'buy' as const,
    entry: 1.1,
    stop: 1.095,
    target: 1.11,
    lotSize: 0.1,
    symbol: 'EURUSD',
    pipSize: null,
    contractSize: null,
  };
  return {
    id,
    analysisId: `analysis-${id}`,
    status: 'closed',
    ...levels,
    timeFrame: '1h',
    strategy: 'auto',
    plan: { action: 'buy', confidence: 85, source: 'engine', entry: 1.1, stop: 1.095, target: 1.11 },
    openedAt: '2026-11-20T08:00:00.000Z',
    outcome,
    exitPrice: exit,
    closedAt,
    notes: `trade ${id}`,
    version: 1,
    figures: tradeFigures({ ...levels, exitPrice: exit }),
    photos: [],
  };
}

function journalOf(trades: Trade[], window: Journal['window'] = { premium: true, days: null }): Journal {
  const closed = trades.filter((t) => t.status === 'closed');
  return {
    trades,
    stats: journalStats(
      closed.map((t) => ({
        id: t.id,
        closedAt: t.closedAt ?? '',
        r: t.figures?.r ?? 0,
        money: t.figures?.money ?? null,
      })),
    ),
    record: confidenceRecord(closed),
    window,
    canAdd: true,
  };
}

const render = (journal: Journal, filter = {}) =>
  renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client: new QueryClient() },
      createElement(MemoryRouter, null, createElement(JournalBody, { journal, filter })),
    ),
  );
/** A figure's value by its label. */
const figure = (html: string, label: string) => new RegExp(`<dt[^>]*>${label}</dt><dd[^>]*>(.*?)</dd>`).exec(html)?.[1];

describe('the journal page', () => {
  const three = [
    closedBuy('a', 1.11, 'target', '2026-11-20T09:00:00.000Z'),
    closedBuy('b', 1.095, 'stop', '2026-11-20T10:00:00.000Z'),
    closedBuy('c', 1.1025, 'manual', '2026-11-20T11:00:00.000Z'),
  ];

  it('shows the period’s figures worked by hand: +2, −1 and +0.5 R', () => {
    const html = render(journalOf(three));
    expect(figure(html, 'Closed trades')).toBe('3');
    expect(figure(html, 'Win rate')).toBe('67%');
    expect(figure(html, 'Average win')).toBe('1.25 R');
    expect(figure(html, 'Average loss')).toBe(`${MINUS}1.00 R`);
    expect(figure(html, 'Expectancy')).toBe('0.50 R');
    expect(figure(html, 'Profit factor')).toBe('2.50');
    expect(figure(html, 'Largest losing run')).toBe('1');
    expect(figure(html, 'Total')).toBe('1.50 R');
    expect(figure(html, 'Money')).toBe('+75.00 USD');
    expect(html).toContain('<caption class="px-3 py-2 text-left font-medium">Equity curve in R</caption>');
    expect(html).toContain(
      'Too few trades to say anything yet: 2 of 3 reached the target or the stop, and a band needs 10.',
    );
  });

  it('says “no losing trades yet” for a profit factor with no loss, and lists open trades apart', () => {
    const open = {
      ...closedBuy('d', 1.11, null, ''),
      status: 'open' as const,
      outcome: null,
      exitPrice: null,
      closedAt: null,
      figures: null,
    };
    const html = render(journalOf([open, three[0] as Trade]));
    expect(figure(html, 'Profit factor')).toBe('No losing trades yet');
    expect(html).toContain('Open trades (1)');
    expect(html).toContain('Closed and skipped (1)');
  });

  it('offers the CSV to Premium and says it is Premium to others', () => {
    expect(render(journalOf(three))).toContain('Download CSV');
    const trial = render(journalOf(three, { premium: false, days: 10 }));
    expect(trial).not.toContain('Download CSV');
    expect(trial).toContain(JOURNAL_MESSAGES.exportPremium);
  });

  it('has an empty state that leads to the dashboard', () => {
    const html = render(journalOf([]));
    expect(html).toContain('No trades yet');
    expect(html).toContain('href="/dashboard"');
    expect(render(journalOf([]), { symbol: 'EURUSD' })).toContain('No trades match these filters.');
  });
});
