import { createElement } from 'react';
// eslint-disable-next-line no-restricted-imports -- React's own HTML renderer, not PipLens server code
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { HistoryItem } from '../../../shared/history';
import { analysisResultOf, analysisSettingsOf, chartFactsOf } from '../../test/factories';
import { HistoryEntry } from './history-list';

const itemOf = (overrides: Partial<HistoryItem>): HistoryItem => ({
  id: 'history-item',
  createdAt: new Date().toISOString(),
  settings: analysisSettingsOf(),
  result: analysisResultOf(),
  chart: chartFactsOf(),
  thumbnailUrl: '/api/history/history-item/thumbnail',
  shareToken: null,
  trade: null,
  ...overrides,
});

const render = (item: HistoryItem, selected: boolean) =>
  renderToStaticMarkup(createElement(HistoryEntry, { item, selected, onSelect: () => undefined }));
/** The element's class and text content, by its data attribute. */
const part = (html: string, attribute: string) => {
  const match = new RegExp(`<span ${attribute}[^>]*class="([^"]*)"[^>]*>(.*?)</span>`).exec(html);
  return match ? { className: match[1] ?? '', text: match[2] ?? '' } : null;
};

describe('a history item the trader corrected', () => {
  const item = itemOf({ result: analysisResultOf({ setByTrader: { scale: true, lastPrice: null } }) });
  const sentence =
    'Set by you: the price scale, from the two prices you marked on the axis. PipLens read the candles against it.';

  it('carries a “Set by you” badge, and the full sentence in its accessible name', () => {
    const html = render(item, false);
    expect(html).toMatch(/^<button/);
    expect(part(html, 'aria-hidden="true" data-set-by-trader-badge')?.text).toBe('Set by you');
    expect(part(html, 'data-set-by-trader')).toEqual({ className: 'sr-only', text: sentence });
  });

  it('shows the full sentence once selected', () => {
    const note = part(render(item, true), 'data-set-by-trader');
    expect(note?.text).toBe(sentence);
    expect(note?.className).not.toContain('sr-only');
  });

  it('prints the last price in the chart’s decimals', () => {
    const html = render(
      itemOf({
        result: analysisResultOf({ setByTrader: { scale: false, lastPrice: 1.1 } }),
        chart: chartFactsOf({ precision: 5 }),
      }),
      true,
    );
    expect(part(html, 'data-set-by-trader')?.text).toBe(
      'Set by you: the last price (1.10000). PipLens kept the price scale it read.',
    );
  });
});

describe('a history item the trader did not correct', () => {
  it('says nothing of the kind', () => {
    expect(render(itemOf({}), true)).not.toContain('Set by you');
  });
});

describe('a history item that became a journal entry', () => {
  it.each([
    ['open', 'Trade open'],
    ['closed', 'Trade closed'],
    ['skipped', 'Skipped'],
  ] as const)('a %s entry carries the badge “%s” in its accessible name', (status, words) => {
    const html = render(itemOf({ trade: { id: 'trade-1', status } }), false);
    const badge = /<span data-trade-badge[^>]*>(.*?)<\/span>/.exec(html);
    expect(badge?.[1]).toBe(words);
    expect(badge?.[0]).not.toContain('aria-hidden');
  });

  it('carries no badge while it is not in the journal', () => {
    expect(render(itemOf({}), false)).not.toContain('data-trade-badge');
  });
});
