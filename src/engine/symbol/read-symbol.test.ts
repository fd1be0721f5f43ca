/**
 * The symbol stage on pictures of its kind: a TradingView-like legend and a MetaTrader-like title
 * line drawn over generated charts, a chart that names no instrument, and one whose title names
 * an instrument its prices cannot be.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chartSpecs, renderChart, type ChartSpec, type ChartTruth } from '../../../scripts/fixtures/render.js';
import { THEMES } from '../../../scripts/fixtures/styles.js';
import { AnalysisSettingsSchema } from '../../shared/analysis.js';
import { analyzeChart, EngineError, shutdownEngine, warmEngine } from '../index.js';
import { readLabels } from '../axis/index.js';
import { decideSymbol, legendInstrument, symbolRegion } from './read-symbol.js';
import { symbolOfWord, symbolsInText } from './match-symbol.js';

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/**
 * A generated EURUSD chart whose top-left text is `legend` instead of the generator's own: the
 * strip is painted over in the chart's background colour, then the text written where the
 * platform writes it. No toolbar and no watermark, so nothing else names the instrument.
 */
async function chartWithLegend(
  theme: string,
  legend: string | ((truth: ChartTruth) => string) | null,
  seed = 4,
): Promise<Buffer> {
  const base = chartSpecs(1, seed, [1280, 800, 1])[0] as ChartSpec;
  const spec: ChartSpec = {
    ...base,
    theme: THEMES.find((t) => t.name === theme) ?? base.theme,
    instrument: { symbol: 'EURUSD', start: 1.085, decimals: 5 },
    font: 'DejaVu Sans',
    fontSize: 13,
    toolbar: false,
    watermark: false,
    format: 'png',
  };
  const { image, truth } = await renderChart(spec);
  const line = typeof legend === 'function' ? legend(truth) : legend;
  const cover = `<rect x="0" y="0" width="${Math.round(spec.width * 0.7)}" height="${Math.round(spec.fontSize * 2.3)}" fill="${spec.theme.background}"/>`;
  const text = line
    ? `<text x="8" y="${Math.round(spec.fontSize * 1.5)}" font-family="DejaVu Sans" font-size="${spec.fontSize}" fill="${spec.theme.text}">${esc(line)}</text>`
    : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${spec.width}" height="${spec.height}">${cover}${text}</svg>`;
  return sharp(image)
    .composite([{ input: Buffer.from(svg), top: 0, left: 0 }])
    .png()
    .toBuffer();
}

/** MetaTrader 4's title line for the chart drawn: the symbol and its latest bar's quote (the engine checks the close). */
const mtTitle =
  (symbol: string) =>
  ({ lastPrice }: ChartTruth): string =>
    `${symbol},H4  ${[lastPrice - 0.0001, lastPrice + 0.0002, lastPrice - 0.0003, lastPrice].map((v) => v.toFixed(5)).join(' ')}`;

const settings = AnalysisSettingsSchema.parse({});

describe('symbols in text', () => {
  it('finds the instrument however platforms and brokers write it', () => {
    const cases: [string, string][] = [
      ['EURUSD,H4 1.08512 1.08530 1.08490 1.08520', 'EURUSD'],
      ['EUR/USD · 4h · FXCM O1.0851', 'EURUSD'],
      ['XAUUSD', 'XAUUSD'],
      ['Gold Spot / U.S. Dollar · 1D · OANDA', 'XAUUSD'],
      ['GOLD - CFD na zloto (USD/OZ) - 1D - TVC', 'XAUUSD'],
      ['BTCUSD', 'BTCUSD'],
      ['BTC/USDT · 5m · Binance', 'BTCUSD'],
      ['BTCUSDT 15m', 'BTCUSD'],
      ['EURUSD.m,M15', 'EURUSD'],
      ['EURUSDm,H1', 'EURUSD'],
      ['XAUUSD+,H1', 'XAUUSD'],
      ['U.S. Dollar / Swiss Franc, 1h, FXCM', 'USDCHF'],
      ['Euro / U.S. Dollar', 'EURUSD'],
      ['EURUSD,H1: Euro vs US Dollar', 'EURUSD'],
      ['Euro vs US Dollar', 'EURUSD'],
      ['wXAUUSD,H1 1497.21', 'XAUUSD'],
      ['DJI · 1m', 'US30'],
    ];
    for (const [text, symbol] of cases) expect(symbolsInText(text), text).toEqual([symbol]);
  });

  it('names nothing in words that only look like symbols', () => {
    for (const text of [
      'Golden / Death Cross',
      'Natural Gas (XNGUSD, NATGAS) - 1h',
      'EURUSDT',
      'NQ 09-23',
      'AAPL 1h',
      'Indicators  Alert  Replay',
      'USD/OZ',
    ]) {
      expect(symbolsInText(text), text).toEqual([]);
    }
    // A capital letter straight after a symbol makes another word, not a broker's suffix.
    expect(symbolOfWord('EURUSDX')).toBeNull();
    expect(symbolOfWord('EURUSD.pro')).toBe('EURUSD');
  });

  it("takes a legend's or title's instrument named beside prices, not a window caption's", () => {
    expect(legendInstrument('AUDUSD,H1 0.69012 0.69050 0.68990 0.69013\nsl 0.01')).toBe('AUDUSD');
    expect(legendInstrument('EUR/USD · 4h · FXCM O1.0851 H1.0853')).toBe('EURUSD');
    expect(legendInstrument('EURUSD, H1 - Trading terminal\n\nn')).toBeNull();
    expect(legendInstrument('EURUSD 1.0850 GBPUSD 1.2705')).toBeNull();
  });

  it('gives a symbol only when one instrument is named and the chart trades at its prices', () => {
    expect(decideSymbol('EURUSD,H4', 1.085)).toMatchObject({ symbol: 'EURUSD', reason: 'read' });
    expect(decideSymbol('XAUUSD,H4', 1.085)).toMatchObject({ symbol: null, reason: 'prices do not fit' });
    expect(decideSymbol('EURUSD GBPUSD USDJPY', 1.085)).toMatchObject({ symbol: null, reason: 'several named' });
    expect(decideSymbol('Indicators', 1.085)).toMatchObject({ symbol: null, reason: 'nothing named' });
    expect(decideSymbol('EURUSD', 0)).toMatchObject({ symbol: null });
  });

  it('reads a small region: the strip over the plot and its top-left corner', () => {
    const region = symbolRegion({ width: 1280, height: 800 }, { left: 0, top: 40, right: 1180, bottom: 760 });
    // A title bar or toolbar line above the plot, and the legend's first lines in it.
    expect(region.top).toBeLessThanOrEqual(40 - 25);
    expect(region.bottom).toBeGreaterThanOrEqual(40 + 30);
    expect(region.bottom).toBeLessThan(120);
    expect(region.right).toBeLessThan(1280 / 3);
  });
});

describe('the symbol stage on charts', () => {
  beforeAll(async () => {
    await warmEngine();
  });
  afterAll(async () => {
    await shutdownEngine();
  });

  it('reads a TradingView-like legend and sizes for it, saying it was read from the chart', async () => {
    const out = await analyzeChart(
      await chartWithLegend('tv-dark', 'EUR/USD · 4h · FXCM   O 1.08512  H 1.08530  L 1.08490  C 1.08520'),
      settings,
    );
    expect(out.chart.symbol).toBe('EURUSD');
    expect(out.result.symbol).toBe('EURUSD');
    expect(out.result.positionSizing).toContain('PipLens read the instrument from the chart: EURUSD');
    expect(out.result.positionSizing).toContain('EURUSD: 1 lot = 100,000 EUR');
  });

  it('reads a MetaTrader-like title line', async () => {
    const out = await analyzeChart(await chartWithLegend('mt4-black', mtTitle('EURUSD')), settings);
    expect(out.chart.symbol).toBe('EURUSD');
  });

  it("keeps the trader's own symbol for sizing", async () => {
    const out = await analyzeChart(
      await chartWithLegend('mt4-black', mtTitle('EURUSD')),
      AnalysisSettingsSchema.parse({ symbol: 'GBPUSD' }),
    );
    expect(out.result.symbol).toBe('GBPUSD');
    expect(out.result.positionSizing).not.toContain('read the instrument from the chart');
  });

  it('reads none where the chart names no instrument', async () => {
    const out = await analyzeChart(await chartWithLegend('tv-light', 'Indicators   Alert   Replay'), settings);
    expect(out.chart.symbol).toBeUndefined();
    expect(out.result.symbol).toBeUndefined();
    expect(out.result.positionSizing).not.toContain('read the instrument from the chart');
  });

  it('refuses a price the instrument the title names cannot have, keeping the bars for a scale the trader sets', async () => {
    const image = await chartWithLegend('mt4-black', 'XAUUSD,H4  1.08512 1.08530 1.08490 1.08520');
    const refusal = await analyzeChart(image, settings).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(EngineError);
    const error = refusal as EngineError;
    expect(error.rule).toBe('confidence/instrument-unfit');
    expect(error.code).toBe('UNSURE_READING');
    expect(error.trace?.rule).toBe('confidence/instrument-unfit');
    expect(error.bars?.rows.length).toBeGreaterThan(20);
    // The trader's own scale is theirs: the same picture with their last price is analysed.
    const out = await analyzeChart(image, settings, { correction: { lastPrice: 1.0852 } });
    expect(out.chart.lastPrice).toBeCloseTo(1.0852, 4);
  });

  it('leaves the OCR worker reading axis digits only', async () => {
    await analyzeChart(await chartWithLegend('tv-dark', 'EUR/USD · 4h · FXCM'), settings);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="40"><rect width="240" height="40" fill="#fff"/><text x="6" y="28" font-family="DejaVu Sans" font-size="20" fill="#000">EURUSD 1.0850</text></svg>`;
    const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const [text] = await readLabels({ width: info.width, height: info.height, data: new Uint8Array(data) }, [
      { left: 0, top: 0, right: 240, bottom: 40 },
    ]);
    expect(text).toMatch(/^[0-9.,-]+$/);
  });
});
