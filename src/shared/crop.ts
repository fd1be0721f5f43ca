import { z } from 'zod';

/** A re-run on a crop of the same upload within this time takes no new daily slot (DECISIONS.md). */
export const RERUN_WINDOW_MS = 10 * 60 * 1000;

/** The smallest crop side, as a share of the picture: less holds no readable chart. */
export const MIN_CROP_SHARE = 0.05;

/** A box in a picture's pixels, from the top left. */
export const PixelBoxSchema = z.object({ left: z.number(), top: z.number(), right: z.number(), bottom: z.number() });
export type PixelBox = z.infer<typeof PixelBoxSchema>;

/**
 * The chart area the trader chose, as shares (0 to 1) of the picture's width and height: the
 * browser may shrink a large screenshot before upload, and shares survive that. Sent as the form
 * field `crop`, "left,top,right,bottom".
 */
/** Shares travel with a few decimals; a difference of two of them is rounding, not a smaller crop. */
const CROP_ROUNDING = 1e-6;

export const CropSchema = z
  .string()
  .transform((value) => value.split(',').map(Number))
  .pipe(z.tuple([z.number(), z.number(), z.number(), z.number()]))
  .transform(([left, top, right, bottom]) => ({ left, top, right, bottom }))
  .refine(
    (c) =>
      [c.left, c.top, c.right, c.bottom].every((v) => Number.isFinite(v) && v >= 0 && v <= 1) &&
      // The frame's smallest crop, rounded to the shares it is sent in, can fall a hair short.
      c.right - c.left >= MIN_CROP_SHARE - CROP_ROUNDING &&
      c.bottom - c.top >= MIN_CROP_SHARE - CROP_ROUNDING,
    { message: 'The chart area must lie inside the picture and not be tiny.' },
  );
export type Crop = z.infer<typeof CropSchema>;

export const cropField = (crop: Crop) => [crop.left, crop.top, crop.right, crop.bottom].map((v) => v.toFixed(5)).join(',');

/** What the engine read on the chart, in the whole picture's pixels: shown as "What PipLens read". */
export const ChartReadoutSchema = z.object({
  /** Price labels OCR read on the axis; `value` set for those the price scale was fitted to. */
  labels: z.array(z.object({ y: z.number(), text: z.string(), value: z.number().nullable() })),
  /** The area analysed, when the trader cropped the picture. */
  crop: PixelBoxSchema.nullable(),
});
export type ChartReadout = z.infer<typeof ChartReadoutSchema>;

/** The answer of POST /api/analyses/locate: where PipLens finds the chart, before any analysis. */
export const ChartLocationResponseSchema = z.object({
  image: z.object({ width: z.number(), height: z.number() }),
  /** The price pane with its price axis, or null when no chart was found. */
  chart: PixelBoxSchema.nullable(),
  plot: PixelBoxSchema.nullable(),
});
export type ChartLocationResponse = z.infer<typeof ChartLocationResponseSchema>;

/** Sent with an analysis so that a re-run on a crop of the same upload takes no new slot; signed by the server. */
export const RerunGrantSchema = z.object({ rerunToken: z.string(), rerunUntil: z.string() });
export type RerunGrant = z.infer<typeof RerunGrantSchema>;
