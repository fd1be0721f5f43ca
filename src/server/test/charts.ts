import { chartSpecs, renderChart, renderNonChart, type RenderedChart } from '../../../scripts/fixtures/render';
import type { ChartFacts } from '../../shared/analysis';

const cache = new Map<string, Promise<RenderedChart>>();

/** A realistic chart screenshot with its ground truth, from the fixture generator. */
export function testChart(seed = 3, size: [number, number, number] = [1280, 800, 1]): Promise<RenderedChart> {
  const key = `${seed}:${size.join('x')}`;
  let chart = cache.get(key);
  if (!chart) {
    const [spec] = chartSpecs(1, seed, size);
    if (!spec) throw new Error('no chart spec');
    chart = renderChart({ ...spec, format: 'png' });
    cache.set(key, chart);
  }
  return chart;
}

export const notAChart = () => renderNonChart('photo', 7);

/** The test chart with its price axis painted over: a chart whose scale the engine cannot read (AXIS_UNREADABLE). */
export async function chartWithoutAxis(): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const { image } = await testChart();
  const { width = 0, height = 0 } = await sharp(image).metadata();
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const [r = 0, g = 0, b = 0] = data.subarray(0, info.channels);
  const cover = await sharp({ create: { width: 160, height, channels: 3, background: { r, g, b } } }).png().toBuffer();
  return sharp(image).composite([{ input: cover, left: width - 160, top: 0 }]).png().toBuffer();
}

/**
 * A EURUSD chart showing 1.0800 to 1.0900 (100 pips), as the engine reads it:
 * price = -0.00002 y + 1.092, so the plot's top (y 100) is 1.0900 and its bottom (y 600) 1.0800.
 */
export const eurusdFacts: ChartFacts = {
  lastPrice: 1.085,
  high: 1.0895,
  low: 1.0805,
  candles: 80,
  levels: { support: [1.082], resistance: [1.088] },
  precision: 5,
  scale: { slope: -0.00002, intercept: 1.092 },
  plot: { left: 0, top: 100, right: 1100, bottom: 600 },
  image: { width: 1280, height: 720 },
};
