import type { AnalysisSettings, ChartFacts, ModelAnswer } from '../../../shared/analysis';

/** How far from the requested risk/reward a model's levels may be. */
export const RISK_REWARD_TOLERANCE = 0.15;

/**
 * Checks a model's answer against what the engine read on the chart. Returns the reason it
 * fails, or null when it can be shown to a trader.
 */
export function groundingProblem(answer: ModelAnswer, chart: ChartFacts | null, settings: AnalysisSettings): string | null {
  const entry = Number(answer.entryPoint);
  const stop = Number(answer.stopLoss);
  const target = Number(answer.takeProfit);
  if (![entry, stop, target].every((v) => Number.isFinite(v) && v > 0)) return 'prices are not positive numbers';

  if (chart?.scale) {
    const range = Math.max(chart.high - chart.low, Math.abs(chart.lastPrice) * 1e-4);
    // Entry sits near what is on screen; stop and target may reach past it, but not far.
    if (entry < chart.low - range * 0.25 || entry > chart.high + range * 0.25) {
      return `entry ${answer.entryPoint} is outside the chart's prices (${chart.low} to ${chart.high})`;
    }
    for (const [name, value] of [
      ['stop loss', stop],
      ['take profit', target],
    ] as const) {
      if (value < chart.low - range * 1.5 || value > chart.high + range * 1.5) {
        return `${name} ${value} is far outside the chart's prices (${chart.low} to ${chart.high})`;
      }
    }
  }

  const risk = entry - stop;
  const reward = target - entry;
  if (answer.recommendedAction === 'buy' && !(stop < entry && entry < target)) {
    return 'for a buy the stop must be below the entry and the target above it';
  }
  if (answer.recommendedAction === 'sell' && !(target < entry && entry < stop)) {
    return 'for a sell the target must be below the entry and the stop above it';
  }
  if (answer.recommendedAction === 'wait' && !(Math.sign(risk) === Math.sign(reward) && risk !== 0)) {
    return 'the stop and the target must be on opposite sides of the entry';
  }
  const ratio = Math.abs(reward) / Math.abs(risk);
  if (Math.abs(ratio - settings.riskReward) > settings.riskReward * RISK_REWARD_TOLERANCE) {
    return `risk/reward is 1:${ratio.toFixed(2)}, not the requested 1:${settings.riskReward}`;
  }
  return null;
}
