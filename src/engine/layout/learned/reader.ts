/**
 * The learned layout reader (training/layout): a small net, run with onnxruntime-node on the
 * engine's thread, that marks where the chart, its plot, sub-windows, price-label column,
 * labels, last-price tag, other tags and text boxes are; then a second, smaller net reads the
 * strip of the label column it found at the screenshot's own resolution for the labels and tags
 * on it (strip.ts). A chart that fills little of the screenshot (a terminal's tile) is read
 * again by the first net cut out on its own. Each session is made once per thread.
 */
import { fileURLToPath } from 'node:url';
import type * as Ort from 'onnxruntime-node';
import { cropRaster, type Raster } from '../../raster.js';
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
    // Under npm start's malloc settings (a fixed mmap threshold) each run then maps and faults in
    // its activations afresh: about 250 ms for the first net (the model card's "Time and memory").
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
  /**
   * The one chart to read among them (null where the net marked no plot), from the closer look
   * where it took one; its tag from the strip.
   */
  parts: ChartParts | null;
  /** Milliseconds: scaling the picture, the first net, its boxes, the closer look, the strip's net and boxes. */
  timings: { input: number; net: number; boxes: number; closer: number; strip: number };
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
  const seen = chartParts(boxes);
  const chosen = (await closerLook(r, seen, boxes)) ?? seen;
  const looked = performance.now();
  const strip = chosen?.column ? await readStrip(r, chosen.column) : null;
  const parts = chosen && strip ? { ...chosen, lastTag: lastTagOn(chosen, strip.lastTag) } : chosen;
  return {
    boxes,
    strip,
    parts,
    timings: {
      input: scaled - started,
      net: ran - scaled,
      boxes: boxed - ran,
      closer: looked - boxed,
      strip: performance.now() - looked,
    },
  };
}

/** `b`, found in a cut of the screenshot whose corner is at (`x`, `y`), in screenshot pixels. */
const shifted = (b: FoundBox, x: number, y: number): FoundBox => ({
  ...b,
  left: b.left + x,
  top: b.top + y,
  right: b.right + x,
  bottom: b.bottom + y,
});

/** The labels and tags on the strip of `column`, in screenshot pixels. */
async function readStrip(r: Raster, column: FoundBox): Promise<Record<StripClass, FoundBox[]> | null> {
  const cut = await stripInput(r, column);
  if (!cut) return null;
  const found = await run('strip', cut, STRIP_CLASSES.length, (logits) => boxesOf(logits, cut, STRIP_CLASSES));
  const moved = (b: FoundBox): FoundBox => shifted(b, cut.at.left, cut.at.top);
  return {
    label: found.label.map(moved),
    lastTag: found.lastTag.map(moved),
    tag: found.tag.map(moved),
  };
}

/** A chart whose longer side is at most this share of the screenshot's is looked at again on its own ... */
const CLOSER_BELOW = 0.6;
/** ... cut with this share of its size around it. */
const CLOSER_MARGIN = 0.1;

/**
 * The chart the first look chose, looked at again cut from the screenshot: a terminal's tile is a
 * quarter of the picture, its plot and column a few input pixels wide at 640; on its own it fills
 * the input. The boxes of both looks are weighed together, so the closer look adds candidates
 * and never takes away the first look's. Null where the chart is most of the picture.
 */
async function closerLook(r: Raster, first: ChartParts | null, seen: LearnedBoxes): Promise<ChartParts | null> {
  const chart = first?.chart;
  if (!chart) return null;
  const w = chart.right - chart.left;
  const h = chart.bottom - chart.top;
  if (Math.max(w / r.width, h / r.height) > CLOSER_BELOW) return null;
  const left = Math.max(0, Math.floor(chart.left - w * CLOSER_MARGIN));
  const top = Math.max(0, Math.floor(chart.top - h * CLOSER_MARGIN));
  const right = Math.min(r.width, Math.ceil(chart.right + w * CLOSER_MARGIN));
  const bottom = Math.min(r.height, Math.ceil(chart.bottom + h * CLOSER_MARGIN));
  const input = await modelInput(cropRaster(r, { left, top, right: right - 1, bottom: bottom - 1 }));
  const closer = await run('layout', input, LAYOUT_CLASSES.length, (logits) => boxesOf(logits, input));
  const moved = (b: FoundBox): FoundBox => shifted(b, left, top);
  const both = Object.fromEntries(
    LAYOUT_CLASSES.map((k) => [k, [...seen[k], ...closer[k].map(moved)]]),
  ) as LearnedBoxes;
  // The plot is the chart's own: the cut's margin shows a little of the charts beside it.
  const inside = (b: FoundBox): boolean => {
    const x = (b.left + b.right) / 2;
    const y = (b.top + b.bottom) / 2;
    return x >= chart.left && x <= chart.right && y >= chart.top && y <= chart.bottom;
  };
  return chartParts({ ...both, plot: both.plot.filter(inside) });
}
