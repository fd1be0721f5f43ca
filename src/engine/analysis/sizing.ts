/** Pip maths and position sizing: computed from the plan, never guessed. */

/** Risk per trade by account size (SPEC §7): small accounts accept a larger share. */
export function riskPercentForCapital(capital: number): number {
  if (capital <= 50) return 4;
  if (capital <= 200) return 3;
  if (capital <= 1000) return 2;
  return 1;
}

/**
 * A pip is the fourth decimal for prices quoted with 4-5 decimals (EURUSD 1.08505) and the
 * second for 2-3 decimals (USDJPY 151.235, gold 2034.55); with fewer decimals, one unit.
 */
export function pipSizeForPrecision(decimals: number): number {
  if (decimals >= 4) return 0.0001;
  if (decimals >= 2) return 0.01;
  return 1;
}

/** Assumed value of one pip for one standard lot (100,000 units), exact for pairs quoted in USD. */
export const PIP_VALUE_PER_LOT_USD = 10;
export const MIN_LOT = 0.01;

export interface PositionSizing {
  riskPercent: number;
  moneyAtRisk: number;
  stopPips: number;
  pipValuePerLot: number;
  /** Largest lot (in 0.01 steps) whose loss at the stop stays within moneyAtRisk. */
  recommendedLots: number;
  /** Loss at the stop with the user's own lot size, and as a share of capital. */
  userLossAtStop: number;
  userRiskPercent: number;
}

export function computePositionSizing(capital: number, userLots: number, entry: number, stop: number, decimals: number): PositionSizing {
  const riskPercent = riskPercentForCapital(capital);
  const moneyAtRisk = (capital * riskPercent) / 100;
  const stopPips = Math.abs(entry - stop) / pipSizeForPrecision(decimals);
  const lossPerLot = stopPips * PIP_VALUE_PER_LOT_USD;
  // A small epsilon keeps exact fits (e.g. 0.03 lots) from flooring to the step below.
  const recommendedLots = lossPerLot > 0 ? Math.floor((moneyAtRisk / lossPerLot) * 100 + 1e-9) / 100 : 0;
  const userLossAtStop = userLots * lossPerLot;
  return {
    riskPercent,
    moneyAtRisk,
    stopPips,
    pipValuePerLot: PIP_VALUE_PER_LOT_USD,
    recommendedLots,
    userLossAtStop,
    userRiskPercent: (userLossAtStop / capital) * 100,
  };
}
