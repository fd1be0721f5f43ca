import { z } from 'zod';

/**
 * What the trader set on a chart PipLens misread or refused: the price scale, from two points
 * marked on the price axis, and/or the last price. Heights are shares (0 to 1) of the picture's
 * height, from the top, as with the crop: the browser may shrink a picture before upload, and
 * shares survive that. Sent as the form field `correction`, JSON.
 */

/** Two marks closer than this share of the picture's height say nothing about the scale. */
export const MIN_POINT_GAP = 0.03;
/** A price more than this many times larger or smaller than the axis's labels is no price of this chart. */
export const MAX_LABEL_RATIO = 4;

export const CORRECTION_MESSAGES = {
  invalid: 'The correction could not be read. Please set it again.',
  notPositive: 'Each price must be a number above zero.',
  sameHeight: 'The two points are at the same height. Mark one price high on the axis and one low.',
  wrongOrder: 'The higher point needs the higher price: prices rise up the axis. Check the two prices.',
  belowZero: 'With these two prices, the bottom of the chart would be below zero. Check the two prices.',
  noScale: 'PipLens needs the chart\u2019s price scale to place a last price. Set the price scale first.',
  noBars: 'PipLens found no candles in this picture, so a price scale cannot help. Frame the chart and its price axis, then try again.',
} as const;

export const farFromLabelsMessage = (near: string) =>
  `That price is far from the prices on this chart\u2019s axis (about ${near}). Check the number you typed.`;

export const lastOutsideMessage = (low: string, high: string) =>
  `The last price must lie within the chart\u2019s scale, between ${low} and ${high}.`;

const PriceSchema = z
  .number({ error: CORRECTION_MESSAGES.notPositive })
  .finite()
  .positive(CORRECTION_MESSAGES.notPositive);

export const ScalePointSchema = z.object({
  /** Height on the picture, as a share of its height from the top. */
  y: z.number().min(0).max(1),
  price: PriceSchema,
});
export type ScalePoint = z.infer<typeof ScalePointSchema>;

/** The correction's own consistency: checks that need nothing of the chart. */
export const CorrectionSchema = z
  .object({
    scale: z.tuple([ScalePointSchema, ScalePointSchema]).optional(),
    lastPrice: PriceSchema.optional(),
  })
  .strict()
  .superRefine((c, ctx) => {
    if (!c.scale && c.lastPrice === undefined) ctx.addIssue({ code: 'custom', message: CORRECTION_MESSAGES.invalid });
    if (!c.scale) return;
    const [a, b] = c.scale;
    if (Math.abs(a.y - b.y) < MIN_POINT_GAP) {
      ctx.addIssue({ code: 'custom', message: CORRECTION_MESSAGES.sameHeight, path: ['scale'] });
      return;
    }
    const [upper, lower] = a.y < b.y ? [a, b] : [b, a];
    if (upper.price <= lower.price)
      ctx.addIssue({ code: 'custom', message: CORRECTION_MESSAGES.wrongOrder, path: ['scale'] });
  });
export type Correction = z.infer<typeof CorrectionSchema>;

/** The form field's text → a correction, or the first problem in the trader's words. */
export function parseCorrection(field: unknown): { ok: true; correction: Correction } | { ok: false; message: string } {
  if (typeof field !== 'string') return { ok: false, message: CORRECTION_MESSAGES.invalid };
  let json: unknown;
  try {
    json = JSON.parse(field);
  } catch {
    return { ok: false, message: CORRECTION_MESSAGES.invalid };
  }
  const parsed = CorrectionSchema.safeParse(json);
  if (parsed.success) return { ok: true, correction: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? CORRECTION_MESSAGES.invalid };
}

export const correctionField = (c: Correction) => JSON.stringify(c);

/** price = slope * y + intercept, y in the picture's pixels from the top. */
export interface LinearScale {
  slope: number;
  intercept: number;
}

/** The trader's two points as a scale over a picture `height` pixels tall. */
export function scaleOfPoints(points: readonly [ScalePoint, ScalePoint], height: number): LinearScale {
  const [a, b] = points;
  const slope = (b.price - a.price) / ((b.y - a.y) * height);
  return { slope, intercept: a.price - slope * a.y * height };
}

/** What the correction is checked against: the chart as PipLens found it (whole picture's pixels). */
export interface CorrectionContext {
  image: { width: number; height: number };
  plot: { top: number; bottom: number };
  /** The scale PipLens read, when it read one. */
  scale: LinearScale | null;
  /** Values of the price labels read on the axis, fitted or not. */
  labels: number[];
  precision?: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

const formatPrice = (value: number, decimals: number) => value.toFixed(Math.max(0, Math.min(8, decimals)));

/**
 * Whether the correction can stand on this chart: the browser checks before it sends (no request
 * for a bad input), the server again with its own reading. Null when it can, else why not.
 */
export function checkCorrection(c: Correction, ctx: CorrectionContext): string | null {
  const scale = c.scale ? scaleOfPoints(c.scale, ctx.image.height) : ctx.scale;
  const decimals = ctx.precision ?? decimalsOf(c);
  if (c.scale) {
    const labels = ctx.labels.filter((v) => Number.isFinite(v) && v > 0);
    if (labels.length > 0) {
      const near = median(labels);
      const far = c.scale.find((p) => p.price / near > MAX_LABEL_RATIO || near / p.price > MAX_LABEL_RATIO);
      if (far) return farFromLabelsMessage(formatPrice(near, decimals));
    }
    const bottom = Math.max(ctx.plot.bottom, ...c.scale.map((p) => p.y * ctx.image.height));
    if (scale && scale.slope * bottom + scale.intercept <= 0) return CORRECTION_MESSAGES.belowZero;
  }
  if (c.lastPrice !== undefined) {
    if (!scale) return CORRECTION_MESSAGES.noScale;
    const top = scale.slope * ctx.plot.top + scale.intercept;
    const bottom = scale.slope * ctx.plot.bottom + scale.intercept;
    const [low, high] = [Math.min(top, bottom), Math.max(top, bottom)];
    if (c.lastPrice < low || c.lastPrice > high)
      return lastOutsideMessage(formatPrice(low, decimals), formatPrice(high, decimals));
  }
  return null;
}

/** Decimals the trader typed (their prices are printed with as many). */
export function decimalsOf(c: Correction): number {
  const typed = [...(c.scale ?? []).map((p) => p.price), ...(c.lastPrice !== undefined ? [c.lastPrice] : [])];
  return Math.max(0, ...typed.map((v) => (String(v).split('.')[1] ?? '').length));
}

/** What the trader set, as kept in the result: said wherever the analysis is shown or exported. */
export const SetByTraderSchema = z.object({
  scale: z.boolean(),
  lastPrice: z.number().nullable(),
});
export type SetByTrader = z.infer<typeof SetByTraderSchema>;

/** The plain sentence said with an analysis whose scale or last price the trader set. */
export function setByTraderNote(set: SetByTrader, decimals: number): string {
  const last = set.lastPrice === null ? null : formatPrice(set.lastPrice, decimals);
  if (set.scale && last) {
    return `Set by you: the price scale (from the two prices you marked on the axis) and the last price (${last}). PipLens read the candles against them.`;
  }
  if (set.scale)
    return 'Set by you: the price scale, from the two prices you marked on the axis. PipLens read the candles against it.';
  return `Set by you: the last price (${last}). PipLens kept the price scale it read.`;
}
