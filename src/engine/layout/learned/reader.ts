/**
 * The learned layout reader (training/layout): a small net, run with onnxruntime-node on the
 * engine's thread, that marks where the chart, its plot, sub-windows, price-label column,
 * labels, last-price tag, other tags and text boxes are. The session is made once per thread.
 */
import { fileURLToPath } from 'node:url';
import type * as Ort from 'onnxruntime-node';
import type { Raster } from '../../raster.js';
import { boxesOf, type LearnedBoxes } from './boxes.js';
import { chartParts, type ChartParts } from './parts.js';
import { inputTensor, LAYOUT_CLASSES, modelInput } from './model-input.js';

/**
 * Beside this file from source; beside the bundle in a build (scripts/build.mjs copies it to
 * dist/server).
 */
export const MODEL_FILE = fileURLToPath(new URL('./layout.onnx', import.meta.url));

let modelFile = MODEL_FILE;
interface Loaded {
  ort: typeof Ort;
  session: Ort.InferenceSession;
}
let session: Promise<Loaded> | null = null;

/** Reads with another model file from now on (training/layout/evaluate.ts scores a new one). */
export function useLayoutModel(file: string): void {
  modelFile = file;
  session = null;
}

/**
 * onnxruntime's native library is loaded with the first reading that asks for the model, not
 * with the engine: the rules, the default, never pay its memory.
 */
async function load(file: string): Promise<Loaded> {
  const ort = await import('onnxruntime-node');
  const created = await ort.InferenceSession.create(file, {
    // One thread: the engine's pool already runs a reading per core.
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
    graphOptimizationLevel: 'all',
    // No arena kept between runs: eval:real's peak RSS with the model 540 -> 452 MB, for a
    // reading of 55 ms median on a 1920x1080 screenshot (bench:engine; 50 ms with the arena).
    enableCpuMemArena: false,
    enableMemPattern: false,
  });
  return { ort, session: created };
}

function loaded(): Promise<Loaded> {
  session ??= load(modelFile);
  return session;
}

export interface LearnedLayout {
  /** Every box the net marked, per class. */
  boxes: LearnedBoxes;
  /** The one chart to read among them (null where the net marked no plot). */
  parts: ChartParts | null;
  /** Milliseconds: scaling the picture, the net, the boxes. */
  timings: { input: number; net: number; boxes: number };
}

export async function readLayout(r: Raster): Promise<LearnedLayout> {
  const started = performance.now();
  const input = await modelInput(r);
  const { data, dims } = inputTensor(input);
  const { ort, session: net } = await loaded();
  const scaled = performance.now();
  const result = await net.run({ image: new ort.Tensor('float32', data, dims) });
  const logits = result.logits;
  if (!logits || logits.dims[1] !== LAYOUT_CLASSES.length) throw new Error('layout model: unexpected output');
  const ran = performance.now();
  const boxes = boxesOf(
    {
      data: logits.data as Float32Array,
      width: dims[3],
      height: dims[2],
      used: { width: input.width, height: input.height },
      scale: input.scale,
    },
    input,
  );
  logits.dispose();
  return {
    boxes,
    parts: chartParts(boxes),
    timings: { input: scaled - started, net: ran - scaled, boxes: performance.now() - ran },
  };
}
