/**
 * A MetaTrader chart window whose first line is rewritten: as MetaTrader 4 writes it, the symbol
 * and the latest bar's open, high, low and close, with a close of the test's choosing; or as a
 * legend that labels a bar's prices (KLineChart's 'Open: ... Close: ...').
 */
import {
  mtSpec,
  renderMetaTrader,
  type LastBar,
  type MtSpec,
  type RenderedMt,
} from '../../../scripts/fixtures/metatrader-render.js';
import { box, drawOver } from './draw.js';

/** The design render drawn on (a chart window, read within 1% of its last close). */
const SEED = 1;
const INDEX = 0;

/** The render's first line of text replaced by `text`, in the window's font and colour. */
function rewriteFirstLine({ spec, image, truth }: RenderedMt, text: string): Promise<Buffer> {
  const line = truth.boxes.textBoxes[0];
  if (!line) throw new Error('the render has no first line');
  const fs = spec.fontSize;
  // Wide enough for the longer of the two lines (a character is some 0.6 of the font's size).
  const w = Math.max(line.w, text.length * fs * 0.62);
  const shapes =
    box(line.x - 2, line.y - 1, w + 4, line.h + 2, spec.theme.background) +
    `<text x="${line.x}" y="${(line.y + fs).toFixed(1)}" font-family="${spec.font}" font-size="${fs}" fill="${spec.theme.foreground}">${text}</text>`;
  return drawOver(image, shapes);
}

/** The chart, its truth, and the picture with a quote line whose close is `close(truth)`. */
export async function chartWithQuote(
  close: (truth: RenderedMt['truth']) => number,
): Promise<{ image: Buffer; truth: RenderedMt['truth']; close: number }> {
  const rendered = await renderMetaTrader(mtSpec(SEED, INDEX));
  const { spec, truth } = rendered;
  const c = close(truth);
  const range = truth.high - truth.low;
  const d = truth.decimals;
  const prices = [c + range * 0.02, c + range * 0.03, c - range * 0.01, c].map((v) => v.toFixed(d));
  const image = await rewriteFirstLine(rendered, `${spec.instrument.symbol},H1  ${prices.join(' ')}`);
  return { image, truth, close: Number(c.toFixed(d)) };
}

/**
 * The chart of `spec`, its truth, and the picture with a legend in place of its first line: the
 * bar `bar(truth)` gives, each price after its label, the bar's time before and its volume after.
 */
export async function chartWithLegend(
  bar: (truth: RenderedMt['truth']) => LastBar,
  spec: MtSpec = mtSpec(SEED, INDEX),
): Promise<{ image: Buffer; truth: RenderedMt['truth']; bar: LastBar }> {
  const rendered = await renderMetaTrader(spec);
  const { truth } = rendered;
  const b = bar(truth);
  const f = (v: number): string => v.toFixed(truth.decimals);
  const text = `Time: 2024-08-27 00:00  Open: ${f(b.open)}  High: ${f(b.high)}  Low: ${f(b.low)}  Close: ${f(b.close)}  Volume: 946`;
  return { image: await rewriteFirstLine(rendered, text), truth, bar: b };
}
