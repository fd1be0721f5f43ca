/** Price series + settings → the SPEC §3 analysis result and the chart's levels. */
import type { SeriesKind } from '../bars/series.js';
import type { Action, AnalysisResult, AnalysisSettings, Trend } from '../../shared/analysis.js';
import type { SeenBar } from '../errors.js';
import type { PriceCandle } from '../read-chart.js';
import { averageTrueRange, simpleMovingAverage } from './indicators.js';
import { clusterLevels, splitLevels, type Level } from './levels.js';
import { buildPlan, type Side } from './plan.js';
import { buildProfile, type Horizon } from './profile.js';
import { instrumentMismatch, resolveLotValue } from '../../shared/instruments.js';
import { computePositionSizing, describeSizing, readFromChartNote } from './sizing.js';
import { classifyTrend, findSwings } from './structure.js';
import { describe } from './text.js';

export const MODEL_NAME = 'PipLens chart engine';

/** Share of the candles' range the levels may reach beyond it (RANGE_MARGIN applies to the larger visible range). */
const LEVEL_MARGIN = 0.5;
/** The moving average the reasons compare price with: the last twenty candles. */
const SMA_LENGTH = 20;
const closesOf = (candles: PriceCandle[]): number[] => candles.map((c) => c.close);

const HORIZON_LABEL: Record<Horizon, string> = {
  scalp: 'short-term scalping',
  day: 'day-trading',
  swing: 'swing-trading',
  position: 'longer-term position',
};

export interface Analysis {
  result: AnalysisResult;
  support: Level[];
  resistance: Level[];
}

/** The trend a series shows, from its swings (the trader's time frame and strategies set their window). */
function readTrend(candles: PriceCandle[], settings: AnalysisSettings) {
  const profile = buildProfile(settings, candles.length);
  const swings = findSwings(candles, profile.swingWindow);
  return { profile, swings, reading: classifyTrend(candles, swings) };
}

/**
 * The trend of bars seen without a price scale, in image rows. A price axis is linear, and a
 * row grows as the price falls: the rows turned upside down rise and fall as the prices do, and
 * the trend (moves and swings as shares of the visible range) is the same.
 */
export function trendOfRows(bars: SeenBar[], settings: AnalysisSettings): Trend {
  const candles = bars.map((b) => ({ open: -b.open, high: -b.high, low: -b.low, close: -b.close }));
  return readTrend(candles, settings).reading.trend;
}

/** Evidence for each direction, each term in -1..1, weighted: their agreement is the confidence. */
function directionEvidence(
  candles: PriceCandle[],
  reading: ReturnType<typeof classifyTrend>,
  sma: number | null,
): number {
  const last = candles[candles.length - 1] as PriceCandle;
  const momentum = Math.sign(last.close - (candles[Math.max(0, candles.length - 11)]?.close ?? last.close));
  const smaSide = sma === null ? 0 : Math.sign(last.close - sma);
  return (
    0.4 * Math.max(-1, Math.min(1, reading.drift / 0.6)) * Math.min(1, reading.r2 / 0.6) +
    0.3 * reading.structure +
    0.15 * smaSide +
    0.15 * momentum
  );
}

/** The side a trade would take: the trend's, or in a range the edge closer to price. */
function sideOf(trend: Trend, lastClose: number, range: { low: number; high: number }, evidence: number): Side {
  if (trend === 'uptrend') return 'buy';
  if (trend === 'downtrend') return 'sell';
  const position = (lastClose - range.low) / (range.high - range.low || 1);
  return position < 0.4 ? 'buy' : position > 0.6 ? 'sell' : evidence >= 0 ? 'buy' : 'sell';
}

/** The side the evidence leans to, how strongly (-1..1), and the action the strategies leave. */
function leaning(
  candles: PriceCandle[],
  reading: ReturnType<typeof classifyTrend>,
  sma: number | null,
  range: { low: number; high: number },
  strategies: readonly string[],
) {
  const lastClose = candles[candles.length - 1]?.close ?? 0;
  const evidence = directionEvidence(candles, reading, sma);
  const side = sideOf(reading.trend, lastClose, range, evidence);
  const agreement = side === 'buy' ? evidence : -evidence;
  const action: Action = reading.trend !== 'sideways' && agreement >= 0.35 ? side : 'wait';
  return { side, agreement, strategy: strategyOf(strategies, reading.trend, action) };
}

/** What the chosen strategies change: counter-trend waits in a trend; the others add a note. */
function strategyOf(
  strategies: readonly string[],
  trend: Trend,
  action: Action,
): { action: Action; strategyNote: string | null } {
  if (strategies.includes('counterTrend') && trend !== 'sideways')
    return {
      action: 'wait',
      strategyNote:
        'Counter-trend trading means waiting for the trend to show signs of turning before trading against it.',
    };
  if (strategies.includes('breakoutTrading') && trend === 'sideways')
    return {
      action,
      strategyNote: 'For a breakout trade, wait for a candle to close beyond the range before entering.',
    };
  if (strategies.includes('newsTrading'))
    return {
      action,
      strategyNote: 'News can move price far beyond these levels in seconds; check the economic calendar first.',
    };
  return { action, strategyNote: null };
}

/**
 * The plan's levels and the position's size for the trader's account: a target beyond what the
 * chart shows, or a trade the account cannot take at its smallest lot, makes the action a wait.
 */
function tradePlan(
  settings: AnalysisSettings,
  t: {
    side: Side;
    action: Action;
    lastPrice: number;
    atr: number;
    swings: ReturnType<typeof findSwings>;
    profile: ReturnType<typeof buildProfile>;
    decimals: number;
    low: number;
    high: number;
  },
) {
  const { side, lastPrice, atr, swings, profile, decimals, low, high } = t;
  let action = t.action;
  const plan = buildPlan({
    side,
    action,
    lastPrice,
    atr,
    swings,
    atrMultiple: profile.atrMultiple,
    riskReward: settings.riskReward,
    decimals,
    // The candles' range with half of it either side: within any chart's visible range and margin.
    limits: { low: low - (high - low) * LEVEL_MARGIN, high: high + (high - low) * LEVEL_MARGIN },
  });
  // A target beyond what the chart shows would need a stop inside ordinary noise: no trade.
  const targetOffChart = plan.tooTight && action !== 'wait';
  if (targetOffChart) action = 'wait';
  const lot = resolveLotValue(settings, plan.entry, decimals);
  const sizing = computePositionSizing({
    capital: settings.capitalSize,
    userLots: settings.lotSize,
    entry: plan.entry,
    stop: plan.stop,
    lot,
    noLotReason: instrumentMismatch(settings, plan.entry),
  });
  // A trade the account cannot take at its smallest lot is no buy or sell for this trader; a lot
  // value assumed from the prices alone (on the safe side) gives advice, not a verdict.
  const tooLargeForAccount = sizing.verdict === 'too-large' && action !== 'wait' && Boolean(settings.symbol);
  if (tooLargeForAccount) action = 'wait';
  return { plan, action, lot, sizing, targetOffChart, tooLargeForAccount };
}

/**
 * `chartSymbol`: the instrument the engine read on the chart, used for sizing when the trader
 * chose none (and said so in the result); a symbol the trader chose always wins.
 */
export function analyseSeries(
  candles: PriceCandle[],
  chosen: AnalysisSettings,
  decimals: number,
  chartSymbol?: string,
  kind: SeriesKind = 'candles',
): Analysis {
  const readFromChart = !chosen.symbol && Boolean(chartSymbol);
  const settings: AnalysisSettings = readFromChart ? { ...chosen, symbol: chartSymbol } : chosen;
  const last = candles[candles.length - 1];
  const first = candles[0];
  if (!last || !first) throw new Error('analyseSeries needs candles');
  const { profile, swings, reading } = readTrend(candles, settings);
  const atr = averageTrueRange(candles);
  const levels = clusterLevels(swings, Math.max(atr * 0.5, 10 ** -decimals));
  const { support, resistance } = splitLevels(levels, last.close);
  const sma = simpleMovingAverage(closesOf(candles), SMA_LENGTH);
  const high = Math.max(...candles.map((c) => c.high));
  const low = Math.min(...candles.map((c) => c.low));
  const { side, agreement, strategy } = leaning(candles, reading, sma, { low, high }, profile.strategies);
  const trade = tradePlan(settings, {
    side,
    action: strategy.action,
    lastPrice: last.close,
    atr,
    swings,
    profile,
    decimals,
    low,
    high,
  });
  const { plan, action, lot, sizing, targetOffChart, tooLargeForAccount } = trade;
  const { analysis, rationales } = describe({
    trend: reading.trend,
    reading,
    plan: { ...plan, action },
    support,
    resistance,
    candles: candles.length,
    line: kind === 'line',
    firstClose: first.close,
    lastPrice: last.close,
    sma,
    atr,
    riskReward: settings.riskReward,
    decimals,
    pipSize: lot?.pipSize ?? null,
    horizonLabel: HORIZON_LABEL[profile.horizon],
    strategyNote: strategy.strategyNote,
    tooLargeForAccount,
    targetOffChart,
  });
  const sizingText = [readFromChart ? readFromChartNote(settings.symbol) : null, describeSizing(sizing)];
  const answer = { trend: reading.trend, plan, action, agreement, analysis, rationales };
  const result = toResult(settings, { ...answer, sizingText: sizingText.filter(Boolean).join(' ') }, decimals);
  return { result, support, resistance };
}

/** The answer in SPEC's fields; a wait is at most 60% sure, a trade 50-92% by the evidence's agreement. */
function toResult(
  settings: AnalysisSettings,
  a: {
    trend: Trend;
    plan: { entry: number; stop: number; target: number };
    action: Action;
    agreement: number;
    analysis: string;
    rationales: string[];
    sizingText: string;
  },
  decimals: number,
): AnalysisResult {
  const f = (v: number): string => v.toFixed(decimals);
  const confidence = Math.round(
    a.action === 'wait'
      ? Math.max(20, Math.min(60, 35 + 25 * Math.abs(a.agreement)))
      : Math.max(50, Math.min(92, 50 + 45 * a.agreement)),
  );
  return {
    trend: a.trend,
    entryPoint: f(a.plan.entry),
    stopLoss: f(a.plan.stop),
    takeProfit: f(a.plan.target),
    confidence,
    analysis: a.analysis,
    recommendedAction: a.action,
    decisionRationales: a.rationales,
    positionSizing: a.sizingText,
    timeFrame: settings.timeFrame,
    riskReward: settings.riskReward,
    capitalSize: settings.capitalSize,
    lotSize: settings.lotSize,
    tradingStrategy: settings.tradingStrategy,
    modelName: MODEL_NAME,
    ...(settings.symbol ? { symbol: settings.symbol } : {}),
    checkedAgainstChart: true,
  };
}
