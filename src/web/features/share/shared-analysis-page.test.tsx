import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
// eslint-disable-next-line no-restricted-imports -- React's own HTML renderer, not PipLens server code
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SHARE_ROUTE, href } from '../../../shared/routes';
import type { SharedAnalysis } from '../../../shared/share';
import { analysisResultOf, analysisSettingsOf, chartFactsOf } from '../../test/factories';
import { SharedAnalysisPage } from './shared-analysis-page';

/** The page at /share/:token with the API's answer already in the cache, as after its request. */
function renderShared(shared: SharedAnalysis) {
  const token = 'a'.repeat(32);
  const queryClient = new QueryClient();
  queryClient.setQueryData(['shared-analysis', token], shared);
  return renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client: queryClient },
      createElement(
        MemoryRouter,
        { initialEntries: [href.share(token)] },
        createElement(
          Routes,
          null,
          createElement(Route, { path: SHARE_ROUTE, element: createElement(SharedAnalysisPage) }),
        ),
      ),
    ),
  );
}

const sharedOf = (overrides: Partial<SharedAnalysis>): SharedAnalysis => ({
  createdAt: '2026-03-02T10:15:00.000Z',
  settings: analysisSettingsOf(),
  result: analysisResultOf(),
  chart: chartFactsOf(),
  thumbnailUrl: '/api/shared/thumbnail',
  ...overrides,
});

describe('the shared analysis page', () => {
  it('says what the trader set, prices in the shared chart’s decimals', () => {
    const html = renderShared(
      sharedOf({
        result: analysisResultOf({ setByTrader: { scale: false, lastPrice: 2345.6 } }),
        chart: chartFactsOf({ precision: 2 }),
      }),
    );
    expect(html).toContain('Shared chart analysis');
    expect(html).toContain('Set by you: the last price (2345.60). PipLens kept the price scale it read.');
  });

  it('says nothing of the kind for an analysis the trader did not correct', () => {
    const html = renderShared(sharedOf({}));
    expect(html).toContain('Analysis result');
    expect(html).not.toContain('Set by you');
  });

  it('offers the owner “I took this trade” and “I skipped it”, and tells others nothing of the kind', () => {
    const owner = renderShared(sharedOf({ own: { analysisId: 'analysis-1', trade: null } }));
    expect(owner).toContain('I took this trade');
    expect(owner).toContain('I skipped it');
    expect(renderShared(sharedOf({}))).not.toContain('I took this trade');
  });

  it('says what became of an analysis already in the owner’s journal', () => {
    const html = renderShared(sharedOf({ own: { analysisId: 'analysis-1', trade: { id: 'trade-1', status: 'closed' } } }));
    expect(html).toContain('In your journal: closed.');
    expect(html).not.toContain('I took this trade');
  });
});
