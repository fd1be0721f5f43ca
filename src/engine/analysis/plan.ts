/** Trade plan: direction, entry, stop beyond structure or volatility, target at the exact R:R. */
import type { Action } from '../../shared/analysis.js';
import type { Swing } from './structure.js';

export type Side = 'buy' | 'sell';

export interface PlanInput {
  side: Side;
  action: Action;
  lastPrice: number;
  atr: number;
  swings: Swing[];
  atrMultiple: number;
  riskReward: number;
  decimals: number;
  /** Prices the levels must stay within (the chart's range with its margin). */
  limits?: { low: number; high: number };
}

export interface TradePlan {
  side: Side;
  action: Action;
  entry: number;
  stop: number;
  target: number;
  /**
   * 'swing' when the stop sits beyond a swing point, 'atr' when volatility set it, 'range' when
   * it was brought closer so the target stays within the prices the chart shows.
   */
  stopBasis: 'swing' | 'atr' | 'range';
  swingPrice: number | null;
  /** The stop had to come closer than ordinary price noise for the target to stay on the chart. */
  tooTight: boolean;
}

export const roundTo = (value: number, decimals: number): number => Number(value.toFixed(decimals));

/**
 * The stop goes a quarter ATR beyond the most recent swing on the losing side, when that
 * swing is neither too close (noise would hit it) nor too far (the risk would be oversized);
 * otherwise it sits a volatility multiple away. The target is then exactly riskReward times
 * the stop distance, computed from the rounded prices so the ratio survives rounding.
 */
export function buildPlan(input: PlanInput): TradePlan {
  const { side, lastPrice, atr, swings, atrMultiple, riskReward, decimals } = input;
  const tick = 10 ** -decimals;
  const dir = side === 'buy' ? 1 : -1;
  const entry = roundTo(lastPrice, decimals);
  const minDistance = Math.max(0.6 * atr * atrMultiple, 10 * tick);
  const maxDistance = 2.5 * atr * atrMultiple;
  const wanted = side === 'buy' ? 'low' : 'high';
  const swing = [...swings]
    .reverse()
    .find((s) => s.kind === wanted && (side === 'buy' ? s.price < entry : s.price > entry));
  let distance = Math.max(atr * atrMultiple, 10 * tick);
  let stopBasis: TradePlan['stopBasis'] = 'atr';
  if (swing) {
    const beyond = Math.abs(entry - swing.price) + 0.25 * atr;
    if (beyond >= minDistance && beyond <= maxDistance) {
      distance = beyond;
      stopBasis = 'swing';
    }
  }
  let tooTight = false;
  if (input.limits) {
    // The target is riskReward stops away: both must stay within the limits.
    const targetRoom = side === 'buy' ? input.limits.high - entry : entry - input.limits.low;
    const stopRoom = side === 'buy' ? entry - input.limits.low : input.limits.high - entry;
    const most = Math.min(targetRoom / riskReward, stopRoom) - tick;
    if (distance > most) {
      distance = Math.max(most, tick);
      stopBasis = 'range';
      tooTight = distance < minDistance;
    }
  }
  let stop = roundTo(entry - dir * distance, decimals);
  if (stop === entry) stop = roundTo(entry - dir * (stopBasis === 'range' ? tick : 10 * tick), decimals);
  const risk = Math.abs(entry - stop);
  const target = roundTo(entry + dir * risk * riskReward, decimals);
  return {
    side,
    action: input.action,
    entry,
    stop,
    target,
    stopBasis,
    swingPrice: stopBasis === 'swing' && swing ? swing.price : null,
    tooTight,
  };
}
