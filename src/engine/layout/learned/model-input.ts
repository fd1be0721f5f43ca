/**
 * The learned layout reader's input: the screenshot scaled so its longer side is INPUT_SIZE
 * pixels, RGB. Training data (training/layout) is cut by this same function, so the model sees
 * at inference exactly the pixels it was trained on.
 */
import sharp from 'sharp';
import type { Raster } from '../../raster.js';

/** The longer side of the model's input, in pixels. */
export const INPUT_SIZE = 640;
/** The input is padded to a multiple of the net's largest stride. */
export const INPUT_STRIDE = 32;

/** What the model reports, one heat map per class (the order of the model's output channels). */
export const LAYOUT_CLASSES = [
  'chart',
  'plot',
  'subWindow',
  'labelColumn',
  'label',
  'lastTag',
  'tag',
  'textBox',
] as const;
export type LayoutClass = (typeof LAYOUT_CLASSES)[number];

/**
 * Small parts that stand side by side (labels, tags) are taught as their middle rows only, so two
 * neighbours never merge into one blob; a found blob is grown back by the inverse factor.
 */
export const CORE_HEIGHT: Readonly<Record<LayoutClass, number>> = {
  chart: 1,
  plot: 1,
  subWindow: 0.6,
  labelColumn: 1,
  label: 0.5,
  lastTag: 0.5,
  tag: 0.5,
  textBox: 0.5,
};

export interface ModelInput {
  /** RGB, row-major, `width` x `height`, not padded. */
  rgb: Uint8Array;
  width: number;
  height: number;
  /** Model-input pixels per screenshot pixel. */
  scale: number;
}

export async function modelInput(r: Raster): Promise<ModelInput> {
  const scale = Math.min(1, INPUT_SIZE / Math.max(r.width, r.height));
  const width = Math.max(1, Math.round(r.width * scale));
  const height = Math.max(1, Math.round(r.height * scale));
  const rgb =
    scale === 1
      ? r.data
      : await sharp(r.data, { raw: { width: r.width, height: r.height, channels: 3 } })
          .resize({ width, height, fit: 'fill' })
          .raw()
          .toBuffer();
  return { rgb: new Uint8Array(rgb.buffer, rgb.byteOffset, width * height * 3), width, height, scale };
}

/** The input as the model takes it: 1x3xHxW floats in 0-1, zero-padded to INPUT_STRIDE. */
export function inputTensor(input: ModelInput): { data: Float32Array; dims: [number, number, number, number] } {
  const pw = Math.ceil(input.width / INPUT_STRIDE) * INPUT_STRIDE;
  const ph = Math.ceil(input.height / INPUT_STRIDE) * INPUT_STRIDE;
  const data = new Float32Array(3 * pw * ph);
  const plane = pw * ph;
  for (let y = 0; y < input.height; y++) {
    for (let x = 0; x < input.width; x++) {
      const i = (y * input.width + x) * 3;
      const o = y * pw + x;
      data[o] = (input.rgb[i] ?? 0) / 255;
      data[plane + o] = (input.rgb[i + 1] ?? 0) / 255;
      data[2 * plane + o] = (input.rgb[i + 2] ?? 0) / 255;
    }
  }
  return { data, dims: [1, 3, ph, pw] };
}
