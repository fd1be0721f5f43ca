/**
 * The axis stage's entry: the label column the layout found → the labels read (OCR) → a fitted
 * pixel → price scale, with the repairs for labels misread alike, or the rule that says the
 * column is no price axis. `readAxis` starts OCR on its worker and returns at once, so the bars
 * stage runs while the labels are read.
 */
import { labelPitch, type Layout } from '../layout/index.js';
import type { Box, Raster } from '../raster.js';
import type { RefusalRule } from '../errors.js';
import type { Weighed } from '../../shared/engine-trace.js';
import { readLabels } from './ocr.js';
import {
  BELOW_ZERO_STEPS,
  CROP_PAD,
  GLYPH_REPAIR_DIGITS,
  LATTICE_SLACK,
  MAX_LABELS,
  MIN_FALLING,
  MIN_INLIERS,
  MIN_PRINTED,
  ON_LINE_MIN_PX,
  ON_LINE_TOLERANCE,
  ON_STEP_ONE_IN,
  OSCILLATOR_LEVELS,
  PRINTED_ALIKE,
  WIDE_WORD,
  ZERO_MISREADS,
} from './params.js';
import {
  fitScale,
  parseLabel,
  repairDecimals,
  upperScale,
  zeroReadAs,
  type ParsedLabel,
  type ScaleFit,
} from './scale.js';

export interface AxisInput {
  full: Raster;
  layout: Layout;
  /** Full-image pixels per work pixel. */
  f: number;
}

export interface LabelRead {
  /** Row of the label's centre, full-image pixels. */
  y: number;
  text: string;
}

export interface AxisReading {
  /** The line through the labels, in full-image rows; null when they make none. */
  fit: ScaleFit | null;
  read: LabelRead[];
  /** The OCR crops of the labels read, in the order of `read`. */
  boxes: Box[];
  /** How many of the labels read parse as numbers. */
  parsed: number;
  /** Median distance between neighbouring labels, full-image pixels. */
  pitch: number;
  /** Median height of the labels' glyphs, full-image pixels (the chart's text size). */
  textHeight: number;
}

export function fallingShare(labels: { y: number; value: number }[]): number {
  const sorted = [...labels].sort((a, b) => a.y - b.y);
  if (sorted.length < 2) return 1;
  const falling = sorted.slice(1).filter((l, i) => l.value < (sorted[i]?.value ?? l.value)).length;
  return falling / (sorted.length - 1);
}

/**
 * A price axis puts most of its labels on one line; three numbers of a watchlist's column or a
 * table's can fall on a line by chance, off any round step, while the rest scatter. On the steps
 * too, a line through only three labels among more than twice as many, or through under a third
 * of them, is OCR's: labels misread alike (a phone's or a small JPEG's blurred digits). A small
 * JPEG read right can keep six of thirteen on its line. Why the line is no axis, or null.
 */
export function minorityOnLine(fit: Pick<ScaleFit, 'inliers' | 'onStep'>, parsed: number): string | null {
  const n = fit.inliers.length;
  const few = n * 2 < parsed && (!fit.onStep || n <= MIN_INLIERS || n * ON_STEP_ONE_IN < parsed);
  return few ? `${n} of ${parsed} labels on a line, ${fit.onStep ? 'on' : 'off'} the steps` : null;
}

/** Whether nearly all labels read have one form (digits and decimals): read cleanly, not half-misread. */
function printedAlike(read: { text: string }[]): boolean {
  const forms = new Map<string, number>();
  const texts = read.map((l) => l.text).filter((t) => t.trim() !== '');
  if (texts.length < MIN_PRINTED) return false;
  for (const text of texts) {
    const form = text.replace(/\d/g, '9');
    forms.set(form, (forms.get(form) ?? 0) + 1);
  }
  return Math.max(0, ...forms.values()) >= texts.length * PRINTED_ALIKE;
}

/** Keeps at most `n` labels spread over the axis; more do not improve the fit, only cost OCR time. */
function spreadPick<T>(items: T[], n: number): T[] {
  if (items.length <= n) return items;
  return Array.from({ length: n }, (_, k) => items[Math.round((k * (items.length - 1)) / (n - 1))]).filter(
    (x): x is T => x !== undefined,
  );
}

/**
 * The OCR crop of a label, in full-image pixels (`f` = full / work), padded a little. Every
 * crop spans the whole label column: a label's leading '0.' or '2,' can stand apart from its
 * other digits (a monospaced dot is as wide as a digit, and a JPEG can fade it), and a label
 * found without it would be read as a different number.
 */
export function labelCrop(column: Box[], f: number, full: { width: number; height: number }): (label: Box) => Box {
  const pad = Math.max(CROP_PAD, Math.round(CROP_PAD * f));
  // A word far wider than a label (legend text run into one) does not widen the column.
  const widths = column.map((w) => w.right - w.left).sort((a, b) => a - b);
  const typical = widths[widths.length >> 1] ?? 0;
  const labels = column.filter((w) => w.right - w.left <= typical * WIDE_WORD);
  const left = Math.min(...labels.map((w) => w.left));
  const right = Math.max(...labels.map((w) => w.right));
  return (label) => ({
    left: Math.max(0, Math.floor(left * f) - pad),
    top: Math.max(0, Math.floor(label.top * f) - pad),
    right: Math.min(full.width, Math.ceil((right + 1) * f) + pad),
    bottom: Math.min(full.height, Math.ceil((label.bottom + 1) * f) + pad),
  });
}

/** The price at a work-image row: its pixel centre maps to a full-image row, then the fitted line. */
export const priceAtRow =
  (fit: Pick<ScaleFit, 'slope' | 'intercept'>, f: number) =>
  (y: number): number =>
    fit.slope * ((y + 0.5) * f - 0.5) + fit.intercept;

/** A fit off the steps, or through a minority of the labels, is weak: more labels and the repairs may make it whole. */
const weak = (line: ScaleFit | null, read: LabelRead[]): boolean =>
  !line?.onStep || minorityOnLine(line, repairDecimals(read).length) !== null;

/**
 * Starts OCR on a spread of the column's labels and returns the reading's promise: its fit,
 * with the rest of the column read and zeros misread alike repaired while the fit is weak.
 */
export function readAxis({ full, layout, f }: AxisInput): Promise<AxisReading> {
  const labels = spreadPick(layout.axis.labels, MAX_LABELS);
  const boxOf = labelCrop(layout.axis.labels, f, full);
  const boxes = labels.map(boxOf);
  const pending = readLabels(full, boxes);
  const cropHeight = (boxes[0]?.bottom ?? 0) - (boxes[0]?.top ?? 0);
  const tolerance = Math.max(ON_LINE_MIN_PX, cropHeight * ON_LINE_TOLERANCE);
  const pitch = labelPitch(layout.axis.labels) * f;
  const heights = layout.axis.labels.map((l) => l.bottom + 1 - l.top).sort((a, b) => a - b);
  const textHeight = (heights[heights.length >> 1] ?? 0) * f;
  const fitAxis = (parsed: ParsedLabel[]) => upperScale(parsed, tolerance, pitch) ?? fitScale(parsed, tolerance, pitch);
  const rest = layout.axis.labels.filter((l) => !labels.includes(l)).map(boxOf);
  return pending.then(async (texts) => {
    const read = boxes.map((b, i) => ({ y: (b.top + b.bottom) / 2, text: texts[i] ?? '' }));
    let fit = fitAxis(repairDecimals(read));
    // The line is off the round steps, or through a minority of the labels: OCR may have misread
    // most of them the same way (MetaTrader's labels, a pitch apart whatever the price, are off
    // the steps read right). The rest of the axis gives the labels read right the majority.
    if (weak(fit, read) && rest.length > 0) {
      const moreTexts = await readLabels(full, rest);
      read.push(...rest.map((b, i) => ({ y: (b.top + b.bottom) / 2, text: moreTexts[i] ?? '' })));
      boxes.push(...rest);
      fit = fitAxis(repairDecimals(read)) ?? fit;
    }
    fit = repairZeros(fit, read, fitAxis);
    fit = repairGlyph(fit, read, fitAxis, pitch);
    return { fit, read, boxes, parsed: repairDecimals(read).length, pitch, textHeight };
  });
}

/** Still weak: a zero read as 6 (or as 6 and 8) at one place in every label. */
function repairZeros(
  start: ScaleFit | null,
  read: LabelRead[],
  fitAxis: (parsed: ParsedLabel[]) => ScaleFit | null,
): ScaleFit | null {
  let fit = start;
  const longest = Math.max(0, ...read.map((l) => l.text.length));
  for (const misreads of ZERO_MISREADS) {
    for (let k = 0; fit && weak(fit, read) && k < longest; k++) {
      const repaired = fitAxis(repairDecimals(zeroReadAs(read, k, misreads)));
      // A line already on the steps gives way to one through more labels only.
      const more = fit.onStep
        ? repaired && repaired.inliers.length > fit.inliers.length
        : repaired && repaired.inliers.length >= fit.inliers.length;
      if (repaired?.onStep && more) fit = repaired;
    }
  }
  return fit;
}

/**
 * Still no line on the round steps through most labels: a tag drawn over a label (the bid's box
 * over its top) makes OCR misread one glyph of it ("7035.00" for 2035.00), and a phone's axis
 * prints too few labels to leave it out. Two labels give the scale's step per label pitch; where
 * every other label parsed reads as the price the step puts at its row but one, on that pitch's
 * lattice, that reads so but for one digit, it is that price. The line through them is taken
 * where it sits on the round steps and through every label parsed: one misread among few, not a
 * column read badly (that is read again, at twice the size).
 */
export function repairGlyph(
  start: ScaleFit | null,
  read: LabelRead[],
  fitAxis: (parsed: ParsedLabel[]) => ScaleFit | null,
  pitch: number,
): ScaleFit | null {
  if ((start && !weak(start, read)) || pitch <= 0) return start;
  const digits = (text: string): string => text.replace(/\D/g, '');
  const labels = read.flatMap((l, i) => {
    const p = parseLabel(l.text);
    return p ? [{ ...l, ...p, i }] : [];
  });
  for (const a of labels) {
    for (const b of labels) {
      const pitches = Math.round((b.y - a.y) / pitch);
      if (pitches <= 0 || Math.abs(b.y - a.y - pitches * pitch) > pitch * LATTICE_SLACK) continue;
      const step = (b.value - a.value) / pitches;
      // The price the step puts at a label's row, where it stands on the lattice.
      const priceAt = (y: number): string | null => {
        const n = Math.round((y - a.y) / pitch);
        return Math.abs(y - a.y - n * pitch) > pitch * LATTICE_SLACK ? null : (a.value + n * step).toFixed(a.decimals);
      };
      // Every label parsed but one reads as its price: that one is the candidate.
      const misfits = labels.filter((c) => digits(c.text) !== digits(priceAt(c.y) ?? ''));
      const c = misfits.length === 1 ? misfits[0]! : undefined;
      const price = c && priceAt(c.y);
      if (!c || !price) continue;
      const [said, there] = [digits(c.text), digits(price)];
      const off = [...said].filter((d, i) => d !== there[i]).length;
      if (said.length !== there.length || said.length < GLYPH_REPAIR_DIGITS || off !== 1) continue;
      const again = fitAxis(repairDecimals(read.map((l, i) => (i === c.i ? { ...l, text: price } : l))));
      if (again?.onStep && again.inliers.length === labels.length) return again;
    }
  }
  return start;
}

/**
 * How many of the labels read stand where the fitted scale runs below zero (more than
 * BELOW_ZERO_STEPS of a label step): an account's balance or profit, an oscillator, whose minus
 * signs OCR does not read. A market's price axis stays above zero.
 */
export function labelsBelowZero({ fit, read, pitch }: AxisReading & { fit: ScaleFit }): number {
  const floor = -Math.abs(fit.slope) * pitch * BELOW_ZERO_STEPS;
  return read.filter((l) => parseLabel(l.text) !== null && fit.slope * l.y + fit.intercept < floor).length;
}

export interface AxisVerdict {
  rule: RefusalRule;
  weighed: Weighed;
}

/**
 * Whether the column read is no price axis, and under which rule. `series`: whether a series was
 * found beside it, and its quality; `clearSeries`: the quality a series needs to be a chart alone.
 */
export function judgeAxis(
  { fit, read, parsed }: AxisReading,
  series: { found: boolean; quality: number },
  clearSeries: number,
): AxisVerdict | null {
  // Counts only: what OCR read on a trader's picture is theirs, and a trace is kept and shown.
  const labels = read.length;
  // No series in the whole plot and no scale to seek one within: no chart, without a look at the
  // next column or at twice the size.
  if (!series.found && (!fit || minorityOnLine(fit, parsed)))
    return { rule: 'bars/no-series', weighed: { parsed, inliers: fit?.inliers.length ?? 0 } };
  // Words that read as no numbers at all (a column of symbols, of dates) were no axis.
  if (!fit && parsed < MIN_INLIERS) return { rule: 'axis/words-not-numbers', weighed: { parsed, read: labels } };
  if (!fit) {
    // Numbers that make no scale beside a series that is not clearly one: text, a table.
    if (series.quality < clearSeries)
      return { rule: 'axis/numbers-beside-no-series', weighed: { quality: series.quality, threshold: clearSeries } };
    // A clear series beside labels that cannot be read: its trend is still said (index.ts
    // withTrendSeen); at twice the size a page of text with numbers in it reads the same way,
    // and that refusal (axis/labels-too-small) says none.
    return { rule: 'axis/labels-unreadable', weighed: { parsed, read: labels } };
  }
  const inliers = fit.inliers.length;
  if (minorityOnLine(fit, parsed))
    return { rule: 'axis/minority-on-line', weighed: { inliers, parsed, onStep: fit.onStep } };
  // On the steps or not (a step of the labels' last digit puts every label on it), a minority of
  // labels on the line in a column of numbers all printed alike (OCR read them cleanly) that go
  // up and down is a table's.
  const falling = fallingShare(repairDecimals(read));
  if (inliers * 2 < parsed && falling < MIN_FALLING && printedAlike(read))
    return { rule: 'axis/table-column', weighed: { inliers, parsed, falling, threshold: MIN_FALLING } };
  // A sub-window's oscillator levels (100, 80, 20, 0) fit a line as well as prices do.
  if (oscillatorLevels(fit.inliers)) return { rule: 'axis/oscillator-levels', weighed: { inliers } };
  return null;
}

/**
 * Whether the labels are an oscillator's levels: three or more values, each one of
 * OSCILLATOR_LEVELS, on uneven steps (100, 80, 20, 0). A price axis prints its labels on one
 * even step, so a market priced between 0 and 100 prints 0, 20, 40 and so on, which stands.
 */
export function oscillatorLevels(labels: readonly { value: number }[]): boolean {
  const values = [...new Set(labels.map((l) => l.value))].sort((a, b) => a - b);
  if (values.length < MIN_INLIERS || !values.every((v) => OSCILLATOR_LEVELS.includes(v))) return false;
  const steps = values.slice(1).map((v, i) => v - (values[i] as number));
  return Math.max(...steps) > Math.min(...steps);
}
