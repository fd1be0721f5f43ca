import { createHmac, timingSafeEqual } from 'node:crypto';
import sharp from 'sharp';
import type { ChartFactsWithReading } from '../../../shared/analysis';
import { RERUN_WINDOW_MS, cropField, type Crop, type PixelBox } from '../../../shared/crop';
import type { EngineOutput } from '../../../engine';
import type { CheckedImage } from './upload';

/** The crop's pixels in a picture of `size`, whole pixels, never empty. */
export function cropBox(crop: Crop, size: { width: number; height: number }): PixelBox {
  const left = Math.min(size.width - 1, Math.max(0, Math.floor(crop.left * size.width)));
  const top = Math.min(size.height - 1, Math.max(0, Math.floor(crop.top * size.height)));
  const right = Math.max(left + 1, Math.min(size.width, Math.ceil(crop.right * size.width)));
  const bottom = Math.max(top + 1, Math.min(size.height, Math.ceil(crop.bottom * size.height)));
  return { left, top, right, bottom };
}

/** The chosen area of a checked upload, as a lossless PNG for the engine and the models. */
export async function cropImage(image: CheckedImage, box: PixelBox): Promise<CheckedImage> {
  const width = box.right - box.left;
  const height = box.bottom - box.top;
  const bytes = await sharp(image.bytes, { limitInputPixels: false })
    .extract({ left: box.left, top: box.top, width, height })
    .png()
    .toBuffer();
  return { bytes, format: 'png', mimeType: 'image/png', width, height };
}

/** The engine's chart facts with what it read on the axis (labels, and the values the scale was fitted to). */
export function withReading(engine: EngineOutput): ChartFactsWithReading {
  const { labelsRead, inliers } = engine.evidence ?? { labelsRead: [], inliers: [] };
  const labels = labelsRead.map((label) => ({
    y: Math.round(label.y),
    text: label.text,
    value: inliers.find((inlier) => Math.abs(inlier.y - label.y) < 1)?.value ?? null,
  }));
  return { ...engine.chart, read: { labels, crop: null } };
}

/**
 * Facts read on a crop, put back in the whole picture's pixels (plot, scale, labels), so the
 * dashboard, history and exports draw them on the upload as it is, with the crop marked.
 */
export function toWholePicture(
  chart: ChartFactsWithReading,
  box: PixelBox,
  whole: { width: number; height: number },
): ChartFactsWithReading {
  const { left: dx, top: dy } = box;
  return {
    ...chart,
    plot: { left: chart.plot.left + dx, top: chart.plot.top + dy, right: chart.plot.right + dx, bottom: chart.plot.bottom + dy },
    // price = slope * (y - dy) + intercept in the crop's rows.
    scale: chart.scale ? { slope: chart.scale.slope, intercept: chart.scale.intercept - chart.scale.slope * dy } : null,
    image: { width: whole.width, height: whole.height },
    read: {
      labels: (chart.read?.labels ?? []).map((label) => ({ ...label, y: label.y + dy })),
      crop: box,
    },
  };
}

/** What was analysed, for the 24-hour reuse of an answer: the upload, and the crop when there is one. */
export const analysedIdentity = (uploadSha256: string, crop: Crop | null) =>
  crop ? `${uploadSha256}:${cropField(crop)}` : uploadSha256;

/** How far another instance's clock may run ahead of this one's. */
const CLOCK_SKEW_MS = 5_000;

const sign = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`piplens-rerun\u0000${payload}`).digest('base64url');

/**
 * A grant, signed by the server, that re-runs of this upload for this trader until `until` take
 * no new daily slot: the browser cannot make one for another upload or stretch its time.
 */
export function rerunGrant(secret: string, userId: string, uploadSha256: string, now = new Date()) {
  const until = now.getTime() + RERUN_WINDOW_MS;
  const payload = `${userId}\u0000${uploadSha256}\u0000${until}`;
  return { rerunToken: `${until}.${sign(secret, payload)}`, rerunUntil: new Date(until).toISOString() };
}

/** Whether `token` is this server's grant for this trader and this upload, still in time. */
export function rerunGranted(secret: string, token: unknown, userId: string, uploadSha256: string, now = new Date()): boolean {
  if (typeof token !== 'string') return false;
  const [untilText, signature] = token.split('.');
  const until = Number(untilText);
  // A few seconds' slack: the instance checking may run a little behind the one that signed.
  if (!signature || !Number.isSafeInteger(until) || until < now.getTime() || until > now.getTime() + RERUN_WINDOW_MS + CLOCK_SKEW_MS) {
    return false;
  }
  const expected = Buffer.from(sign(secret, `${userId}\u0000${uploadSha256}\u0000${until}`));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
