/** Turns OCR'd axis labels into a pixel → price line, ignoring misreads and stray labels. */
import {
  MIN_INLIERS,
  MIN_ON_STEP,
  NICE_MULTIPLES,
  NICE_STEP_TOLERANCE,
  ON_STEP_TOLERANCE,
  OUTVOTE_MIN_LABELS,
  OUTVOTE_RATIO,
  PRINTED_UNITS,
  SUB_PIP_MIN_DECIMALS,
  SUB_PIP_MIN_LABELS,
} from './params.js';

export interface LabelReading {
  /** Vertical centre of the label in image pixels. */
  y: number;
  text: string;
}

export interface ParsedLabel {
  y: number;
  value: number;
  decimals: number;
}

export interface ScaleFit {
  slope: number;
  intercept: number;
  /** Decimals the chart prints its prices with. */
  precision: number;
  inliers: ParsedLabel[];
  /** Whether the inliers sit on the round step the labels' pitch gives (see fitScale). */
  onStep: boolean;
}

/**
 * '1.08500' → 1.085 (5 decimals); '2,034.50' → 2034.5; ',' alone is a decimal mark when it is not a
 * thousands group. A label that starts at its point ('.11485' of '1.11485', its whole part cut off
 * by the column's edge or lost by OCR) says no price: null (a speck read as a point before a
 * number that has its own point is dropped).
 */
export function parseLabel(text: string): { value: number; decimals: number } | null {
  if (/^[.,]\d+$/.test(text.trim())) return null;
  let t = text.trim().replace(/^[-.,]+|[-.,]+$/g, '');
  if (!/^\d[\d.,]*$/.test(t)) return null;
  if (t.includes('.') && t.includes(',')) t = t.replace(/,/g, '');
  else if (t.includes(',')) t = /^\d{1,3}(,\d{3})+$/.test(t) ? t.replace(/,/g, '') : t.replace(',', '.');
  if ((t.match(/\./g) ?? []).length > 1) return null;
  const value = Number(t);
  if (!Number.isFinite(value)) return null;
  const dot = t.indexOf('.');
  return { value, decimals: dot < 0 ? 0 : t.length - dot - 1 };
}

/**
 * A price printed beside the axis (a tag's, a label at its end), in `text`: one price with the
 * scale's decimals or more and as many digits before the point as a fitted label has; null for
 * anything else (words OCR ran together, '515051426' of two labels' digits).
 */
export function priceLike(fit: ScaleFit, text: string): { value: number; decimals: number } | null {
  const price = parseLabel(text);
  if (!price || price.decimals < fit.precision) return null;
  const whole = (value: number): number => String(Math.trunc(Math.abs(value))).length;
  return fit.inliers.some((l) => whole(l.value) === whole(price.value)) ? price : null;
}

/**
 * Tesseract can read a monospaced zero with a dot or slash in it as 6 at the same place in
 * every label of an axis (0.66400 as 0.66460), or as 6 on some labels and 8 on others (0.67800
 * as 0.67860, 0.67400 as 0.67480): the labels are then all off by about the same amount, and
 * their fit is a line off its round steps. The labels with one of `misreads` `fromRight`
 * characters from their end, read with a 0 there.
 */
export function zeroReadAs(
  labels: { y: number; text: string }[],
  fromRight: number,
  misreads = '6',
): { y: number; text: string }[] {
  return labels.map((l) => {
    const i = l.text.length - 1 - fromRight;
    const c = l.text[i];
    return c !== undefined && misreads.includes(c) ? { ...l, text: `${l.text.slice(0, i)}0${l.text.slice(i + 1)}` } : l;
  });
}

/**
 * OCR sometimes drops the decimal point ('108500' for '1.08500') or inserts a digit
 * ('1.086060' for '1.08000'). When most labels agree on a layout (digits before and after the
 * point), a label with the same digit count but no point gets the point put back, and a label
 * with more decimals than a clearly more common layout is dropped: an axis prints its labels
 * with the same decimals (some leave trailing zeros off, which gives fewer, never more). An axis
 * that prints a trailing zero after the point leaves none off: there a label without a point
 * whose digits are the common layout's whole part ('2000' beside '2040.00', '2020.00' misread)
 * lost its decimals and digits, and is dropped.
 */
export function repairDecimals(labels: { y: number; text: string }[]): ParsedLabel[] {
  const parsed = labels.flatMap((l) => {
    const p = parseLabel(l.text);
    return p ? [{ y: l.y, ...p, digits: l.text.replace(/\D/g, '').length }] : [];
  });
  const zerosPrinted = labels.some((l) => /[.,]\d*0\s*$/.test(l.text) && (parseLabel(l.text)?.decimals ?? 0) > 0);
  const layouts = new Map<string, number>();
  for (const p of parsed) {
    if (p.decimals === 0) continue;
    const key = `${p.digits}:${p.decimals}`;
    layouts.set(key, (layouts.get(key) ?? 0) + 1);
  }
  const common = [...layouts.entries()].sort((a, b) => b[1] - a[1])[0];
  const [digits, decimals] = common ? common[0].split(':').map(Number) : [];
  // A layout held by at least three labels and twice as many as the longer one: labels printed
  // without trailing zeros (1.3, 1.25, 1.2) stay, as their two layouts are about as common.
  const outvoted = (p: { digits: number; decimals: number }): boolean =>
    common !== undefined &&
    decimals !== undefined &&
    p.decimals > decimals &&
    common[1] >= OUTVOTE_MIN_LABELS &&
    common[1] >= OUTVOTE_RATIO * (layouts.get(`${p.digits}:${p.decimals}`) ?? 0);
  return subPipZero(
    parsed.flatMap((p) => {
      if (outvoted(p)) return [];
      if (!common || p.decimals !== 0) return [{ y: p.y, value: p.value, decimals: p.decimals }];
      if (digits === p.digits && decimals !== undefined) {
        return [{ y: p.y, value: p.value / 10 ** decimals, decimals }];
      }
      // The whole part as long as the common layout's: the same pane's price with digits lost (a
      // sub-window's numbers, on another scale, have another length and stay for their pane).
      if (zerosPrinted && decimals !== undefined && p.digits === digits - decimals) return [];
      return [{ y: p.y, value: p.value, decimals: p.decimals }];
    }),
  );
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * cTrader prints a price's last digit small and low ('1.3420' and a small '0'); OCR reads that
 * zero as any digit, the same on every label ('1.34209'). An axis's labels stand on whole steps:
 * when every label ends in the same digit, none stands on the step their differences make, and
 * all do with that digit a zero, it was a zero. (Labels that all end in 5 at a step of 5 stand
 * on none either way, and keep it.)
 */
export function subPipZero(labels: ParsedLabel[]): ParsedLabel[] {
  const d = labels[0]?.decimals ?? 0;
  if (labels.length < SUB_PIP_MIN_LABELS || d < SUB_PIP_MIN_DECIMALS || labels.some((l) => l.decimals !== d))
    return labels;
  const units = labels.map((l) => Math.round(l.value * 10 ** d));
  const digit = units[0]! % 10;
  if (digit === 0 || units.some((u) => u % 10 !== digit)) return labels;
  const step = units.reduce((g, u) => gcd(g, Math.abs(u - units[0]!)), 0);
  // cTrader's labels stand on round steps; MetaTrader's at steps of the chart's pixels (60
  // points) can all end in one digit and are left alone.
  if (step < 10 || niceStep(step / 10 ** d) === null) return labels;
  const zeroed = units.map((u) => u - digit);
  if (units.some((u) => u % step === 0) || zeroed.some((u) => u % step !== 0)) return labels;
  return labels.map((l, i) => ({ ...l, value: zeroed[i]! / 10 ** d }));
}

/** The step nearest `step` of 1, 2, 2.5 or 5 times a power of ten (within 8%), or null. */
export function niceStep(step: number): number | null {
  if (!(step > 0) || !Number.isFinite(step)) return null;
  const power = 10 ** Math.floor(Math.log10(step));
  for (const m of NICE_MULTIPLES) if (Math.abs(step - m * power) <= m * power * NICE_STEP_TOLERANCE) return m * power;
  return null;
}

/**
 * Whether the labels' values are whole multiples of `step`, all but one at most: the
 * last-price tag's value lies on the line too, at any price, when its box is read as a label.
 */
const onSteps = (labels: ParsedLabel[], step: number): boolean => {
  const on = labels.filter((l) => Math.abs(l.value / step - Math.round(l.value / step)) <= ON_STEP_TOLERANCE).length;
  return on >= MIN_ON_STEP && on >= labels.length - 1;
};

/**
 * RANSAC over label pairs, then least squares on the inliers. Tolerance is in pixels, so
 * the last-price tag, a crosshair label or a misread label simply falls out as an outlier.
 *
 * With the labels' pitch known (pixels between neighbouring labels), a line's slope says the
 * value step between neighbours; price axes put their labels at multiples of a round step. OCR
 * can insert the same digit on several labels ('152.5600' for '152.500'): they lie on a line
 * parallel to the true one, offset by a fraction of the step, and may outnumber the labels read
 * right. A line whose labels sit on its round step then wins over more labels that do not, unless
 * the larger line runs through every one of them: then the two are one scale, and the round
 * labels are a few of MetaTrader's, which prints a label every few label heights whatever the
 * price (0.8591, 0.8586, 0.8581: a step that rounds to 0.0005 but whose labels are not its
 * multiples, bar those few).
 */
export function fitScale(labels: ParsedLabel[], tolerancePx: number, pitchPx = 0): ScaleFit | null {
  if (labels.length < MIN_INLIERS) return null;
  // The best line on the round step, and the best of any: each the most labels, then the least error.
  const best = {
    aligned: { inliers: [] as ParsedLabel[], error: Infinity },
    any: { inliers: [] as ParsedLabel[], error: Infinity },
  };
  for (let i = 0; i < labels.length; i++) {
    for (let j = i + 1; j < labels.length; j++) {
      const a = labels[i];
      const b = labels[j];
      if (!a || !b || Math.abs(a.y - b.y) < 1 || a.value === b.value) continue;
      const slope = (b.value - a.value) / (b.y - a.y);
      // Prices rise towards the top of the image.
      if (slope >= 0) continue;
      const intercept = a.value - slope * a.y;
      const inliers = labels.filter((l) => Math.abs((l.value - intercept) / slope - l.y) <= tolerancePx);
      if (inliers.length < MIN_INLIERS) continue;
      const error = inliers.reduce((s, l) => s + Math.abs((l.value - intercept) / slope - l.y), 0);
      const step = pitchPx > 0 ? niceStep(-slope * pitchPx) : null;
      const aligned = step !== null && onSteps(inliers, step);
      for (const kept of aligned ? [best.aligned, best.any] : [best.any]) {
        if (inliers.length > kept.inliers.length || (inliers.length === kept.inliers.length && error < kept.error)) {
          kept.inliers = inliers;
          kept.error = error;
        }
      }
    }
  }
  const { aligned, any } = best;
  if (aligned.inliers.length < MIN_INLIERS)
    return any.inliers.length < MIN_INLIERS ? null : lineThrough(any.inliers, false);
  // One scale: the larger line runs through the round labels, and through every label at its
  // printed price (a line tilted through labels misread a fraction of a step off is not).
  const contains = any.inliers.length > aligned.inliers.length && aligned.inliers.every((l) => any.inliers.includes(l));
  const larger = contains ? lineThrough(any.inliers, false) : null;
  const printed = (fit: ScaleFit) => (l: ParsedLabel) =>
    Math.abs(fit.slope * l.y + fit.intercept - l.value) <= PRINTED_UNITS * 10 ** -l.decimals;
  return larger && any.inliers.every(printed(larger)) ? larger : lineThrough(aligned.inliers, true);
}

/** The least-squares line through a fit's labels; null where it does not fall as prices rise. */
function lineThrough(best: ParsedLabel[], onStep: boolean): ScaleFit | null {
  const n = best.length;
  const my = best.reduce((s, l) => s + l.y, 0) / n;
  const mv = best.reduce((s, l) => s + l.value, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const l of best) {
    sxy += (l.y - my) * (l.value - mv);
    sxx += (l.y - my) ** 2;
  }
  if (sxx === 0) return null;
  const slope = sxy / sxx;
  if (slope >= 0) return null;
  const decimals = best.map((l) => l.decimals).sort((a, b) => a - b);
  return {
    slope,
    intercept: mv - slope * my,
    precision: decimals[Math.floor(decimals.length / 2)] ?? 0,
    inliers: best,
    onStep,
  };
}

/**
 * Stacked panes that each print a scale in the same column (TradeStation's indicator pane
 * repeating the price's range, a volume pane's own numbers under the prices): read top to
 * bottom, the values fall, then start again higher. When the labels make two or more such runs
 * and each run of three or more is a scale of its own, the top one is the price pane's (every
 * platform puts the price pane first). A single misread label makes no run of its own that fits.
 */
export function upperScale(labels: ParsedLabel[], tolerancePx: number, pitchPx = 0): ScaleFit | null {
  const sorted = [...labels].sort((a, b) => a.y - b.y);
  const runs: ParsedLabel[][] = [];
  for (const l of sorted) {
    const run = runs[runs.length - 1];
    const previous = run?.[run.length - 1];
    if (run && previous && l.value < previous.value) run.push(l);
    else runs.push([l]);
  }
  const scales = runs
    .filter((run) => run.length >= MIN_INLIERS)
    .map((run) => ({ run, fit: fitScale(run, tolerancePx, pitchPx) }));
  const whole = scales.filter((s) => s.fit?.inliers.length === s.run.length);
  if (whole.length < 2 || whole.length !== scales.length) return null;
  return whole[0]?.fit ?? null;
}
