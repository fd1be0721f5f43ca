/**
 * The layout stage's thresholds, each with the reason for its value, grouped by the module that
 * uses them. Lengths are work-image pixels (`_PX`), label heights (of the labels or the word at
 * hand) or shares of the image, as each comment says. Where no reason was recorded beyond the
 * rule's first commit, the comment says what the value measures and that it was tuned on the
 * synthetic sets.
 */

// --- Shared: what makes an axis ---

/**
 * The fewest labels a column needs to be an axis: two always show an even step, a third checks it.
 */
export const MIN_AXIS_LABELS = 3;

/**
 * A column whose labels fill fewer than this share of its rungs (at their commonest spacing) at the
 * reduced size is looked for again in the full image (find.ts `findLayoutScaled`): an axis prints
 * a label on every rung, and a big screenshot's small print is found only here and there once
 * halved.
 */
export const LABELS_FOUND_SHARE = 0.6;

// --- ink.ts: how ink is told from background (RGB distance) ---

/** Text is drawn with strong contrast against the background; grid and watermarks are not. */
export const TEXT_CONTRAST = 70;
/** Pane separators and borders are faint in dark themes, so this is lower than text. */
export const LINE_CONTRAST = 18;

// --- words.ts: glyphs, words, label-shaped words, label columns ---

/**
 * A glyph is at most this share of the picture's height, and at least TALLEST_GLYPH_PX may be one;
 * taller is a candle or a line (tuned on the synthetic sets).
 */
export const TALLEST_GLYPH_SHARE = 0.05;
/** The tallest glyph allowed in a small picture, where a twentieth of its height is less. */
export const TALLEST_GLYPH_PX = 12;
/**
 * A blob up to this many times the tallest glyph's height wide is a glyph whatever its shape
 * (tuned on the synthetic sets).
 */
export const GLYPH_MAX_WIDTH = 1.2;
/**
 * Touching glyphs (digits set tightly at a high pixel ratio make one blob) are counted as text
 * from this height in a reduced image: below it the blob is more likely a label smudged whole,
 * better read at full size.
 */
export const TOUCHING_GLYPHS_MIN_PX = 10;
/**
 * The same at full size, where there is nothing better to read: small antialiased digits
 * (MetaTrader's 7 px labels) touch through their grey edge pixels.
 */
export const TOUCHING_GLYPHS_MIN_PX_FULL = 5;
/** Touching glyphs are at most this many heights wide: no longer than a label. */
export const TOUCHING_GLYPHS_MAX_WIDTH = 6;
/**
 * Share of its box a blob of touching glyphs fills at most: text is partly background, a box is
 * not.
 */
export const TOUCHING_GLYPHS_MAX_FILL = 0.75;
/** A price label is at least this many pixels tall (tuned on the synthetic sets). */
export const LABEL_MIN_PX = 5;
/** A price label has at least this many glyphs. */
export const LABEL_MIN_GLYPHS = 3;
/**
 * No more glyphs than a long price has characters, with room for a few broken ones: a row of
 * small candles chained into one 'word' of 268 glyphs, lined up with two more, made an axis half
 * the image wide on a 2560 px chart.
 */
export const LABEL_MAX_GLYPHS = 24;
/**
 * A price label is at least this many of its heights wide: wider than tall, as three characters
 * or more are (tuned on the synthetic sets).
 */
export const LABEL_MIN_WIDTH = 1.4;
/**
 * A price label is at most this many of its heights wide: as long as a label can be (tuned on the
 * synthetic sets).
 */
export const LABEL_MAX_WIDTH = 12;
/**
 * Pixels by which the shared left or right edge of a column's words may differ (tuned on the
 * synthetic sets).
 */
export const COLUMN_EDGE_PX = 2;
/**
 * Labels of one column differ in height by at most a fifth: 6 px price labels and 8 px volume
 * labels once made one column.
 */
export const COLUMN_HEIGHT_SPREAD = 0.2;
/**
 * Side of the square tiles whose own fill text ink must stand out from too, far larger than a
 * label or a price tag: a black chart inside grey panels is as far from the panels' grey as its
 * labels are, and would be all 'text'.
 */
export const TILE = 64;
/**
 * A tile whose commonest colour is this near the picture's background has that background (a
 * sample quantised, JPEG noise).
 */
export const SAME_BACKGROUND = 12;
/**
 * A vertical run of text ink taller than this share of the picture's height, and than
 * LONGEST_TEXT_RUN_PX, is a line (an axis border MetaTrader joins to every label by its ticks, a
 * grid line, a panel's edge): twice the tallest glyph, so text is never that tall.
 */
export const LONGEST_TEXT_RUN_SHARE = 0.1;
/** The longest vertical run of text in a small picture: twice TALLEST_GLYPH_PX. */
export const LONGEST_TEXT_RUN_PX = 24;
/**
 * How far past the labels' middle edge on the plot's side, in label widths, a label may reach
 * (fewer digits, a minus sign).
 */
export const STRIP_SPREAD = 0.5;
/**
 * Room (px) the axis's strip leaves left of its labels' leftmost pixel (tuned on the synthetic
 * sets).
 */
export const STRIP_PAD_LEFT_PX = 2;
/**
 * Room (px) the axis's strip leaves right of its labels' rightmost pixel (tuned on the synthetic
 * sets).
 */
export const STRIP_PAD_RIGHT_PX = 3;

// --- axis-column.ts: which column is the axis, and a label's detached digits ---

/** Columns looked at, right to left, before a side is given up (a watchlist has several). */
export const MAX_TABLE_COLUMNS = 6;
/**
 * Label heights (at least a pixel) by which cells of one table row differ at their baseline (tuned
 * on the synthetic sets' watchlists and quote tables).
 */
export const TABLE_ROW_BASELINE = 0.15;
/**
 * A table's cells stand within six label heights of each other; a price axis's labels stand alone
 * on their rows.
 */
export const TABLE_ROW_REACH = 6;
/**
 * A table cell is at least this many label heights tall: text of about the labels' size, not a
 * tick, a dot of noise or a dash of the grid.
 */
export const TABLE_CELL_MIN_HEIGHT = 0.6;
/** A table cell is at most this many label heights tall: text of about the labels' size. */
export const TABLE_CELL_MAX_HEIGHT = 1.6;
/**
 * Label heights (at least a pixel) by which a detached part's top may differ from the label's: the
 * same line of digits.
 */
export const DETACHED_TOP = 0.15;
/**
 * A detached part is at least this many label heights tall: the label's cap height, not a dot or a
 * tick.
 */
export const DETACHED_MIN_HEIGHT = 0.8;
/** A detached part is at most this many label heights tall (tuned on the KLineChart sets). */
export const DETACHED_MAX_HEIGHT = 1.4;
/**
 * A detached part is at most this many label heights wide: a few digits and a separator, not a run
 * of legend text.
 */
export const DETACHED_MAX_WIDTH = 4;
/**
 * Label heights a detached part may stand from the label: a monospaced dot or comma is as wide as
 * a digit, and a lost one leaves a gap of two digits ('0' and '8610').
 */
export const DETACHED_MAX_GAP = 1.5;
/**
 * Parts joined to one label at most: '2' ',036' '.' '00' (a thousands group, the point, the
 * decimals).
 */
export const DETACHED_MAX_PARTS = 4;

// --- find.ts: where the axis is searched, and the smallest plot ---

/**
 * The right side is by far the most common place for the price scale: its words are searched in
 * the image's right 45%.
 */
export const RIGHT_SEARCH_FROM = 0.55;
/** The left side, a fallback, is searched in the image's left 30%. */
export const LEFT_SEARCH_TO = 0.3;
/** A plot narrower than this share of the image is no chart's (tuned on the synthetic sets). */
export const MIN_PLOT_WIDTH = 0.3;
/** A plot lower than this share of the image is no chart's (tuned on the synthetic sets). */
export const MIN_PLOT_HEIGHT = 0.2;

// --- panes.ts: separators, strays in the column, the time axis ---

/**
 * Brightness difference within which two pixels are the same ink: JPEG keeps brightness at full
 * resolution.
 */
export const SAME_INK_LUMA = 30;
/**
 * Chroma difference within which two pixels are the same ink: JPEG halves colour, so a one-pixel
 * line over coloured bars takes on some of their hue.
 */
export const SAME_INK_CHROMA = 60;
/** Label steps between two words of a column beyond which they belong to different things. */
export const MAX_LABEL_GAP = 4;
/** Most words at a column's end set apart by such a gap that are strays, not a part of the axis. */
export const MAX_STRAYS = 2;
/** Share of a separator's row, from the line's left end on, that may be background: 95% is line. */
export const SEPARATOR_MAX_GAP = 0.05;
/**
 * Share of the picture's width a separator spans at least, from its left end to the right edge: a
 * whole terminal's chart stands beside its Market Watch and Navigator, where the line stops.
 */
export const SEPARATOR_MIN_SPAN = 0.5;
/** Bare columns in a row, as a share of the width, that end a separator's line walking left. */
export const SEPARATOR_END_GAP = 0.01;
/**
 * Share of the axis's strip a separator may leave bare: it runs across the axis, where a grid line
 * meeting a half-hidden label only touches a glyph or two.
 */
export const SEPARATOR_AXIS_MAX_GAP = 0.1;
/**
 * Points sampled across the plot for a separator's colour: a candle or bar lying on the line
 * spoils only a sample or two.
 */
export const SEPARATOR_SAMPLES = 8;
/** Share of the samples (and the axis's and the row's end) that must be the line's one ink. */
export const SEPARATOR_AGREEMENT = 0.75;
/** Rows off a one- or two-pixel separator at which the axis is background or label text again. */
export const SEPARATOR_BOX_OFFSET = 3;
/**
 * Share of the axis's strip inked on such a row that makes it a filled box's (a price tag, a
 * crosshair label), not a separator's neighbour.
 */
export const SEPARATOR_BOX_FILL = 0.6;
/**
 * Channel units a line beside a box may stand outside the range between the box's fill and the
 * background and still be the box's antialiased edge (a band drawn at a fractional row).
 */
export const SEPARATOR_BLEND = 8;
/** A pane with a scale of its own prints this many labels at least. */
export const MIN_PANE_LABELS = 2;
/**
 * Label spacings below the lowest price label read in which the time labels are sought: price tags
 * and a crosshair label can hide the lowest labels.
 */
export const TIME_LABELS_REACH = 3;
/**
 * Label heights by which a time label may be shorter than the price labels (tuned on the
 * lightweight-charts sets).
 */
export const TIME_LABEL_SHORTER = 0.25;
/**
 * Label heights by which a time label may be taller than the price labels: month names descend
 * below the line ('Jun', 'May').
 */
export const TIME_LABEL_TALLER = 0.4;
/**
 * Pixels by which a time label's height may differ from the price labels' at least, whatever their
 * size.
 */
export const TIME_LABEL_SLACK_PX = 2;
/** Time labels can be short ('14', 'Jan'): two glyphs make a word of the time row. */
export const TIME_WORD_MIN_GLYPHS = 2;
/**
 * A blob this many of its heights wide is wider than a digit: bold digits that touch make one word
 * of a time label.
 */
export const TIME_WORD_MIN_WIDTH = 1.2;
/** Pixels by which the tops of two time labels on one row may differ. */
export const TIME_ROW_PX = 2;
/**
 * Label heights apart two words of the time row stand at least: a lone word may be anything, time
 * labels are spread along the axis.
 */
export const TIME_LABELS_APART = 3;
/** Share of a line across the plot that may be background for it to be the time axis's border. */
export const TIME_BORDER_MAX_GAP = 0.1;
/**
 * Label heights above the time labels where their border is sought: the border sits just above
 * them, a line further up is a grid line inside the pane.
 */
export const TIME_BORDER_REACH = 1.5;
/** Without a border line the pane ends this many label heights above the time labels. */
export const TIME_AXIS_GAP = 0.6;

// --- plot-box.ts: the plot's border by the axis, and its far edges ---

/**
 * How far from the labels a border line is sought: this share of the image's width, plus
 * BORDER_SEARCH_PX (tuned on the synthetic sets).
 */
export const BORDER_SEARCH = 0.03;
/** Pixels added to the border's search, so a small picture looks a few columns too. */
export const BORDER_SEARCH_PX = 4;
/**
 * Share of the pane's rows a column must ink to be a full-height line (the border or a vertical
 * grid line).
 */
export const BORDER_MIN_HEIGHT = 0.9;
/** Without a border line the plot stops this many pixels short of the labels. */
export const NO_BORDER_GAP_PX = 2;
/**
 * Share of the columns between a line and the labels a row inks at most to be part of a shape; a
 * box (a price tag) fills its row.
 */
export const SHAPE_ROW_FILL = 0.8;
/**
 * Rows of such partial ink that make a candle or bar: tick marks can be four rows tall in a JPEG
 * at a pixel ratio of 2.
 */
export const SHAPE_MIN_ROWS = 6;
/**
 * Within this distance of the pane's own background a pixel is background (JPEG noise included).
 */
export const PANE_BG_TOLERANCE = 12;
/** A line of the pane is mostly its background: candles, grid and text leave most of it bare. */
export const PANE_LINE_SHARE = 0.35;
/** A gap of bare columns wider than this share of the image's width ends the pane. */
export const PANE_COLUMN_GAP = 0.02;
/** A gap of bare rows wider than this share of the image's height ends the pane. */
export const PANE_ROW_GAP = 0.03;
/** The narrowest gap (px) that ends a pane in a small image (tuned on the synthetic sets). */
export const PANE_GAP_MIN_PX = 6;
/**
 * A band of rows across the pane (a zone's fill) that bars cross at its edges at this many places
 * at least is inside the pane: candles or bars go on through it (plot-box.ts `crossedBands`).
 */
export const BAND_CROSSINGS_MIN = 3;
/** The widest crossing, as a share of the pane's width: a candle's body, not a panel's edge. */
export const BAND_CROSSING_MAX_WIDTH = 0.03;
/** Rows on each side of a band's edge a crossing bar's ink runs through. */
export const BAND_CROSSING_ROWS = 2;
/** Neighbouring labels whose distance is within this share of a pitch of one pitch stand on the axis's step (find.ts `onStepSpans`). */
export const ON_PITCH = 0.2;
/**
 * A tag is a filled box across the axis's strip at most this many label heights tall (a bid tag
 * with a countdown under it); a sub-window's tab bar across the picture is taller.
 */
export const TAG_MAX_HEIGHT = 2.5;
/**
 * Share of the rough box the pane keeps at least; less, and the background found was not the
 * pane's (a chart filled edge to edge).
 */
export const PANE_MIN_SHARE = 0.3;
/** Share of the pane's height a frame's side spans (a tall candle's wick does not). */
export const FRAME_SIDE = 0.6;
/** Share of the width between the frame's sides its top and bottom edges fill. */
export const FRAME_EDGE = 0.8;
/** Columns further in at which a frame's side no longer goes on: a line, not a body. */
export const FRAME_LINE_DEPTH = 3;
/**
 * Share of the pane's width, from its edge by the axis, in which the frame's near side is sought
 * (grid lines stand further in).
 */
export const FRAME_NEAR_REACH = 0.3;
/** The tallest ink, in rows, between a frame and its axis that is a tick mark (a bar is taller). */
export const TICK_ROWS = 6;
/** Ink beyond the frame's far side, as a share of the pixels there, that is no series. */
export const BEYOND_FRAME_INK = 0.005;
/** Share of a column's rows in one colour, not the pane's, that makes it a frame's. */
export const FRAME_SHARE = 0.9;
/** Colours this near are one. */
export const SAME_FILL = 3;
/** Columns a frame's colour fills at least (a grid line or a border fills one or two). */
export const FRAME_MIN_WIDTH = 6;
/** In a wide image a frame's colour fills at least this share of its width. */
export const FRAME_MIN_WIDTH_SHARE = 0.01;
/**
 * Past a frame's edge the pane's colour fills less than this share of any column: it does not come
 * back (a shaded session is no edge).
 */
export const FRAME_PANE_SHARE = 0.5;

// --- locate.ts: the dashboard's crop ---

/** Room beside the labels in the crop, as a share of the strip's width, so no digit is cut. */
export const CROP_ROOM = 0.15;
/** Pixels of room added to that. */
export const CROP_ROOM_PX = 2;

// --- labels-pane.ts: the pane a scale's labels belong to ---

/** A pane reaches about a label step past its outermost labels, or its axis would print another. */
export const PANE_MARGIN = 1.1;
/** A plot cut by less than half a label step is already the pane. */
export const MIN_CUT = 0.5;
/** A pane lower than this (work pixels) holds no series. */
export const MIN_PANE_HEIGHT = 20;

// --- without-axis.ts: a chart without a readable axis, or a photograph ---
//
// Charting platforms paint the chart on one flat colour, or a smooth gradient: on the real charts
// without a readable axis at least 0.32 of the picture is within a few units of its background
// colour. A photograph's background (a table top, paper, a wall) is texture and shading: 0.15 on
// the corpus's, and only 0.59 of its pixels are as their neighbours are (0.74 and more on those
// charts; a gradient changes by a unit or two from one pixel to the next).

/**
 * Share of the picture within FLAT_DISTANCE of its background below which it may be a photograph
 * (0.32 and more on charts, 0.15 on photographs).
 */
export const MIN_FLAT = 0.2;
/**
 * Share of pixels like their neighbours below which it may be a photograph (0.74 and more on
 * charts, 0.59 on photographs).
 */
export const MIN_SMOOTH = 0.7;
/** Pixels within this RGB distance (summed over channels) are one flat colour. */
export const FLAT_DISTANCE = 6;
/** The whole picture less its right tenth, where an axis without readable labels stands. */
export const WHOLE_WIDTH = 0.9;

// The active chart's frame (frame.ts). MetaTrader's phone app frames the active one of two stacked
// charts, as TradingView's multi-chart layouts do: a thin line of one saturated colour around it.

/** A frame's colour: its channels spread at least this far (a grey or a dark navy is no frame's). */
export const ACTIVE_FRAME_MIN_CHROMA = 90;
/** Pixels within this RGB distance of a frame line's first pixel are its colour (JPEG blurs it). */
export const ACTIVE_FRAME_SAME_COLOUR = 70;
/** A frame spans at least this share of the picture's width, and this share of its height. */
export const ACTIVE_FRAME_MIN_WIDTH = 0.25;
export const ACTIVE_FRAME_MIN_HEIGHT = 0.2;
/** A frame around (almost) the whole picture is the window's or the screen's, not a chart's. */
export const ACTIVE_FRAME_MAX_AREA = 0.85;
/** A frame's sides carry its colour on this share of their rows (a tag may cover a little). */
export const ACTIVE_FRAME_SIDE_FILL = 0.9;
/** Ends of a frame's lines agree within this many work pixels. */
export const ACTIVE_FRAME_ALIGN = 3;
/** A line, not a fill: this many work pixels inside it, most of its length is another colour. */
export const ACTIVE_FRAME_INSIDE = 4;
