/**
 * The last-price stage's thresholds, named, each with the reason for its value. Pixels are work
 * pixels; colour distances are RGB units.
 */

// Colours (tags.ts, right-edge.ts).

/** Colours closer than this are the same colour as JPEG keeps them: a box's fill, a series' ink. */
export const SAME_COLOUR = 60;

// Boxes on the axis (tags.ts: axisTags, boxTags, splitBoxes).

/**
 * A pixel of the strip farther than this from the image's background is a box's (fill or text);
 * tuned on the synthetic sets.
 */
export const FILL_CONTRAST = 40;
/** The narrowest strip, in columns, in which boxes are sought; tuned on the synthetic sets. */
export const MIN_STRIP_COLUMNS = 4;
/**
 * How far in from the labels' far edge, in label heights (at least FAR_EDGE_MIN_PX), a box's row
 * must reach: its corners may be rounded, or it is only as wide as its own text (KLineChart's
 * synthetic sets).
 */
export const FAR_EDGE_INSET = 0.4;
/** The least far-edge inset, in pixels; tuned on the synthetic sets (KLineChart). */
export const FAR_EDGE_MIN_PX = 3;
/** The far-edge inset is at most this share of the strip's columns; tuned on the synthetic sets (KLineChart). */
export const FAR_EDGE_MAX_SHARE = 0.25;
/**
 * A row standing out over this share of the strip is the box's fill though its plot-side column is
 * not (a glyph can peek out there); tuned on the synthetic sets (KLineChart).
 */
export const FILL_ROW = 0.9;
/**
 * A row standing out over this share of the strip is part of a box: fill from its plot-side column,
 * else a row of its text; tuned on the synthetic sets.
 */
export const BOX_ROW = 0.25;
/**
 * Text rows for about a label's height (up to this many label heights after the last fill row) do
 * not end the box: the tag's text between its margins.
 */
export const BOX_TEXT_RUN = 1.5;
/**
 * The shortest box, in label heights, that is a tag, and the shortest part of two boxes touching;
 * tuned on the synthetic sets.
 */
export const MIN_TAG = 0.8;
/**
 * The tallest box, in label heights, that is a tag of one line of text (a box of one line is about
 * two label heights).
 */
export const ONE_LINE_TAG = 3;
/**
 * The tallest box, in label heights, that is a tag of two lines of text; tuned on the real
 * screenshots (TradingView's two-line tags).
 */
export const TWO_LINE_TAG = 4.5;
/** The shortest box, in label heights, that holds two lines (TradingView's is three). */
export const MIN_TWO_LINES = 2.5;
/** The shortest band of text, in label heights, that is a line of it. */
export const MIN_LINE = 0.6;
/**
 * The fewest rows at the top and at the bottom of a tall box whose fills are compared (a label's
 * height otherwise); tuned on the real screenshots.
 */
export const SPLIT_EDGE_MIN_ROWS = 2;
/**
 * The least share of a part of two boxes touching that is its fill (its text and outline take
 * the rest): a line of another colour across a box's edge is no box of its own.
 */
export const SPLIT_PART_FILL = 0.3;

// The tag in the series' colours (tags.ts: candleColours, applyLastPriceTag, reconcileWithTags, shadeOf, sameTint, withinCandle).

/**
 * Columns each side of the last candle's centre whose ink gives its colours; set with the tag rule,
 * tuned on the synthetic sets.
 */
export const CANDLE_COLOUR_REACH = 2;
/**
 * The last candle's commonest colours a tag may match (the price line matches the commonest only:
 * any of three picked antialiased grid lines).
 */
export const CANDLE_COLOURS = 3;
/**
 * A tag may be up to this many times as far from the background as the last bar's ink: a
 * one-pixel wick between two pixel columns is paler than the fill; not more, as a grey crosshair
 * line through the bar is a pale version of a dark crosshair label.
 */
export const TAG_STRONGEST = 1.5;
/**
 * A tag may be up to this many times as strong as a series colour measured from the bars: thin
 * bars in a JPEG are paler than the tag's fill (lightweight-charts seeds 1-10: last price 577 →
 * 582 of 600).
 */
export const SERIES_STRONGEST = 2.5;
/**
 * The weakest a fill may be, as a share of a colour's distance from the background, to be that
 * colour at its strength; tuned on the synthetic sets.
 */
export const HUE_WEAKEST = 0.8;
/**
 * How far off a colour's line from the background a fill may lie, as a share of SAME_COLOUR; tuned
 * on the synthetic sets.
 */
export const HUE_OFF = 0.6;
/** Hues closer than this (degrees) are one colour at another saturation. */
export const SAME_TINT = 15;
/** Two boxes on the axis this near in fill are painted alike: one object's (an indicator's) values. */
export const TWIN_FILL = 12;
/** How many trailing pieces a series-coloured tag may show to be no bars (labels, countdowns). */
export const MAX_TRAILING_OBJECTS = 3;
/** Bars a series keeps before the objects set aside past it (tags.ts: lineTagBeforeObjects). */
export const MIN_BARS_BEFORE_OBJECTS = 8;
/**
 * The margin for antialiasing around the last candle's range, in label heights (at least
 * CANDLE_MARGIN_MIN_PX); tuned on the synthetic sets.
 */
export const CANDLE_MARGIN = 0.25;
/** The least candle margin, in pixels; tuned on the synthetic sets. */
export const CANDLE_MARGIN_MIN_PX = 2;

/**
 * A price line runs at the last bar's close: at an end of its body (the open, where the ends were
 * read swapped), or at its high or low where the body reaches it. One farther than this many
 * label heights (at least CANDLE_MARGIN_MIN_PX) from all four is another price's line.
 * MetaTrader's ask line, a spread above the bid, is red like a falling candle in most themes;
 * on the MetaTrader renders it stands 0.3-0.9 label heights above the close, through the body or
 * its upper wick.
 */
export const PRICE_LINE_AT_CLOSE = 0.2;

/**
 * A box on the axis this many rows or fewer from the plot's top or bottom row meets the edge:
 * pushed there or cut by it, its centre is not its price (phone apps keep a tag for a price
 * near the edge inside the axis).
 */
export const PUSHED_PX = 2;

// Boxes that are not the tag, and the lone box (tags.ts: axisBoxes, unexplainedMarks).

/** A grey line this near (rows) a grey box's centre makes it a crosshair's label; tuned on the real screenshots. */
export const CROSSHAIR_LINE_PX = 1.5;
/**
 * The fewest boxes of one fill that are an axis's boxed labels, when they also span
 * LABEL_STYLE_SPAN of the plot; tuned on the real screenshots.
 */
export const LABEL_STYLE_MIN = 3;
/**
 * The share of the plot's height boxed labels span, from the axis's top to its foot (a drawing's
 * tags huddle where it was drawn); tuned on the real screenshots.
 */
export const LABEL_STYLE_SPAN = 0.6;
/** The latest bars a chart's marked price can stand beside. */
export const RECENT_MARK_BARS = 10;

// An object's label past the latest bars (line-label.ts: lineLabel).

/** A piece whose foot is this near (rows) a line a label can name is a glyph joined to that line. */
export const LINE_LABEL_FOOT_PX = 1;
/** The most trailing pieces a line's label may break into (a name and a price, glyph by glyph). */
export const LINE_LABEL_MAX_PIECES = 20;
/**
 * The tallest a label's glyph may stand, in label heights: a line of text with its descenders and
 * a JPEG's spread (the design renders' glyphs stand 1.1 to 1.5); two lines of text are taller.
 */
export const LINE_LABEL_TALLEST = 1.8;
/** How far below the text's foot (label heights) the line it names may run: platforms write just above it. */
export const LINE_LABEL_BELOW = 1;

// A tag drawn as text (tags.ts: applyTextTag, offLattice).

/** The fewest axis labels whose lattice says which one is off it; tuned on the synthetic sets. */
export const TEXT_TAG_MIN_LABELS = 4;
/**
 * A tag's text is a label's width within this share of it (at least TEXT_TAG_WIDTH_MIN_PX): the
 * same font and digits; tuned on the synthetic sets.
 */
export const TEXT_TAG_WIDTH = 0.1;
/** The least width tolerance, in pixels; tuned on the synthetic sets. */
export const TEXT_TAG_WIDTH_MIN_PX = 2;
/**
 * A tag's text is a label's height within this share of it (at least TEXT_TAG_HEIGHT_MIN_PX); tuned
 * on the synthetic sets.
 */
export const TEXT_TAG_HEIGHT = 0.2;
/** The least height tolerance, in pixels; tuned on the synthetic sets. */
export const TEXT_TAG_HEIGHT_MIN_PX = 1;
/**
 * How far beyond the text's sides (columns) only background must lie: a crosshair label's faint box
 * does not (without the check it cost one SVG chart).
 */
export const BOX_PROBE_COLUMNS = 3;
/** Rows above and below the text's centre where that background is looked for; tuned on the synthetic sets. */
export const BOX_PROBE_ROWS = 2;
/** Fill of a faint box (a crosshair label drawn a little lighter than the background). */
export const BOX_CONTRAST = 8;
/**
 * A label within this share of the pitch of a whole step from an anchor lines up with it (the rough
 * lattice); tuned on the synthetic sets.
 */
export const LATTICE_ANCHOR = 0.25;
/** A label farther than this share of the pitch from the fitted lattice is off it; tuned on the synthetic sets. */
export const OFF_LATTICE = 0.15;

// The margin past the last bar (margin.ts: marginInk).

/** The latest bars whose range says where later bars would be. */
export const MARGIN_RECENT_BARS = 10;
/** Bar heights around that range looked at too. */
export const MARGIN_AROUND = 3;
/** The least typical bar height, in pixels, the rows around the range go by; tuned on the real screenshots. */
export const MARGIN_MIN_BAR_HEIGHT = 2;
/** The margin starts a bar's spacing after the last bar, at least this many pixels; tuned on the real screenshots. */
export const MARGIN_MIN_START = 2;
/** A margin narrower or shorter than this (pixels) is not measured and holds no ink; tuned on the real screenshots. */
export const MARGIN_MIN_SIZE = 4;
/** A lone column inked over this share of the rows looked at is a vertical grid line or a border. */
export const LINE_COLUMN = 0.6;
/**
 * A full column with another this many columns away is a dialog's or a panel's, not a line: a line
 * is at most three columns wide.
 */
export const LINE_COLUMN_APART = 2;
/**
 * A row inked over this share of the margin's width, from its first tenth to its last, is a level's
 * line across it, solid or dashed (an order's, a drawing's): not a bar's ink.
 */
export const LINE_ROW = 0.3;
/** Such rows side by side make a line up to this many rows thick; more are a panel's or a dialog's. */
export const LINE_ROW_MAX_RUN = 3;
/**
 * A row filled with one colour over this share of the margin's width is a band across it (a zone
 * of supply or demand drawn behind the bars, from before the last bar to the axis), where the
 * same colour stands between the latest bars too.
 */
export const BAND_ROW_FILL = 0.9;
/** The share of the gaps between the latest bars where the band's colour stands, on its rows. */
export const BAND_BEHIND = 0.5;

// The last bar's right edge (right-edge.ts: applyRightEdge).

/**
 * Rows added to the last bar's height for the rows searched above and below it, where a line's last
 * stroke leaves the piece found; tuned on the real screenshots.
 */
export const RIGHT_EDGE_ROWS = 2;
/**
 * The least reach, in pixels, past the last bar's centre before ink is a line through it (a bar's
 * spacing otherwise); tuned on the real screenshots.
 */
export const RIGHT_EDGE_MIN_REACH = 3;
/** The tallest run, in work pixels, that is a line's end or a tick rather than a body's edge. */
export const SHORT_RUN = 4;
/**
 * A line's last stroke or an OHLC bar's stem stands at least this many pixels taller than the end
 * run somewhere before it (a small body or a doji is as short all across); tuned on the real
 * screenshots.
 */
export const TALLER_BY = 2;
/**
 * Columns standing taller side by side straight before the end run that make a candle's body
 * (an OHLC bar's stem is one or two columns wide): the short run past a body is no close tick but
 * a stray (a JPEG's fringe, a drawing's end at the body's corner).
 */
export const BODY_SIDE_COLUMNS = 3;
/** Rows a body's side columns' ends may differ by (a JPEG's fringe). */
export const BODY_SIDE_ROWS = 2;

/**
 * A box within this many label heights of the last bar's body stands on it, and as near its close
 * stands at the close (half a label's height off, where the bid line drawn through the close takes
 * rows off the body as found); further along the wick it marks something else.
 */
export const AT_BODY = 0.6;

// The price printed on the box the last close was read from (printed.ts).
/**
 * The printed price stands within this many of the box's heights of the close read from its rows
 * (a tag pushed to stay on the axis: half its height; two tags overlapping: less than one).
 */
export const PRINTED_NEAR = 1;
/**
 * A box against the plot's top or bottom that prints a price past that end, more than this many of
 * its heights from the close read, refuses the reading: the tag is pinned for a price out of view.
 */
export const PRINTED_ELSEWHERE = 2;
/** The second reading of the box leaves out this share of its height at its top and at its bottom. */
export const PRINTED_INSET = 0.15;
