import { describe, expect, it } from 'vitest';
import { ANALYSIS_DEFAULTS, AnalysisSettingsSchema } from '../../../../shared/analysis';
import { searchInstruments } from '../../../../shared/instruments';
import { acceptsLotSizeTyping, nextTimeFrame, normaliseLotSize, parseSize, symbolFromInput, toggleStrategy, withSymbol } from './settings-panel';

describe('strategy selection', () => {
  it('keeps auto exclusive', () => {
    expect(toggleStrategy('scalping+swingTrading', 'auto')).toBe('auto');
    expect(toggleStrategy('auto', 'scalping')).toBe('scalping');
  });
  it('adds and removes others but always keeps one', () => {
    expect(toggleStrategy('scalping', 'swingTrading')).toBe('scalping+swingTrading');
    expect(toggleStrategy('scalping+swingTrading', 'scalping')).toBe('swingTrading');
    expect(toggleStrategy('scalping', 'scalping')).toBe('scalping');
    expect(toggleStrategy('auto', 'auto')).toBe('auto');
  });
});

describe('lot size while typing', () => {
  it('accepts positive numbers and the steps that lead to them, nothing else', () => {
    for (const raw of ['', '0', '0.', '0.0', '0.05', '1.5', '12', '.5']) expect(acceptsLotSizeTyping(raw)).toBe(true);
    for (const raw of ['-1', '-', '1e3', '+2', 'abc', '1.2.3']) expect(acceptsLotSizeTyping(raw)).toBe(false);
  });
});

describe('lot size on blur', () => {
  it('resets empty, non-numeric and non-positive values to 0.01', () => {
    for (const raw of ['', 'abc', '0', '-2']) expect(normaliseLotSize(raw)).toBe(0.01);
  });
  it('rounds others to 2 decimals', () => {
    expect(normaliseLotSize('0.256')).toBe(0.26);
    expect(normaliseLotSize('1.5')).toBe(1.5);
    expect(normaliseLotSize('0.001')).toBe(0.01);
  });
});

describe('time frame keys', () => {
  it('moves through all time frames with the arrows, wrapping, and jumps with Home and End', () => {
    expect(nextTimeFrame('1h', 'ArrowRight')).toBe('2h');
    expect(nextTimeFrame('20m', 'ArrowDown')).toBe('1h');
    expect(nextTimeFrame('1m', 'ArrowLeft')).toBe('1d');
    expect(nextTimeFrame('1d', 'ArrowRight')).toBe('1m');
    expect(nextTimeFrame('4h', 'Home')).toBe('1m');
    expect(nextTimeFrame('4h', 'End')).toBe('1d');
    expect(nextTimeFrame('4h', 'Enter')).toBeNull();
  });
});

describe('symbol field', () => {
  it('lists majors, minors, yen crosses, metals, indices and cryptocurrencies, searchable by symbol or name', () => {
    const symbols = searchInstruments('').map((i) => i.symbol);
    for (const symbol of ['EURUSD', 'USDJPY', 'EURGBP', 'GBPJPY', 'XAUUSD', 'XAGUSD', 'US30', 'NAS100', 'BTCUSD', 'ETHUSD']) expect(symbols).toContain(symbol);
    expect(searchInstruments('gold').map((i) => i.symbol)).toEqual(['XAUUSD']);
    expect(searchInstruments('eur/jp').map((i) => i.symbol)).toEqual(['EURJPY']);
    expect(searchInstruments('bitcoin').map((i) => i.symbol)).toEqual(['BTCUSD']);
  });

  it('takes a whole symbol in any spelling, a search with one match, Other, or nothing', () => {
    expect(symbolFromInput('eur/usd')).toBe('EURUSD');
    expect(symbolFromInput(' xauusd ')).toBe('XAUUSD');
    expect(symbolFromInput('silver')).toBe('XAGUSD');
    expect(symbolFromInput('Other')).toBe('OTHER');
    expect(symbolFromInput('')).toBeUndefined();
    // 'EUR' matches many: nothing is chosen yet.
    expect(symbolFromInput('EUR')).toBeNull();
  });

  it('keeps the pip and contract size only with Other, and every result is valid settings', () => {
    const base = { ...ANALYSIS_DEFAULTS };
    const other = { ...withSymbol(base, 'OTHER'), pipSize: 0.01, contractSize: 1000 };
    expect(AnalysisSettingsSchema.parse(other)).toMatchObject({ symbol: 'OTHER', pipSize: 0.01, contractSize: 1000 });
    const gold = withSymbol(other, 'XAUUSD');
    expect(gold).toEqual({ ...base, symbol: 'XAUUSD' });
    expect(AnalysisSettingsSchema.parse(gold).symbol).toBe('XAUUSD');
    const none = withSymbol(gold, undefined);
    expect('symbol' in none).toBe(false);
    // Other without its sizes is refused rather than sized on a guess.
    expect(AnalysisSettingsSchema.safeParse(withSymbol(base, 'OTHER')).success).toBe(false);
  });

  it('reads sizes as positive numbers only', () => {
    expect(parseSize('0.0001')).toBe(0.0001);
    for (const raw of ['', '0', '-1', 'abc']) expect(parseSize(raw)).toBeUndefined();
  });
});
