import { describe, expect, it } from 'vitest';
import { JOURNAL_MESSAGES, outcomeExitMessage, type Trade } from '../../../shared/journal';
import { analysisResultOf, analysisSettingsOf } from '../../test/factories';
import {
  CHOOSE_DIRECTION,
  CHOOSE_OUTCOME,
  closeValues,
  planValues,
  readClose,
  readTrade,
  toLocalInput,
  tradeValues,
  type TradeFormValues,
} from './trade-form';

const NOW = new Date('2026-11-20T12:00:00Z');
const hourAgo = toLocalInput(new Date(NOW.getTime() - 3_600_000));

const buy = (overrides: Partial<TradeFormValues> = {}): TradeFormValues => ({
  direction: 'buy',
  symbol: 'EURUSD',
  pipSize: '',
  contractSize: '',
  entry: '1.1000',
  stop: '1.0950',
  target: '1.1100',
  lotSize: '0.10',
  openedAt: hourAgo,
  notes: 'first',
  ...overrides,
});

const tradeOf = (overrides: Partial<Trade> = {}): Trade => ({
  id: 'trade-1',
  analysisId: 'analysis-1',
  status: 'open',
  direction: 'buy',
  symbol: 'EURUSD',
  pipSize: null,
  contractSize: null,
  timeFrame: '1h',
  strategy: 'auto',
  entry: 1.1,
  stop: 1.095,
  target: 1.11,
  lotSize: 0.1,
  plan: { action: 'buy', confidence: 72, source: 'engine', entry: 1.1, stop: 1.095, target: 1.11 },
  openedAt: new Date(NOW.getTime() - 3_600_000).toISOString(),
  outcome: null,
  exitPrice: null,
  closedAt: null,
  notes: 'first',
  version: 3,
  figures: null,
  photos: [],
  ...overrides,
});

describe('the take-trade form, prefilled from the plan', () => {
  it('takes the plan’s direction and levels, the settings’ lot and instrument, and now', () => {
    const values = planValues(analysisResultOf(), analysisSettingsOf({ lotSize: 0.25, symbol: 'GBPUSD' }), NOW);
    expect(values).toMatchObject({
      direction: 'buy',
      symbol: 'GBPUSD',
      entry: '1.0850',
      stop: '1.0820',
      target: '1.0910',
      lotSize: '0.25',
    });
    expect(values.openedAt).toBe(toLocalInput(NOW));
  });

  it('leaves the direction of a “wait” to the trader, and names the instrument read on the chart when none was chosen', () => {
    const values = planValues(
      analysisResultOf({ recommendedAction: 'wait', symbol: 'eur/usd' }),
      analysisSettingsOf(),
      NOW,
    );
    expect(values.direction).toBe('');
    expect(values.symbol).toBe('EURUSD');
    expect(readTrade(values, NOW).errors?.direction).toBe(CHOOSE_DIRECTION);
  });
});

describe('reading the take-trade form', () => {
  it('gives the levels the server takes', () => {
    const read = readTrade(buy(), NOW);
    expect(read.errors).toBeUndefined();
    expect(read.levels).toEqual({
      direction: 'buy',
      symbol: 'EURUSD',
      pipSize: null,
      contractSize: null,
      entry: 1.1,
      stop: 1.095,
      target: 1.11,
      lotSize: 0.1,
      openedAt: new Date(hourAgo).toISOString(),
      notes: 'first',
    });
  });

  it('says every mistake at once, beside its field, in the server’s words', () => {
    const nextYear = toLocalInput(new Date(NOW.getTime() + 365 * 86_400_000));
    const read = readTrade(buy({ stop: '1.1000', lotSize: '0', openedAt: nextYear }), NOW);
    expect(read.errors).toEqual({
      stop: JOURNAL_MESSAGES.stopAtEntry,
      lotSize: JOURNAL_MESSAGES.lotSize,
      openedAt: JOURNAL_MESSAGES.openedInFuture,
    });
  });

  it('checks the stop and target against the direction', () => {
    expect(readTrade(buy({ direction: 'sell' }), NOW).errors).toEqual({
      stop: JOURNAL_MESSAGES.sellStop,
      target: JOURNAL_MESSAGES.sellTarget,
    });
  });

  it('asks for a number, an instrument, and the sizes of one outside the list', () => {
    expect(readTrade(buy({ entry: 'abc' }), NOW).errors).toEqual({ entry: 'Enter the entry as a number.' });
    expect(readTrade(buy({ symbol: '' }), NOW).errors).toEqual({ symbol: 'Choose the instrument.' });
    expect(readTrade(buy({ symbol: 'OTHER' }), NOW).errors).toEqual({ pipSize: JOURNAL_MESSAGES.otherSizes });
    expect(readTrade(buy({ symbol: 'OTHER', pipSize: '0.01', contractSize: '100' }), NOW).levels).toMatchObject({
      pipSize: 0.01,
      contractSize: 100,
    });
  });

  it('takes a decimal comma', () => {
    expect(readTrade(buy({ entry: '1,1000' }), NOW).levels?.entry).toBe(1.1);
  });

  it('keeps an edit of a closed trade after its close', () => {
    const closed = {
      outcome: 'target' as const,
      exitPrice: null,
      closedAt: new Date(NOW.getTime() - 1_800_000).toISOString(),
    };
    expect(readTrade(buy({ openedAt: toLocalInput(new Date(NOW.getTime() - 600_000)) }), NOW, closed).errors).toEqual({
      form: JOURNAL_MESSAGES.closedBeforeOpened,
    });
  });

  it('starts an edit from the trade as it is', () => {
    expect(readTrade(tradeValues(tradeOf()), NOW).levels).toMatchObject({
      entry: 1.1,
      stop: 1.095,
      target: 1.11,
      lotSize: 0.1,
      symbol: 'EURUSD',
    });
  });
});

describe('reading the close form', () => {
  const trade = tradeOf();
  const values = (overrides: Partial<ReturnType<typeof closeValues>>) => ({ ...closeValues(trade, NOW), ...overrides });

  it('closes at the target with the version the trader saw, and no exit price of its own', () => {
    expect(readClose(trade, 3, values({ outcome: 'target' }), NOW)).toEqual({
      body: { version: 3, outcome: 'target', closedAt: new Date(toLocalInput(NOW)).toISOString() },
    });
  });

  it('needs the exit of a close by hand, and sends it', () => {
    expect(readClose(trade, 3, values({ outcome: 'manual' }), NOW).errors).toEqual({
      exitPrice: JOURNAL_MESSAGES.exitMissing,
    });
    expect(readClose(trade, 3, values({ outcome: 'manual', exitPrice: '1.1025' }), NOW).body).toMatchObject({
      outcome: 'manual',
      exitPrice: 1.1025,
    });
  });

  it('asks how it ended, and refuses a close in the future or before the opening', () => {
    expect(readClose(trade, 3, values({}), NOW).errors).toEqual({ outcome: CHOOSE_OUTCOME });
    const nextDay = toLocalInput(new Date(NOW.getTime() + 86_400_000));
    expect(readClose(trade, 3, values({ outcome: 'stop', closedAt: nextDay }), NOW).errors).toEqual({
      closedAt: JOURNAL_MESSAGES.closedInFuture,
    });
    const before = toLocalInput(new Date(NOW.getTime() - 7_200_000));
    expect(readClose(trade, 3, values({ outcome: 'stop', closedAt: before }), NOW).errors).toEqual({
      closedAt: JOURNAL_MESSAGES.closedBeforeOpened,
    });
  });

  it('sends the notes only when the trader changed them', () => {
    expect(readClose(trade, 3, values({ outcome: 'stop' }), NOW).body).not.toHaveProperty('notes');
    expect(readClose(trade, 3, values({ outcome: 'stop', notes: 'stopped out' }), NOW).body).toMatchObject({
      notes: 'stopped out',
    });
  });

  it('uses the shared message for an exit that is not the level', () => {
    // The form sends no exit for a target or a stop, so the message can only come from the server.
    expect(outcomeExitMessage('target', 1.11)).toContain('Closed by hand');
  });
});
