/**
 * Training data for the learned layout reader: pictures from the project's own renderers (the
 * MetaTrader-look renderer, the SVG charts alone and composed into windows, phones and slides,
 * and pictures that are not charts), randomly cropped and recompressed, scaled as the engine
 * scales them for the model, with every layout box the renderer drew.
 *
 *   npx tsx training/layout/make-data.ts --out DIR --first 0 --count 3000 [--seed-base 10000]
 *
 * writes DIR/images/NNNNN.png and DIR/labels.jsonl (one line per picture: its boxes per class
 * in the image's pixels, [left, top, right, bottom]), and for each chart the strip of its label
 * column (strip.ts; the column's edges moved at random as the first look misplaces them) in
 * DIR/strips/NNNNN.png and DIR/strips.jsonl. With --native, the pictures at their own size too
 * (DIR/native/NNNNN.png, their boxes as `native`): the engine's whole reading is scored on
 * those; with --strips-only, the strips alone. Everything is drawn from the index, so shards
 * (--first, --count) made in parallel make the same set as one run.
 */
import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { COMPOSITIONS, compose } from '../../scripts/fixtures/compose.js';
import { mtSpec, renderMetaTrader } from '../../scripts/fixtures/metatrader-render.js';
import { createRng, pick } from '../../scripts/fixtures/ohlc.js';
import { chartSpecs, NON_CHART_KINDS, renderChart, renderNonChart } from '../../scripts/fixtures/render.js';
import { LAYOUT_CLASSES, modelInput, type LayoutClass } from '../../src/engine/layout/learned/model-input.js';
import { STRIP_CLASSES, stripInput } from '../../src/engine/layout/learned/strip.js';

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}
type Boxes = Partial<Record<LayoutClass, Rect[]>>;
interface Drawn {
  image: Buffer;
  boxes: Boxes;
  source: string;
}

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    first: { type: 'string', default: '0' },
    count: { type: 'string', default: '100' },
    'seed-base': { type: 'string', default: '10000' },
    native: { type: 'boolean', default: false },
    'strips-only': { type: 'boolean', default: false },
  },
});
if (!values.out)
  throw new Error(
    'usage: make-data.ts --out DIR [--first 0] [--count 100] [--seed-base 10000] [--native] [--strips-only]',
  );
const out = values.out;
const seedBase = Number(values['seed-base']);

/** One picture per index: MetaTrader 60%, SVG charts 30% (half of them composed), not charts 10%. */
async function draw(index: number): Promise<Drawn> {
  const rng = createRng(seedBase * 7 + index * 13 + 1);
  const slot = index % 20;
  if (slot < 12) {
    const { image, truth } = await renderMetaTrader(mtSpec(seedBase + Math.floor(index / 20), index));
    const b = truth.boxes;
    return {
      image,
      source: `mt-${truth.look}`,
      boxes: {
        chart: [b.chart],
        plot: [b.plot],
        subWindow: b.subWindows,
        labelColumn: [b.labelColumn],
        label: b.labels,
        lastTag: [b.lastTag],
        tag: b.tags,
        textBox: b.textBoxes,
      },
    };
  }
  if (slot < 18) {
    const [spec] = chartSpecs(1, seedBase + index);
    if (!spec) throw new Error('no chart spec');
    const { image, layout: l } = await renderChart(spec);
    const chartBoxes: Boxes = {
      chart: [{ x: 0, y: 0, w: spec.width, h: spec.height }],
      plot: [l.plot],
      labelColumn: [l.labelColumn],
      label: l.labels,
      lastTag: l.lastTag ? [l.lastTag] : [],
      tag: l.tags,
      textBox: l.textBoxes,
    };
    if (slot < 15) return { image, boxes: chartBoxes, source: 'svg' };
    const kind = pick(rng, COMPOSITIONS);
    const placed = await compose(kind, image, rng);
    const { left, top, scale } = placed.chartAt;
    const moved: Boxes = Object.fromEntries(
      Object.entries(chartBoxes).map(([k, list]) => [
        k,
        list.map((r) => ({ x: left + r.x * scale, y: top + r.y * scale, w: r.w * scale, h: r.h * scale })),
      ]),
    );
    return { image: placed.image, boxes: moved, source: `svg-${kind}` };
  }
  const kind = NON_CHART_KINDS[index % NON_CHART_KINDS.length] ?? 'text';
  const [w, h] = pick(rng, [
    [1280, 800],
    [1080, 2340],
    [1920, 1080],
    [900, 700],
  ] as const);
  return { image: await renderNonChart(kind, seedBase + index, w, h), boxes: {}, source: `not-chart-${kind}` };
}

/** A trader's crop (margins cut off) and a chat app's recompression, each on some pictures. */
async function roughen(drawn: Drawn, index: number): Promise<{ image: Buffer; boxes: Boxes }> {
  const rng = createRng(seedBase * 11 + index * 17 + 3);
  let img = sharp(drawn.image);
  const { width = 0, height = 0 } = await img.metadata();
  let boxes = drawn.boxes;
  if (rng() < 0.25) {
    const cut = (n: number): number => Math.floor(n * rng() * 0.12);
    const crop = { left: cut(width), top: cut(height), width: 0, height: 0 };
    crop.width = width - crop.left - cut(width);
    crop.height = height - crop.top - cut(height);
    img = sharp(await img.extract(crop).png().toBuffer());
    boxes = clipAll(boxes, crop);
  }
  if (rng() < 0.3) img = sharp(await img.jpeg({ quality: 35 + Math.floor(rng() * 50) }).toBuffer());
  return { image: await img.png().toBuffer(), boxes };
}

const SMALL = new Set(['label', 'lastTag', 'tag', 'textBox']);

/** Boxes moved into a crop; a label or tag that keeps under half of itself is dropped. */
function clipAll(boxes: Boxes, crop: { left: number; top: number; width: number; height: number }): Boxes {
  const clip = (r: Rect, small: boolean): Rect | null => {
    const x0 = Math.max(r.x - crop.left, 0);
    const y0 = Math.max(r.y - crop.top, 0);
    const x1 = Math.min(r.x + r.w - crop.left, crop.width);
    const y1 = Math.min(r.y + r.h - crop.top, crop.height);
    if (x1 - x0 < 1 || y1 - y0 < 1 || (small && (x1 - x0) * (y1 - y0) < 0.5 * r.w * r.h)) return null;
    return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
  };
  return Object.fromEntries(
    Object.entries(boxes).map(([k, list]) => [
      k,
      list.map((r) => clip(r, SMALL.has(k))).filter((r): r is Rect => r !== null),
    ]),
  );
}

/** The first look places the column's sides up to this share of its width off, and its ends this share of its height. */
const COLUMN_JITTER = 0.2;
const COLUMN_END_JITTER = 0.05;

/**
 * The strip of the chart's label column, cut as the engine cuts it from a column the first look
 * found a little off, with the labels and tags on it in the strip's pixels.
 */
async function strip(
  raster: { width: number; height: number; data: Uint8Array },
  boxes: Boxes,
  index: number,
): Promise<{ image: Buffer; width: number; height: number; boxes: Record<string, number[][]> } | null> {
  const column = boxes.labelColumn?.[0];
  if (!column) return null;
  const rng = createRng(seedBase * 13 + index * 19 + 5);
  const side = (): number => (rng() * 2 - 1) * COLUMN_JITTER * column.w;
  const end = (): number => (rng() * 2 - 1) * COLUMN_END_JITTER * column.h;
  const found = {
    left: column.x + side(),
    top: column.y + end(),
    right: column.x + column.w + side(),
    bottom: column.y + column.h + end(),
  };
  const cut = await stripInput(raster, found);
  if (!cut) return null;
  const { at, scale } = cut;
  const inStrip = Object.fromEntries(
    STRIP_CLASSES.map((k) => [
      k,
      clipAll(
        { [k]: boxes[k] ?? [] },
        { left: at.left, top: at.top, width: at.right - at.left, height: at.bottom - at.top },
      )[k]?.map((r) => [r.x, r.y, r.x + r.w, r.y + r.h].map((v) => Math.round(v * scale * 10) / 10)) ?? [],
    ]),
  );
  const image = await sharp(cut.rgb, { raw: { width: cut.width, height: cut.height, channels: 3 } })
    .png({ compressionLevel: 3 })
    .toBuffer();
  return { image, width: cut.width, height: cut.height, boxes: inStrip };
}

await mkdir(path.join(out, 'images'), { recursive: true });
await mkdir(path.join(out, 'strips'), { recursive: true });
if (values.native) await mkdir(path.join(out, 'native'), { recursive: true });
const first = Number(values.first);
for (let index = first; index < first + Number(values.count); index++) {
  const drawn = await draw(index);
  const { image, boxes } = await roughen(drawn, index);
  const { data, info } = await sharp(image)
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const name = `${String(index).padStart(5, '0')}.png`;
  const cut = await strip({ width: info.width, height: info.height, data: new Uint8Array(data) }, boxes, index);
  if (cut) {
    await writeFile(path.join(out, 'strips', name), cut.image);
    const entry = { file: name, source: drawn.source, width: cut.width, height: cut.height, boxes: cut.boxes };
    await appendFile(path.join(out, 'strips.jsonl'), `${JSON.stringify(entry)}\n`);
  }
  if (values['strips-only']) continue;
  const input = await modelInput({ width: info.width, height: info.height, data });
  await sharp(input.rgb, { raw: { width: input.width, height: input.height, channels: 3 } })
    .png({ compressionLevel: 3 })
    .toFile(path.join(out, 'images', name));
  const scaled = Object.fromEntries(
    LAYOUT_CLASSES.map((k) => [
      k,
      (boxes[k] ?? []).map((r) => [r.x, r.y, r.x + r.w, r.y + r.h].map((v) => Math.round(v * input.scale * 10) / 10)),
    ]),
  );
  const native = values.native
    ? Object.fromEntries(LAYOUT_CLASSES.map((k) => [k, (boxes[k] ?? []).map((r) => [r.x, r.y, r.x + r.w, r.y + r.h])]))
    : undefined;
  if (values.native)
    await sharp(image)
      .png({ compressionLevel: 3 })
      .toFile(path.join(out, 'native', name));
  const line = { file: name, source: drawn.source, width: input.width, height: input.height, boxes: scaled, native };
  await appendFile(path.join(out, 'labels.jsonl'), `${JSON.stringify(line)}\n`);
}
