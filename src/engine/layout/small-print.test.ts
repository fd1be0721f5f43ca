import { afterAll, describe, expect, it } from 'vitest';
import { renderChart } from '../../../scripts/fixtures/render.js';
import { terminateOcr } from '../axis/index.js';
import { decodeImage } from '../decode.js';
import { dominantColour } from '../raster.js';
import { readChart } from '../read-chart.js';
import { withScratch } from '../scratch.js';
import { PLAIN_CHART } from '../test/draw.js';
import { findLayoutScaled } from './find.js';

afterAll(async () => {
  await terminateOcr();
});

describe("a big screenshot's small print", () => {
  // 2600 px wide with 10 px labels: halved for the work image, most labels are too small to find
  // there, and the few found stand in the pane's top part only.
  const spec = { ...PLAIN_CHART, width: 2600, height: 1200, fontSize: 10, priceTag: true };

  it('is looked for in the full image when the reduced one leaves most rungs of the axis empty', async () => {
    const { image } = await renderChart(spec);
    await withScratch(async () => {
      const { full, work, scale } = await decodeImage(image);
      expect(scale).toBeGreaterThan(1);
      const layout = findLayoutScaled(work, full, scale, dominantColour(work));
      const rows = layout?.axis.labels.map((l) => (l.top + l.bottom) / 2) ?? [];
      const plot = layout?.plot;
      // Labels from the pane's top to its foot, as the axis prints them.
      expect(rows.length).toBeGreaterThanOrEqual(8);
      expect(Math.max(...rows) - Math.min(...rows)).toBeGreaterThan(((plot?.bottom ?? 0) - (plot?.top ?? 0)) * 0.7);
    });
  }, 60_000);

  it('is read: the last price within 1% of the range', async () => {
    const { image, truth } = await renderChart(spec);
    const reading = await readChart(image);
    const last = reading.candles[reading.candles.length - 1]!.close;
    expect(Math.abs(last - truth.lastPrice) / (truth.high - truth.low)).toBeLessThan(0.01);
  }, 60_000);
});
