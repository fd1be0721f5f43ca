import { createElement } from 'react';
// eslint-disable-next-line no-restricted-imports -- React's own HTML renderer, not PipLens server code
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { analysisResultOf, chartFactsOf } from '../../../test/factories';
import { ResultPanel } from './result-panel';

const note = (html: string) =>
  /<p role="note" data-set-by-trader[^>]*>(.*?)<\/p>/.exec(html)?.[1]?.replace(/<[^>]+>/g, '') ?? null;

describe('the result panel’s “set by you” note', () => {
  it('says what the trader set, as text in a note, prices in the chart’s decimals', () => {
    const result = analysisResultOf({ setByTrader: { scale: true, lastPrice: 1.0853 } });
    const html = renderToStaticMarkup(createElement(ResultPanel, { result, chart: chartFactsOf({ precision: 5 }) }));
    expect(note(html)).toBe(
      'Set by you: the price scale (from the two prices you marked on the axis) and the last price (1.08530). PipLens read the candles against them.',
    );
  });

  it('prints the price in the entry price’s decimals when there are no chart facts', () => {
    const result = analysisResultOf({ entryPoint: '1.0850', setByTrader: { scale: false, lastPrice: 1.0853 } });
    const html = renderToStaticMarkup(createElement(ResultPanel, { result, chart: null }));
    expect(note(html)).toBe('Set by you: the last price (1.0853). PipLens kept the price scale it read.');
  });

  it('says nothing of the kind for an analysis the trader did not correct', () => {
    const html = renderToStaticMarkup(
      createElement(ResultPanel, { result: analysisResultOf(), chart: chartFactsOf() }),
    );
    expect(html).not.toContain('Set by you');
  });
});
