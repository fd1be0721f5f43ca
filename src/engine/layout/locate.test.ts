import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { chartSpecs, renderChart, renderNonChart } from '../../../scripts/fixtures/render.js';
import { EngineError } from '../errors.js';
import { locateChart } from './locate.js';
import { mtSpec, renderMetaTrader } from '../../../scripts/fixtures/metatrader-render.js';

/** A chart pasted into a slide: a plain frame of `margin` pixels around it. */
async function onSlide(chart: Buffer, margin: number): Promise<{ image: Buffer; width: number; height: number }> {
  const { width = 0, height = 0 } = await sharp(chart).metadata();
  const image = await sharp(chart)
    .extend({ top: margin, bottom: margin, left: margin, right: margin, background: '#f4f1ea' })
    .png()
    .toBuffer();
  return { image, width, height };
}

describe('locateChart', () => {
  it('finds the chart inside a slide frame: the pane and its axis, nothing of the frame', async () => {
    for (const spec of chartSpecs(3, 5)) {
      const { image: chart } = await renderChart(spec);
      const margin = 120;
      const { image, width, height } = await onSlide(chart, margin);
      const found = await locateChart(image);
      expect(found.image).toEqual({ width: width + 2 * margin, height: height + 2 * margin });
      expect(found.axisSide).toBe('right');
      const box = found.chart!;
      // Inside the pasted chart, give or take a pixel of rounding.
      expect(box.left).toBeGreaterThanOrEqual(margin - 1);
      expect(box.top).toBeGreaterThanOrEqual(margin - 1);
      expect(box.right).toBeLessThanOrEqual(margin + width + 1);
      expect(box.bottom).toBeLessThanOrEqual(margin + height + 1);
      // And most of it: the price pane with its labels, without the toolbar and time axis.
      expect((box.right - box.left) / width).toBeGreaterThan(0.9);
      expect((box.bottom - box.top) / height).toBeGreaterThan(0.6);
      // The plot lies inside the chart box, left of the labels.
      expect(found.plot!.right).toBeLessThan(box.right);
      expect(found.plot!.left).toBeGreaterThanOrEqual(box.left);
    }
  });

  it('finds no chart area in a picture without a price axis', async () => {
    const found = await locateChart(await renderNonChart('noise', 3, 640, 400));
    expect(found).toEqual({ image: { width: 640, height: 400 }, chart: null, plot: null, axisSide: null });
  });

  it('refuses a file that is not an image', async () => {
    await expect(locateChart(Buffer.from('not an image'))).rejects.toBeInstanceOf(EngineError);
  });

  it('offers the framed chart where several share the screen (the one the reading reads)', async () => {
    // Seed 1, picture 38: MetaTrader's phone app, two charts stacked, the lower one framed.
    const { image, truth } = await renderMetaTrader(mtSpec(1, 38));
    const found = await locateChart(image);
    const c = truth.boxes.chart;
    const box = found.chart!;
    expect(box.top).toBeGreaterThanOrEqual(c.y - 2);
    expect(box.bottom).toBeLessThanOrEqual(c.y + c.h + 2);
    expect(box.bottom - box.top).toBeGreaterThan(c.h / 2);
  }, 30_000);
});
