/**
 * A refusal of a chart's prices still says the trend of the bars found: the direction needs no
 * scale. A picture that is no chart says none.
 */
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { chartSpecs, NON_CHART_KINDS, renderChart, renderNonChart } from '../../scripts/fixtures/render.js';
import { AnalysisSettingsSchema } from '../shared/analysis.js';
import { trendOfRows } from './analysis/index.js';
import { doubtsLastPriceOnly, type ConfidenceTerm } from './confidence/index.js';
import { EngineError, UNSURE_REASONS } from './errors.js';
import { analyzeChart, shutdownEngine } from './index.js';
import { drawOver, PLAIN_CHART } from './test/draw.js';

const settings = AnalysisSettingsSchema.parse({});

afterAll(async () => {
  await shutdownEngine();
});

const refusalOf = (image: Buffer) =>
  analyzeChart(image, settings).then(
    () => null,
    (error: unknown) => error as EngineError,
  );

/** The picture with a rectangle of `fill` drawn over it. */
async function paint(image: Buffer, box: { left: number; top: number; width: number; height: number }, fill: string) {
  const svg = `<svg width="${box.width}" height="${box.height}" xmlns="http://www.w3.org/2000/svg"><rect width="${box.width}" height="${box.height}" fill="${fill}"/></svg>`;
  return sharp(image)
    .composite([{ input: Buffer.from(svg), left: box.left, top: box.top }])
    .png()
    .toBuffer();
}

describe('trendOfRows', () => {
  const bars = (rows: number[]) => rows.map((r) => ({ open: r + 2, high: r - 3, low: r + 5, close: r }));
  const steps = (from: number, step: number) => Array.from({ length: 40 }, (_, i) => from + step * i + (i % 3) * 2);

  it('reads rows that climb up the picture as an uptrend, and rows that sink as a downtrend', () => {
    expect(trendOfRows(bars(steps(400, -8)), settings)).toBe('uptrend');
    expect(trendOfRows(bars(steps(80, 8)), settings)).toBe('downtrend');
  });

  it('reads rows that stay in one band as sideways', () => {
    expect(trendOfRows(bars(Array.from({ length: 40 }, (_, i) => 200 + (i % 6) * 10)), settings)).toBe('sideways');
  });
});

describe('a refusal of the prices', () => {
  it("says the trend of the bars of a chart whose price axis is cut off, the same as the answer's", async () => {
    let trending = 0;
    for (const spec of chartSpecs(6, 77)) {
      const { image } = await renderChart({ ...spec, format: 'png' });
      const answer = await analyzeChart(image, settings);
      // The axis, with any tag on it, painted over in the background's colour.
      const { plot } = answer.chart;
      const cut = await paint(
        image,
        { left: Math.ceil(plot.right) + 1, top: 0, width: spec.width - Math.ceil(plot.right) - 1, height: spec.height },
        spec.theme.background,
      );
      const refusal = await refusalOf(cut);
      expect(refusal?.code, spec.id).toBe('AXIS_UNREADABLE');
      expect(refusal?.trend, spec.id).toBe(answer.result.trend);
      if (answer.result.trend !== 'sideways') trending++;
    }
    expect(trending).toBeGreaterThanOrEqual(2);
  }, 60_000);

  it('says the trend of a clear series beside labels that read as no scale', async () => {
    // Wider than a second look at twice the size is taken for.
    const spec = { ...PLAIN_CHART, width: 1600, height: 900 };
    const { image } = await renderChart(spec);
    const answer = await analyzeChart(image, settings);
    const { plot } = answer.chart;
    // The labels painted over and seven numbers written in their places that make no line.
    const left = Math.ceil(plot.right) + 2;
    const rows = answer.evidence?.labelsRead.map((l) => l.y) ?? [];
    const texts = ['153.000', '157.000', '151.000', '155.000', '152.000', '156.000', '154.000'];
    const words = rows
      .map(
        (y, i) =>
          `<text x="${left + 5}" y="${(y + spec.fontSize * 0.36).toFixed(1)}" font-family="${spec.font}" font-size="${spec.fontSize}" fill="${spec.theme.text}">${texts[i % texts.length]}</text>`,
      )
      .join('');
    const shuffled = await drawOver(
      await paint(
        image,
        { left, top: 0, width: spec.width - left, height: Math.ceil(plot.bottom) },
        spec.theme.background,
      ),
      words,
    );
    const refusal = await refusalOf(shuffled);
    expect(refusal?.rule).toBe('axis/labels-unreadable');
    expect(answer.result.trend).toBe('uptrend');
    expect(refusal?.trend).toBe(answer.result.trend);
  }, 60_000);

  it("says the trend of the bars when the axis's tag contradicts the last bar (the reading is refused)", async () => {
    for (const spec of chartSpecs(3, 78)) {
      const { image, layout } = await renderChart({ ...spec, priceTag: false, format: 'png' });
      const answer = await analyzeChart(image, settings);
      const { plot, lastPrice, high, low, scale } = answer.chart;
      if (!scale) throw new Error('an answer has a scale');
      // A tag in the up colour on the axis, at the far end of the range from the last close; the
      // legend, which prints the last close and would confirm it, painted over.
      const far = lastPrice - low > high - lastPrice ? low : high;
      const row = Math.round((far - scale.intercept) / scale.slope);
      const legend = layout.textBoxes[0]!;
      const unlabelled = await paint(
        image,
        {
          left: Math.floor(legend.x) - 4,
          top: Math.floor(legend.y) - 4,
          width: Math.ceil(legend.w) + 8,
          height: Math.ceil(legend.h) + 8,
        },
        spec.theme.background,
      );
      const tagged = await paint(
        unlabelled,
        { left: Math.ceil(plot.right) + 2, top: row - 9, width: spec.width - Math.ceil(plot.right) - 2, height: 18 },
        spec.theme.up,
      );
      const refusal = await refusalOf(tagged);
      expect(refusal?.code, spec.id).toBe('UNSURE_READING');
      expect(refusal?.message, spec.id).toBe(UNSURE_REASONS.tagDisagrees);
      expect(refusal?.trend, spec.id).toBe(answer.result.trend);
    }
  }, 60_000);

  // Some are refused as a chart without a readable axis (a photo's smooth gradient with blobs of
  // a series' regularity, a page of text with a column of numbers): still no trend. One test per
  // kind, so that a machine busy with other work does not run ten pictures of every kind against
  // one time limit.
  it.each(NON_CHART_KINDS)(
    'says no trend of a picture that is no chart, whatever it is refused as: %s',
    async (kind) => {
      for (let seed = 1; seed <= 10; seed++) {
        const refusal = await refusalOf(await renderNonChart(kind, seed));
        expect(refusal?.code, `${kind} ${seed}`).not.toBeUndefined();
        expect(refusal?.trend, `${kind} ${seed}`).toBeUndefined();
      }
    },
    120_000,
  );
});

describe('doubtsLastPriceOnly', () => {
  it('keeps the bars of a refusal that doubts only the prices: where the last price is, a thin scale', () => {
    const prices: ConfidenceTerm[] = ['tagAgreement', 'marksBesideLast', 'lastBarAway', 'scaleAndCloseUnconfirmed'];
    expect(prices.every((t) => doubtsLastPriceOnly(t))).toBe(true);
  });

  it('keeps none where the refusal doubts the bars: another pane, a part of the window', () => {
    const bars: ConfidenceTerm[] = ['lastOutsideLabels', 'seriesOutsideLabels', 'labelsPastPlot'];
    expect(bars.some((t) => doubtsLastPriceOnly(t))).toBe(false);
  });
});
