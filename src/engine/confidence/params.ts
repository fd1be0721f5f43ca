/**
 * The confidence stage's thresholds, named, each with the reason for its value. Each term of the
 * confidence is 1 up to its `_FULL` value and 0.5 at its `_HALF` value, falling linearly beyond
 * (`fallsFrom` in index.ts).
 */

// The refusal (index.ts: refuseUnsure, readingConfidence).

/** Below this the reading is refused. */
export const REFUSE_BELOW = 0.5;
/**
 * Price labels cover their pane from top to bottom at regular steps (on the real screenshots read
 * right, at least 37% of the plot's height): a fit over labels spanning less than this share is a
 * table's or a panel's column of numbers.
 */
export const MIN_LABEL_SPAN = 0.2;

// The terms (index.ts: readingConfidence).

/**
 * lastBarAway, the last bar's distance from the plot's right edge as a share of its width:
 * platforms leave room for a few bars, the synthetic sets up to 13%, real screenshots read right
 * at most 5%.
 */
export const LAST_GAP_FULL = 0.1;
/** lastBarAway is 0.5 at this share of the plot's width, past the synthetic sets' 13%. */
export const LAST_GAP_HALF = 0.15;
/** A margin past the last bar with less ink than this (a few stray pixels of JPEG noise) is empty. */
export const EMPTY_MARGIN = 0.002;
/**
 * With a box on the axis at the last bar's close (MetaTrader's bid), a margin with less ink than
 * this (objects' labels, a drawing's end) still says the last bar is the latest: later bars
 * hidden there would leave their box elsewhere, and a dialog or panel over them covers most of
 * the rows they would take. On the MetaTrader renders every reading of a close from such a box
 * that this term refused at 5% (object labels in the chart shift: 6-19% of its pixels) was within
 * 1%, and 796 of the 806 it answered.
 */
export const MARKED_MARGIN = 0.5;
/**
 * lastOutsideLabels, in label steps beyond the outermost fitted label: a pane reaches about one
 * step past it, or the axis would print another. Rendered charts at a new high sit up to 0.96
 * steps out; a legend's icon above a freqtrade chart stood 1.15 steps out.
 */
export const LAST_BEYOND_FULL = 1;
/** lastOutsideLabels is 0.5 at this many label steps, the pane's reach: the freqtrade icon at 1.15 is refused. */
export const LAST_BEYOND_HALF = 1.1;
/**
 * A last close on a box that stands at it may lie this many label steps beyond the outermost
 * label: a phone's axis prints few labels, and a chart at a new high or low stands a few steps
 * past them.
 */
export const MARKED_BEYOND = 3;
/**
 * priceOutOfView: a price printed at an end of the axis may lie this many label pitches past
 * that end on the scale (a tag pushed to stay on the axis stands within half its height of its
 * price; OCR's and the fit's error add a little).
 */
export const PAST_END = 1;
/**
 * seriesOutsideLabels, the share of the series beyond the labels read: rendered charts with sparse
 * labels keep two thirds of the series inside them.
 */
export const SERIES_OUTSIDE_FULL = 0.3;
/** seriesOutsideLabels is 0.5 with this share of the series beyond the labels; tuned on the synthetic sets. */
export const SERIES_OUTSIDE_HALF = 0.4;
/**
 * labelsPastPlot, the labels' rows as a share of the plot's height: a pane's labels reach at most
 * half a label past its edges.
 */
export const LABEL_SPAN_FULL = 1.12;
/** labelsPastPlot is 0.5 at this share of the plot's height; tuned on the synthetic sets. */
export const LABEL_SPAN_HALF = 1.2;

/**
 * scaleAndCloseUnconfirmed: a scale through this many labels or fewer (the fewest a fit takes)
 * whose values sit on no round step is one misread or misplaced label from another line; with a
 * last close the axis does not mark either, nothing in the reading stands on more than one piece
 * of evidence. The real screenshots' answers of this kind were both wrong (13% and 4% off).
 */
export const FEWEST_LABELS = 3;

// The labels' pane read again (evidence.ts: takesPane).

/** How far into a pane's margin, in label steps, an unconfirmed last bar may lie in a pane cut out of a larger box. */
export const PANE_MARGIN_LAST = 0.5;
