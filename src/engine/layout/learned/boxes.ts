/**
 * The learned layout reader's heat maps → boxes: each class's pixels above even odds, joined
 * into 4-connected blobs; a blob's bounding box, grown back from the core the model was taught
 * (CORE_HEIGHT), in the screenshot's pixels, scored by the probability of its mean logit.
 */
import { CORE_HEIGHT, LAYOUT_CLASSES, type LayoutClass, type ModelInput } from './model-input.js';
import { snappedTag } from './snap.js';

export interface FoundBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
  /** The probability of the blob's mean logit. */
  score: number;
  /** A tag whose edges were found where its fill ends (snap.ts); a plain label has no fill. */
  filled?: boolean;
}

export type LearnedBoxes = Record<LayoutClass, FoundBox[]>;

/** Blobs smaller than this many input pixels are noise, per class. */
const MIN_BLOB: Readonly<Record<LayoutClass, number>> = {
  chart: 400,
  plot: 400,
  subWindow: 100,
  labelColumn: 40,
  label: 3,
  lastTag: 4,
  tag: 4,
  textBox: 4,
};

/**
 * A pixel is of a class above this logit: even odds, but for a chart and its plot, which need
 * 73% (a logit of 1): a terminal's tiles are apart by a few input pixels the net marks 55-70%
 * sure, and at even odds they joined into one plot across the tiles (held-out renders, the one
 * chart's plot 91.8% / 93.9% -> 94.7% / 94.7%; chosen on renders of seed base 80000).
 */
const MIN_LOGIT: Readonly<Record<LayoutClass, number>> = {
  chart: 1,
  plot: 1,
  subWindow: 0,
  labelColumn: 0,
  label: 0,
  lastTag: 0,
  tag: 0,
  textBox: 0,
};

export interface Logits {
  data: Float32Array;
  /** The output's padded size and the picture's part of it, in input pixels. */
  width: number;
  height: number;
  used: { width: number; height: number };
  /** Input pixels per screenshot pixel. */
  scale: number;
}

/** Filled boxes: their edges are taken from the picture where it shows them (snap.ts). */
const SNAPPED: ReadonlySet<LayoutClass> = new Set(['lastTag', 'tag']);

/**
 * Each class's boxes (`classes`: the model's output channels, in order); with `input` (the
 * model's input picture), tags snapped to their fill.
 */
export function boxesOf<C extends LayoutClass = LayoutClass>(
  logits: Logits,
  input?: ModelInput,
  classes: readonly C[] = LAYOUT_CLASSES as readonly LayoutClass[] as readonly C[],
): Record<C, FoundBox[]> {
  const out = {} as Record<C, FoundBox[]>;
  classes.forEach((name, k) => {
    out[name] = blobs(logits, k, MIN_LOGIT[name])
      .filter((b) => b.area >= MIN_BLOB[name])
      .map((b) => {
        const snapped = input && SNAPPED.has(name) ? snappedTag(input, coreOf(b)) : null;
        return snapped ? inScreenshot(snapped, b, logits.scale) : grown(b, CORE_HEIGHT[name], logits.scale);
      });
  });
  return out;
}

const coreOf = (b: Blob): { left: number; top: number; right: number; bottom: number } => ({
  left: b.left,
  top: b.top,
  right: b.right + 1,
  bottom: b.bottom + 1,
});

function inScreenshot(s: ReturnType<typeof coreOf>, b: Blob, scale: number): FoundBox {
  return {
    left: s.left / scale,
    top: s.top / scale,
    right: s.right / scale,
    bottom: s.bottom / scale,
    score: 1 / (1 + Math.exp(-b.sum / b.area)),
    filled: true,
  };
}

interface Blob {
  left: number;
  top: number;
  right: number;
  bottom: number;
  area: number;
  /** Sum of the blob's logits. */
  sum: number;
}

/**
 * The class's 4-connected blobs, in the order of their first pixel (row by row). Each row's runs
 * of pixels above `least` are joined to the runs they touch in the row above (union-find), so the
 * work is per run, not per pixel.
 */
function blobs({ data, width, height, used }: Logits, k: number, least: number): Blob[] {
  const base = k * width * height;
  const lastX = used.width - 1;
  const runs: Blob[] = [];
  const parent: number[] = [];
  const root = (r: number): number => {
    while (parent[r] !== r) r = parent[r] = parent[parent[r]!]!;
    return r;
  };
  // The row above's runs: from `above` to where this row's begin in `runs`.
  let above = 0;
  for (let y = 0; y < used.height; y++) {
    const row = base + y * width;
    const first = runs.length;
    let touched = above;
    for (let x = 0; x <= lastX; x++) {
      if (!(data[row + x]! > least)) continue;
      const run: Blob = { left: x, top: y, right: x, bottom: y, area: 0, sum: 0 };
      for (; x <= lastX && data[row + x]! > least; x++) run.sum += data[row + x]!;
      run.right = x - 1;
      run.area = x - run.left;
      const id = runs.push(run) - 1;
      parent.push(id);
      // The runs above that share a column with this one; the last may reach the next run too.
      while (touched < first && runs[touched]!.right < run.left) touched++;
      for (let t = touched; t < first && runs[t]!.left <= run.right; t++) {
        const a = root(t);
        const b = root(id);
        // The older run is the root, so a blob is found at its first pixel.
        if (a < b) parent[b] = a;
        else if (b < a) parent[a] = b;
      }
    }
    above = first;
  }
  const found = new Map<number, Blob>();
  runs.forEach((run, id) => {
    const r = root(id);
    const b = found.get(r);
    if (!b) {
      found.set(r, { ...run });
      return;
    }
    b.left = Math.min(b.left, run.left);
    b.right = Math.max(b.right, run.right);
    b.bottom = Math.max(b.bottom, run.bottom);
    b.area += run.area;
    b.sum += run.sum;
  });
  // Roots are their blobs' first runs, met in row order: the Map keeps that order.
  return [...found.values()];
}

function grown(b: Blob, core: number, scale: number): FoundBox {
  const mid = (b.top + b.bottom + 1) / 2;
  const half = (b.bottom + 1 - b.top) / core / 2;
  return {
    left: b.left / scale,
    top: (mid - half) / scale,
    right: (b.right + 1) / scale,
    bottom: (mid + half) / scale,
    score: 1 / (1 + Math.exp(-b.sum / b.area)),
  };
}

/** Intersection over union of two boxes (right and bottom exclusive). */
export function iou(a: FoundBox | Omit<FoundBox, 'score'>, b: FoundBox | Omit<FoundBox, 'score'>): number {
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  const area = (r: typeof a): number => (r.right - r.left) * (r.bottom - r.top);
  return inter / (area(a) + area(b) - inter);
}
