/**
 * The take-trade, edit and close forms as plain functions: what the fields start with, and what
 * they send or which message each field shows. The checks are the server's own (TradeLevelsSchema,
 * CloseTradeSchema and tradeProblems), so the trader sees the same words before anything is sent.
 */
import type { AnalysisResult, AnalysisSettings } from '../../../shared/analysis';
import { findInstrument, normaliseSymbol, OTHER_SYMBOL } from '../../../shared/instruments';
import {
  CloseTradeSchema,
  exitOf,
  JOURNAL_SYMBOLS,
  TradeLevelsSchema,
  tradeProblems,
  type CheckableTrade,
  type CloseTrade,
  type EditTrade,
  type Trade,
  type TradeLevels,
  type TradeOutcome,
} from '../../../shared/journal';

export interface TradeFormValues {
  direction: '' | 'buy' | 'sell';
  symbol: string;
  pipSize: string;
  contractSize: string;
  entry: string;
  stop: string;
  target: string;
  lotSize: string;
  openedAt: string;
  notes: string;
}
export type TradeField = keyof TradeFormValues;
export type FieldErrors<F extends string> = Partial<Record<F | 'form', string>>;

export const CHOOSE_DIRECTION = 'Choose buy or sell.';

const pad = (n: number) => String(n).padStart(2, '0');
/** A time as a datetime-local field shows it: the trader's own clock, to the minute. */
export const toLocalInput = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
/** A datetime-local field's value as an ISO time, or '' when it holds none. */
export function fromLocalInput(value: string): string {
  const time = value ? new Date(value).getTime() : Number.NaN;
  return Number.isFinite(time) ? new Date(time).toISOString() : '';
}

/** A typed number ('1.0850', '1,0850'), or undefined for an empty field; NaN for anything else. */
function numberOf(raw: string): number | undefined {
  const text = raw.trim().replace(',', '.');
  if (!text) return undefined;
  return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(text) ? Number(text) : Number.NaN;
}
const sizeOf = (raw: string) => {
  const value = numberOf(raw);
  return value !== undefined && Number.isFinite(value) ? value : null;
};

/** The instrument a plan names: the settings' choice, else the one read on the chart, if it is in the journal's list. */
function planSymbol(settings: Partial<AnalysisSettings> | undefined, result: AnalysisResult): string {
  const wanted = settings?.symbol ?? result.symbol ?? '';
  const symbol = wanted === OTHER_SYMBOL ? OTHER_SYMBOL : (findInstrument(normaliseSymbol(wanted))?.symbol ?? '');
  return JOURNAL_SYMBOLS.includes(symbol) ? symbol : '';
}

/** "I took this trade": the plan's levels, its direction (a "wait" leaves it to the trader), the settings' lot and instrument, now. */
export function planValues(
  result: AnalysisResult,
  settings: Partial<AnalysisSettings> | undefined,
  now: Date,
): TradeFormValues {
  const symbol = planSymbol(settings, result);
  const other = symbol === OTHER_SYMBOL;
  const lot = settings?.lotSize ?? result.lotSize;
  return {
    direction: result.recommendedAction === 'wait' ? '' : result.recommendedAction,
    symbol,
    pipSize: other && settings?.pipSize ? String(settings.pipSize) : '',
    contractSize: other && settings?.contractSize ? String(settings.contractSize) : '',
    entry: result.entryPoint,
    stop: result.stopLoss,
    target: result.takeProfit,
    lotSize: lot ? String(lot) : '',
    openedAt: toLocalInput(now),
    notes: '',
  };
}

/** Editing a trade: its fields as they are. */
export function tradeValues(trade: Trade): TradeFormValues {
  const text = (value: number | null) => (value === null ? '' : String(value));
  return {
    direction: trade.direction ?? '',
    symbol: trade.symbol ?? '',
    pipSize: text(trade.pipSize),
    contractSize: text(trade.contractSize),
    entry: text(trade.entry),
    stop: text(trade.stop),
    target: text(trade.target),
    lotSize: text(trade.lotSize),
    openedAt: toLocalInput(new Date(trade.openedAt)),
    notes: trade.notes,
  };
}

function firstPerField<F extends string>(
  problems: { path: string; message: string }[],
  fields: readonly string[],
): FieldErrors<F> {
  const errors: Record<string, string> = {};
  for (const { path, message } of problems) {
    const key = fields.includes(path) ? path : 'form';
    errors[key] ??= message;
  }
  return errors as FieldErrors<F>;
}

const TRADE_FIELDS: readonly TradeField[] = [
  'direction',
  'symbol',
  'pipSize',
  'contractSize',
  'entry',
  'stop',
  'target',
  'lotSize',
  'openedAt',
  'notes',
];

/** How a closed trade ended, for the checks an edit must pass again. */
export function closeOf(trade: Trade): Pick<CheckableTrade, 'outcome' | 'exitPrice' | 'closedAt'> {
  if (trade.status !== 'closed' || !trade.outcome) return {};
  return {
    outcome: trade.outcome,
    exitPrice: trade.outcome === 'manual' ? trade.exitPrice : null,
    closedAt: trade.closedAt,
  };
}

/**
 * The form's levels, or each field's first message. The schema speaks first (a field that is no
 * number, a lot of 0); the trade's own rules (the stop's side, a time in the future) fill the
 * fields it left without a message, so several mistakes are all said at once.
 */
export function readTrade(
  values: TradeFormValues,
  now: Date,
  closed: Pick<CheckableTrade, 'outcome' | 'exitPrice' | 'closedAt'> = {},
): { levels: TradeLevels; errors?: undefined } | { levels?: undefined; errors: FieldErrors<TradeField> } {
  const other = values.symbol === OTHER_SYMBOL;
  const input = {
    direction: values.direction || undefined,
    entry: numberOf(values.entry),
    stop: numberOf(values.stop),
    target: numberOf(values.target),
    lotSize: numberOf(values.lotSize),
    symbol: values.symbol || undefined,
    pipSize: other ? sizeOf(values.pipSize) : null,
    contractSize: other ? sizeOf(values.contractSize) : null,
    openedAt: fromLocalInput(values.openedAt),
    notes: values.notes,
  };
  const parsed = TradeLevelsSchema.safeParse(input);
  const schemaProblems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => {
        const path = String(issue.path[0] ?? 'form');
        return { path, message: path === 'direction' ? CHOOSE_DIRECTION : issue.message };
      });
  const pricesKnown = [input.entry, input.stop, input.target].every((v) => v !== undefined && Number.isFinite(v));
  const rules = tradeProblems(
    {
      direction: input.direction ?? 'buy',
      entry: input.entry ?? Number.NaN,
      stop: input.stop ?? Number.NaN,
      target: input.target ?? Number.NaN,
      lotSize: input.lotSize ?? Number.NaN,
      symbol: input.symbol ?? '',
      pipSize: input.pipSize,
      contractSize: input.contractSize,
      openedAt: input.openedAt,
      ...closed,
    },
    now,
  ).filter((p) => (p.path !== 'stop' && p.path !== 'target') || (input.direction && pricesKnown));
  const problems = [...schemaProblems, ...rules];
  if (parsed.success && problems.length === 0) return { levels: parsed.data };
  return { errors: firstPerField<TradeField>(problems, TRADE_FIELDS) };
}

/** What an edit sends: every field of the form, at the version the trader saw. */
export const editBody = (levels: TradeLevels, version: number): EditTrade => ({ ...levels, version });

export interface CloseFormValues {
  outcome: TradeOutcome | '';
  exitPrice: string;
  closedAt: string;
  notes: string;
}
export type CloseField = keyof CloseFormValues;
const CLOSE_FIELDS: readonly CloseField[] = ['outcome', 'exitPrice', 'closedAt', 'notes'];
export const CHOOSE_OUTCOME = 'Choose how the trade ended.';

export const closeValues = (trade: Trade, now: Date): CloseFormValues => ({
  outcome: '',
  exitPrice: '',
  closedAt: toLocalInput(now),
  notes: trade.notes,
});

/** The trade's own fields for the checks, or null for one that has no levels (a skipped plan). */
export function checkableOf(trade: Trade): CheckableTrade | null {
  const { direction, entry, stop, target, lotSize, symbol } = trade;
  if (!direction || entry === null || stop === null || target === null || lotSize === null || !symbol) return null;
  return {
    direction,
    entry,
    stop,
    target,
    lotSize,
    symbol,
    pipSize: trade.pipSize,
    contractSize: trade.contractSize,
    openedAt: trade.openedAt,
  };
}

/** Closing `trade` (at the version the trader saw): the body to send, or each field's first message. */
export function readClose(
  trade: Trade,
  version: number,
  values: CloseFormValues,
  now: Date,
): { body: CloseTrade; errors?: undefined } | { body?: undefined; errors: FieldErrors<CloseField> } {
  const manual = values.outcome === 'manual';
  const exit = manual ? numberOf(values.exitPrice) : undefined;
  const input = {
    version,
    outcome: values.outcome || undefined,
    ...(manual ? { exitPrice: exit } : {}),
    closedAt: fromLocalInput(values.closedAt),
    ...(values.notes !== trade.notes ? { notes: values.notes } : {}),
  };
  const parsed = CloseTradeSchema.safeParse(input);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => {
        const path = String(issue.path[0] ?? 'form');
        return { path, message: path === 'outcome' ? CHOOSE_OUTCOME : issue.message };
      });
  const whole = checkableOf(trade);
  if (whole && values.outcome) {
    const exitPrice = manual
      ? exit !== undefined && Number.isFinite(exit)
        ? exit
        : null
      : exitOf(values.outcome, whole, null);
    problems.push(...tradeProblems({ ...whole, outcome: values.outcome, exitPrice, closedAt: input.closedAt }, now));
  }
  if (parsed.success && problems.length === 0) return { body: parsed.data };
  return { errors: firstPerField<CloseField>(problems, CLOSE_FIELDS) };
}
