/**
 * An object's label past the latest bars. MetaTrader (and most platforms) writes a horizontal
 * line's name and price ("Resistance 0.8562", "TP 1.0840", "4/8 193.760") just above the line at
 * the plot's right end, where the chart shift leaves room past the last bar; the bars stage finds
 * its glyphs as small bars after the series. The platform's own box on the axis still stands at
 * the bar before them, and that is what tells the two apart.
 */
import type { PixelCandle, PlotLine } from '../bars/index.js';
import { AT_BODY, LINE_LABEL_MAX_PIECES } from './params.js';
import { labelGlyph, namedLines, twinned, type Tag } from './tags.js';

export interface LineLabel {
  /** How many trailing pieces are the labels' glyphs. */
  pieces: number;
  /** The box on the axis at the bar before them. */
  box: Tag;
}

/**
 * The labels at the series' end, where there are some: each of the last pieces is no taller than
 * a line of text with a line drawn across the plot at or just below it (a grid's or crosshair's
 * grey dashes name nothing), and exactly one of the axis's `boxes` (crosshair labels and boxed
 * axis labels taken out) stands at the open or close of the bar before them, away from the
 * pieces' rows and painted like no other box. Null where any of that is missing: the pieces are
 * bars.
 */
export function lineLabel(
  candles: readonly PixelCandle[],
  lines: readonly PlotLine[],
  boxes: readonly Tag[],
  labelHeight: number,
): LineLabel | null {
  const glyph = labelGlyph(namedLines(lines), labelHeight);
  const near = (y: number, row: number): boolean => Math.abs(y - row) <= labelHeight * AT_BODY;
  for (let k = 1; k <= LINE_LABEL_MAX_PIECES && k < candles.length; k++) {
    const piece = candles[candles.length - k]!;
    if (!glyph(piece)) return null;
    const bar = candles[candles.length - 1 - k]!;
    const tail = candles.slice(-k);
    const apart = (t: Tag): boolean => tail.every((c) => t.y < c.high || t.y > c.low);
    const at = boxes.filter((t) => near(t.y, bar.close) || near(t.y, bar.open));
    const box = at.length === 1 ? at[0] : undefined;
    if (box && apart(box) && !twinned(box, boxes, labelHeight)) return { pieces: k, box };
  }
  return null;
}
