import { expect, it } from 'vitest';
import type { Journal, Trade } from '../../../shared/journal';
import { describeEachDatabase } from '../../test/harness';
import { hoursAgo, journalTrader } from '../../test/journal';

const EURUSD_BUY = { symbol: 'EURUSD', direction: 'buy', entry: 1.1, stop: 1.095, target: 1.11 };

describeEachDatabase('journal arithmetic', (server) => {
  it('gives R, pips or points and money for four instruments at two lot sizes, worked by hand', async () => {
    const trader = await journalTrader(server());
    const openedAt = hoursAgo(5);
    const closedAt = hoursAgo(1);
    const cases = [
      // EURUSD buy to its target: +100 pips over 50 at risk is +2 R; 10 USD a pip per lot.
      { levels: EURUSD_BUY, close: { outcome: 'target' }, lots: [0.1, 1], r: 2, pips: 100, money: [100, 1000] },
      // USDJPY sell stopped out: entry 150.00, stop 150.50 → -50 pips, -1 R; a pip is 1,000 JPY
      // per lot, in USD at the exit price: 1000 / 150.5 = 6.6445 USD.
      {
        levels: { symbol: 'USDJPY', direction: 'sell', entry: 150, stop: 150.5, target: 149 },
        close: { outcome: 'stop' },
        lots: [0.1, 1],
        r: -1,
        pips: -50,
        money: [-50 * (1000 / 150.5) * 0.1, -50 * (1000 / 150.5)],
      },
      // XAUUSD buy closed by hand at 2015.5: +15.5 over 10 at risk is +1.55 R; 155 pips of 0.1;
      // 100 oz a lot, so 10 USD a pip per lot.
      {
        levels: { symbol: 'XAUUSD', direction: 'buy', entry: 2000, stop: 1990, target: 2030 },
        close: { outcome: 'manual', exitPrice: 2015.5 },
        lots: [0.1, 0.02],
        r: 1.55,
        pips: 155,
        money: [155, 31],
      },
      // BTCUSD sell closed by hand at 60,400: -400 points over 1,000 at risk is -0.4 R; 1 USD a point per lot.
      {
        levels: { symbol: 'BTCUSD', direction: 'sell', entry: 60000, stop: 61000, target: 58000 },
        close: { outcome: 'manual', exitPrice: 60400 },
        lots: [0.5, 2],
        r: -0.4,
        pips: -400,
        money: [-200, -800],
      },
    ] as const;
    for (const c of cases) {
      for (const [i, lotSize] of c.lots.entries()) {
        const trade = await trader.open({ ...c.levels, lotSize, openedAt });
        const done = await trader.closed(trade, { ...c.close, closedAt });
        expect(done.status).toBe('closed');
        expect(done.figures?.r).toBeCloseTo(c.r, 9);
        expect(done.figures?.pips).toBeCloseTo(c.pips, 6);
        expect(done.figures?.money).toBeCloseTo(c.money[i] as number, 6);
        expect(done.figures?.pipUnit).toBe(c.levels.symbol === 'BTCUSD' ? 'points' : 'pips');
      }
    }
    const exitOf = (t: Trade) => t.exitPrice;
    const journal = (await (await trader.client.request('/api/journal')).json()) as Journal;
    expect(journal.trades.filter((t) => t.symbol === 'USDJPY').map(exitOf)).toEqual([150.5, 150.5]);
    expect(journal.trades.filter((t) => t.symbol === 'EURUSD').map(exitOf)).toEqual([1.11, 1.11]);
  }, 60_000);

  it('adds up twelve trades: win rate, averages, expectancy, profit factor, the largest losing run', async () => {
    const trader = await journalTrader(server());
    // In the order they closed, each risking 50 pips at 0.10 lots (50 USD a 1 R).
    const results = [
      { outcome: 'target', target: 1.11 }, // +2
      { outcome: 'stop' }, // -1
      { outcome: 'stop' }, // -1
      { outcome: 'manual', exitPrice: 1.1075 }, // +1.5
      { outcome: 'stop' }, // -1 ┐
      { outcome: 'stop' }, // -1 │ the largest run: 3
      { outcome: 'stop' }, // -1 ┘
      { outcome: 'target', target: 1.115 }, // +3
      { outcome: 'manual', exitPrice: 1.1 }, // 0, at the entry
      { outcome: 'manual', exitPrice: 1.1025 }, // +0.5
      { outcome: 'stop' }, // -1
      { outcome: 'target', target: 1.11 }, // +2
    ];
    for (const [i, { target, ...close }] of results.entries()) {
      const trade = await trader.open({ ...EURUSD_BUY, target: target ?? 1.11, lotSize: 0.1, openedAt: hoursAgo(48) });
      await trader.closed(trade, { ...close, closedAt: hoursAgo(40 - i) });
    }
    const { stats } = (await (await trader.client.request('/api/journal')).json()) as Journal;
    // Wins 2 + 1.5 + 3 + 0.5 + 2 = 9 R over 5; losses 6 × -1 R; one at the entry.
    expect(stats).toMatchObject({ closed: 12, wins: 5, losses: 6, breakeven: 1, largestLosingRun: 3 });
    expect(stats.winRate).toBeCloseTo(5 / 12, 9);
    expect(stats.averageWinR).toBeCloseTo(1.8, 9);
    expect(stats.averageLossR).toBeCloseTo(-1, 9);
    expect(stats.expectancyR).toBeCloseTo(3 / 12, 9);
    expect(stats.profitFactor).toBeCloseTo(9 / 6, 9);
    expect(stats.totalR).toBeCloseTo(3, 9);
    expect(stats.totalMoney).toBeCloseTo(150, 6);
    expect(stats.equity.map((p) => Number(p.cumulativeR.toFixed(6)))).toEqual([2, 1, 0, 1.5, 0.5, -0.5, -1.5, 1.5, 1.5, 2, 1, 3]);
  }, 90_000);

  it("keeps PipLens's record per confidence band, for trades that followed the plan", async () => {
    const trader = await journalTrader(server());
    const openedAt = hoursAgo(10);
    const follow = async (confidence: number, engine: boolean, outcome: string, direction = 'buy') => {
      const levels = direction === 'buy' ? EURUSD_BUY : { ...EURUSD_BUY, direction: 'sell', stop: 1.105, target: 1.09 };
      const trade = await trader.open({ ...levels, lotSize: 0.1, openedAt }, { action: 'buy', confidence, engine });
      await trader.closed(trade, outcome === 'manual' ? { outcome, exitPrice: 1.1, closedAt: hoursAgo(1) } : { outcome, closedAt: hoursAgo(1) });
    };
    await follow(85, true, 'target');
    await follow(90, false, 'stop');
    await follow(65, true, 'manual');
    await follow(55, true, 'target', 'sell'); // against the plan: not PipLens's record
    const { record } = (await (await trader.client.request('/api/journal')).json()) as Journal;
    const row = (source: string, band: string) => record.find((r) => r.source === source && r.band === band);
    expect(row('all', '80-plus')).toMatchObject({ trades: 2, targetFirst: 1, stopFirst: 1, byHand: 0, targetRate: 0.5, enough: false });
    expect(row('engine', '80-plus')).toMatchObject({ trades: 1, targetFirst: 1, stopFirst: 0 });
    expect(row('model', '80-plus')).toMatchObject({ trades: 1, targetFirst: 0, stopFirst: 1 });
    expect(row('all', '60-79')).toMatchObject({ trades: 1, byHand: 1, targetRate: null });
    expect(row('all', 'under-60')).toMatchObject({ trades: 0 });
    expect(row('all', '80-plus')?.sentence).toMatch(/Too few trades to say anything yet: 2 of 2 reached the target or the stop/);
  }, 60_000);
});
