/**
 * The price pane's rows: the separator lines between panes (which split the label column when
 * a volume or indicator pane prints its own scale), and where the time axis begins when its
 * border is not a full-width line.
 */
import type { Word } from '../components.js';
import { dominantColour, rgbAt, type Box, type Raster, type Rgb } from '../raster.js';
import { standsOut, stripRowFilled } from './ink.js';
import {
  LINE_CONTRAST,
  MAX_LABEL_GAP,
  MAX_STRAYS,
  MIN_AXIS_LABELS,
  MIN_PANE_LABELS,
  SAME_INK_CHROMA,
  SAME_INK_LUMA,
  SEPARATOR_AGREEMENT,
  SEPARATOR_AXIS_MAX_GAP,
  SEPARATOR_BLEND,
  SEPARATOR_BOX_FILL,
  SEPARATOR_BOX_OFFSET,
  SEPARATOR_END_GAP,
  SEPARATOR_MAX_GAP,
  SEPARATOR_MIN_SPAN,
  SEPARATOR_SAMPLES,
  TIME_AXIS_GAP,
  TIME_BORDER_MAX_GAP,
  TIME_BORDER_REACH,
  TIME_LABEL_SHORTER,
  TIME_LABEL_SLACK_PX,
  TIME_LABEL_TALLER,
  TIME_LABELS_APART,
  TIME_LABELS_REACH,
  TIME_ROW_PX,
  TIME_WORD_MIN_GLYPHS,
  TIME_WORD_MIN_WIDTH,
} from './params.js';
import { medianLabelHeight } from './words.js';

/**
 * Same ink as JPEG keeps it: brightness at full resolution, colour (chroma) at half resolution
 * and coarser, so a one-pixel line over coloured bars keeps its brightness but takes on some
 * of their hue. Brightness is compared tightly, chroma loosely.
 */
function sameInk(a: Rgb, b: Rgb): boolean {
  const dr = a[0] - b[0];
  const dg = a[1] - b[1];
  const db = a[2] - b[2];
  const dy = 0.299 * dr + 0.587 * dg + 0.114 * db;
  const dcb = -0.169 * dr - 0.331 * dg + 0.5 * db;
  const dcr = 0.5 * dr - 0.419 * dg - 0.081 * db;
  return Math.abs(dy) < SAME_INK_LUMA && Math.sqrt(dcb * dcb + dcr * dcr) < SAME_INK_CHROMA;
}

/**
 * An axis prints its labels at even steps (a tag or two may hide some): one or two words at the
 * column's top or foot, more than MAX_LABEL_GAP steps from the rest, are another thing's (a
 * table's header under a window's chart, a panel's number above it). Labels the word search
 * missed leave larger gaps inside the column too; those parts stay together.
 */
function withoutStrays(labels: Word[]): Word[] {
  if (labels.length <= MIN_AXIS_LABELS) return labels;
  const centre = (w: Word): number => (w.top + w.bottom) / 2;
  const gaps = labels.slice(1).map((w, i) => centre(w) - centre(labels[i]!));
  // The labels' step: the lower quartile of the gaps, which the strays' gaps and those of
  // labels the search missed do not reach.
  const step = [...gaps].sort((a, b) => a - b)[gaps.length >> 2] ?? 0;
  const far = (g: number): boolean => step > 0 && g > step * MAX_LABEL_GAP;
  let first = 0;
  for (let k = 1; k <= MAX_STRAYS; k++) if (far(gaps[k - 1]!) && labels.length - k >= MIN_AXIS_LABELS) first = k;
  let last = labels.length;
  for (let k = 1; k <= MAX_STRAYS; k++) {
    if (far(gaps[gaps.length - k]!) && labels.length - k - first >= MIN_AXIS_LABELS) last = labels.length - k;
  }
  return labels.slice(first, last);
}

/**
 * Where a line in row `y` through the axis's strip begins, walking left from the strip in its ink
 * (`ink`, its colour at the axis): at the first gap of SEPARATOR_END_GAP columns in other colours
 * (0 when it runs to the picture's edge).
 */
function lineStart(r: Raster, strip: Box, y: number, ink: Rgb): number {
  const gap = Math.max(2, Math.round(r.width * SEPARATOR_END_GAP));
  let start = strip.left;
  for (let x = strip.left - 1; x >= 0 && start - x <= gap; x--) if (sameInk(rgbAt(r, x, y), ink)) start = x;
  return start;
}

/**
 * Whether the line `line` in row `y` is the edge of the filled box whose row `boxRow` is: in the
 * box's fill on most of its columns, or between the fill and the background `bg` in every channel
 * (an antialiased edge, half box and half background).
 */
function boxEdge(r: Raster, strip: Box, boxRow: number, line: Rgb, bg: Rgb): boolean {
  let same = 0;
  const counts = new Map<number, { n: number; c: Rgb }>();
  let fill: { n: number; c: Rgb } = { n: 0, c: line };
  for (let x = strip.left; x < strip.right; x++) {
    const c = rgbAt(r, x, boxRow);
    if (sameInk(c, line)) same++;
    const key = ((c[0] >> 3) << 10) | ((c[1] >> 3) << 5) | (c[2] >> 3);
    const entry = counts.get(key) ?? { n: 0, c };
    entry.n++;
    counts.set(key, entry);
    if (entry.n > fill.n) fill = entry;
  }
  if (same >= (strip.right - strip.left) * SEPARATOR_BOX_FILL * SEPARATOR_AGREEMENT) return true;
  return line.every(
    (v, k) =>
      v >= Math.min(fill.c[k]!, bg[k]!) - SEPARATOR_BLEND && v <= Math.max(fill.c[k]!, bg[k]!) + SEPARATOR_BLEND,
  );
}

/** The price pane's labels, and how many panes with a scale of their own share its column. */
export interface LabelledPanes {
  labels: Word[];
  panes: number;
  /** The topmost pane's labels, when the column is split into panes (every platform puts the price pane first). */
  top?: Word[];
}

/**
 * Whether row `y` is a pane separator: one line in one colour across plot and axis (pane
 * borders, the time-axis border). A grid line that happens to meet a price tag in the axis is
 * not: where a separator crosses the axis it is a thin line, a tag is a filled box.
 */
function isSeparator(r: Raster, bg: Rgb, strip: Box, y: number): boolean {
  const base = y * r.width;
  const axisX = Math.round((strip.left + strip.right) / 2);
  if (!standsOut(r, bg, base + axisX, LINE_CONTRAST)) return false;
  // An axis on the right: the line runs from the plot's left end, which a terminal's panels can
  // stand beside. On the left, the row as a whole.
  const right = strip.left > r.width - strip.right;
  const start = right ? lineStart(r, strip, y, rgbAt(r, axisX, y)) : 0;
  if (r.width - start < r.width * SEPARATOR_MIN_SPAN) return false;
  // At least 95% of the row from there is line: give up as soon as more than 5% is background.
  let off = 0;
  const span = r.width - start;
  for (let x = start; x < r.width && off <= span * SEPARATOR_MAX_GAP; x++)
    if (!standsOut(r, bg, base + x, LINE_CONTRAST)) off++;
  if (off > span * SEPARATOR_MAX_GAP) return false;
  // The axis is a small share of the row, so it is checked on its own: a separator runs across
  // it, where a grid line meeting a half-hidden label only touches a glyph or two.
  let axisOff = 0;
  for (let x = strip.left; x < strip.right; x++) if (!standsOut(r, bg, base + x, LINE_CONTRAST)) axisOff++;
  if (axisOff > (strip.right - strip.left) * SEPARATOR_AXIS_MAX_GAP) return false;

  const at = (x: number): Rgb => rgbAt(r, Math.min(r.width - 1, Math.max(0, Math.round(x))), y);
  const sampleX = (k: number): number => Math.round(start + ((strip.left - start) * (k + 0.5)) / SEPARATOR_SAMPLES);
  const acrossAt = (k: number, yy: number): Rgb => rgbAt(r, Math.min(r.width - 1, sampleX(k)), yy);
  const across = Array.from({ length: SEPARATOR_SAMPLES }, (_, k) => acrossAt(k, y));
  const axis = at(axisX);
  // Three rows off a one- or two-pixel line the axis is background or label text again; beside
  // the edge of a filled box (a price tag, a crosshair label) it is mostly fill. A line through a
  // box, or one in the box's own fill (its edge, met by a grid line), is no separator; one in
  // another ink under a box is: MetaTrader pins the tag of a bar out of view to the pane's foot.
  const boxes = [y - SEPARATOR_BOX_OFFSET, y + SEPARATOR_BOX_OFFSET].filter((yy) => stripRowFilled(r, bg, strip, yy));
  if (boxes.length === 2 || boxes.some((yy) => boxEdge(r, strip, yy, axis, bg))) return false;
  const samples = [...across, axis, at(r.width - 2)];
  // The line's colour is the sample most others agree with; a candle or bar lying on the
  // line may spoil a sample or two.
  const agreeing = (c: Rgb): number => samples.filter((o) => sameInk(c, o)).length;
  const ref = samples.reduce((best, c) => (agreeing(c) > agreeing(best) ? c : best), axis);
  if (!sameInk(axis, ref) || agreeing(ref) < samples.length * SEPARATOR_AGREEMENT) return false;
  // Beside a box, a line, not the edge of a band in its ink (a zone's fill across the plot
  // meeting a tag): the rows on its other side are not the line's ink.
  const away = boxes.length === 1 ? 2 * y - boxes[0]! : -1;
  return (
    away < 0 ||
    away >= r.height ||
    across.filter((c, k) => sameInk(c, acrossAt(k, away))).length < across.length * SEPARATOR_AGREEMENT
  );
}

/**
 * The axis's own background, which its separators are drawn on: the commonest colour of its
 * strip, or the picture's where the strip is empty. A whole terminal's chart is painted in
 * another colour than the window round it.
 */
function axisBackground(r: Raster, pictureBg: Rgb, strip: Box): Rgb {
  if (strip.right <= strip.left || strip.bottom <= strip.top) return pictureBg;
  return dominantColour(r, strip);
}

/**
 * A volume or indicator pane under (or over) the price pane has its own labels in the same
 * column; a separator line between two labels splits the column, and the tallest part is the
 * price pane's. A part's height runs between the separators around it (the top part's from the
 * picture's top, the bottom part's to its last label, where none bounds it): the price pane's
 * labels can span fewer rows than a sub-window's where tags hide most of them (a phone's chart
 * over RSI and MACD panes, each printing three or four).
 */
export function mainPaneLabels(r: Raster, pictureBg: Rgb, labels: Word[], strip: Box): LabelledPanes {
  const bg = axisBackground(r, pictureBg, strip);
  const groups: Word[][] = [[]];
  // The separator rows between the groups: separators[i] ends group i.
  const separators: number[] = [];
  for (const [i, label] of labels.entries()) {
    const prev = labels[i - 1];
    if (prev) {
      for (let y = prev.bottom + 1; y < label.top; y++) {
        if (isSeparator(r, bg, strip, y)) {
          groups.push([]);
          separators.push(y);
          break;
        }
      }
    }
    groups[groups.length - 1]!.push(label);
  }
  for (const [i, g] of groups.entries()) groups[i] = withoutStrays(g);
  const extent = (g: Word[]): number => (g.length ? g[g.length - 1]!.bottom - g[0]!.top : -1);
  // The top part's pane starts at the separator above it, else at the picture's top: the price
  // pane's labels start some way under its top edge, a sub-window's right under its separator.
  const above = paneTop(r, bg, strip, labels[0]?.top ?? 0);
  const height = (g: Word[], i: number): number =>
    g.length ? (separators[i] ?? g[g.length - 1]!.bottom) - (separators[i - 1] ?? above) : -1;
  // Parts with a scale of their own (two labels or more) by their panes' heights; else by extent.
  // The top part with one label in view is weighed too (the price pane's others under tags):
  // as the tallest, it leaves the column without a scale until its tags are read (`withPaneTags`).
  const top = groups.findIndex((g) => g.length > 0);
  const scaled = groups
    .map((g, i) => ({ g, h: height(g, i) }))
    .filter(({ g }, i) => g.length >= MIN_PANE_LABELS || (i === top && g.length > 0));
  return {
    labels: scaled.length
      ? scaled.reduce((best, p) => (p.h > best.h ? p : best)).g
      : groups.reduce((best, g) => (extent(g) > extent(best) ? g : best)),
    // A pane with a scale of its own prints two labels at least.
    panes: Math.max(1, groups.filter((g) => g.length >= MIN_PANE_LABELS).length),
    top: groups[top],
  };
}

/** The row under the nearest separator above row `from` (`bg`: the axis's own background), else 0. */
function paneTop(r: Raster, bg: Rgb, strip: Box, from: number): number {
  for (let y = from - 1; y >= 0; y--) if (isSeparator(r, bg, strip, y)) return y + 1;
  return 0;
}

/**
 * The price pane's rows: between the nearest separator lines above and below the labels, else
 * the whole height.
 */
export function paneRows(r: Raster, pictureBg: Rgb, strip: Box): { top: number; bottom: number } {
  const bg = axisBackground(r, pictureBg, strip);
  const top = paneTop(r, bg, strip, strip.top);
  let bottom = r.height;
  for (let y = strip.bottom; y < r.height; y++) {
    if (isSeparator(r, bg, strip, y)) {
      bottom = y;
      break;
    }
  }
  return { top, bottom };
}

/**
 * Where the time axis begins under the pane, when its border is not a full-width line (some
 * platforms stop it at the price axis, or draw none). The time labels are a row of words in
 * the price labels' font, below the lowest price label read and within three label spacings
 * of it (the lowest labels can be hidden behind a price tag or a crosshair label); the pane
 * ends at the lowest line across the plot above them, else a little above them.
 */
export function timeAxisTop(
  r: Raster,
  bg: Rgb,
  labels: Word[],
  words: Word[],
  strip: Box,
  columns: { from: number; to: number },
): number | null {
  const labelH = medianLabelHeight(labels);
  const centres = labels.map((w) => (w.top + w.bottom) / 2);
  const spacing = (centres[centres.length - 1]! - centres[0]!) / Math.max(1, centres.length - 1);
  const candidates = words.filter(
    (w) =>
      w.top >= strip.bottom &&
      w.top <= strip.bottom + TIME_LABELS_REACH * spacing + labelH &&
      // The latest time label, centred on the last bars, can run on under the price axis.
      w.left < columns.to &&
      w.left >= columns.from &&
      // Month names descend below the line ('Jun', 'May'), digits do not.
      w.bottom - w.top + 1 >= labelH - Math.max(TIME_LABEL_SLACK_PX, labelH * TIME_LABEL_SHORTER) &&
      w.bottom - w.top + 1 <= labelH + Math.max(TIME_LABEL_SLACK_PX, labelH * TIME_LABEL_TALLER),
  );
  // Time labels can be short ('14', 'Jan'), and bold digits may touch: two glyphs, or one
  // blob wider than a digit, make a word here. A day's number ('9') can be a single glyph.
  const isWord = (w: Word): boolean =>
    w.glyphs >= TIME_WORD_MIN_GLYPHS || w.right - w.left + 1 >= (w.bottom - w.top + 1) * TIME_WORD_MIN_WIDTH;
  // The topmost row holding a word and another label well apart (a lone word may be anything;
  // time labels are spread along the axis).
  candidates.sort((a, b) => a.top - b.top);
  const row = candidates.find(
    (w) =>
      isWord(w) &&
      candidates.some(
        (o) =>
          o !== w && Math.abs(o.top - w.top) <= TIME_ROW_PX && Math.abs(o.left - w.left) >= labelH * TIME_LABELS_APART,
      ),
  );
  if (!row) return null;

  const isLine = (y: number): boolean => {
    const span = columns.to - columns.from;
    let off = 0;
    const base = y * r.width;
    for (let x = columns.from; x < columns.to && off <= span * TIME_BORDER_MAX_GAP; x++)
      if (!standsOut(r, bg, base + x, LINE_CONTRAST)) off++;
    return off <= span * TIME_BORDER_MAX_GAP;
  };
  // The border sits just above the labels; a line further up is a grid line inside the pane.
  const gap = Math.round(labelH * TIME_AXIS_GAP);
  for (let y = row.top - 1; y >= Math.max(strip.bottom, row.top - labelH * TIME_BORDER_REACH); y--)
    if (isLine(y)) return y;
  return Math.max(strip.bottom, row.top - gap);
}
