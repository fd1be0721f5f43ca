/**
 * Issue 25, the instrument on the dashboard: the symbol read on the chart fills the symbol field,
 * stays editable, is forgotten with its chart, and never replaces a symbol the trader chose.
 */
import { createElement } from 'react';
// eslint-disable-next-line no-restricted-imports -- React's own HTML renderer, not PipLens server code
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ANALYSIS_DEFAULTS, type AnalysisSettings } from '../../../shared/analysis';
import { changedByTrader, fillFromChart, forgetChartSymbol, type SymbolChoice } from './chart-symbol';
import { SettingsPanel } from './components/settings-panel';

const empty: SymbolChoice = { settings: { ...ANALYSIS_DEFAULTS }, fromChart: false };

describe('the symbol read on the chart', () => {
  it('fills an empty symbol field', () => {
    expect(fillFromChart(empty, 'EURUSD')).toEqual({ settings: { ...ANALYSIS_DEFAULTS, symbol: 'EURUSD' }, fromChart: true });
    // Nothing read: nothing changes.
    expect(fillFromChart(empty, undefined)).toBe(empty);
  });

  it('never replaces a symbol the trader chose', () => {
    const typed: SymbolChoice = { settings: { ...ANALYSIS_DEFAULTS, symbol: 'GBPUSD' }, fromChart: false };
    expect(fillFromChart(typed, 'EURUSD')).toBe(typed);
    const other: SymbolChoice = { settings: { ...ANALYSIS_DEFAULTS, symbol: 'OTHER', pipSize: 0.01, contractSize: 1000 }, fromChart: false };
    expect(fillFromChart(other, 'XAUUSD')).toBe(other);
  });

  it('is the trader’s once they change it, and replaced by the next chart’s reading until then', () => {
    const read = fillFromChart(empty, 'EURUSD');
    expect(fillFromChart(read, 'XAUUSD').settings.symbol).toBe('XAUUSD');
    const edited = changedByTrader(read, { ...read.settings, symbol: 'GBPUSD' });
    expect(edited.fromChart).toBe(false);
    expect(fillFromChart(edited, 'EURUSD').settings.symbol).toBe('GBPUSD');
    // Other settings changed: the symbol is still the chart's.
    expect(changedByTrader(read, { ...read.settings, capitalSize: 500 }).fromChart).toBe(true);
  });

  it('is forgotten with its chart; a chosen one stays', () => {
    const read = fillFromChart(empty, 'EURUSD');
    const next = forgetChartSymbol(read);
    expect(next.fromChart).toBe(false);
    expect('symbol' in next.settings).toBe(false);
    const typed: SymbolChoice = { settings: { ...ANALYSIS_DEFAULTS, symbol: 'GBPUSD' }, fromChart: false };
    expect(forgetChartSymbol(typed)).toBe(typed);
  });
});

describe('the symbol field', () => {
  const render = (settings: AnalysisSettings, symbolFromChart: boolean) =>
    renderToStaticMarkup(createElement(SettingsPanel, { settings, disabled: false, onChange: () => undefined, symbolFromChart }));

  it('shows the symbol read on the chart, editable, and says where it came from', () => {
    const html = render({ ...ANALYSIS_DEFAULTS, symbol: 'XAUUSD' }, true);
    const field = /<input[^>]*id="instrument"[^>]*>/.exec(html)?.[0] ?? '';
    expect(field).toContain('value="XAUUSD"');
    expect(field).not.toMatch(/readonly|disabled/i);
    expect(html).toContain('Read from your chart. Gold / US Dollar: 1 lot = 100 troy ounces');
  });

  it('says nothing of the chart for a symbol the trader chose', () => {
    const html = render({ ...ANALYSIS_DEFAULTS, symbol: 'XAUUSD' }, false);
    expect(html).not.toContain('Read from your chart');
    expect(html).toContain('Gold / US Dollar: 1 lot = 100 troy ounces');
  });
});
