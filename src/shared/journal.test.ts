import { describe, expect, it } from 'vitest';
import { confidenceRecord, JOURNAL_MESSAGES, journalStats, pipUnitOf, tradeFigures, tradeProblems } from './journal';

const NOW = new Date('2026-06-01T12:00:00Z');
const SELL = {
  direction: 'sell' as const,
  entry: 1.25,
  stop: 1.255,
  target: 1.24,
  lotSize: 0.2,
  symbol: 'GBPUSD',
  pipSize: null,
  contractSize: null,
  openedAt: '2026-06-01T08:00:00Z',
};

describe('journal arithmetic and checks', () => {
  it('takes a sell in the seller\'s direction: a fall is a gain', () => {
    const figures = tradeFigures({ ...SELL, exitPrice: 1.2425 });
    // 75 pips down over 50 at risk; 10 USD a pip per lot at 0.2 lots.
    expect(figures).toMatchObject({ r: 1.5, pips: 75, pipUnit: 'pips', money: 150, approximate: false });
  });

  it('a close at the entry is even, not a win', () => {
    const even = tradeFigures({ ...SELL, exitPrice: 1.25 });
    expect(even.r).toBe(0);
    expect(journalStats([{ id: 'a', closedAt: NOW.toISOString(), r: even.r, money: 0 }])).toMatchObject({ wins: 0, losses: 0, breakeven: 1, profitFactor: null });
  });

  it('prices a cross at the approximate rate it names, and an instrument outside the list from its sizes', () => {
    const cross = tradeFigures({ ...SELL, symbol: 'EURGBP', entry: 0.85, stop: 0.855, exitPrice: 0.845 });
    expect(cross.approximate).toBe(true);
    expect(cross.money).toBeCloseTo(50 * 10 * 1.3 * 0.2, 9);
    expect(cross.moneyBasis).toMatch(/approximate rate/);
    const own = tradeFigures({ ...SELL, symbol: 'OTHER', pipSize: 0.01, contractSize: 10, entry: 50, stop: 51, exitPrice: 49 });
    // 0.01 × 10 = 0.1 USD a pip per lot; 100 pips at 0.2 lots.
    expect(own).toMatchObject({ r: 1, pips: 100, money: 2 });
    expect(tradeFigures({ ...SELL, symbol: null, exitPrice: 1.24 }).money).toBeNull();
  });

  it('names points for indices and crypto, pips otherwise', () => {
    expect([pipUnitOf('US30'), pipUnitOf('ETHUSD'), pipUnitOf('XAUUSD'), pipUnitOf('USDJPY')]).toEqual(['points', 'points', 'pips', 'pips']);
  });

  it('finds each problem of a trade once, with the field it belongs to', () => {
    expect(tradeProblems(SELL, NOW)).toEqual([]);
    expect(tradeProblems({ ...SELL, stop: 1.245, target: 1.26, lotSize: 0 }, NOW)).toEqual([
      { path: 'stop', message: JOURNAL_MESSAGES.sellStop },
      { path: 'target', message: JOURNAL_MESSAGES.sellTarget },
      { path: 'lotSize', message: JOURNAL_MESSAGES.lotSize },
    ]);
    // A clock a few minutes ahead is not the future; a day is.
    expect(tradeProblems({ ...SELL, openedAt: '2026-06-01T12:03:00Z' }, NOW)).toEqual([]);
    expect(tradeProblems({ ...SELL, openedAt: '2026-06-02T12:00:00Z' }, NOW)).toEqual([{ path: 'openedAt', message: JOURNAL_MESSAGES.openedInFuture }]);
  });

  it('says a band is sure only from ten trades that reached the target or the stop', () => {
    const trade = (outcome: 'target' | 'stop') => ({ direction: 'buy' as const, outcome, plan: { action: 'buy' as const, confidence: 82, source: 'engine' as const } });
    const nine = confidenceRecord([...Array.from({ length: 6 }, () => trade('target')), ...Array.from({ length: 3 }, () => trade('stop'))]);
    expect(nine.find((r) => r.source === 'all' && r.band === '80-plus')).toMatchObject({ enough: false, targetRate: 6 / 9 });
    const ten = confidenceRecord([...Array.from({ length: 7 }, () => trade('target')), ...Array.from({ length: 3 }, () => trade('stop'))]);
    const row = ten.find((r) => r.source === 'all' && r.band === '80-plus');
    expect(row).toMatchObject({ enough: true, targetRate: 0.7 });
    expect(row?.sentence).toBe('The target came before the stop in 70% of 10 trades.');
    expect(ten.find((r) => r.source === 'model' && r.band === '80-plus')?.sentence).toBe('No closed trades from PipLens plans in this band yet.');
  });
});
