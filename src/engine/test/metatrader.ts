import { mtSpec, renderMetaTrader, type MtTruth } from '../../../scripts/fixtures/metatrader-render.js';
import { readChart, type ChartReading } from '../read-chart.js';

/**
 * A MetaTrader render (seed, picture; `experts`, `zones`, `mtAxis`: the shares of pictures with an
 * Expert Advisor's drawings, with rectangles over the prices and with MetaTrader's own price axis,
 * as `mtSpec` takes them) read by the
 * engine: the reading, its last close's distance from the true last price as a share of the bars'
 * range, and the render's truth.
 */
export async function readMetaTrader(
  seed: number,
  index: number,
  options: { experts?: number; zones?: number; mtAxis?: number } = {},
): Promise<{ reading: ChartReading; error: number; truth: MtTruth }> {
  const { image, truth } = await renderMetaTrader(mtSpec(seed, index, options));
  const reading = await readChart(image);
  const last = reading.candles[reading.candles.length - 1]!.close;
  return { reading, error: Math.abs(last - truth.lastPrice) / (truth.high - truth.low), truth };
}
