/**
 * The trader's correction (correction.ts): a scale from two marked points prices the bars of a
 * chart whose axis could not be read; a last price replaces the one the engine read or doubted;
 * figures that do not fit the chart are refused in the trader's words. Pictures: one rendered
 * chart, painted over (as in rules.test.ts).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { renderChart, renderNonChart, type LayoutBox } from '../../scripts/fixtures/render.js';
import {
  CORRECTION_MESSAGES,
  farFromLabelsMessage,
  lastOutsideMessage,
  type Correction,
} from '../shared/correction.js';
import { ANALYSIS_DEFAULTS } from '../shared/analysis.js';
import { terminateOcr } from './axis/index.js';
import { CorrectionRejected } from './correction.js';
import { EngineError } from './errors.js';
import { analyzeChart, type EngineOutput } from './index.js';
import { box, drawOver, PLAIN_CHART } from './test/draw.js';

afterAll(async () => {
  await terminateOcr();
});

const SPEC = PLAIN_CHART;
const settings = { ...ANALYSIS_DEFAULTS };

let read: Promise<{ image: Buffer; out: EngineOutput; legend: LayoutBox }> | undefined;
const chart = () =>
  (read ??= renderChart(SPEC).then(async ({ image, layout }) => ({
    image,
    out: await analyzeChart(image, settings),
    legend: layout.textBoxes[0]!,
  })));

/** Two points on the chart's own scale, as the trader would mark them: shares of the height, prices typed. */
function pointsOf(out: EngineOutput, prices: [number, number]): NonNullable<Correction['scale']> {
  const { slope, intercept } = out.chart.scale!;
  const height = out.chart.image.height;
  return prices.map((price) => ({ y: (price - intercept) / slope / height, price })) as NonNullable<
    Correction['scale']
  >;
}

const span = (out: EngineOutput) => out.chart.high - out.chart.low;
const axisLeft = (out: EngineOutput) => out.chart.plot.right + 2;

describe("the trader's correction", () => {
  it('prices the bars of a chart whose axis was painted out with the two points the trader marked', async () => {
    const { image, out } = await chart();
    const noAxis = await drawOver(
      image,
      box(axisLeft(out), 0, SPEC.width - axisLeft(out), out.chart.plot.bottom, SPEC.theme.background),
    );
    const refusal = await analyzeChart(noAxis, settings).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(EngineError);
    expect((refusal as EngineError).bars?.rows.length).toBeGreaterThan(20);

    const top = Math.ceil(out.chart.high);
    const scale = pointsOf(out, [top, top - 3]);
    const corrected = await analyzeChart(noAxis, settings, { correction: { scale } });
    expect(Math.abs(corrected.chart.lastPrice - out.chart.lastPrice)).toBeLessThan(span(out) * 0.01);
    expect(corrected.chart.scale!.slope).toBeCloseTo(out.chart.scale!.slope, 6);
    expect(corrected.trace.corrected).toEqual({ scale: true, lastPrice: false });
    // The plan's levels lie on the chart the trader priced.
    for (const level of [corrected.result.entryPoint, corrected.result.stopLoss, corrected.result.takeProfit].map(
      Number,
    )) {
      expect(level).toBeGreaterThan(out.chart.low - span(out));
      expect(level).toBeLessThan(out.chart.high + span(out));
    }
  });

  it('re-reads an answer with the last price the trader set, on the scale PipLens read', async () => {
    const { image, out } = await chart();
    const lastPrice = Number((out.chart.low + span(out) * 0.25).toFixed(3));
    const corrected = await analyzeChart(image, settings, { correction: { lastPrice } });
    expect(corrected.chart.lastPrice).toBe(lastPrice);
    expect(corrected.chart.scale).toEqual(out.chart.scale);
    expect(corrected.chart.candles).toBe(out.chart.candles);
  });

  it('takes a last price on a reading it doubted for a tag far from the last bar', async () => {
    const { image, out, legend } = await chart();
    const row = (out.chart.low - out.chart.scale!.intercept) / out.chart.scale!.slope;
    // The legend, which prints the last close and would confirm the reading, painted over.
    const unlabelled = box(legend.x - 4, legend.y - 4, legend.w + 8, legend.h + 8, SPEC.theme.background);
    const farTag = await drawOver(
      image,
      unlabelled + box(axisLeft(out), row - 9, SPEC.width - axisLeft(out), 18, SPEC.theme.up),
    );
    const refusal = await analyzeChart(farTag, settings).catch((e: unknown) => e);
    expect((refusal as EngineError).code).toBe('UNSURE_READING');
    expect((refusal as EngineError).bars?.scale).toBeDefined();
    const corrected = await analyzeChart(farTag, settings, { correction: { lastPrice: out.chart.lastPrice } });
    expect(corrected.chart.lastPrice).toBe(out.chart.lastPrice);
  });

  it("refuses figures that do not fit the chart, in the trader's words", async () => {
    const { image, out } = await chart();
    const { slope, intercept } = out.chart.scale!;
    const low = (slope * out.chart.plot.bottom + intercept).toFixed(out.chart.precision);
    const high = (slope * out.chart.plot.top + intercept).toFixed(out.chart.precision);
    await expect(analyzeChart(image, settings, { correction: { lastPrice: out.chart.high * 3 } })).rejects.toThrow(
      new CorrectionRejected(lastOutsideMessage(low, high)),
    );
    // Prices a hundred times the labels' (a decimal point left out).
    const scale = pointsOf(out, [out.chart.high, out.chart.low]).map((p) => ({
      ...p,
      price: p.price * 100,
    })) as Correction['scale'];
    await expect(analyzeChart(image, settings, { correction: { scale } })).rejects.toThrow(CorrectionRejected);
    await expect(analyzeChart(image, settings, { correction: { scale } })).rejects.toThrow(
      farFromLabelsMessage('').split('(')[0]!,
    );
  });

  it('says a scale cannot help a picture with no bars', async () => {
    const document = await renderNonChart('document', 1);
    const scale: Correction['scale'] = [
      { y: 0.2, price: 1.1 },
      { y: 0.8, price: 1.0 },
    ];
    const plain = await analyzeChart(document, settings).catch((e: unknown) => e);
    expect((plain as EngineError).bars).toBeUndefined();
    await expect(analyzeChart(document, settings, { correction: { scale } })).rejects.toThrow(
      new CorrectionRejected(CORRECTION_MESSAGES.noBars),
    );
  });
});
