/**
 * The one chart a reading is about, from the learned reader's boxes: the net marks every plot,
 * column and tag it sees (other tiles of a terminal, the second chart of a phone, tags of
 * sub-windows); a chart has one plot, one label column beside it and one last-price tag on that
 * column, so each part is chosen where the part before it says it must be.
 */
import type { FoundBox, LearnedBoxes } from './boxes.js';

/** A label column stands beside the plot over at least this share of the plot's height. */
const COLUMN_BESIDE_PLOT = 0.5;
/** ... and within this share of the plot's width of its edge. */
const COLUMN_REACH = 0.1;
/** ... or in pieces (the net marked the labels and missed the gaps) over this share together. */
const PIECES_BESIDE_PLOT = 0.3;
/** A last-price tag lies on the column over at least this share of its own width. */
const TAG_ON_COLUMN = 0.5;
/** ... with its middle within the plot's rows, or this share of the plot's height past them (a tag pinned at the edge). */
const TAG_PAST_PLOT = 0.05;

export interface ChartParts {
  /** The chart's bounds (null where the net marked none around the plot). */
  chart: FoundBox | null;
  plot: FoundBox;
  /** The label column beside the plot (null where the net marked none there) and its side. */
  column: FoundBox | null;
  side: 'left' | 'right';
  /** The last-price tag on the column (null where the net marked none there, or no column). */
  lastTag: FoundBox | null;
}

const area = (b: FoundBox): number => (b.right - b.left) * (b.bottom - b.top);
const overlap = (a0: number, a1: number, b0: number, b1: number): number => Math.min(a1, b1) - Math.max(a0, b0);
/** How many of the plot's rows `c` stands beside. */
const rowsBeside = (c: FoundBox, plot: FoundBox): number => overlap(c.top, c.bottom, plot.top, plot.bottom);
const byWeight = (a: FoundBox, b: FoundBox): number => area(b) * b.score - area(a) * a.score;

/** The plot (the largest, weighed by the net's certainty), its column, chart and tag; null without a plot. */
export function chartParts(boxes: LearnedBoxes): ChartParts | null {
  const plot = [...boxes.plot].sort(byWeight)[0];
  if (!plot) return null;
  const height = plot.bottom - plot.top;
  const width = plot.right - plot.left;
  const gap = (c: FoundBox): number => Math.min(Math.abs(c.left - plot.right), Math.abs(plot.left - c.right));
  const rows = (c: FoundBox): number => rowsBeside(c, plot);
  const near = boxes.labelColumn.filter((c) => gap(c) <= width * COLUMN_REACH && rows(c) > 0);
  const whole = near.filter((c) => rows(c) >= height * COLUMN_BESIDE_PLOT).sort((a, b) => gap(a) - gap(b))[0];
  const column = whole ? withinRows(whole, plot) : columnOfPieces(near, plot);
  const side = column && (column.left + column.right) / 2 < (plot.left + plot.right) / 2 ? 'left' : 'right';
  const midX = (plot.left + plot.right) / 2;
  const midY = (plot.top + plot.bottom) / 2;
  const chart =
    [...boxes.chart]
      .filter((c) => c.left <= midX && midX <= c.right && c.top <= midY && midY <= c.bottom)
      .sort(byWeight)[0] ?? null;
  return { chart, plot, column, side, lastTag: lastTagOn({ plot, column }, boxes.lastTag) };
}

/**
 * A column runs no further than its plot's rows: past them the net's blob has joined the column
 * of the chart stacked above or below (a phone's second chart) and the tags on it.
 */
function withinRows(column: FoundBox, plot: FoundBox): FoundBox {
  return { ...column, top: Math.max(column.top, plot.top), bottom: Math.min(column.bottom, plot.bottom) };
}

/**
 * The column the net marked in pieces along one side of the plot (labels, with the rows between
 * them missed): the pieces on the side they cover most, joined over the plot's rows.
 */
function columnOfPieces(near: FoundBox[], plot: FoundBox): FoundBox | null {
  const middle = (plot.left + plot.right) / 2;
  const sides = [near.filter((c) => c.left >= middle), near.filter((c) => c.right <= middle)];
  const cover = (pieces: FoundBox[]): number => pieces.reduce((sum, c) => sum + rowsBeside(c, plot), 0);
  const pieces = sides.sort((a, b) => cover(b) - cover(a))[0] ?? [];
  if (pieces.length === 0 || cover(pieces) < (plot.bottom - plot.top) * PIECES_BESIDE_PLOT) return null;
  return {
    left: Math.min(...pieces.map((c) => c.left)),
    top: plot.top,
    right: Math.max(...pieces.map((c) => c.right)),
    bottom: plot.bottom,
    score: Math.min(...pieces.map((c) => c.score)),
  };
}

/**
 * The last-price tag among `tags`: a filled box (a mark without a fill is a label or a tag the
 * net imagined: on the tuning renders every such pick was wrong), on the column, within the
 * plot's rows (or just past them); the surest of them.
 */
export function lastTagOn(
  { plot, column }: { plot: FoundBox; column: FoundBox | null },
  tags: FoundBox[],
): FoundBox | null {
  if (!column) return null;
  const reach = (plot.bottom - plot.top) * TAG_PAST_PLOT;
  return (
    tags
      .filter((t) => t.filled === true)
      .filter((t) => overlap(t.left, t.right, column.left, column.right) >= (t.right - t.left) * TAG_ON_COLUMN)
      .filter((t) => {
        const mid = (t.top + t.bottom) / 2;
        return mid >= plot.top - reach && mid <= plot.bottom + reach;
      })
      .sort((a, b) => b.score - a.score)[0] ?? null
  );
}
