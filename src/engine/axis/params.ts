/**
 * The axis stage's thresholds, named, each with the reason for its value. Pixels are full-image
 * pixels unless a comment says otherwise.
 */

// OCR crops (ocr.ts): how each label is cut, cleaned and stacked for tesseract.

/**
 * The text height (px) each crop is scaled towards (docs: ~32 px); set with the first pipeline,
 * tuned on the synthetic sets.
 */
export const TARGET_TEXT_HEIGHT = 32;
/** The most a crop is scaled up, however small its label; set with the first pipeline, tuned on the synthetic sets. */
export const MAX_UPSCALE = 4;
/**
 * White pixels around each crop in the stacked image, so each label reads as a line of its own;
 * tuned on the synthetic sets.
 */
export const STACK_GAP = 14;
/**
 * How far towards the text level a pixel must be to count as the mark inside a zero. Stricter
 * than half way: at small sizes the antialiased mark blurs into the ring at the half-way level,
 * while its core stays darker than the faint pixels that join them.
 */
export const MARK_LEVEL = 0.65;
/**
 * A label printed on a box of its own (an indicator's boxed grid prices, a tag): the crop is cut
 * to the box's fill, so the frame around it is neither taken for the text's background nor seen
 * as a glyph around the digits (`clearZeroMarks` would paint them over). Only a crop whose edge
 * pixels are mostly off its median level has a frame: at least this share of them on it, the
 * crop is a plain label's, left whole (a tight crop's edge column through a digit's stem is kept).
 */
export const LABEL_FRAMED_EDGE = 0.5;
/** A pixel is the fill's when its grey level is within this share of the crop's contrast of the crop's median level ... */
export const LABEL_FILL_TOLERANCE = 0.15;
/**
 * ... and the cut crop runs from the first to the last column or row with at least this share of
 * its pixels on the fill (a digit's strokes cover the rest; the frame, and the plot beyond it,
 * hold none).
 */
export const LABEL_FILL_SHARE = 0.3;

// Which labels are read, and how their crops are cut (read-axis.ts: spreadPick, labelCrop).

/** More labels do not improve the fit, only cost OCR time; the rest are read when the fit is weak. */
export const MAX_LABELS = 8;
/** A word wider than this many times the column's median width is legend text run into a label. */
export const WIDE_WORD = 2.5;
/**
 * Padding around a label's crop, in work pixels (and at least this many full-image pixels); tuned
 * on the synthetic sets.
 */
export const CROP_PAD = 2;

// The scale fit (scale.ts: fitScale, upperScale; read-axis.ts: the tolerance, minorityOnLine).

/** The fewest labels a scale is fitted through; a stacked pane's run of labels is a scale of its own from this many. */
export const MIN_INLIERS = 3;
/** A label within this share of a crop's height of the line (at least ON_LINE_MIN_PX) is on it. */
export const ON_LINE_TOLERANCE = 0.4;
/** The least on-line tolerance (px), for small crops; tuned on the synthetic sets. */
export const ON_LINE_MIN_PX = 3;
/**
 * On the round steps too, a line through fewer than one in this many labels read is OCR's (labels
 * a phone or a small JPEG blurred, misread alike, read prices 8x off); a small JPEG read right can
 * keep six of thirteen on its line.
 */
export const ON_STEP_ONE_IN = 3;

// Round steps (scale.ts: niceStep, onSteps).

/** A price axis steps by 1, 2, 2.5 or 5 times a power of ten (10 closes the decade). */
export const NICE_MULTIPLES = [1, 2, 2.5, 5, 10] as const;
/** A step within this share of a round one is that round step; tuned on the synthetic sets. */
export const NICE_STEP_TOLERANCE = 0.08;
/** A value within this share of a step of a whole multiple of it sits on the step; tuned on the synthetic sets. */
export const ON_STEP_TOLERANCE = 0.1;
/**
 * The fewest labels on the round step for a line to be on it (one may be off, the last-price
 * tag's box read as a label): otherwise three misread labels on the step ('1.6' for '1.0') beat
 * four read right with the tag.
 */
export const MIN_ON_STEP = 3;
/**
 * A line through more labels than the round-step line and through all of its labels is the same
 * scale where it gives every label its printed price within this many units of its last decimal
 * (MetaTrader prints the price at each label's row, rounded: half a unit off at most, plus a row's
 * rounding); a line tilted through labels misread a fraction of a step off is tens of units off.
 * Set from the MetaTrader renders' axes (`fixtures:mt -- --mt-axis 1`).
 */
export const PRINTED_UNITS = 1.5;

// Labels repaired (scale.ts: repairDecimals, subPipZero).

/**
 * A label with more decimals than the commonest layout is an inserted digit when that layout is
 * held by at least this many labels and OUTVOTE_RATIO times as many as the label's: labels
 * printed without trailing zeros (1.3, 1.25, 1.2) stay, as their two layouts are about as common.
 */
export const OUTVOTE_MIN_LABELS = 3;
/**
 * How many times as many labels the commonest layout must hold as a longer one to outvote it (see
 * OUTVOTE_MIN_LABELS).
 */
export const OUTVOTE_RATIO = 2;
/**
 * The fewest labels that must all end in one digit for it to be cTrader's small last zero; set with
 * the rule (a cTrader window of the real screenshots), not tuned.
 */
export const SUB_PIP_MIN_LABELS = 3;
/** The fewest decimals a label prints for its last digit to be cTrader's small one; set with the rule, not tuned. */
export const SUB_PIP_MIN_DECIMALS = 2;

// Misreads repaired (read-axis.ts: repairZeros, repairGlyph).

/** A zero OCR reads as 6, or as 6 and 8 in turn, at one place in every label. */
export const ZERO_MISREADS = ['6', '68'] as const;
/**
 * A label one glyph of which is repaired (read-axis.ts: repairGlyph) stands within this share of
 * a label pitch of the lattice the other two give...
 */
export const LATTICE_SLACK = 0.25;
/** ... and prints at least this many digits: the others agree on all but one of them. */
export const GLYPH_REPAIR_DIGITS = 4;

// The column judged (read-axis.ts: judgeAxis, printedAlike).

/**
 * A price axis's labels fall from top to bottom, a misread one or two aside; a table's column of
 * numbers (a tester's results, a journal) goes up and down. The share of neighbouring labels
 * that fall, below which a column whose line holds a minority of its labels is no axis.
 */
export const MIN_FALLING = 0.6;
/** Nearly all labels read cleanly share one form (digits and decimals): this share of them. */
export const PRINTED_ALIKE = 0.8;
/** The fewest non-empty texts whose forms say they were printed alike (empty OCR texts make no table). */
export const MIN_PRINTED = 3;

/**
 * The levels an oscillator's sub-window prints on the axis column (stochastic 80/20, RSI 70/30,
 * a middle 50, between its bounds 0 and 100): labels that are only these, on uneven steps, are an
 * indicator's levels, not a price scale (read-axis.ts `oscillatorLevels`).
 */
export const OSCILLATOR_LEVELS: readonly number[] = [0, 20, 30, 50, 70, 80, 100];

/**
 * How far below zero (in label steps) the fitted scale may run at a label's row before the column
 * is no market's prices (read-axis.ts `labelsBelowZero`): half a step, so a label printing 0 stands.
 */
export const BELOW_ZERO_STEPS = 0.5;
