import {
  CorrectableChartSchema,
  TrendSchema,
  type CorrectableChart,
  type RefusalDetails,
  type Trend,
} from '../../../shared/analysis';
import { ApiRequestError } from '../../lib/api';

/** The engine's refusals (no chart, no readable axis, an unsure reading): a better crop can help. */
const ENGINE_REFUSALS = new Set(['NOT_A_CHART', 'AXIS_UNREADABLE', 'UNSURE_READING']);

/** Why the engine refused the last try, and the trend of the bars it saw when it saw some. */
export interface Refusal {
  message: string;
  trend: Trend | null;
  /** Where the engine found the chart's bars, for the trader to set its price scale; null when it found none. */
  correctable: CorrectableChart | null;
}

/** The engine's refusal in an analysis error, or null for any other error. */
export function refusalOf(error: unknown): Refusal | null {
  if (!(error instanceof ApiRequestError) || !ENGINE_REFUSALS.has(error.code)) return null;
  // Read with care: the details come over the network. A picture that is no chart has no trend.
  const details = error.details as Partial<Record<keyof RefusalDetails, unknown>> | null | undefined;
  const trend = TrendSchema.safeParse(details?.trend);
  const correctable = CorrectableChartSchema.safeParse(details?.correctable);
  return {
    message: error.message,
    trend: trend.success && error.code !== 'NOT_A_CHART' ? trend.data : null,
    correctable: correctable.success && error.code !== 'NOT_A_CHART' ? correctable.data : null,
  };
}

const TREND_WORDS: Record<Trend, string> = {
  uptrend: 'an uptrend',
  downtrend: 'a downtrend',
  sideways: 'no clear trend (a sideways market)',
};

/** What PipLens could tell from the candles alone, said with a refusal of their prices. */
export function seenWithoutPrices(trend: Trend): string {
  return `From its candles alone, without their prices, this chart shows ${TREND_WORDS[trend]}. PipLens gives no entry, stop loss or take profit without the chart's prices.`;
}
