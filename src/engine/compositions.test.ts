/**
 * The engine on charts as traders' screenshots hold them (scripts/fixtures/compose.ts): inside
 * an app window whose watchlist has columns of prices beside the axis, and pasted into a slide.
 */
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { compose, stackOscillatorPane } from '../../scripts/fixtures/compose.js';
import { createRng } from '../../scripts/fixtures/ohlc.js';
import { chartSpecs, renderChart } from '../../scripts/fixtures/render.js';
import { AnalysisSettingsSchema } from '../shared/analysis.js';
import type { DebugTrace } from './debug.js';
import { analyzeChart, shutdownEngine } from './index.js';
import { readChart } from './read-chart.js';
import { ReadingRecorder } from './trace.js';

const settings = AnalysisSettingsSchema.parse({});

afterAll(async () => {
  await shutdownEngine();
});

/** The chart read with SVG `shapes` drawn over it, and the trace of its stages. */
async function readWithOverlay(image: Buffer, width: number, height: number, shapes: string) {
  const svg = `<svg width="${width}" height="${height}" xmlns="http://www.w3.org/2000/svg">${shapes}</svg>`;
  const overlaid = await sharp(image)
    .composite([{ input: Buffer.from(svg) }])
    .png()
    .toBuffer();
  const rec = new ReadingRecorder(true);
  const reading = await readChart(overlaid, rec);
  // The pixels of the attempt the answer came from.
  const trace: DebugTrace = rec.pictures[reading.trace.attempt ?? -1] ?? {};
  return { reading, trace };
}

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
    // Sixteen readings: some 25 s on two quiet cores, past a minute on a busy machine.
  }, 180_000);

  it('reads the price pane of a figure whose oscillator pane shares its box and axis column, no line between them', async () => {
    // The oscillator's lines, in the candles' colours, spoil the series of the whole box; it is
    // found within the price labels' pane.
    const rng = createRng(3);
    for (const spec of chartSpecs(10, 40).filter((s) => ['chart-043', 'chart-045'].some((id) => s.id.startsWith(id)))) {
      spec.axisBorder = false;
      const { image, truth } = await renderChart(spec);
      const reading = await readChart(await stackOscillatorPane(image, spec, rng));
      const last = reading.candles[reading.candles.length - 1]!.close;
      expect(Math.abs(last - truth.lastPrice) / (truth.high - truth.low), spec.id).toBeLessThan(0.01);
      // Read within the price labels' pane (their rows and a step's margin), not the whole box:
      // the oscillator's pane starts where the chart's time axis was.
      const oscillatorTop = spec.height - Math.round(spec.fontSize * 2.3);
      const oscillatorHeight = Math.round(oscillatorTop * 0.45);
      expect(reading.plot.bottom, spec.id).toBeLessThan(oscillatorTop + oscillatorHeight / 2);
    }
  }, 60_000);

  it("takes no stripes for bars from a box in the candles' colour drawn over them (a signal's label, a legend's badge)", async () => {
    for (const spec of chartSpecs(1, 61)) {
      const { image, truth } = await renderChart(spec);
      const { width, height } = spec;
      const box = { top: Math.round(height * 0.25), bottom: Math.round(height * 0.65) };
      const shapes = `<rect x="${width * 0.3}" y="${box.top}" width="${width * 0.12}" height="${box.bottom - box.top}" fill="${spec.theme.down}"/>`;
      const { reading, trace } = await readWithOverlay(image, width, height, shapes);
      // A part of the box would span its rows from top to bottom.
      const stripes = (trace.bars ?? []).filter(
        (b) => Math.abs(b.high - box.top) < 4 && Math.abs(b.low - box.bottom) < 4,
      );
      expect(stripes, spec.id).toEqual([]);
      const last = reading.candles[reading.candles.length - 1]!.close;
      expect(Math.abs(last - truth.lastPrice) / (truth.high - truth.low), spec.id).toBeLessThan(0.01);
    }
  }, 60_000);

  it('takes no bars from a box of text drawn over the candles (a trade plan, a tooltip), taller than their wicks', async () => {
    for (const spec of chartSpecs(2, 62)) {
      const { image, truth } = await renderChart(spec);
      const { width, height } = spec;
      const box = { left: Math.round(width * 0.3), top: Math.round(height * 0.12), right: Math.round(width * 0.46) };
      const bottom = Math.round(height * 0.8);
      // Lines of words in white, in a dark fill of no candle's colour: letters 4 px strokes 7 px
      // apart, words of three to six letters, lines ending where their words do.
      const glyphs: string[] = [];
      for (let y = box.top + 12; y + 12 < bottom; y += 24) {
        const end = box.left + (box.right - box.left) * (0.6 + ((y * 7) % 30) / 100);
        for (let x = box.left + 10, word = 0; x + 40 < end; word++, x += 8)
          for (let k = 0; k < 3 + ((word + y) % 4); k++, x += 7)
            glyphs.push(`<rect x="${x}" y="${y}" width="4" height="10" fill="#ffffff"/>`);
      }
      const shapes = `<rect x="${box.left}" y="${box.top}" width="${box.right - box.left}" height="${bottom - box.top}" fill="#33363f"/>${glyphs.join('')}`;
      const { reading, trace } = await readWithOverlay(image, width, height, shapes);
      // No bar inside the box (the legend's text above it may be read as marks at its top).
      const inBox = (trace.bars ?? []).filter(
        (b) => b.x > box.left + 2 && b.x < box.right - 2 && b.low > box.top + 4 && b.high < bottom - 4,
      );
      expect(inBox, spec.id).toEqual([]);
      const last = reading.candles[reading.candles.length - 1]!.close;
      expect(Math.abs(last - truth.lastPrice) / (truth.high - truth.low), spec.id).toBeLessThan(0.01);
    }
  }, 60_000);

  it("takes no bars from a status table over the latest bars' columns, its cells in fills of several colours", async () => {
    // An indicator's table in the plot's top-right corner, above the latest bars: a grey body, a
    // header, and a column of cells in tints of the candles' colours. Drawn like this, the text and
    // line stages take it out before the boxes of text are sought (boxes.test.ts has a table that
    // only the union of its fills makes a box); this keeps a table there from ending the series.
    for (const spec of chartSpecs(12, 63)
      .filter((s) => s.regime === 'downtrend')
      .slice(0, 2)) {
      const { image, truth } = await renderChart(spec);
      const { width, height } = spec;
      const clean = await readWithOverlay(image, width, height, '');
      const { plot } = clean.reading;
      const table = {
        left: Math.round(plot.left + (plot.right - plot.left) * 0.72),
        right: Math.round(plot.right) - 12,
        top: Math.round(plot.top) + 8,
      };
      const lastBars = (clean.trace.bars ?? []).filter((b) => b.x >= table.left - 4);
      const bottom = Math.min(...lastBars.map((b) => b.high)) - 10;
      const row = 22;
      const rows = Math.floor((bottom - table.top) / row);
      expect(rows, spec.id).toBeGreaterThanOrEqual(4);
      const mid = Math.round((table.left + table.right) / 2);
      const parts = [
        `<rect x="${table.left}" y="${table.top}" width="${table.right - table.left}" height="${rows * row}" fill="#787b86"/>`,
      ];
      for (let k = 0; k < rows; k++) {
        const y = table.top + k * row;
        const fill = k === 0 ? '#2962ff' : k % 3 === 1 ? spec.theme.down : k % 3 === 2 ? spec.theme.up : '#787b86';
        parts.push(
          `<rect x="${k === 0 ? table.left : mid}" y="${y}" width="${k === 0 ? table.right - table.left : table.right - mid}" height="${row}" fill="${fill}" fill-opacity="${k === 0 ? 1 : 0.55}"/>`,
        );
        // A cell's words in white: letters 3 px strokes 6 px apart, in each column.
        for (const from of [table.left + 6, mid + 6]) {
          for (let x = from, n = 0; n < 7; n++, x += 6)
            parts.push(`<rect x="${x}" y="${y + 6}" width="3" height="10" fill="#ffffff"/>`);
        }
      }
      const { reading, trace } = await readWithOverlay(image, width, height, parts.join(''));
      const inTable = (trace.bars ?? []).filter(
        (b) => b.x > table.left + 2 && b.x < table.right - 2 && b.high < table.top + rows * row - 4,
      );
      expect(inTable, spec.id).toEqual([]);
      const last = reading.candles[reading.candles.length - 1]!.close;
      expect(Math.abs(last - truth.lastPrice) / (truth.high - truth.low), spec.id).toBeLessThan(0.01);
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
