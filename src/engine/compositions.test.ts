/**
 * The engine on charts as traders' screenshots hold them (scripts/fixtures/compose.ts): inside
 * an app window whose watchlist has columns of prices beside the axis, and pasted into a slide.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { compose, stackOscillatorPane } from '../../scripts/fixtures/compose.js';
import { createRng } from '../../scripts/fixtures/ohlc.js';
import { chartSpecs, renderChart } from '../../scripts/fixtures/render.js';
import { AnalysisSettingsSchema } from '../shared/analysis.js';
import { analyzeChart, shutdownEngine } from './index.js';

const settings = AnalysisSettingsSchema.parse({});

afterAll(async () => {
  await shutdownEngine();
});

describe('charts inside other pictures', () => {
  it("reads the chart's own axis in an app window, not the watchlist's columns of prices beside it", async () => {
    const rng = createRng(5);
    for (const spec of chartSpecs(8, 21)) {
      const { image, truth } = await renderChart(spec);
      const alone = await analyzeChart(image, settings);
      const window = await compose('window', image, rng);
      const { chart } = await analyzeChart(window.image, settings);
      // The window around the chart changes what is read by a pixel at most.
      const range = truth.high - truth.low;
      expect(Math.abs(chart.lastPrice - alone.chart.lastPrice) / range, spec.id).toBeLessThan(0.003);
      expect((chart.scale?.slope ?? 0) / (alone.chart.scale?.slope ?? 1), spec.id).toBeCloseTo(1, 2);
    }
  }, 60_000);

  it("reads the price pane of a figure whose oscillator pane shares its box and axis column, no line between them", async () => {
    // The oscillator's lines, in the candles' colours, spoil the series of the whole box; it is
    // found within the price labels' pane.
    const rng = createRng(3);
    for (const spec of chartSpecs(10, 40).filter((s) => ['chart-043', 'chart-045'].some((id) => s.id.startsWith(id)))) {
      spec.axisBorder = false;
      const { image, truth } = await renderChart(spec);
      const { chart } = await analyzeChart(await stackOscillatorPane(image, spec, rng), settings);
      expect(Math.abs(chart.lastPrice - truth.lastPrice) / (truth.high - truth.low), spec.id).toBeLessThan(0.01);
    }
  }, 60_000);

  it('reads a chart pasted into a slide', async () => {
    const rng = createRng(9);
    const [spec] = chartSpecs(1, 33);
    const { image, truth } = await renderChart(spec!);
    const slide = await compose('slide', image, rng);
    const { chart } = await analyzeChart(slide.image, settings);
    // Scaled down with the slide, so read to within 1% of the visible range.
    expect(Math.abs(chart.lastPrice - truth.lastPrice) / (truth.high - truth.low)).toBeLessThan(0.01);
  }, 30_000);
});
