/**
 * Debug pictures: what each stage of the engine found, drawn over the screenshot, so anyone can
 * see why an image was read as it was or refused (`npm run analyze -- --debug DIR FILE...`).
 * `readChart` fills a trace as it goes; a refusal leaves the stages it reached.
 */
import sharp from 'sharp';
import type { Box } from './raster.js';

export interface DebugTrace {
  /** Full-image pixels throughout. */
  image?: { width: number; height: number };
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

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
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
      parts.push(`<rect x="${b.x - 2}" y="${top}" width="4" height="${Math.max(1, Math.abs(b.close - b.open))}" fill="${colour}" fill-opacity="0.6"/>`);
    }
  }
  if (upTo >= 3) {
    for (const t of trace.tags ?? []) parts.push(`<line x1="0" y1="${t.y}" x2="${width}" y2="${t.y}" stroke="#ffc400" stroke-dasharray="6 4" stroke-width="1"/>`);
    if (trace.last) {
      parts.push(`<line x1="0" y1="${trace.last.y}" x2="${width}" y2="${trace.last.y}" stroke="#ff4081" stroke-width="2"/>`);
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
  const base = await sharp(image)
    .resize(size ? { width: size.width, height: size.height, kernel: 'cubic' } : undefined)
    .removeAlpha()
    .linear(0.6, 0)
    .png()
    .toBuffer();
  const out = new Map<DebugStage, Buffer>();
  for (const stage of DEBUG_STAGES) {
    out.set(stage, await sharp(base).composite([{ input: Buffer.from(stageLayer(trace, stage)), top: 0, left: 0 }]).png().toBuffer());
  }
  return out;
}
