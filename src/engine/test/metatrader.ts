import { mtSpec, renderMetaTrader, type MtTruth } from '../../../scripts/fixtures/metatrader-render.js';
import { readChart, type ChartReading } from '../read-chart.js';

/**
 * A MetaTrader render (seed, picture; `experts`, `zones`: the shares of pictures with an Expert
 * Advisor's drawings and with rectangles over the prices, as `mtSpec` takes them) read by the
 * engine: the reading, its last close's distance from the true last price as a share of the bars'
 * range, and the render's truth.
 */
export async function readMetaTrader(
  seed: number,
  index: number,
  options: { experts?: number; zones?: number } = {},
): Promise<{ reading: ChartReading; error: number; truth: MtTruth }> {
  const { image, truth } = await renderMetaTrader(mtSpec(seed, index, options));
  const reading = await readChart(image);
  const last = reading.candles[reading.candles.length - 1]!.close;
  return { reading, error: Math.abs(last - truth.lastPrice) / (truth.high - truth.low), truth };
}
