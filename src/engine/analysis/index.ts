/** Price series + settings → the SPEC §3 analysis result and the chart's levels. */
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

/**
 * `chartSymbol`: the instrument the engine read on the chart, used for sizing when the trader
 * chose none (and said so in the result); a symbol the trader chose always wins.
 */
export function analyseSeries(
  candles: PriceCandle[],
  chosen: AnalysisSettings,
  decimals: number,
  chartSymbol?: string,
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
  const closes = candles.map((c) => c.close);
  const sma = simpleMovingAverage(closes, 20);
  const high = Math.max(...candles.map((c) => c.high));
  const low = Math.min(...candles.map((c) => c.low));

  // Evidence for each direction, each term in -1..1; their agreement is the confidence.
  const momentum = Math.sign(last.close - (candles[Math.max(0, candles.length - 11)]?.close ?? last.close));
  const smaSide = sma === null ? 0 : Math.sign(last.close - sma);
  const evidence =
    0.4 * Math.max(-1, Math.min(1, reading.drift / 0.6)) * Math.min(1, reading.r2 / 0.6) +
    0.3 * reading.structure +
    0.15 * smaSide +
    0.15 * momentum;

  let side: Side;
  if (reading.trend === 'uptrend') side = 'buy';
  else if (reading.trend === 'downtrend') side = 'sell';
  else {
    // In a range the edge that is closer to price decides which side is more likely to work.
    const position = (last.close - low) / (high - low || 1);
    side = position < 0.4 ? 'buy' : position > 0.6 ? 'sell' : evidence >= 0 ? 'buy' : 'sell';
  }
  const agreement = side === 'buy' ? evidence : -evidence;
  let action: Action = reading.trend !== 'sideways' && agreement >= 0.35 ? side : 'wait';
  let strategyNote: string | null = null;
  if (profile.strategies.includes('counterTrend') && reading.trend !== 'sideways') {
    action = 'wait';
    strategyNote = 'Counter-trend trading means waiting for the trend to show signs of turning before trading against it.';
  } else if (profile.strategies.includes('breakoutTrading') && reading.trend === 'sideways') {
    strategyNote = 'For a breakout trade, wait for a candle to close beyond the range before entering.';
  } else if (profile.strategies.includes('newsTrading')) {
    strategyNote = 'News can move price far beyond these levels in seconds; check the economic calendar first.';
  }
  const plan = buildPlan({
    side,
    action,
    lastPrice: last.close,
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
  const confidence = Math.round(
    action === 'wait' ? Math.max(20, Math.min(60, 35 + 25 * Math.abs(agreement))) : Math.max(50, Math.min(92, 50 + 45 * agreement)),
  );
  const { analysis, rationales } = describe({
    trend: reading.trend,
    reading,
    plan: { ...plan, action },
    support,
    resistance,
    candles: candles.length,
    firstClose: first.close,
    lastPrice: last.close,
    sma,
    atr,
    riskReward: settings.riskReward,
    decimals,
    pipSize: lot?.pipSize ?? null,
    horizonLabel: HORIZON_LABEL[profile.horizon],
    strategyNote,
    tooLargeForAccount,
    targetOffChart,
  });
  const f = (v: number): string => v.toFixed(decimals);
  return {
    result: {
      trend: reading.trend,
      entryPoint: f(plan.entry),
      stopLoss: f(plan.stop),
      takeProfit: f(plan.target),
      confidence,
      analysis,
      recommendedAction: action,
      decisionRationales: rationales,
      positionSizing: [readFromChart ? readFromChartNote(settings.symbol) : null, describeSizing(sizing)].filter(Boolean).join(' '),
      timeFrame: settings.timeFrame,
      riskReward: settings.riskReward,
      capitalSize: settings.capitalSize,
      lotSize: settings.lotSize,
      tradingStrategy: settings.tradingStrategy,
      modelName: MODEL_NAME,
      ...(settings.symbol ? { symbol: settings.symbol } : {}),
      checkedAgainstChart: true,
    },
    support,
    resistance,
  };
}
