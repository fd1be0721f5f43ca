import { chartSpecs, renderChart, renderNonChart, type RenderedChart } from '../../../scripts/fixtures/render';

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
