/**
 * A MetaTrader chart window whose first line is rewritten as MetaTrader 4 writes it, the symbol
 * and the latest bar's open, high, low and close, with a close of the test's choosing.
 */
import { mtSpec, renderMetaTrader, type RenderedMt } from '../../../scripts/fixtures/metatrader-render.js';
import { box, drawOver } from './draw.js';

/** The design render drawn on (a chart window, read within 1% of its last close). */
const SEED = 1;
const INDEX = 0;

/** The chart, its truth, and the picture with a quote line whose close is `close(truth)`. */
export async function chartWithQuote(
  close: (truth: RenderedMt['truth']) => number,
): Promise<{ image: Buffer; truth: RenderedMt['truth']; close: number }> {
  const spec = mtSpec(SEED, INDEX);
  const { image, truth } = await renderMetaTrader(spec);
  const line = truth.boxes.textBoxes[0];
  if (!line) throw new Error('the render has no first line');
  const c = close(truth);
  const range = truth.high - truth.low;
  const d = truth.decimals;
  const prices = [c + range * 0.02, c + range * 0.03, c - range * 0.01, c].map((v) => v.toFixed(d));
  const text = `${spec.instrument.symbol},H1  ${prices.join(' ')}`;
  const fs = spec.fontSize;
  const shapes =
    box(line.x - 2, line.y - 1, line.w + 4, line.h + 2, spec.theme.background) +
    `<text x="${line.x}" y="${(line.y + fs).toFixed(1)}" font-family="${spec.font}" font-size="${fs}" fill="${spec.theme.foreground}">${text}</text>`;
  return { image: await drawOver(image, shapes), truth, close: Number(c.toFixed(d)) };
}
