/**
 * The learned layout reader on held-out renders (make-data.ts with a seed base training never
 * used): per class, precision and recall of every box the first look marked at IoU 0.5 (`all`),
 * and of the one chart the engine reads (`chart`: parts.ts's chart, plot, label column and
 * last-price tag, at most one each, the tag from the column's strip), in all and per source.
 * Pictures made with --native are read at their own size, as the engine reads a screenshot.
 *
 *   npx tsx training/layout/evaluate.ts DIR [--model FILE] [--strip-model FILE] [--json FILE]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { iou, type FoundBox } from '../../src/engine/layout/learned/boxes.js';
import { LAYOUT_CLASSES, type LayoutClass } from '../../src/engine/layout/learned/model-input.js';
import { MODEL_FILE, readLayout, useLayoutModel } from '../../src/engine/layout/learned/reader.js';

const MATCH_IOU = 0.5;
const KEY_CLASSES = ['chart', 'plot', 'labelColumn', 'lastTag'] as const;
type KeyClass = (typeof KEY_CLASSES)[number];

interface Line {
  file: string;
  source: string;
  boxes: Record<LayoutClass, [number, number, number, number][]>;
  /** The boxes in the picture's own pixels (made with --native). */
  native?: Record<LayoutClass, [number, number, number, number][]>;
}
interface Count {
  tp: number;
  fp: number;
  fn: number;
}

/** Greedy one-to-one matching, the best-overlapping pair first. */
function matched(found: FoundBox[], truth: Omit<FoundBox, 'score'>[]): Count {
  const pairs: [number, number, number][] = [];
  found.forEach((f, i) => truth.forEach((t, j) => pairs.push([iou(f, t), i, j])));
  pairs.sort((a, b) => b[0] - a[0]);
  const usedF = new Set<number>();
  const usedT = new Set<number>();
  for (const [o, i, j] of pairs) {
    if (o < MATCH_IOU || usedF.has(i) || usedT.has(j)) continue;
    usedF.add(i);
    usedT.add(j);
  }
  return { tp: usedF.size, fp: found.length - usedF.size, fn: truth.length - usedT.size };
}

const add = (a: Count, b: Count): void => {
  a.tp += b.tp;
  a.fp += b.fp;
  a.fn += b.fn;
};
const pct = (n: number, d: number): string => (d === 0 ? '-' : `${((100 * n) / d).toFixed(1)}%`);

export async function evaluateDir(dir: string): Promise<Record<string, Record<string, Count>>> {
  const lines = readFileSync(path.join(dir, 'labels.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Line);
  const byClass: Record<string, Count> = {};
  const oneChart: Record<string, Count> = {};
  const bySource: Record<string, Record<string, Count>> = {};
  for (const line of lines) {
    const { data, info } = await sharp(path.join(dir, line.native ? 'native' : 'images', line.file))
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { boxes, parts } = await readLayout({ width: info.width, height: info.height, data });
    const truthOf = (name: LayoutClass): Omit<FoundBox, 'score'>[] =>
      ((line.native ?? line.boxes)[name] ?? []).map(([left, top, right, bottom]) => ({ left, top, right, bottom }));
    for (const name of LAYOUT_CLASSES)
      add((byClass[name] ??= { tp: 0, fp: 0, fn: 0 }), matched(boxes[name], truthOf(name)));
    const one: Record<KeyClass, FoundBox | null | undefined> = {
      chart: parts?.chart,
      plot: parts?.plot,
      labelColumn: parts?.column,
      lastTag: parts?.lastTag,
    };
    for (const name of KEY_CLASSES) {
      const c = matched(one[name] ? [one[name]] : [], truthOf(name));
      add((oneChart[name] ??= { tp: 0, fp: 0, fn: 0 }), c);
      add(((bySource[line.source] ??= {})[name] ??= { tp: 0, fp: 0, fn: 0 }), c);
    }
  }
  return { all: byClass, chart: oneChart, ...bySource };
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    options: { json: { type: 'string' }, model: { type: 'string' }, 'strip-model': { type: 'string' } },
    allowPositionals: true,
  });
  const dir = positionals[0];
  if (!dir) throw new Error('usage: evaluate.ts DIR [--model FILE] [--strip-model FILE] [--json FILE]');
  if (values.model || values['strip-model'])
    useLayoutModel(
      path.resolve(values.model ?? MODEL_FILE),
      values['strip-model'] ? path.resolve(values['strip-model']) : undefined,
    );
  const result = await evaluateDir(dir);
  for (const [group, counts] of Object.entries(result)) {
    const cells = Object.entries(counts).map(
      ([k, c]) => `${k} P ${pct(c.tp, c.tp + c.fp)} R ${pct(c.tp, c.tp + c.fn)} (${String(c.tp + c.fn)})`,
    );
    console.log(`${group.padEnd(20)} ${cells.join('  ')}`);
  }
  if (values.json) writeFileSync(values.json, `${JSON.stringify(result, null, 1)}\n`);
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) await main();
