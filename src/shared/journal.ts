/**
 * The trade journal: trades taken (or skipped) from PipLens's analyses, how they ended, and what
 * they add up to. Schemas for the API and pure arithmetic (R, pips or points, money, the period's
 * figures and PipLens's confidence record), shared by the server, the web client and the tests.
 */
import { z } from 'zod';
import { ActionSchema, TimeFrameSchema, parseStrategies } from './analysis';
import { customLotValue, findInstrument, INSTRUMENTS, lotValue, OTHER_SYMBOL, type LotValue } from './instruments';

export const TRADE_STATUSES = ['open', 'closed', 'skipped'] as const;
export const TradeStatusSchema = z.enum(TRADE_STATUSES);
export type TradeStatus = z.infer<typeof TradeStatusSchema>;

/** How a closed trade ended: at its target, at its stop, or closed by hand at a price. */
export const TRADE_OUTCOMES = ['target', 'stop', 'manual'] as const;
export const TradeOutcomeSchema = z.enum(TRADE_OUTCOMES);
export type TradeOutcome = z.infer<typeof TradeOutcomeSchema>;
export const TRADE_OUTCOME_LABEL: Record<TradeOutcome, string> = {
  target: 'Target hit',
  stop: 'Stop hit',
  manual: 'Closed by hand',
};

export const TradeDirectionSchema = z.enum(['buy', 'sell']);
export type TradeDirection = z.infer<typeof TradeDirectionSchema>;

/** Pictures a trader keeps with a trade: before it was taken, while open, after it closed. */
export const PHOTO_PHASES = ['before', 'during', 'after'] as const;
export const PhotoPhaseSchema = z.enum(PHOTO_PHASES);
export type PhotoPhase = z.infer<typeof PhotoPhaseSchema>;
export const MAX_TRADE_PHOTOS = 6;

/** Who answered the analysis a trade was taken from. */
export const PlanSourceSchema = z.enum(['engine', 'model']);
export type PlanSource = z.infer<typeof PlanSourceSchema>;

export const JOURNAL_SYMBOLS = [OTHER_SYMBOL, ...INSTRUMENTS.map((i) => i.symbol)] as [string, ...string[]];
const MAX_NOTES = 2000;
/** A clock a few minutes ahead of the server's is not "the future". */
export const FUTURE_TOLERANCE_MS = 5 * 60_000;

export const JOURNAL_MESSAGES = {
  stopAtEntry: 'The stop must differ from the entry: a trade with no risk has no R.',
  buyStop: 'For a buy, the stop lies below the entry.',
  sellStop: 'For a sell, the stop lies above the entry.',
  buyTarget: 'For a buy, the target lies above the entry.',
  sellTarget: 'For a sell, the target lies below the entry.',
  lotSize: 'The lot size must be more than 0.',
  openedInFuture: 'The time the trade was opened cannot be in the future.',
  closedInFuture: 'The time the trade was closed cannot be in the future.',
  closedBeforeOpened: 'A trade cannot close before it was opened.',
  exitMissing: 'Enter the price the trade was closed at.',
  otherSizes: 'An instrument outside the list needs its pip size and contract size.',
  notYours: 'This analysis belongs to another account.',
  alreadyInJournal: 'This analysis is already in your journal.',
  changedElsewhere: 'This trade was changed in another tab or on another device. Reload to see it as it is now.',
  alreadyClosed: 'This trade is already closed.',
  notOpen: 'Only an open trade can be closed.',
  skippedHasNoResult: 'A skipped plan has no entry to edit. Delete it and take the trade instead.',
  tooManyPhotos: `A trade keeps at most ${MAX_TRADE_PHOTOS} pictures.`,
  exportPremium: 'Exporting your journal is a Premium feature. Upgrade to Pro to download your trades.',
  accessNeeded: 'Your trial has ended: upgrade to Pro to add new trades. Your open trades can still be closed.',
} as const;

/** The exit a target or stop outcome must have: the level itself; any other price is a close by hand. */
export const outcomeExitMessage = (outcome: 'target' | 'stop', level: number) =>
  `A trade that hit its ${outcome} exits at the ${outcome} (${level}). For another price, choose "${TRADE_OUTCOME_LABEL.manual}".`;

const price = (what: string) =>
  z.number({ error: `Enter the ${what} as a number.` }).positive(`The ${what} must be more than 0.`).max(10_000_000);
const isoTime = z.iso.datetime({ offset: true, error: 'Enter a valid date and time.' });

/** The levels and size of a taken trade: what "I took this trade" sends and an edit may change. */
export const TradeLevelsSchema = z.object({
  direction: TradeDirectionSchema,
  entry: price('entry'),
  stop: price('stop'),
  target: price('target'),
  lotSize: z.number({ error: JOURNAL_MESSAGES.lotSize }).positive(JOURNAL_MESSAGES.lotSize).max(1000),
  symbol: z.enum(JOURNAL_SYMBOLS, { error: 'Choose the instrument.' }),
  pipSize: z.number().positive().max(1_000_000).nullable().default(null),
  contractSize: z.number().positive().max(1_000_000_000).nullable().default(null),
  openedAt: isoTime,
  notes: z.string().max(MAX_NOTES).default(''),
});
export type TradeLevels = z.infer<typeof TradeLevelsSchema>;

export const TakeTradeSchema = z.discriminatedUnion('decision', [
  TradeLevelsSchema.extend({ decision: z.literal('taken'), analysisId: z.string().min(1) }),
  z.object({ decision: z.literal('skipped'), analysisId: z.string().min(1), notes: z.string().max(MAX_NOTES).default('') }),
]);
export type TakeTrade = z.infer<typeof TakeTradeSchema>;

/** Closing an open trade; `version` is the one the trader saw (another tab may have moved on). */
export const CloseTradeSchema = z.object({
  version: z.number().int().nonnegative(),
  outcome: TradeOutcomeSchema,
  exitPrice: price('exit price').optional(),
  closedAt: isoTime,
  notes: z.string().max(MAX_NOTES).optional(),
});
export type CloseTrade = z.infer<typeof CloseTradeSchema>;

/** An edit: any of the trade's own fields; the whole trade is checked again after it. */
export const EditTradeSchema = TradeLevelsSchema.omit({ pipSize: true, contractSize: true, notes: true })
  .partial()
  .extend({
    version: z.number().int().nonnegative(),
    pipSize: z.number().positive().max(1_000_000).nullable().optional(),
    contractSize: z.number().positive().max(1_000_000_000).nullable().optional(),
    notes: z.string().max(MAX_NOTES).optional(),
    outcome: TradeOutcomeSchema.optional(),
    exitPrice: price('exit price').optional(),
    closedAt: isoTime.optional(),
  });
export type EditTrade = z.infer<typeof EditTradeSchema>;

/** The analysis a trade came from, as it was when the trade was taken. */
export const TradePlanSchema = z.object({
  action: ActionSchema,
  confidence: z.number().min(0).max(100),
  source: PlanSourceSchema,
  entry: z.number().nullable(),
  stop: z.number().nullable(),
  target: z.number().nullable(),
});
export type TradePlan = z.infer<typeof TradePlanSchema>;

export const TradeFiguresSchema = z.object({
  /** Multiples of the risk: the move from entry to exit over the distance from entry to stop. */
  r: z.number(),
  /** The move in pips (points for indices and crypto). */
  pips: z.number(),
  pipUnit: z.enum(['pips', 'points']),
  /** In USD with the lot size; null where the instrument's pip value is unknown. */
  money: z.number().nullable(),
  moneyBasis: z.string(),
  approximate: z.boolean(),
});
export type TradeFigures = z.infer<typeof TradeFiguresSchema>;

export const TradePhotoSchema = z.object({ id: z.string(), phase: PhotoPhaseSchema, url: z.string(), createdAt: z.string() });
export type TradePhoto = z.infer<typeof TradePhotoSchema>;

export const TradeSchema = z.object({
  id: z.string(),
  analysisId: z.string().nullable(),
  status: TradeStatusSchema,
  direction: TradeDirectionSchema.nullable(),
  symbol: z.string().nullable(),
  pipSize: z.number().nullable(),
  contractSize: z.number().nullable(),
  timeFrame: TimeFrameSchema,
  strategy: z.string(),
  entry: z.number().nullable(),
  stop: z.number().nullable(),
  target: z.number().nullable(),
  lotSize: z.number().nullable(),
  plan: TradePlanSchema,
  openedAt: z.string(),
  outcome: TradeOutcomeSchema.nullable(),
  exitPrice: z.number().nullable(),
  closedAt: z.string().nullable(),
  notes: z.string(),
  version: z.number().int(),
  figures: TradeFiguresSchema.nullable(),
  photos: z.array(TradePhotoSchema),
});
export type Trade = z.infer<typeof TradeSchema>;

/** What narrows the journal: the period (by the day a trade was opened, UTC) and the trade's kind. */
export const JournalFilterSchema = z.object({
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  symbol: z.string().max(20).optional(),
  timeFrame: TimeFrameSchema.optional(),
  strategy: z.string().max(40).optional(),
  direction: TradeDirectionSchema.optional(),
});
export type JournalFilter = z.infer<typeof JournalFilterSchema>;

export const EquityPointSchema = z.object({ trade: z.number().int(), tradeId: z.string(), closedAt: z.string(), r: z.number(), cumulativeR: z.number() });

export const JournalStatsSchema = z.object({
  closed: z.number().int(),
  wins: z.number().int(),
  losses: z.number().int(),
  breakeven: z.number().int(),
  /** Wins over closed trades, 0-1; null with none closed. */
  winRate: z.number().nullable(),
  averageWinR: z.number().nullable(),
  averageLossR: z.number().nullable(),
  expectancyR: z.number().nullable(),
  /** Gains over losses, both in R; null with no losing trade. */
  profitFactor: z.number().nullable(),
  largestLosingRun: z.number().int(),
  totalR: z.number(),
  totalMoney: z.number().nullable(),
  equity: z.array(EquityPointSchema),
});
export type JournalStats = z.infer<typeof JournalStatsSchema>;

export const CONFIDENCE_BANDS = [
  { key: 'under-60', label: 'Under 60', min: 0, max: 59.999 },
  { key: '60-79', label: '60-79', min: 60, max: 79.999 },
  { key: '80-plus', label: '80 and over', min: 80, max: 100 },
] as const;
export type ConfidenceBandKey = (typeof CONFIDENCE_BANDS)[number]['key'];
/** Below this many trades that reached the target or the stop, a band's rate says nothing yet. */
export const MIN_BAND_TRADES = 10;

export const BandRowSchema = z.object({
  band: z.enum(CONFIDENCE_BANDS.map((b) => b.key) as [ConfidenceBandKey, ...ConfidenceBandKey[]]),
  label: z.string(),
  source: z.enum(['all', 'engine', 'model']),
  /** Closed trades that followed the plan's direction, in this band. */
  trades: z.number().int(),
  targetFirst: z.number().int(),
  stopFirst: z.number().int(),
  byHand: z.number().int(),
  /** Target before stop, of those that reached either, 0-1; null when none did. */
  targetRate: z.number().nullable(),
  enough: z.boolean(),
  sentence: z.string(),
});
export type BandRow = z.infer<typeof BandRowSchema>;

export const JournalSchema = z.object({
  trades: z.array(TradeSchema),
  stats: JournalStatsSchema,
  record: z.array(BandRowSchema),
  /** Premium sees every trade; otherwise the trades opened in the last `days` days. */
  window: z.object({ premium: z.boolean(), days: z.number().int().nullable() }),
  canAdd: z.boolean(),
});
export type Journal = z.infer<typeof JournalSchema>;

/** The history's mark on an analysis that became a journal entry. */
export const TradeMarkSchema = z.object({ id: z.string(), status: TradeStatusSchema });
export type TradeMark = z.infer<typeof TradeMarkSchema>;

// ---------------------------------------------------------------------------------------------
// Checks shared by the form and the server
// ---------------------------------------------------------------------------------------------

export interface TradeProblem {
  path: string;
  message: string;
}

/** The trade as a whole, after an edit or a close: what the fields alone cannot check. */
export interface CheckableTrade {
  direction: TradeDirection;
  entry: number;
  stop: number;
  target: number;
  lotSize: number;
  symbol: string;
  pipSize: number | null;
  contractSize: number | null;
  openedAt: string;
  outcome?: TradeOutcome | null;
  exitPrice?: number | null;
  closedAt?: string | null;
}

export function tradeProblems(trade: CheckableTrade, now: Date): TradeProblem[] {
  const problems: TradeProblem[] = [];
  const buy = trade.direction === 'buy';
  if (trade.stop === trade.entry) problems.push({ path: 'stop', message: JOURNAL_MESSAGES.stopAtEntry });
  else if (buy !== trade.stop < trade.entry) problems.push({ path: 'stop', message: buy ? JOURNAL_MESSAGES.buyStop : JOURNAL_MESSAGES.sellStop });
  if (trade.target === trade.entry || buy !== trade.target > trade.entry) {
    problems.push({ path: 'target', message: buy ? JOURNAL_MESSAGES.buyTarget : JOURNAL_MESSAGES.sellTarget });
  }
  if (!(trade.lotSize > 0)) problems.push({ path: 'lotSize', message: JOURNAL_MESSAGES.lotSize });
  if (trade.symbol === OTHER_SYMBOL && (!trade.pipSize || !trade.contractSize)) {
    problems.push({ path: 'pipSize', message: JOURNAL_MESSAGES.otherSizes });
  }
  const latest = now.getTime() + FUTURE_TOLERANCE_MS;
  const opened = Date.parse(trade.openedAt);
  if (opened > latest) problems.push({ path: 'openedAt', message: JOURNAL_MESSAGES.openedInFuture });
  if (trade.outcome) problems.push(...closeProblems(trade, opened, latest));
  return problems;
}

function closeProblems(trade: CheckableTrade, opened: number, latest: number): TradeProblem[] {
  const problems: TradeProblem[] = [];
  if (trade.outcome === 'manual' && !trade.exitPrice) problems.push({ path: 'exitPrice', message: JOURNAL_MESSAGES.exitMissing });
  if (trade.outcome === 'target' || trade.outcome === 'stop') {
    const level = trade.outcome === 'target' ? trade.target : trade.stop;
    if (trade.exitPrice != null && trade.exitPrice !== level) problems.push({ path: 'exitPrice', message: outcomeExitMessage(trade.outcome, level) });
  }
  const closed = trade.closedAt ? Date.parse(trade.closedAt) : Number.NaN;
  if (closed > latest) problems.push({ path: 'closedAt', message: JOURNAL_MESSAGES.closedInFuture });
  else if (closed < opened) problems.push({ path: 'closedAt', message: JOURNAL_MESSAGES.closedBeforeOpened });
  return problems;
}

/** The exit a close stands for: the target or the stop themselves, or the price given. */
export function exitOf(outcome: TradeOutcome, levels: { target: number; stop: number }, exitPrice: number | undefined | null): number | null {
  if (outcome === 'target') return levels.target;
  if (outcome === 'stop') return levels.stop;
  return exitPrice ?? null;
}

// ---------------------------------------------------------------------------------------------
// Arithmetic
// ---------------------------------------------------------------------------------------------

export interface FigureInput {
  direction: TradeDirection;
  entry: number;
  stop: number;
  exitPrice: number;
  lotSize: number;
  symbol: string | null;
  pipSize: number | null;
  contractSize: number | null;
}

/** Indices and crypto move in points; currencies and metals in pips. */
export function pipUnitOf(symbol: string | null): 'pips' | 'points' {
  const cls = findInstrument(symbol ?? undefined)?.class;
  return cls === 'index' || cls === 'crypto' ? 'points' : 'pips';
}

/**
 * The lot's value: a listed instrument's (a pair with USD as its base converted at the exit
 * price), or the trader's own pip and contract size for one outside the list.
 */
function lotValueOf(input: FigureInput): LotValue | null {
  if (input.symbol === OTHER_SYMBOL) return input.pipSize && input.contractSize ? customLotValue(input.pipSize, input.contractSize) : null;
  const instrument = findInstrument(input.symbol ?? undefined);
  return instrument ? lotValue(instrument, input.exitPrice) : null;
}

/** Float noise off (1.1025 - 1.1 is not exactly 0.0025): a trade closed at its entry is even, not a win. */
const tidy = (value: number, places = 8) => Math.round(value * 10 ** places) / 10 ** places || 0;

/** R, pips or points and money of a closed trade. */
export function tradeFigures(input: FigureInput): TradeFigures {
  const move = input.direction === 'buy' ? input.exitPrice - input.entry : input.entry - input.exitPrice;
  const r = tidy(move / Math.abs(input.entry - input.stop));
  const value = lotValueOf(input);
  const pipSize = value?.pipSize ?? input.pipSize ?? null;
  const pips = pipSize ? tidy(move / pipSize) : 0;
  return {
    r,
    pips,
    pipUnit: pipUnitOf(input.symbol),
    money: value ? tidy(pips * value.pipValuePerLotUsd * input.lotSize, 6) : null,
    moneyBasis: value ? value.basis : 'Choose the instrument to see the result in money.',
    approximate: value?.approximate ?? false,
  };
}

export interface ClosedResult {
  id: string;
  closedAt: string;
  r: number;
  money: number | null;
}

const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : null);
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** The period's figures over closed trades, in the order they closed. */
export function journalStats(closed: readonly ClosedResult[]): JournalStats {
  const ordered = [...closed].sort((a, b) => a.closedAt.localeCompare(b.closedAt) || a.id.localeCompare(b.id));
  const rs = ordered.map((t) => t.r);
  const wins = rs.filter((r) => r > 0);
  const losses = rs.filter((r) => r < 0);
  let run = 0;
  let largestLosingRun = 0;
  for (const r of rs) {
    run = r < 0 ? run + 1 : 0;
    largestLosingRun = Math.max(largestLosingRun, run);
  }
  let cumulative = 0;
  const equity = ordered.map((t, index) => {
    cumulative = tidy(cumulative + t.r);
    return { trade: index + 1, tradeId: t.id, closedAt: t.closedAt, r: t.r, cumulativeR: cumulative };
  });
  const moneys = ordered.map((t) => t.money);
  return {
    closed: ordered.length,
    wins: wins.length,
    losses: losses.length,
    breakeven: ordered.length - wins.length - losses.length,
    winRate: ordered.length ? wins.length / ordered.length : null,
    averageWinR: mean(wins),
    averageLossR: mean(losses),
    expectancyR: mean(rs),
    profitFactor: losses.length ? sum(wins) / Math.abs(sum(losses)) : null,
    largestLosingRun,
    totalR: sum(rs),
    totalMoney: moneys.length && moneys.every((m) => m !== null) ? sum(moneys as number[]) : null,
    equity,
  };
}

export interface RecordInput {
  direction: TradeDirection | null;
  outcome: TradeOutcome | null;
  plan: Pick<TradePlan, 'action' | 'confidence' | 'source'>;
}

export const bandOf = (confidence: number) =>
  CONFIDENCE_BANDS.find((b) => confidence >= b.min && confidence <= b.max) ?? CONFIDENCE_BANDS[0];

const percent = (share: number) => `${Math.round(share * 100)}%`;

function bandSentence(row: Omit<BandRow, 'sentence'>): string {
  const reached = row.targetFirst + row.stopFirst;
  if (row.trades === 0) return 'No closed trades from PipLens plans in this band yet.';
  if (!row.enough) {
    return `Too few trades to say anything yet: ${reached} of ${row.trades} reached the target or the stop, and a band needs ${MIN_BAND_TRADES}.`;
  }
  return `The target came before the stop in ${percent(row.targetRate ?? 0)} of ${reached} trades.`;
}

/**
 * PipLens's own record: of the closed trades that followed a plan's direction, how often the
 * target came before the stop, per confidence band, for all analyses and split by who answered.
 */
export function confidenceRecord(trades: readonly RecordInput[]): BandRow[] {
  const followed = trades.filter((t) => t.outcome && t.direction && t.direction === t.plan.action);
  const rows: BandRow[] = [];
  for (const source of ['all', 'engine', 'model'] as const) {
    for (const band of CONFIDENCE_BANDS) {
      const inBand = followed.filter((t) => bandOf(t.plan.confidence).key === band.key && (source === 'all' || t.plan.source === source));
      const targetFirst = inBand.filter((t) => t.outcome === 'target').length;
      const stopFirst = inBand.filter((t) => t.outcome === 'stop').length;
      const row = {
        band: band.key,
        label: band.label,
        source,
        trades: inBand.length,
        targetFirst,
        stopFirst,
        byHand: inBand.length - targetFirst - stopFirst,
        targetRate: targetFirst + stopFirst ? targetFirst / (targetFirst + stopFirst) : null,
        enough: targetFirst + stopFirst >= MIN_BAND_TRADES,
      };
      rows.push({ ...row, sentence: bandSentence(row) });
    }
  }
  return rows;
}

/** Whether a trade's analysis settings match the strategy filter ('auto' or keys joined with '+'). */
export const strategyMatches = (strategy: string, wanted: string | undefined) =>
  !wanted || parseStrategies(strategy).includes(wanted as never) || strategy === wanted;
