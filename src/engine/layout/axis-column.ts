/**
 * Which column of words is the price axis: label columns that are a table's (a watchlist, a
 * quote table) are passed over, a label's detached leading or trailing digits are joined to it,
 * and the price pane's labels are kept where other panes print a scale in the same column.
 */
import type { Word } from '../components.js';
import type { Raster, Rgb } from '../raster.js';
import { mainPaneLabels, paneRows, type LabelledPanes } from './panes.js';
import {
  DETACHED_MAX_GAP,
  DETACHED_MAX_HEIGHT,
  DETACHED_MAX_PARTS,
  DETACHED_MAX_WIDTH,
  DETACHED_MIN_HEIGHT,
  DETACHED_TOP,
  LABEL_MAX_WIDTH,
  MAX_TABLE_COLUMNS,
  MIN_AXIS_LABELS,
  TABLE_CELL_MAX_HEIGHT,
  TABLE_CELL_MIN_HEIGHT,
  TABLE_ROW_BASELINE,
  TABLE_ROW_REACH,
} from './params.js';
import { alignedColumn, inColumn, isNumberLike, medianLabelHeight, stripOf } from './words.js';
import { axisTags } from '../last-price/tags.js';

/**
 * The price axis among `words` (all the side's words in `all`): the first label column that is
 * no table's. A watchlist, a quote table or an order ticket sets its numbers beside other words
 * on the same rows (a symbol, a second price, a change); a price axis's labels stand alone on
 * theirs, with the plot on one side and the image's edge or a margin on the other. With `tags`,
 * a column of two labels takes the tags beside them as labels (`withTagLabels`).
 */
export function axisColumn(r: Raster, bg: Rgb, words: Word[], all: Word[], tags = false): LabelledPanes {
  let candidates = words;
  for (let k = 0; k < MAX_TABLE_COLUMNS; k++) {
    const found = paneColumn(r, bg, candidates, tags);
    // Tags read as labels have no row of their own: the words alone say whether it is a table's.
    const printed = found.labels.filter((w) => !w.tag);
    if (found.labels.length < MIN_AXIS_LABELS || !inTableRows(printed, all)) return found;
    const strip = stripOf(found.labels, r.width);
    candidates = candidates.filter((w) => !inColumn(w, [strip]));
  }
  return { labels: [], panes: 0 };
}

/**
 * Whether most of `labels` have another word on their baseline within six label heights: the cells
 * of a table's row. Words overlapping a label (its own detached digits) do not count.
 */
export function inTableRows(labels: Word[], words: Word[]): boolean {
  const h = medianLabelHeight(labels);
  const rowMate = (label: Word): boolean =>
    words.some((w) => {
      if (w.right >= label.left - 1 && w.left <= label.right + 1) return false;
      // Cells of a row share its baseline; a word that only overlaps the label's row (a
      // watchlist's row beside the axis, at its own pitch) does not.
      if (Math.abs(w.bottom - label.bottom) > Math.max(1, h * TABLE_ROW_BASELINE)) return false;
      const gap = w.left > label.right ? w.left - label.right : label.left - w.right;
      // Text of about the labels' size: not a tick, a dot of noise or a dash of the grid.
      const height = w.bottom - w.top + 1;
      return gap <= h * TABLE_ROW_REACH && height >= h * TABLE_CELL_MIN_HEIGHT && height <= h * TABLE_CELL_MAX_HEIGHT;
    });
  return labels.filter(rowMate).length > labels.length / 2;
}

/**
 * The price pane's labels among `words`: the column of number-like words aligned on their left
 * edges, or on their right, with the larger price pane. A volume pane's labels ('800', '1000')
 * can share the price labels' left edge and outnumber the price labels that do (others lost a
 * detached '0.'); the separator between the panes then leaves few of them on the price side.
 */
function paneColumn(r: Raster, bg: Rgb, words: Word[], tags: boolean): LabelledPanes {
  const numbers = words.filter(isNumberLike);
  let best: LabelledPanes = { labels: [], panes: 0 };
  for (const edge of ['left', 'right'] as const) {
    const column = alignedColumn(numbers, [edge]);
    const aligned = tags && column.length === MIN_AXIS_LABELS - 1 ? withTagLabels(r, bg, column) : column;
    if (aligned.length < MIN_AXIS_LABELS) continue;
    const joined = aligned.map((l) => withDetachedDigits(l, words));
    const found = withPaneTags(
      r,
      bg,
      mainPaneLabels(r, bg, joined, stripOf(joined, r.width)),
      tags && joined.length > 2,
    );
    // On a tie the right edges: price labels are set flush right.
    if (found.labels.length >= best.labels.length) best = found;
  }
  return best;
}

/**
 * The price pane's two labels with the tags beside them in the pane's rows, where sub-windows
 * under it print scales of their own in the column (a phone's chart over RSI and MACD panes, its
 * other labels hidden by tags): the scale must run through the labels and the tags alike.
 */
function withPaneTags(r: Raster, bg: Rgb, found: LabelledPanes, tags: boolean): LabelledPanes {
  if (!tags || found.labels.length >= MIN_AXIS_LABELS) return found;
  // The price pane is the top one: where sub-windows under it print more labels than its own (a
  // phone's chart over three indicator panes, its labels hidden by the bid's and orders' tags
  // but one), its label and the tags in its rows are the scale.
  const top = found.top;
  if (top && top !== found.labels && top.length < MIN_AXIS_LABELS) {
    const withTags = withTagLabels(r, bg, top, paneRows(r, bg, stripOf(top, r.width)));
    if (withTags.length >= MIN_AXIS_LABELS) return { ...found, labels: withTags };
  }
  if (found.labels.length === 0) return found;
  const rows = paneRows(r, bg, stripOf(found.labels, r.width));
  return { ...found, labels: withTagLabels(r, bg, found.labels, rows) };
}

/**
 * Two labels in view and tags on the axis beside them: a phone's axis prints few labels, and the
 * bid tag and an order's tags hide others. A tag prints its price at its own row, as a label
 * does, so each tag clear of the labels' rows is read as one more label (at its price's line);
 * the scale must then run through the labels and the tags alike (three prices on one line).
 * Other columns are kept as they are. Only on the right, where platforms stand their tags: a
 * window's left edge holds toolbars of boxed icons.
 */
export function withTagLabels(
  r: Raster,
  bg: Rgb,
  aligned: Word[],
  rows: { top: number; bottom: number } = { top: 0, bottom: r.height },
): Word[] {
  if (aligned.length === 0 || aligned.length >= MIN_AXIS_LABELS) return aligned;
  const h = medianLabelHeight(aligned);
  const strip = { ...stripOf(aligned, r.width), top: 0, bottom: r.height };
  const left = Math.min(...aligned.map((w) => w.left));
  const right = Math.max(...aligned.map((w) => w.right));
  const glyphs = Math.min(...aligned.map((w) => w.glyphs));
  const clear = (y: number) => aligned.every((w) => y < w.top - h || y > w.bottom + h);
  const tags: Word[] = axisTags(r, bg, strip, rows.top, rows.bottom, h)
    .filter((t) => clear(t.y))
    .map((t) => {
      const top = Math.round(t.y - h / 2);
      return { left, right, top, bottom: top + Math.round(h) - 1, pixels: 0, glyphs, tag: true };
    });
  return [...aligned, ...tags].sort((a, b) => a.top - b.top);
}

/**
 * A label's leading '0' or '2,', a thousands group, or its decimals after the point can stand
 * further from its other digits than words allow: a monospaced dot or comma is as wide as a
 * digit, and a faint or small one is lost, leaving a gap of two digits ('0' and '8610'; '192' and
 * '300' at 6 px; '2' ',036' '.' '00'). Words of the label's cap height within that gap before
 * or after it are part of it, as long as the whole stays as long as a label can be.
 */
export function withDetachedDigits(label: Word, words: Word[]): Word {
  const h = label.bottom - label.top + 1;
  const part = (w: Word): boolean =>
    Math.abs(w.top - label.top) <= Math.max(1, h * DETACHED_TOP) &&
    w.bottom - w.top + 1 <= h * DETACHED_MAX_HEIGHT &&
    w.bottom - w.top + 1 >= h * DETACHED_MIN_HEIGHT &&
    // A few digits and a separator: not a run of legend text.
    w.right - w.left + 1 <= h * DETACHED_MAX_WIDTH;
  let joined = label;
  for (let k = 0; k < DETACHED_MAX_PARTS; k++) {
    const next = words.find(
      (w) =>
        part(w) &&
        ((w.right < joined.left && joined.left - w.right <= h * DETACHED_MAX_GAP) ||
          (w.left > joined.right && w.left - joined.right <= h * DETACHED_MAX_GAP)) &&
        Math.max(joined.right, w.right) - Math.min(joined.left, w.left) + 1 <= h * LABEL_MAX_WIDTH,
    );
    if (!next) break;
    joined = {
      ...joined,
      left: Math.min(joined.left, next.left),
      right: Math.max(joined.right, next.right),
      pixels: joined.pixels + next.pixels,
      glyphs: joined.glyphs + next.glyphs,
    };
  }
  return joined;
}
