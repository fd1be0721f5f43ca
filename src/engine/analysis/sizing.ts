/** Position sizing: computed from the plan and the instrument's lot value, never guessed. */
import { findInstrument, type LotValue } from '../../shared/instruments.js';

/** Risk per trade by account size (SPEC §7): small accounts accept a larger share. */
export function riskPercentForCapital(capital: number): number {
  if (capital <= 50) return 4;
  if (capital <= 200) return 3;
  if (capital <= 1000) return 2;
  return 1;
}

/**
 * Pip size from the price's decimals alone, for wording when no instrument is known: the fourth
 * decimal for 4-5 decimal quotes, the second for 2-3, otherwise one unit.
 */
export function pipSizeForPrecision(decimals: number): number {
  if (decimals >= 4) return 0.0001;
  if (decimals >= 2) return 0.01;
  return 1;
}

export const MIN_LOT = 0.01;
export const LOT_STEP = 0.01;

export interface PositionSizing {
  capital: number;
  riskPercent: number;
  /** The most the trader should lose on this trade: capital × riskPercent. */
  moneyAtRisk: number;
  /** Entry to stop as a price distance. */
  stopDistance: number;
  /** What one lot is worth per pip; null when the instrument is unknown and its prices do not say. */
  lot: LotValue | null;
  stopPips: number | null;
  /** Loss at the stop for one lot (1.00), in USD. */
  lossPerLot: number | null;
  /** Largest lot, in 0.01 steps, whose loss at the stop stays within moneyAtRisk (0 when even 0.01 does not). */
  recommendedLots: number;
  userLots: number;
  userLossAtStop: number | null;
  userRiskPercent: number | null;
  /** fits: at least the minimum lot stays within the risk; too-large: even 0.01 loses more; unknown: no lot value. */
  verdict: 'fits' | 'too-large' | 'unknown';
  /** Why there is no lot value, when more is known than that the instrument is not (a symbol that does not fit the chart). */
  noLotReason: string | null;
}

export function computePositionSizing(input: {
  capital: number;
  userLots: number;
  entry: number;
  stop: number;
  lot: LotValue | null;
  noLotReason?: string | null;
}): PositionSizing {
  const { capital, userLots, entry, stop, lot } = input;
  const noLotReason = input.noLotReason ?? null;
  const riskPercent = riskPercentForCapital(capital);
  const moneyAtRisk = (capital * riskPercent) / 100;
  const stopDistance = Math.abs(entry - stop);
  if (!lot || !(stopDistance > 0)) {
    return {
      capital,
      riskPercent,
      moneyAtRisk,
      stopDistance,
      lot,
      stopPips: null,
      lossPerLot: null,
      recommendedLots: 0,
      userLots,
      userLossAtStop: null,
      userRiskPercent: null,
      verdict: 'unknown',
      noLotReason,
    };
  }
  const stopPips = stopDistance / lot.pipSize;
  const lossPerLot = stopPips * lot.pipValuePerLotUsd;
  // A small epsilon keeps exact fits (e.g. 0.03 lots) from flooring to the step below.
  const steps = Math.floor(moneyAtRisk / lossPerLot / LOT_STEP + 1e-9);
  const recommendedLots = Math.round(steps * LOT_STEP * 100) / 100;
  const userLossAtStop = userLots * lossPerLot;
  return {
    capital,
    riskPercent,
    moneyAtRisk,
    stopDistance,
    lot,
    stopPips,
    lossPerLot,
    recommendedLots,
    userLots,
    userLossAtStop,
    userRiskPercent: (userLossAtStop / capital) * 100,
    verdict: recommendedLots >= MIN_LOT ? 'fits' : 'too-large',
    noLotReason,
  };
}

const usd = (v: number): string => `${v.toFixed(2)} USD`;
const lots = (v: number): string => v.toFixed(2);
const pct = (v: number): string => `${v.toFixed(1)}%`;

/**
 * The sizing advice in plain words. It states the lot value assumed, the largest lot within the
 * risk or that even the smallest lot is too much (with the figures), and never tells the trader
 * to change to what they already use.
 */
export function describeSizing(p: PositionSizing): string {
  const limit = `With ${usd(p.capital)} capital, risk ${p.riskPercent}% per trade at most: ${usd(p.moneyAtRisk)}.`;
  if (p.verdict === 'unknown' || !p.lot || p.stopPips === null || p.lossPerLot === null) {
    return [
      limit,
      p.noLotReason ??
        'PipLens cannot tell from this chart what one lot is worth, so it gives no lot size: choose the instrument in the settings and analyse again.',
    ].join(' ');
  }
  const minLoss = MIN_LOT * p.lossPerLot;
  const stop = `The stop loss is ${p.stopPips.toFixed(1)} pips from the entry, so each 0.01 lot loses ${usd(minLoss)} if it is hit.`;
  const userLoss = p.userLossAtStop ?? 0;
  const userShare = p.userRiskPercent ?? 0;
  let advice: string;
  if (p.verdict === 'too-large') {
    advice =
      `Even the smallest lot (0.01) would lose ${usd(minLoss)} at the stop, ${pct((minLoss / p.capital) * 100)} of your capital, ` +
      `more than your ${p.riskPercent}% limit of ${usd(p.moneyAtRisk)}. This trade does not fit this account size: wait for a setup with a closer stop.`;
    if (p.userLots > MIN_LOT + 1e-9) advice += ` Your lot size of ${lots(p.userLots)} would lose ${usd(userLoss)} (${pct(userShare)}).`;
  } else {
    advice = `The largest lot size within your limit is ${lots(p.recommendedLots)}, which loses ${usd(p.recommendedLots * p.lossPerLot)} at the stop.`;
    if (p.userLots <= p.recommendedLots + 1e-9) {
      advice += ` Your lot size of ${lots(p.userLots)} loses ${usd(userLoss)} at the stop (${pct(userShare)} of capital), within your limit.`;
    } else {
      advice += ` Your lot size of ${lots(p.userLots)} would lose ${usd(userLoss)} (${pct(userShare)} of capital), more than your limit: use ${lots(p.recommendedLots)} lots instead.`;
    }
  }
  return [limit, p.lot.basis, stop, advice].join(' ');
}

/** Said in the result when the instrument sized for is the one PipLens read on the chart, not one the trader chose. */
export function readFromChartNote(symbol: string | undefined): string | null {
  const instrument = findInstrument(symbol);
  if (!instrument) return null;
  return `PipLens read the instrument from the chart: ${instrument.symbol} (${instrument.name}). If that is not right, choose the symbol in the settings and analyse again.`;
}
