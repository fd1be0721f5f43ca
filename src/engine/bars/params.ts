/**
 * The bars stage's thresholds, one place for all of them, grouped by the step that uses them.
 * Pixel figures are work pixels (the picture at most 2000 px wide): the values are set for that
 * resolution (reading large pictures at full size lost charts, lab notes). Where no measurement
 * is recorded for a value, its comment says what it measures and that it was tuned on the
 * synthetic sets; docs/engine-lab-notes.md and the commit that set each value hold the rest.
 */

// The series as a whole (series.ts, read-bars.ts, and the piece counts of every step).

/** The fewest bars a price chart shows: fewer pieces are not a price series. */
export const MIN_BARS = 12;
/**
 * The fewest pieces worth measuring as a series at all (spacing from the pieces, the lattice, the
 * quality); the reading's own check is MIN_BARS. Tuned on the synthetic sets.
 */
export const MIN_PIECES = 8;
/**
 * Bars no taller together than this many axis-label heights are a line of text's letters (a
 * title across the plot's top), not prices: a chart scales its bars to fill most of the plot.
 */
export const TEXT_LINE_SPAN = 2;
/**
 * A weak series (under CLEAR_SERIES_QUALITY) with this share of its bars within one line of text
 * (TEXT_LINE_SPAN) is that line's letters with a few strays: a phone's time axis read as 15 of 17
 * bars (design seed 27, picture 2). A chart scales its bars to fill the plot; a spike that
 * squeezes the rest into a line leaves a regular, clear series.
 */
export const TEXT_LINE_SHARE = 0.75;
/** Below this the pieces are not a convincing price series (business charts, UI, photos). */
export const MIN_QUALITY = 0.55;
/**
 * The least share of the steps between its first and last bar a series of pieces fills
 * (`coverage`): charts read right fill 0.68 and more (the real corpus's `work` half), an Expert
 * Advisor's trade arrows and comment letters over a line chart 0.16 (design seed 27, picture 37).
 */
export const MIN_COVERAGE = 0.4;
/**
 * Without a price axis the bars are all that says 'chart': they must be a clearly regular series
 * (the blobs of a photo passed as 22 bars of quality 0.60).
 */
export const CLEAR_SERIES_QUALITY = 0.8;
/** A gap between bars within this many pixels of the median gap is regular (`seriesQuality`); tuned on the synthetic sets. */
export const REGULAR_GAP_PX = 1.5;
/** ... or within this share of the median gap, on wider spacings; tuned on the synthetic sets. */
export const REGULAR_GAP_SHARE = 0.35;
/**
 * Pieces past a bar that reaches an order's tag are the series' latest bars when each stands up
 * to this many steps past the one before it (`barsContinue`): MetaTrader's order and level labels
 * cover a bar or two, and thin bars side by side are found as one piece.
 */
export const CONTINUE_MAX_STEPS = 3;
/** Neighbouring bars are linked when their ranges come within this many pixels (a bar opens where the last closed). */
export const LINK_TOLERANCE_PX = 2;
/** ... or within this share of the first bar's range, for tall bars; tuned on the synthetic sets. */
export const LINK_TOLERANCE_SHARE = 0.25;
/** How far from the plot's right edge (a share of its width) a track's last bar stands when the tag ends it. */
export const TRACK_END_GAP = 0.02;
/** Pixels of slack added to TRACK_END_GAP's share; tuned on the synthetic sets. */
export const TRACK_END_PX = 2;

// A line chart (line.ts).

/** A line is traced from its rightmost column within this share of the plot's width from the right. */
export const LINE_START_SHARE = 0.3;
/** Columns without the line's colour it is traced across (a label erased over it, a grid line's crossing). */
export const LINE_GAP_COLUMNS = 6;
/** Ink clusters this near in colour are one line's (line.ts alikeClusters: a JPEG splits a line's green in two). */
export const LINE_SAME_INK = 60;
/**
 * Columns a line is traced across along a horizontal line (a level's, an order's, the bid's): its
 * pixels there are erased with that line, or blended into it by a JPEG, where the price runs
 * along it (a peak touching a resistance).
 */
export const LINE_ALONG_COLUMNS = 24;
/** The line's end traced past a box drawn over it is a line's stretch at least this many columns long... */
export const LINE_UNDER_END_COLUMNS = 16;
/** ... and every column between is filled this many rows deep (a box, not a line) where the line passed... */
export const LINE_UNDER_FILL_ROWS = 8;
/** ... in at least this many columns besides those a gap's edges may lose (a box, not a crosshair)... */
export const LINE_UNDER_BOX_COLUMNS = 8;
/** ... and at most this share of the plot's width (an object's label, not a panel). */
export const LINE_UNDER_WIDEST = 0.25;
/** Rows of a line's column that a horizontal line erased across it may cut (line.ts runsIn). */
export const LINE_CUT_ROWS = 3;
/** How far (pixels, each column of a gap adding as much again) a column's run may stand from the last one's and go on the line. */
export const LINE_REACH_PX = 2;
/** Columns over which a line's slope is measured, to look for it across a gap where its slope leads. */
export const LINE_SLOPE_COLUMNS = 3;
/** A price line runs across at least this share of the plot's width... */
export const LINE_MIN_SPAN = 0.5;
/** ... inked in at least this share of the columns it runs across. */
export const LINE_COVERAGE = 0.9;
/**
 * A line's stroke is at most this many pixels thick, beyond its move to the next column (a phone
 * app's 3 px line, antialiased; a filled area's columns run down to the plot's foot)...
 */
export const LINE_MAX_THICKNESS_PX = 6;
/** ... or this share of the plot's height, on tall plots. */
export const LINE_MAX_THICKNESS_SHARE = 0.015;
/** A price line spans at least this share of the plot's height (a flat one is a level's, a grid's). */
export const LINE_MIN_EXTENT = 0.15;
/** A reversal of the line's direction by more than this many pixels is a turn. */
export const LINE_TURN_PX = 3;
/** A price line turns at least this often (a trend line drawn straight does not turn). */
export const LINE_MIN_TURNS = 4;
/**
 * Of several lines the axis marks at their ends, the price's turns at least this many times as
 * often per column as each other: a moving average is the price smoothed.
 */
export const LINE_SMOOTHED = 2;
/** Columns of the line grouped into one bar for the stages after this one. */
export const LINE_BAR_COLUMNS = 4;

// The pipeline (detect.ts).

/** A plot narrower or shorter than this (pixels) is too small to hold a series; tuned on the synthetic sets. */
export const MIN_PLOT = 50;
/**
 * Two pixels are one colour within this RGB distance when a run erased with a line is put back
 * beside ink of its own colour (as a line's own pixels are matched, LINE_COLOUR_DISTANCE).
 */
export const RESTORE_COLOUR_DISTANCE = 70;
/**
 * Rows bridged between two parts of a candle cut by an overlay line (`mergeCut`, `shrinkToInk`):
 * at least this many; tuned on the synthetic sets.
 */
export const CUT_GAP_PX = 4;
/** ... or this share of the plot's height on a tall plot; tuned on the synthetic sets. */
export const CUT_GAP_SHARE = 0.015;
/** A piece of fewer pixels is a speck, not a bar; tuned on the synthetic sets. */
export const MIN_PIECE_PIXELS = 4;
/**
 * A piece spans at least this many rows past its top (three rows): one only a line's or a
 * tick's thickness tall is no bar (the end of a crosshair line cut off as a bar of its own).
 */
export const MIN_PIECE_SPAN = 2;

// Ink and colour clusters (ink.ts; lines.ts matches a line's smear and dense.ts bins colours by
// the same radius and caps).

/** Colours closer than this are one cluster (JPEG noise, antialiased edges). */
export const CLUSTER_RADIUS = 60;
/**
 * A colour bin joins a cluster within this share of CLUSTER_RADIUS of its colour as a blend with
 * the background; farther bins start colours of their own. Tuned on the synthetic sets.
 */
export const CLUSTER_MERGE = 0.7;
/** A colour bin this small (share of the ink) starts no colour of its own. */
export const MIN_CLUSTER_SHARE = 0.004;
/** The most colours kept, largest first (series, wicks, lines, text); tuned on the synthetic sets. */
export const MAX_CLUSTERS = 12;
/**
 * The faintest blend of a colour with the background a pixel is measured against (share of the
 * colour): fainter blends near the background, and so every colour's. Tuned on the synthetic sets.
 */
export const BLEND_MIN_SHARE = 0.35;

// Text in the plot (text.ts).

/** The shortest glyph (rows) a text line is built from; smaller marks join a line only inside its band. */
export const GLYPH_MIN_HEIGHT = 5;
/** A glyph is at most this many times as wide as the tallest text: wider blobs are bodies or boxes. */
export const GLYPH_MAX_WIDTH = 1.5;
/** Text is at most this tall (pixels) ... */
export const TEXT_MAX_HEIGHT_PX = 14;
/** ... or this share of the plot's height, on a tall plot. Tuned on the synthetic sets. */
export const TEXT_MAX_HEIGHT_SHARE = 0.04;
/** Glyphs of one line share their top (cap height) within this many pixels. */
export const GLYPH_TOP_TOLERANCE = 1;
/** The widest gap between glyphs of a line, in glyph heights (a letter's space); tuned on the synthetic sets. */
export const GLYPH_GAP = 1.2;
/** Glyphs a text line needs: candles side by side almost never line up top and bottom like that. */
export const MIN_GLYPHS = 3;
/**
 * A line takes in neighbours on its baseline up to this many times its height (x-height letters
 * beside capitals and digits, antialiased rows included) ...
 */
export const EXTEND_HEIGHT = 2;
/** ... and at most this many heights away (a colon and a space): 'Volume' and '591' break the chain. */
export const EXTEND_GAP = 2;
/** Rows above a text line's top erased with it; tuned on the synthetic sets. */
export const TEXT_BAND_ABOVE = 2;
/** Share of a text line's height below its baseline erased with it: descenders and commas. */
export const TEXT_BAND_BELOW = 0.35;
/**
 * A label on a fill in the plot (an object's text in a box, a level's price box, two stacked),
 * of any fill colour: solid ink, text and fill together (text as pale as the background leaves
 * holes), that fills at least LABEL_BOX_FILL of its bounds, at least LABEL_BOX_ASPECT times as
 * wide as tall and LABEL_BOX_MIN_HEIGHT rows tall. (Boxes of two lines or more in the series'
 * colours are boxes.ts's.)
 */
export const LABEL_BOX_FILL = 0.7;
export const LABEL_BOX_ASPECT = 3;
export const LABEL_BOX_MIN_HEIGHT = 8;
/** A label box stands alone: this many pixels outside it, three of its sides cross ink on at most LABEL_BOX_SIDE_INK of their length. */
export const LABEL_BOX_CLEARANCE = 3;
export const LABEL_BOX_SIDE_INK = 0.3;
/** Pixels this far (RGB distance) from a label box's fill are its text. */
export const LABEL_BOX_CONTRAST = 60;
/** Text covers at least this share of the box's inside (a flat candle body is one colour; a wick through it a sliver) ... */
export const LABEL_BOX_TEXT_SHARE = 0.06;
/** ... in at least this share of its inside's columns (a wick or a doji's cross is one or two) ... */
export const LABEL_BOX_TEXT_COLUMNS = 0.3;
/** ... and at most LABEL_BOX_FULL_COLUMNS of those columns have text on LABEL_BOX_FULL_COLUMN of their height. */
export const LABEL_BOX_FULL_COLUMN = 0.9;
export const LABEL_BOX_FULL_COLUMNS = 0.5;
/** A mark in a line's band (a dot, a colon) is at most this share of the line's height. */
export const TEXT_MARK_HEIGHT = 0.5;

// Lines across the plot (lines.ts).

/** A row line's stroke is at most this tall (vertical run, pixels): a grid line, a price line. */
export const LINE_ROW_STROKE = 3;
/** A JPEG spreads a line over adjacent line rows: thin is up to this many rows taller than their band. */
export const LINE_SPREAD = 2;
/** A column line's stroke is at most this wide (horizontal run, pixels); tuned on the synthetic sets. */
export const LINE_COLUMN_STROKE = 2;
/** A line's cell within this RGB distance of the line's median colour is the line's, and erased. */
export const LINE_COLOUR_DISTANCE = 70;
/** Rows either side of a line its JPEG smear covers, and the tallest ink there that goes with it. */
export const SMEAR_ROWS = 2;
/** A line's thin ink spans at least this share of the plot, first to last; one tall wick does not. */
export const LINE_EXTENT = 0.5;
/** A line broken into fewer than LINE_MIN_DASHES runs must be this share of the plot solid. */
export const LINE_SOLID = 0.7;
/**
 * A line whose longest unbroken run of its own colour is shorter than this many pixels, and
 * this share of the plot's width, is dashed or dotted (a crosshair's line, an order's); a solid
 * line runs on unbroken where no bar crosses it ...
 */
export const DASH_MAX_PX = 24;
export const DASH_MAX_SHARE = 0.03;
/** ... and so is one whose row, first thin pixel to last, is inked on less than this share (a solid line is all but the antialiasing). */
export const DASH_MAX_INKED = 0.8;
/** Runs of thin ink that make a dashed line. */
export const LINE_MIN_DASHES = 3;
/** Share of the plot's width a row line's thin ink covers; tuned on the synthetic sets. */
export const LINE_ROW_SHARE = 0.2;
/** Share of the plot's height a column line's thin ink covers; tuned on the synthetic sets. */
export const LINE_COLUMN_SHARE = 0.3;
/** A run put back on a removed line is longer than the line's dots ... */
export const RESTORE_MIN_PX = 3;
/** ... and far shorter than the plot: at most this many pixels ... */
export const RESTORE_MAX_PX = 8;
/** ... or this share of the plot's width. Tuned on the synthetic sets. */
export const RESTORE_MAX_SHARE = 0.04;

// Baselines (baseline.ts).

/** Runs shorter than this ending on one row are the dashes of a line a JPEG smeared. */
export const DASH_HEIGHT = 5;
/** Baselines erased in turn: a chart can have both volume and a row of time labels. */
export const BASELINE_ROUNDS = 3;
/** Runs end on a baseline in this share of the plot's columns (and at its foot, of the columns they span). */
export const BASELINE_SHARE = 0.15;
/** The foot of the plot, where volume stands: rows below this share of its height. */
export const BASELINE_FOOT = 0.75;
/** At the foot, runs also end there in this share of the plot's columns (a short series's volume). */
export const BASELINE_FOOT_SHARE = 0.08;
/** More than this share of the runs ending on the row short: the row is a smeared dashed line. */
export const DASH_SHARE = 0.8;
/** Rows past the baseline cleared in the columns beside an erased run: a JPEG blurs a bar's edges a row or two off. */
export const BASELINE_BLUR_ROWS = 2;
/**
 * Runs ending on a row that start together too, in this share of them (within ZONE_EDGE_PX of
 * one row), are a filled box's columns (a zone of supply or demand behind the bars), not bars
 * standing on a baseline, whose tops follow their values.
 */
export const ZONE_SAME_TOP_SHARE = 0.8;
/**
 * A zone's columns are this share of the plot's height tall at least (and ZONE_MIN_ROWS): a row
 * of time labels' digits also starts and ends together, a line of text tall.
 */
export const ZONE_MIN_HEIGHT = 0.05;
/** The fewest rows a zone's columns span (ZONE_MIN_HEIGHT on a small plot). */
export const ZONE_MIN_ROWS = 12;
/** A zone's pixels within this distance of its fill (or a blend of it with the background) are the fill. */
export const ZONE_FILL_DISTANCE = 24;
/** Pixels this near a zone's edges are its outline's (or a line drawn along it), whatever their colour. */
export const ZONE_EDGE_PX = 2;

// Boxes of text in the plot (boxes.ts).

/** A box narrower than this (pixels) is a candle's body as likely as a label. */
export const TEXT_BOX_MIN_WIDTH = 16;
/**
 * Two lines of text and their margins: smaller boxes (a one-line label, a toolbar's icon) are
 * left to the bars stage's piece checks, which see them among the bars.
 */
export const TEXT_BOX_MIN_HEIGHT = 20;
/** Pixels a box covers at least: a plan, a table, a signal's label of a few lines. */
export const TEXT_BOX_MIN_AREA = 2400;
/** Share of a box's rows that run from its left edge to its right (within `TEXT_BOX_EDGE`): a rectangle. */
export const TEXT_BOX_FULL_ROWS = 0.85;
/** How far from the box's edge (a share of its width) a row may begin or end and still span it. */
export const TEXT_BOX_EDGE = 0.05;
/** Share of the rectangle's area the text cuts out of its fill: more than noise, less than a hollow body. */
export const TEXT_BOX_MIN_HOLES = 0.03;
export const TEXT_BOX_MAX_HOLES = 0.7;
/** The most of the box's colour in its rectangle, over the region's own pixels, that is one fill. */
export const TEXT_BOX_OWN_FILL = 1.25;
/** Rows through text cross several glyphs; a line across a body, or a hollow body's inside, leaves one gap. */
export const TEXT_BOX_GAPS_PER_ROW = 1.5;
/** A line of text is a few rows tall: fewer rows with gaps are a line drawn across a body. */
export const TEXT_BOX_MIN_GAP_ROWS = 3;
/** Share of a box's width its top or bottom edge fills (rounded corners leave a little out). */
export const TEXT_BOX_SOLID = 0.9;
/** Rows from the box's top or bottom within which its edge lies (a glyph or a line can stick out). */
export const TEXT_BOX_EDGE_ROWS = 3;
/** A table or a plan is a part of the plot: a union of fills wider or taller than this share is the chart's own ink. */
export const UNION_MAX_SHARE = 0.5;
/** Pixels a union of fills stands clear of the plot's edges: one reaching an edge is as likely a window's panel. */
export const UNION_EDGE_CLEARANCE = 2;
/** Share of its rectangle a fill covers at least to be a cell's or a table body's (a line's or a candle's outline covers little). */
export const TILE_FILL = 0.3;
/** Rows above and below a box's spanning rows, as a share of their height, that are still the box. */
export const TEXT_BOX_MARGIN = 0.1;

// The series' colours (shapes.ts).

/** The tall-column percentile: OHLC bars with long ticks have their stem in one column of twenty. */
export const TALL_PERCENTILE = 0.98;
/** Stems are at least this tall (pixels) ... */
export const STEM_MIN_HEIGHT = 10;
/** ... and this many times the upper-quartile column ... */
export const STEM_OVER_QUARTILE = 4;
/** ... or this many times the middle one (stems 3 px wide every 10 px reach the upper quartile). */
export const STEM_OVER_MIDDLE = 8;
/** Present in this share of the columns it spans, a colour is continuous, as an overlay line is. */
export const CONTINUOUS = 0.8;
/** A candle colour spans this share of the plot's width ... */
export const CANDLE_SPAN = 0.2;
/** ... or, a short series at the right of a wide plot, this share while jagged by SHORT_SERIES_JAGGED. */
export const SHORT_SERIES_SPAN = 0.1;
export const SHORT_SERIES_JAGGED = 0.5;
/** Separate runs of columns a candle colour forms (bars apart); tuned on the synthetic sets. */
export const MIN_SEGMENTS = 6;
/**
 * Change between neighbouring columns, as a share of the ink, of bars that touch: a dense chart's
 * bodies jump from bar to bar, a filled band does not.
 */
export const JAGGED = 0.3;
/** The tall column of a candle colour is at least this tall (pixels); tuned on the synthetic sets. */
export const MIN_TALL = 5;
/** Share of the plot's rows a candle colour touches; tuned on the synthetic sets. */
export const MIN_ROWS_SHARE = 0.15;
/** A colour present in at least this share of its columns is as continuous as a line ... */
export const LINE_CONTINUITY = 0.9;
/** ... unless its upper-quartile column is this tall (pixels), or it has stems. */
export const CANDLE_QUARTILE_HEIGHT = 8;
/** A stroke spanning this share of the plot's width is long: an overlay line's. */
export const LONG_STROKE = 0.2;
/** A colour with this share of its ink in long strokes is an overlay line, even broken by the candles. */
export const MOSTLY_LONG = 0.5;
/** A wick colour is its own colour, not a body colour's antialiased or JPEG-smeared edge: this far (RGB) from every body colour. */
export const WICK_COLOUR_DISTANCE = 100;
/** A series colour carries at least this share of the candle-like ink; less is a remnant of text or lines. */
export const SERIES_MIN_SHARE = 0.06;
/** A colour's pieces this many rows past their top or more are tall enough to measure its width by. */
export const WICK_MIN_SPAN = 3;
/** A body is at least this wide (pixels): narrower is a wick or a stem. */
export const BODY_MIN_WIDTH = 3;
/** A wick colour's pieces are at most this wide (pixels). */
export const WICK_MAX_WIDTH = 2;
/** Share of a wick colour's ink in the candles that lies on their stem: an outline also runs down the body's sides. */
export const WICK_STEM_SHARE = 0.6;
/** A continuous colour whose tall column is under this share of the tallest wick's is an overlay line. */
export const THIN_LINE_HEIGHT = 0.5;
/** A colour whose columns never reach this share of the main candle colour's is a line (an average under white bodies). */
export const FAINT_LINE_HEIGHT = 0.1;

// Pieces (pieces.ts).

/** A wide piece cut into at least this many parts can be told a box by their alike extents. */
export const BOX_PARTS = 4;
/** Share of a box's parts whose top and bottom rows are the box's own (a row or two apart); bars drawn across it make the rest. */
export const BOX_ALIKE = 0.5;
/** Rows a part's top and bottom may lie off the box's own and still be the box's. */
export const BOX_ROW_TOLERANCE = 1;
/** Rows a box of text spans at least (a label's height); touching flat bars in a quiet market are thinner. */
export const BOX_MIN_HEIGHT = 8;
/** A box at least this share of the plot's height tall is a time range's shading, which bars show through. */
export const SHADING_HEIGHT = 0.66;
/** Columns within this share of the tallest are the stem (an outlined body's two sides nearly tie). */
export const STEM_TALL = 0.75;
/** Components of fewer pixels are specks, no part of a candle; tuned on the synthetic sets. */
export const MIN_COMPONENT_PIXELS = 2;
/** Two components overlapping over this share of the narrower one's columns are one candle cut by a line. */
export const CUT_OVERLAP = 0.6;
/** A spacing under this (pixels) is none: 0 is what the spacing search gives when no period shows. */
export const MIN_PITCH = 2;
/** A bar is narrower than the spacing: the typical width is at most this share of it. */
export const TYPICAL_WIDTH = 0.9;
/** Without a period, a piece wider than this many pitches is no run of bars; tuned on the synthetic sets. */
export const NO_PERIOD_LONGEST = 12;
/** A piece this many typical widths wide holds two bars or more; tuned on the synthetic sets. */
export const WIDE_TYPICAL = 1.8;
/**
 * With the spacing known, a piece over this many spacings wide (or the spacing plus WIDE_PERIOD_PX)
 * holds two bars: the last two OHLC bars joined by their ticks once the close tick went with the
 * price line were 1.6 spacings wide.
 */
export const WIDE_PERIOD = 1.45;
export const WIDE_PERIOD_PX = 3;
/** A cut is sought this share of a step either side of its even position; tuned on the synthetic sets. */
export const CUT_WINDOW = 0.4;

// Bar spacing (spacing.ts).

/** Bars closer than this (work pixels) cannot be told apart; their spacing is not searched. */
export const MIN_SPACING = 2.5;
/** Columns of ink a profile needs to show a period; tuned on the synthetic sets. */
export const MIN_PROFILE = 16;
/**
 * The longest lag scored is the profile's length over this, and spacings up to half of it are
 * candidates: longer ones pick up chance correlations (lags to 2n/11 lost three dense charts).
 */
export const MAX_LAG_DIVISOR = 8;
/** Candidate spacings grow by this factor: fine enough to hit a fractional spacing. */
export const COMB_STEP = 1.004;
/** The comb peaks near a spacing within this share of it (the lattice is searched within 3% too). */
export const PEAK_NEAR = 0.03;
/** A comb scoring under this share of the profile's variance shows no period; tuned on the synthetic sets. */
export const MIN_COMB = 0.1;
/** The smallest local maximum within this share of the best score wins: multiples score as well as the spacing. */
export const PEAK_SHARE = 0.6;
/** An edges' period is a whole multiple k of the strokes' period within this share of k. */
export const WHOLE_STROKES = 0.06;
/** Thin strokes a bar of outlined bodies draws (two sides and the wick): a third of the edges' period is theirs. */
export const OUTLINE_STROKES = 3;
/** The edges' comb peaks at the strokes' period with at least this share of its best score. */
export const STROKE_PEAK_SHARE = 0.2;
/**
 * Wicks this many edge periods apart, not twice (missing wicks would make a whole multiple), give
 * the spacing: touching bodies in a halved chart.
 */
export const WICK_RATIO_MIN = 1.15;
export const WICK_RATIO_MAX = 1.85;
/** A piece under this share of the median size is a fragment (a wick cut off by an overlay line). */
export const FRAGMENT_SHARE = 0.25;
/** A gap within this share of the median gap is that gap. */
export const NEAR_GAP = 0.15;
/** Share of the gaps near the median that makes the pieces evenly spaced, one to a bar. */
export const EVEN_SHARE = 0.8;
/** The column profile's period at least this many times the pieces' distance ... */
export const EVEN_MIN_RATIO = 1.5;
/** ... and this far from a whole multiple of it gives way to that distance (8.4 px hollow bodies read as 31.8). */
export const EVEN_OFF_WHOLE = 0.12;
/** A thin stroke is a horizontal run of at most this many pixels: wicks, stems, outlines. */
export const THIN_STROKE = 3;
/** Pieces wider than this many periods can be single bars whose profile repeats at a fraction. */
export const WHOLE_BAR_WIDTH = 1.2;
/** The interquartile range of their widths within this share of the median: regular widths. */
export const WHOLE_BAR_SPREAD = 0.25;
/** Their distance is within this share of a whole multiple of the period. */
export const WHOLE_MULTIPLE = 0.15;
/** Share of their gaps near the median gap. */
export const WHOLE_BAR_SHARE = 0.6;
/** Pieces nearly as wide as their distance (this share) are runs of touching bars (a dense chart halved). */
export const WHOLE_BAR_MAX_WIDTH = 0.95;

// The bars' lattice (lattice.ts).

/** Without a period, the pitch is first guessed from this quantile of the gaps between large pieces. */
export const PITCH_GUESS_QUANTILE = 0.2;
/** A gap counts as a whole multiple of the period from this share of it ... */
export const WHOLE_GAP_MIN = 0.75;
/** ... within this share of a whole number of periods. */
export const WHOLE_GAP_OFF = 0.25;
/** Whole-multiple gaps needed to average the period over; fewer keep the period as it is. */
export const MIN_WHOLE_GAPS = 4;
/** An anchor within this share of a spacing of its slot is on the lattice. */
export const LATTICE_TOLERANCE = 0.25;
/** The lattice's spacing is searched this many steps either side of the pitch ... */
export const LATTICE_STEPS = 30;
/** ... of this share each: within 3%. */
export const LATTICE_STEP = 0.001;
/** Without a period, an anchor closer than this many pitches to the last one is a stray. */
export const STRAY_STEPS = 0.7;
/** A piece within this share of a spacing of a slot stands in it. */
export const SLOT_TOLERANCE = 0.3;
/** A stem this many pixels off the middle of its box: one side of a hollow body cut away; the piece takes its slot by the middle. */
export const OFF_STEM_PX = 2;
/** Fragments within this many pixels (columns and rows) of a slot's largest piece are the same candle. */
export const FRAGMENT_TOUCH_PX = 2;

// Measuring the bars (measure.ts).

/** A body's edge column holds at least this share of the piece's upper-quartile column: less is JPEG fringe or a touching line. */
export const EDGE_SHARE = 0.25;
/** Columns further in that an outer column is compared with for being a fringe. */
export const FRINGE_COLUMNS = 3;
/** An outer column holding a quarter or less (1 / this) of a column further in is a fringe or a grid line's stub. */
export const FRINGE_RATIO = 4;
/** An OHLC bar's stem runs this share of the piece's height. */
export const BAR_STEM_HEIGHT = 0.85;
/** Columns of ink an OHLC bar's ticks reach on each side of its stem. */
export const TICK_MIN_COLUMNS = 2;
/** Ticks are short: ink beside the body edges over at most this share of the piece's height. */
export const TICK_MAX_HEIGHT = 0.4;
/** Fewer than this share of the voters with a body wider than the stem: thin bars whose ticks decide. */
export const STEMS_ONLY = 0.2;
/** Left and right body edges sharing under this share of their rows (median piece): OHLC bars. */
export const CANDLE_OVERLAP = 0.5;
/** This share of bar-like pieces makes OHLC bars (candle charts show at most 20%, dojis). */
export const BAR_SHARE = 0.4;
/** A few bar-like pieces (this share) with TICK_SHARE of the pieces ticked make OHLC bars cut from a staircase. */
export const FEW_BAR_SHARE = 0.05;
export const TICK_SHARE = 0.65;
/** Nearly every bar ticked on both sides in its own colours: the ticks of a halved HiDPI shot. */
export const OWN_TICK_SHARE = 0.9;
/** A column inked over this share of the piece's height is the stem (a thick stem and its JPEG fringe). */
export const STEM_FULL_HEIGHT = 0.8;
/** Ticks reach at least this many pixels from the stem's centre: the column beside it can be JPEG fringe. */
export const TICK_REACH = 2;
/** A bar's body this wide or narrower (pixels) is its wick alone ... */
export const NO_BODY_WIDTH = 2;
/** ... where the median body is at least this wide: a doji with no body to see. */
export const NO_BODY_TYPICAL = 4;

// Up or down (orient.ts).

/** A body has an inside to judge from this many rows between its top and bottom rows ... */
export const INSIDE_MIN_ROWS = 3;
/** ... and this many columns between its sides. */
export const INSIDE_MIN_COLUMNS = 2;
/** The middle column filled over this share of the inside: a filled body, else hollow. */
export const FILLED_SHARE = 0.6;
/** A look is one of the series' when at least this many bodies ... */
export const LOOK_MIN_BODIES = 2;
/** ... and this share of the bodies judged have it: fewer is something across a body (a crosshair's line). */
export const LOOK_MIN_SHARE = 0.03;

// The series' ends (tail.ts).

/** A price tag at the plot's edge is cleared leftwards at most this many pixels ... */
export const TAG_MAX_PX = 8;
/** ... or this share of the plot's width: a line running into the edge must not be followed across the plot. */
export const TAG_MAX_SHARE = 0.15;
/** While the column stays inked over this share of the tag's rows. */
export const TAG_FILL = 0.6;
/** A piece is as thin as a line at this many rows or fewer ... */
export const LINE_THIN_PX = 3;
/** ... or this share of the typical bar's height. */
export const LINE_THIN_SHARE = 0.1;
/** A piece as thin as a line this many typical bar heights clear of the bars before it is no bar (a crosshair's end). */
export const THIN_CLEAR = 1.5;
/** How many times the tallest of the bars before it a last piece standing apart is no bar. */
export const TALL_STRAY = 1.5;
/** ... standing clear of the bar before it by this share of a typical recent bar (a session's opening gap is a few pixels). */
export const TALL_STRAY_CLEAR = 0.5;
/** How far right of the bar before it (in spacings) a last piece is no bar of the series. */
export const STRAY_SPACINGS = 6;
/** Most pieces past such a hole that are set aside: a few objects, not a stretch of bars. */
export const STRAY_PAST_HOLE = 3;
/**
 * The plot's top line of text (the header, an Expert Advisor's name and icon) reaches this many
 * axis-label heights below the plot's top: MetaTrader's icon, 16 px across beside 9 px digits,
 * ends 23 px under it (a real terminal of the `work` half, rc090; 2.2 heights from the design
 * renders' smaller icon missed it).
 */
export const TOP_LINE_HEIGHTS = 2.8;
/**
 * Most pieces at the end of the series set aside as the top line's text: a name's letters (those
 * of the series' colours or joined by the icon) and the icon; 8 on a design render.
 */
export const TOP_LINE_TAIL = 16;
/** Most pieces at the end of the series that can be set aside as detached from it. */
export const DETACHED_TAIL = 24;
/** Bars before the tail that it must come near. */
export const RECENT_BARS = 6;
/** The series' widest jump is taken at this percentile: the pieces can hold a stray one anywhere. */
export const WIDEST_JUMP_PERCENTILE = 0.95;
/** A detached piece stands more than this many typical bar heights clear ... */
export const DETACHED_HEIGHTS = 3;
/** ... and this many of the series' widest jumps. */
export const DETACHED_JUMPS = 1.5;
/** A piece spanning this share of the series' height ... */
export const FULL_HEIGHT_SHARE = 0.95;
/** ... and this many typical bar heights is a line (a window's border, a cursor). */
export const FULL_HEIGHT_BARS = 4;
/** Most pieces in a row set aside as standing clear of the series on both sides. */
export const ISOLATED_RUN = 2;
/** Bars either side of such pieces come this near each other (in typical bar heights)... */
export const ISOLATED_NEAR = 1;
/** ...while the pieces stand this far clear of both. */
export const ISOLATED_FAR = 3;
/** The most pieces, as a share of the series, that are set aside as isolated; more are a second series mixed in (another pane's), left to the pane's reading. */
export const ISOLATED_SHARE = 0.08;

// Dense series (dense.ts).

/** A plot shorter than this (pixels) holds no dense series; tuned on the synthetic sets. */
export const DENSE_MIN_HEIGHT = 12;
/** Gaps up to this many rows inside a run are bridged (JPEG, a dashed line crossing). */
export const RUN_GAP = 2;
/** A series colour's runs are this tall at the median column: averages and grid are 1-3 px. */
export const SERIES_RUN = 4;
/** ... and cover this share of the plot's columns: text and vertical grid lines do not. */
export const SERIES_COVER = 0.1;
/** A run ending this close to the plot's bottom stands on it: volume, not price. */
export const BOTTOM_MARGIN = 2;
/** A gap of more columns than this (or this share of the plot) ends the series' stretch. */
export const STRETCH_GAP = 8;
export const STRETCH_GAP_SHARE = 0.01;
/** Covered columns over the span between the first and last one. */
export const MIN_CONTIGUITY = 0.85;
/** The span of covered columns over the plot's width. */
export const DENSE_MIN_SPAN = 0.5;
/** Runs sharing a bottom (or top) row within a pixel: bars standing on a baseline. */
export const DENSE_BASELINE_SHARE = 0.3;
/** Bars read per series: columns are grouped so there are at most this many. */
export const DENSE_MAX_BARS = 200;
/** A dense track's contiguity and linked share, averaged, reach this; tuned on the synthetic sets. */
export const DENSE_MIN_QUALITY = 0.6;
/**
 * A line's run in a column is its thickness plus its slope; bars' runs are their ranges, well
 * beyond the move between neighbouring columns. The median excess over the move, in pixels, that
 * bars reach (1-px MetaTrader bars: 10; a backtest's 2-3 px equity lines: 3 to 3.5).
 */
export const MIN_RANGE = 6;
/**
 * A price pane is scaled to its series: a track in a band of the plot is something else (an
 * oscillator's line in a pane below, read within a plot box that took in the whole stack).
 */
export const MIN_EXTENT = 0.4;
/** How far (RGB units) a colour may lie from the mix of the up and down colours and be one. */
export const BLEND_RADIUS = 40;
/** ... and within this share of the distance between the two (TradingView's grey text lies near the mix of its teal and red). */
export const BLEND_OFF_SHARE = 0.2;
/** A mix lies between these shares of the way from one series colour to the other. */
export const BLEND_MIX_MIN = 0.2;
export const BLEND_MIX_MAX = 0.8;
/** Hues closer than this (degrees) are one colour at another strength. */
export const SAME_HUE = 15;
