/**
 * The confidence stage's entry: the evidence of a reading → the confidence it earned, or the
 * refusal it calls for, recorded under its rule.
 */
import { MIN_BARS, type CandleDetection } from '../bars/index.js';
import { EngineError } from '../errors.js';
import type { ReadingRecorder } from '../trace.js';
import {
  doubtsLastPriceOnly,
  readingConfidence,
  refuseUnsure,
  type ReadingConfidence,
  type ReadingEvidence,
} from './index.js';

/**
 * Refuses a reading with evidence against it (`refuseUnsure`). Where the evidence doubts only the
 * last price (a tag elsewhere, marks beside the latest bars, a last bar away from the axis), the
 * refusal keeps the bars: beside a fitted scale they are the chart's. Where it doubts the bars
 * (another pane's, a part of the window's), it keeps none. A series found only on a second chance
 * (within the labels' pane) whose reading cannot stand is no chart (a page's decorative chart
 * beside a column of numbers).
 */
export function judgeReading(
  evidence: ReadingEvidence,
  detection: CandleDetection,
  secondChance: boolean,
  rec: ReadingRecorder,
): ReadingConfidence {
  try {
    return refuseUnsure(evidence, rec);
  } catch (error) {
    if (!(error instanceof EngineError) || error.code !== 'UNSURE_READING') throw error;
    if (secondChance) throw rec.refuse('confidence/second-chance-unsure', { unsure: error.rule });
    throw doubtsLastPriceOnly(readingConfidence(evidence).weakest) ? seenWith(error, detection) : error;
  }
}

/**
 * Keeps a series' bars with a refusal of its prices: the direction they show needs no scale.
 * A refusal for a picture that is no chart keeps none.
 */
export function seenWith(error: EngineError, detection: CandleDetection): EngineError {
  if (error.code !== 'NOT_A_CHART' && detection.candles.length >= MIN_BARS) {
    error.seen = detection.candles.map(({ open, high, low, close }) => ({ open, high, low, close }));
  }
  return error;
}
