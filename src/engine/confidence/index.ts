/**
 * The reading's confidence: how well what was seen supports the price read. Each piece of
 * evidence gives a term between 0 (it contradicts the reading) and 1 (it fully supports it);
 * the confidence is the weakest term, and below REFUSE_BELOW the engine refuses with that term's
 * reason, in words a trader understands. A refusal costs a retry; a wrong price costs money.
 */
import { EngineError, type RefusalRule } from '../errors.js';
import type { Rgb } from '../raster.js';
import type { TagVerdict } from '../last-price/index.js';
import type { ReadingRecorder } from '../trace.js';
import {
  EMPTY_MARGIN,
  FEWEST_LABELS,
  LABEL_SPAN_FULL,
  LABEL_SPAN_HALF,
  LAST_BEYOND_FULL,
  LAST_BEYOND_HALF,
  LAST_GAP_FULL,
  LAST_GAP_HALF,
  PAST_END,
  MARKED_BEYOND,
  MARKED_MARGIN,
  MIN_LABEL_SPAN,
  REFUSE_BELOW,
  SERIES_OUTSIDE_FULL,
  SERIES_OUTSIDE_HALF,
} from './params.js';

export { EMPTY_MARGIN, REFUSE_BELOW } from './params.js';

/** What the reading rests on, for the confidence and the debug output. */
export interface ReadingEvidence {
  axisSide: 'left' | 'right';
  /** Panes with a scale of their own in the axis's column: the price pane and labelled sub-windows. */
  panes: number;
  /** Labels OCR read (text and row, full-image pixels) and the values of those on the fitted line. */
  labelsRead: { y: number; text: string }[];
  inliers: { y: number; value: number }[];
  /** Mean distance of the inliers from the fitted line, as a share of the label pitch. */
  residual: number;
  onStep: boolean;
  /** Share of the plot's height the fitted labels span. */
  labelSpan: number;
  /** How far the last close lies beyond the outermost fitted label, in label steps (0 between them). */
  lastBeyondLabels: number;
  /** Share of the series' height that lies between the outermost fitted labels (a pitch of margin). */
  seriesInsideLabels: number;
  /** Where the last close came from. */
  lastSource: 'tag' | 'text-tag' | 'price-line' | 'box' | 'right-edge' | 'bar';
  /** Distance from the last bar to the plot's right edge, as a share of the plot's width. */
  lastGap: number;
  /** Share of ink in that gap, in the rows later bars would take (0: an empty margin, a chart shift). */
  marginInk: number;
  /** Tags on the axis in the series' colours (their prices on the fitted scale), and how the last bar fits them. */
  seriesTags: { price: number; fill: Rgb }[];
  tagVerdict: TagVerdict;
  /** Whether a box on the axis stands at the last close. */
  closeMarked: boolean;
  /** Boxes on the axis beside the latest bars that a last close taken from the bar leaves unexplained. */
  unexplainedMarks: number;
  /** How far past the plot's ends, in label pitches, the prices printed at those ends lie on the scale. */
  pricePastEnd: number;
  quality: number;
  bars: number;
  /** Which chart of the screenshot was read, where it holds several: the framed (active) one. */
  chartRead?: 'framed';
}

export type ConfidenceTerm =
  | 'tagAgreement'
  | 'marksBesideLast'
  | 'priceOutOfView'
  | 'lastBarAway'
  | 'lastOutsideLabels'
  | 'seriesOutsideLabels'
  | 'labelsPastPlot'
  | 'scaleAndCloseUnconfirmed';

export interface ReadingConfidence {
  /** The weakest term, 0..1. */
  value: number;
  weakest: ConfidenceTerm;
  terms: Record<ConfidenceTerm, number>;
}

/** The evidence of an answered reading, with the confidence it earned. */
export type ReadingReport = ReadingEvidence & { confidence: ReadingConfidence };

/**
 * Whether a last close stands on the last bar alone: its own close (or its right edge's), or a box
 * on the axis within its range, which is only as good as that bar (it does not say the bar is the
 * latest one, nor that it stands in the labels' pane). A tag, a text tag or a price line say where
 * the axis puts it.
 */
export const unconfirmed = (source: ReadingEvidence['lastSource']): boolean =>
  source === 'bar' || source === 'box' || source === 'right-edge';

const clamp = (v: number): number => Math.min(1, Math.max(0, v));
/** 1 at or below `full`, 0.5 at `half`, falling linearly beyond. */
const fallsFrom = (v: number, full: number, half: number): number => clamp(1 - (0.5 * (v - full)) / (half - full));

/**
 * A last close the axis confirms (its tag, a price line or a text tag through the last bar) is
 * where the axis says; a last bar confirmed by nothing must stand where the latest bar stands.
 */
export function readingConfidence(e: ReadingEvidence): ReadingConfidence {
  const fromBar = unconfirmed(e.lastSource);
  const terms: Record<ConfidenceTerm, number> = {
    // The axis's own last-price tag lies beyond the reach of the last bars found. A platform
    // prints one last-price tag: where a box on the axis already stands at the last bar's close
    // (MetaTrader's grey bid tag is a plain box), the tag no bar reaches is an order's or a
    // level's in the series' colours.
    tagAgreement: e.tagVerdict === 'contradicts' && !e.closeMarked ? 0 : 1,
    // The axis marks prices beside the latest bars where the last bar found does not reach.
    marksBesideLast: e.unexplainedMarks > 0 ? 0 : 1,
    // MetaTrader pins the tag of a price out of view at the axis's end: the latest price is not
    // on the chart, whichever bar or tag was read.
    priceOutOfView: e.pricePastEnd > PAST_END ? 0 : 1,
    // Platforms leave room for a few bars, up to about an eighth of the plot; farther, a text,
    // a label or a drawing ended the pieces, or the chart is scrolled back.
    // An empty margin between it and the axis (MetaTrader's chart shift) says the last bar is
    // the latest, and so does a nearly empty one where a box on the axis stands at its close
    // (MetaTrader's bid; an object's label in the margin). With the axis on the left, the plot's
    // far side runs to a frame or the picture's edge, and an empty stretch there says nothing of
    // where the series ends.
    lastBarAway:
      fromBar && !(e.axisSide === 'right' && e.marginInk <= (e.closeMarked ? MARKED_MARGIN : EMPTY_MARGIN))
        ? fallsFrom(e.lastGap, LAST_GAP_FULL, LAST_GAP_HALF)
        : 1,
    // A pane reaches about one step past its outermost label, or the axis would print another:
    // an unconfirmed last close farther out is in another pane (volume, an indicator) or on
    // another scale. Nearer, the beyond-the-labels distance says nothing: charts at a new high
    // or low sit there as often as an object at the edge does. A box on the axis at the last
    // close it was read from (MetaTrader's bid; its phone app prints a label every hundred pixels
    // or more) marks it in the labels' own column: a new high or low a few steps out.
    lastOutsideLabels:
      fromBar && !(e.closeMarked && e.lastSource === 'box' && e.lastBeyondLabels <= MARKED_BEYOND)
        ? fallsFrom(e.lastBeyondLabels, LAST_BEYOND_FULL, LAST_BEYOND_HALF)
        : 1,
    // Most of the series beyond the labels read: the labels belong to a part of the chart (a
    // sub-window's scale, a half-read axis) and prices over the rest would be extrapolated.
    // Rendered charts with sparse labels keep two thirds of the series inside them.
    seriesOutsideLabels: fallsFrom(1 - e.seriesInsideLabels, SERIES_OUTSIDE_FULL, SERIES_OUTSIDE_HALF),
    // Label rows spread over more than the plot's height: the plot found is not the pane they
    // belong to (a crosshair or a toolbar cut it short), so the bars were read in the wrong
    // place. A pane's labels reach at most half a label past its edges.
    labelsPastPlot: fallsFrom(e.labelSpan, LABEL_SPAN_FULL, LABEL_SPAN_HALF),
    // Three labels off any round step make a line a single misread label could have made, and a
    // close on the last bar's own ink is only as good as the bar: with neither confirmed by
    // anything else, the price rests on no two pieces of evidence that agree.
    scaleAndCloseUnconfirmed:
      e.inliers.length <= FEWEST_LABELS && !e.onStep && (e.lastSource === 'bar' || e.lastSource === 'right-edge')
        ? 0
        : 1,
  };
  const weakest = (Object.keys(terms) as ConfidenceTerm[]).reduce((a, b) => (terms[b] < terms[a] ? b : a));
  return { value: terms[weakest], weakest, terms };
}

/**
 * The terms that doubt the prices read (where the last price is, or a scale through three
 * labels), not whether the bars are the chart's.
 */
const LAST_PRICE_TERMS: readonly ConfidenceTerm[] = [
  'tagAgreement',
  'marksBesideLast',
  'priceOutOfView',
  'lastBarAway',
  'scaleAndCloseUnconfirmed',
];

/**
 * Whether a refusal for this term doubts only the prices: the bars are the chart's, beside its
 * fitted scale. The other terms say they may be another pane's or a part of the window's.
 */
export const doubtsLastPriceOnly = (term: ConfidenceTerm): boolean => LAST_PRICE_TERMS.includes(term);

/** The rule under which each term refuses a reading, or lowers an answer's confidence. */
export const TERM_RULES: Record<ConfidenceTerm, RefusalRule> = {
  tagAgreement: 'last-price/tag-unreached',
  marksBesideLast: 'last-price/marks-beside-last',
  priceOutOfView: 'last-price/price-out-of-view',
  lastBarAway: 'last-price/last-bar-away',
  lastOutsideLabels: 'confidence/last-outside-labels',
  seriesOutsideLabels: 'confidence/series-outside-labels',
  labelsPastPlot: 'confidence/labels-past-plot',
  scaleAndCloseUnconfirmed: 'confidence/scale-and-close-unconfirmed',
};

/**
 * A refusal beats a wrong price: evidence against the reading ends it, under the weakest term's
 * rule. With a recorder, the refusal and every term that lowered an answer are its decisions.
 */
export function refuseUnsure(evidence: ReadingEvidence, rec?: ReadingRecorder): ReadingConfidence {
  // A scale read from labels huddled in a corner of the plot is a table's column, not the axis.
  if (evidence.labelSpan < MIN_LABEL_SPAN) {
    const weighed = { labelSpan: evidence.labelSpan, threshold: MIN_LABEL_SPAN };
    throw rec ? rec.refuse('axis/labels-huddled', weighed) : new EngineError('axis/labels-huddled', weighed);
  }
  const confidence = readingConfidence(evidence);
  const rule = TERM_RULES[confidence.weakest];
  if (confidence.value < REFUSE_BELOW) {
    const weighed = { confidence: confidence.value, threshold: REFUSE_BELOW };
    throw rec ? rec.refuse(rule, weighed) : new EngineError(rule, weighed);
  }
  for (const term of Object.keys(confidence.terms) as ConfidenceTerm[]) {
    const value = confidence.terms[term];
    if (value < 1) rec?.lower(TERM_RULES[term], { [term]: value, refuseBelow: REFUSE_BELOW });
  }
  return confidence;
}
