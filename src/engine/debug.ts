/**
 * Debug pictures: what each stage of the engine found, drawn over the screenshot, so anyone can
 * see why an image was read as it was or refused (`npm run analyze -- --debug DIR FILE...`).
 * The pipeline fills one DebugTrace per attempt as it goes (trace.ts); a refusal leaves the
 * stages it reached. `overviewPage` shows every attempt's pictures in order, with its decisions.
 */
import sharp from 'sharp';
import type { ReadingTrace } from '../shared/engine-trace.js';
import type { AxisReading } from './axis/read-axis.js';
import type { CandleDetection } from './bars/index.js';
import type { Layout } from './layout/index.js';
import type { Tag } from './last-price/index.js';
import type { Box } from './raster.js';

export interface DebugTrace {
  /** Full-image pixels throughout (of `part`, where the attempt read a part of the picture). */
  image?: { width: number; height: number };
  /** The part of the picture the attempt read (the active chart's frame), in the pixels of a
   * picture of size `partOf` (the screenshot, or its copy at twice the size). */
  part?: Box;
  partOf?: { width: number; height: number };
  axis?: { side: 'left' | 'right'; strip: Box; words: Box[] };
  plot?: Box;
  /** The labels OCR read: crop, text, and whether the fitted scale kept them. */
  labels?: { box: Box; text: string; inlier: boolean }[];
  bars?: { x: number; open: number; high: number; low: number; close: number }[];
  tags?: { y: number; verdict: string }[];
  last?: { y: number; price: number; source: string };
  /** How the reading ended: 'answered' or the refusal's code and detail. */
  outcome?: string;
}

export const DEBUG_STAGES = ['axis', 'plot', 'bars', 'last-price'] as const;
export type DebugStage = (typeof DEBUG_STAGES)[number];

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const rect = (b: Box, colour: string, width = 2, fill = 'none') =>
  `<rect x="${b.left}" y="${b.top}" width="${Math.max(1, b.right - b.left)}" height="${Math.max(1, b.bottom - b.top)}" fill="${fill}" stroke="${colour}" stroke-width="${width}"/>`;
const text = (x: number, y: number, s: string, colour: string, size: number) =>
  `<text x="${x}" y="${y}" fill="${colour}" font-family="DejaVu Sans, sans-serif" font-size="${size}" paint-order="stroke" stroke="#000" stroke-width="3">${esc(s)}</text>`;

/** The SVG layer of one stage: each stage draws its own findings over a dimmed copy of the earlier ones. */
export function stageLayer(trace: DebugTrace, stage: DebugStage): string {
  const { width = 1, height = 1 } = trace.image ?? {};
  const size = Math.max(12, Math.round(Math.min(width, height) / 60));
  const parts: string[] = [];
  const upTo = DEBUG_STAGES.indexOf(stage);
  if (trace.axis) {
    parts.push(rect(trace.axis.strip, '#ff9800', upTo === 0 ? 3 : 1));
    if (upTo === 0) for (const w of trace.axis.words) parts.push(rect(w, '#ffeb3b', 1));
  }
  if (upTo === 0) {
    for (const l of trace.labels ?? []) {
      parts.push(rect(l.box, l.inlier ? '#00e676' : '#ff1744', 2));
      const x = trace.axis?.side === 'left' ? l.box.right + 4 : Math.max(0, l.box.left - size * 6);
      parts.push(text(x, l.box.bottom, l.text || '(unread)', l.inlier ? '#00e676' : '#ff1744', size));
    }
  }
  if (trace.plot && upTo >= 1) parts.push(rect(trace.plot, '#2979ff', upTo === 1 ? 3 : 1));
  if (trace.bars && upTo >= 2) {
    for (const b of trace.bars) {
      const up = b.close <= b.open;
      const colour = up ? '#00e5ff' : '#e040fb';
      parts.push(`<line x1="${b.x}" y1="${b.high}" x2="${b.x}" y2="${b.low}" stroke="${colour}" stroke-width="1"/>`);
      const top = Math.min(b.open, b.close);
      parts.push(
        `<rect x="${b.x - 2}" y="${top}" width="4" height="${Math.max(1, Math.abs(b.close - b.open))}" fill="${colour}" fill-opacity="0.6"/>`,
      );
    }
  }
  if (upTo >= 3) {
    for (const t of trace.tags ?? [])
      parts.push(
        `<line x1="0" y1="${t.y}" x2="${width}" y2="${t.y}" stroke="#ffc400" stroke-dasharray="6 4" stroke-width="1"/>`,
      );
    if (trace.last) {
      parts.push(
        `<line x1="0" y1="${trace.last.y}" x2="${width}" y2="${trace.last.y}" stroke="#ff4081" stroke-width="2"/>`,
      );
      parts.push(text(8, trace.last.y - 4, `last ${trace.last.price} (${trace.last.source})`, '#ff4081', size));
    }
  }
  parts.push(text(8, size + 4, `${stage}: ${trace.outcome ?? ''}`, '#ffffff', size));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${parts.join('')}</svg>`;
}

/** One PNG per stage: the screenshot dimmed, with that stage's findings drawn on it. */
export async function renderDebug(image: Buffer, trace: DebugTrace): Promise<Map<DebugStage, Buffer>> {
  // A small screenshot read at a larger size (read-chart.ts, secondLook) is drawn at that size.
  const size = trace.image;
  const { part, partOf } = trace;
  const base = await (
    part && partOf
      ? // The part is cut from the picture at the size it was read at.
        sharp(
          await sharp(image)
            .resize({ width: partOf.width, height: partOf.height, kernel: 'cubic' })
            .png({ compressionLevel: 0 })
            .toBuffer(),
        ).extract({
          left: part.left,
          top: part.top,
          width: part.right - part.left + 1,
          height: part.bottom - part.top + 1,
        })
      : sharp(image).resize(size ? { width: size.width, height: size.height, kernel: 'cubic' } : undefined)
  )
    .removeAlpha()
    .linear(0.6, 0)
    .png()
    .toBuffer();
  const out = new Map<DebugStage, Buffer>();
  for (const stage of DEBUG_STAGES) {
    out.set(
      stage,
      await sharp(base)
        .composite([{ input: Buffer.from(stageLayer(trace, stage)), top: 0, left: 0 }])
        .png()
        .toBuffer(),
    );
  }
  return out;
}

/** A work-image box in full-image pixels (`f` full pixels per work pixel). */
export const toFull = (b: Box, f: number): Box => ({
  left: b.left * f,
  top: b.top * f,
  right: b.right * f,
  bottom: b.bottom * f,
});

/** The attempt's label column and plot, when pictures are wanted. */
export function debugAxis(
  trace: DebugTrace | undefined,
  layout: Layout,
  f: number,
  image: { width: number; height: number },
): void {
  if (!trace) return;
  trace.image = image;
  trace.axis = {
    side: layout.axis.side,
    strip: toFull(layout.axis.strip, f),
    words: layout.axis.labels.map((w) => toFull(w, f)),
  };
  trace.plot = toFull(layout.plot, f);
  delete trace.bars;
  delete trace.labels;
}

export function debugPlot(trace: DebugTrace | undefined, plot: Box, f: number): void {
  if (trace) trace.plot = toFull(plot, f);
}

/** The labels OCR read, and whether the fitted line kept them. */
export function debugLabels(trace: DebugTrace | undefined, axis: AxisReading): void {
  if (!trace) return;
  const kept = new Set(axis.fit?.inliers.map((l) => l.y));
  trace.labels = axis.read.map((l, i) => ({
    box: axis.boxes[i] ?? { left: 0, top: l.y - 4, right: 0, bottom: l.y + 4 },
    text: l.text,
    inlier: kept.has(l.y),
  }));
}

/** The bars found and, once the last price is read, the axis's tags and the last close. */
export function debugSeries(
  trace: DebugTrace | undefined,
  detection: CandleDetection | null,
  f: number,
  last?: { tags: Tag[]; verdict: string; lastSource: string; price: (y: number) => number; precision: number },
): void {
  if (!trace || !detection) return;
  const full = (y: number) => (y + 0.5) * f;
  trace.bars = detection.candles.map((c) => ({
    x: c.x * f,
    open: c.open * f,
    high: c.high * f,
    low: c.low * f,
    close: c.close * f,
  }));
  const lastBar = detection.candles[detection.candles.length - 1];
  if (!last) return;
  trace.tags = last.tags.map((t) => ({ y: full(t.y), verdict: last.verdict }));
  if (lastBar)
    trace.last = {
      y: full(lastBar.close),
      price: Number(last.price(lastBar.close).toFixed(last.precision)),
      source: last.lastSource,
    };
}

/** The file name of one attempt's stage picture: the attempt's number and name, then the stage's. */
export const debugFileName = (file: string, attempt: number, name: string, stage: DebugStage): string =>
  `${file}.${String(attempt + 1).padStart(2, '0')}-${name.replace(/[^a-z0-9-]+/gi, '_')}.${DEBUG_STAGES.indexOf(stage) + 1}-${stage}.png`;

/**
 * One HTML page for a file: every attempt in order, its stage pictures side by side, its stages'
 * summaries and its decisions beside them, and how the reading ended.
 */
export function overviewPage(file: string, reading: ReadingTrace, pictures: Map<number, string[]>): string {
  const rows = reading.attempts.map((attempt, i) => {
    const chosen = reading.attempt === i ? ' (the result)' : '';
    const stages = attempt.stages
      .map((s) => `<li><b>${esc(s.stage)}</b> ${esc(JSON.stringify(s.summary))}</li>`)
      .join('');
    const decisions = attempt.decisions
      .map((d) => `<li><code>${esc(d.rule)}</code> ${esc(d.outcome)} ${esc(JSON.stringify(d.weighed))}</li>`)
      .join('');
    const images = (pictures.get(i) ?? [])
      .map((src) => `<a href="${esc(src)}"><img src="${esc(src)}" alt="${esc(src)}" width="320"></a>`)
      .join('');
    return `<section><h2>${i + 1}. ${esc(attempt.name)}${chosen}</h2><div>${images}</div><ul>${stages}</ul><ul>${decisions || '<li>no decisions</li>'}</ul></section>`;
  });
  const ended = reading.rule
    ? `refused: <code>${esc(reading.rule)}</code>`
    : `answered, confidence ${reading.confidence ?? ''}`;
  return `<!doctype html><html lang="en"><meta charset="utf-8"><title>${esc(file)}</title><h1>${esc(file)}: ${ended}</h1>${rows.join('')}</html>\n`;
}

/** How an attempt ended, for its pictures' caption: its refusal or retry, or the answer. */
function attemptOutcome(reading: ReadingTrace, i: number, trend?: string): string {
  const attempt = reading.attempts[i];
  const ended = attempt?.decisions.filter((d) => d.outcome !== 'lowered').map((d) => `${d.rule} (${d.outcome})`) ?? [];
  const said =
    reading.attempt === i && reading.rule === null ? [`answered, confidence ${reading.confidence ?? ''}`] : [];
  const seen = reading.attempt === i && trend ? [`trend of the bars seen: ${trend}`] : [];
  return [...ended, ...said, ...seen].join('; ') || 'went on';
}

/**
 * Every attempt's stage pictures, by attempt number. An attempt at twice the size is drawn at
 * that size. `trend`: the trend said with a refusal.
 */
export async function renderAttempts(
  image: Buffer,
  pictures: DebugTrace[],
  reading: ReadingTrace,
  trend?: string,
): Promise<Map<number, Map<DebugStage, Buffer>>> {
  const out = new Map<number, Map<DebugStage, Buffer>>();
  for (const [i, picture] of pictures.entries()) {
    if (!picture.image) continue;
    out.set(i, await renderDebug(image, { ...picture, outcome: attemptOutcome(reading, i, trend) }));
  }
  return out;
}
