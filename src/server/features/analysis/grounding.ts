import type { AnalysisSettings, ChartFacts, ModelAnswer } from '../../../shared/analysis';
import { findInstrument, OTHER_SYMBOL } from '../../../shared/instruments';
import { distancesTooLong, inBand, priceBand, pricesOutside, splitSentences, type DistanceUnits } from '../../../shared/price-check';
import { pipSizeForPrecision } from '../../../engine/analysis/sizing';

/** How far from the requested risk/reward a model's levels may be. */
export const RISK_REWARD_TOLERANCE = 0.15;

export type Grounding =
  | { ok: true; answer: ModelAnswer; checked: boolean; dropped: number[] }
  | { ok: false; problem: string };

const list = (values: number[]) => [...new Set(values)].join(', ');

/** The levels' order and risk/reward: what can be checked with no chart reading at all. */
function shapeProblem(answer: ModelAnswer, settings: AnalysisSettings): string | null {
  const entry = Number(answer.entryPoint);
  const stop = Number(answer.stopLoss);
  const target = Number(answer.takeProfit);
  if (![entry, stop, target].every((v) => Number.isFinite(v) && v > 0)) return 'prices are not positive numbers';
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

/** What a pip and a point are on this chart: the instrument's (chosen, or read on the chart), else from its decimals. */
export function distanceUnits(chart: ChartFacts, settings: AnalysisSettings): DistanceUnits {
  const pointSize = 1 / 10 ** chart.precision;
  if (settings.symbol === OTHER_SYMBOL && settings.pipSize) return { pipSize: settings.pipSize, pointSize };
  const instrument = findInstrument(settings.symbol ?? chart.symbol);
  return { pipSize: instrument?.pipSize ?? pipSizeForPrecision(chart.precision), pointSize };
}

/**
 * Checks a model's answer against what the engine read on the chart: the entry near the prices
 * on screen, stop and target inside the visible range with its margin, and every price in the
 * text and the reasons likewise, and every distance in pips or points within a few times the
 * visible range (sentences and reasons with a price off the chart or such a distance are
 * dropped; an analysis left with nothing is refused). With no chart reading only the shape can be
 * checked, and the answer says it was not checked against the chart.
 */
export function groundAnswer(answer: ModelAnswer, chart: ChartFacts | null, settings: AnalysisSettings): Grounding {
  const shape = shapeProblem(answer, settings);
  if (shape) return { ok: false, problem: shape };
  if (!chart?.scale) return { ok: true, answer, checked: false, dropped: [] };

  const entry = Number(answer.entryPoint);
  const band = priceBand(chart);
  const candleRange = Math.max(chart.high - chart.low, Math.abs(chart.lastPrice) * 1e-4);
  // The entry sits near what is on screen; stop and target may reach past it, within the margin.
  if (entry < chart.low - candleRange * 0.25 || entry > chart.high + candleRange * 0.25) {
    return { ok: false, problem: `entry ${answer.entryPoint} is outside the chart's prices (${chart.low} to ${chart.high})` };
  }
  for (const [name, value] of [
    ['stop loss', answer.stopLoss],
    ['take profit', answer.takeProfit],
  ] as const) {
    if (!inBand(Number(value), band)) {
      return { ok: false, problem: `${name} ${value} is far outside the chart's prices (${chart.low} to ${chart.high})` };
    }
  }

  const reference = chart.lastPrice;
  const units = distanceUnits(chart, settings);
  const dropped: number[] = [];
  const keep = (text: string) => {
    const outside = [...pricesOutside(text, band, reference), ...distancesTooLong(text, band, units)];
    dropped.push(...outside);
    return outside.length === 0;
  };
  const sentences = splitSentences(answer.analysis);
  const kept = sentences.filter(keep);
  if (kept.length === 0 || kept.length < sentences.length / 2) {
    return { ok: false, problem: `the analysis text gives prices outside the chart or distances longer than the chart shows (${list(dropped)}, chart ${chart.low} to ${chart.high})` };
  }
  const rationales = answer.decisionRationales?.filter(keep);
  return {
    ok: true,
    checked: true,
    dropped: [...new Set(dropped)],
    answer: { ...answer, analysis: kept.join(' '), ...(rationales ? { decisionRationales: rationales } : {}) },
  };
}
