import sharp from 'sharp';
import { chartSpecs, type ChartSpec } from '../../../scripts/fixtures/render.js';

/** `image` (the chart's size) with SVG `shapes` drawn over it. */
export async function drawOver(image: Buffer, shapes: string): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(image).metadata();
  const svg = `<svg width="${width}" height="${height}" xmlns="http://www.w3.org/2000/svg">${shapes}</svg>`;
  return sharp(image)
    .composite([{ input: Buffer.from(svg) }])
    .png()
    .toBuffer();
}

export const box = (left: number, top: number, width: number, height: number, fill: string) =>
  `<rect x="${left}" y="${top.toFixed(1)}" width="${width}" height="${height.toFixed(1)}" fill="${fill}"/>`;

/**
 * A dark TradingView-like chart, 1280 x 720, in an uptrend to its last bar at the top: the axis
 * on the right, seven labels a step of 1.000 apart, no tag, crosshair, toolbar or overlays.
 */
export const PLAIN_CHART: ChartSpec = {
  ...chartSpecs(1, 77, [1280, 720, 1])[0]!,
  priceTag: false,
  crosshair: false,
  toolbar: false,
  volume: false,
  watermark: false,
  movingAverages: 0,
  format: 'png',
};
