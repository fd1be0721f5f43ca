/**
 * The learned layout reader (training/layout): a small net, run with onnxruntime-node on the
 * engine's thread, that marks where the chart, its plot, sub-windows, price-label column,
 * labels, last-price tag, other tags and text boxes are; then a second, smaller net reads the
 * strip of the label column it found at the screenshot's own resolution for the labels and tags
 * on it (strip.ts). Each session is made once per thread.
 */
import { fileURLToPath } from 'node:url';
import type * as Ort from 'onnxruntime-node';
import type { Raster } from '../../raster.js';
import { boxesOf, type FoundBox, type Logits, type LearnedBoxes } from './boxes.js';
import { chartParts, lastTagOn, type ChartParts } from './parts.js';
import { inputTensor, LAYOUT_CLASSES, modelInput, type ModelInput } from './model-input.js';
import { STRIP_CLASSES, stripInput, type StripClass } from './strip.js';

/**
 * Beside this file from source; beside the bundle in a build (scripts/build.mjs copies them to
 * dist/server).
 */
export const MODEL_FILE = fileURLToPath(new URL('./layout.onnx', import.meta.url));
export const STRIP_MODEL_FILE = fileURLToPath(new URL('./strip.onnx', import.meta.url));

const models = { layout: MODEL_FILE, strip: STRIP_MODEL_FILE };
interface Loaded {
  ort: typeof Ort;
  session: Ort.InferenceSession;
}
const sessions: Partial<Record<keyof typeof models, Promise<Loaded>>> = {};

/** Reads with other model files from now on (training/layout/evaluate.ts scores new ones). */
export function useLayoutModel(file: string, strip?: string): void {
  models.layout = file;
  if (strip) models.strip = strip;
  delete sessions.layout;
  delete sessions.strip;
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
    // Activations that fall below float's normal range are flushed to zero: x86 computes such
    // denormal numbers many times slower, and a longer-trained net's deep layers make them.
    extra: { session: { set_denormal_as_zero: '1' } },
  });
  return { ort, session: created };
}

function loaded(model: keyof typeof models): Promise<Loaded> {
  return (sessions[model] ??= load(models[model]));
}

/** The net's heat maps of `input`, `classes` long, handed to `use` and freed after. */
async function run<T>(
  model: keyof typeof models,
  input: ModelInput,
  classes: number,
  use: (logits: Logits) => T,
): Promise<T> {
  const { data, dims } = inputTensor(input);
  const { ort, session } = await loaded(model);
  const result = await session.run({ image: new ort.Tensor('float32', data, dims) });
  const logits = result.logits;
  if (!logits || logits.dims[1] !== classes) throw new Error(`${model} model: unexpected output`);
  try {
    return use({
      data: logits.data as Float32Array,
      width: dims[3],
      height: dims[2],
      used: { width: input.width, height: input.height },
      scale: input.scale,
    });
  } finally {
    logits.dispose();
  }
}

export interface LearnedLayout {
  /** Every box the first look marked, per class. */
  boxes: LearnedBoxes;
  /** The labels and tags the second look marked on the chosen chart's label column (screenshot pixels). */
  strip: Record<StripClass, FoundBox[]> | null;
  /** The one chart to read among them (null where the net marked no plot); its tag from the strip. */
  parts: ChartParts | null;
  /** Milliseconds: scaling the picture, the first net, its boxes, the strip's net and boxes. */
  timings: { input: number; net: number; boxes: number; strip: number };
}

export async function readLayout(r: Raster): Promise<LearnedLayout> {
  const started = performance.now();
  const input = await modelInput(r);
  const scaled = performance.now();
  let ran = scaled;
  const boxes = await run('layout', input, LAYOUT_CLASSES.length, (logits) => {
    ran = performance.now();
    return boxesOf(logits, input);
  });
  const boxed = performance.now();
  const first = chartParts(boxes);
  const strip = first?.column ? await readStrip(r, first.column) : null;
  const parts = first && strip ? { ...first, lastTag: lastTagOn(first, strip.lastTag) } : first;
  return {
    boxes,
    strip,
    parts,
    timings: { input: scaled - started, net: ran - scaled, boxes: boxed - ran, strip: performance.now() - boxed },
  };
}

/** The labels and tags on the strip of `column`, in screenshot pixels. */
async function readStrip(r: Raster, column: FoundBox): Promise<Record<StripClass, FoundBox[]> | null> {
  const cut = await stripInput(r, column);
  if (!cut) return null;
  const found = await run('strip', cut, STRIP_CLASSES.length, (logits) => boxesOf(logits, cut, STRIP_CLASSES));
  const moved = (b: FoundBox): FoundBox => ({
    ...b,
    left: b.left + cut.at.left,
    top: b.top + cut.at.top,
    right: b.right + cut.at.left,
    bottom: b.bottom + cut.at.top,
  });
  return {
    label: found.label.map(moved),
    lastTag: found.lastTag.map(moved),
    tag: found.tag.map(moved),
  };
}
