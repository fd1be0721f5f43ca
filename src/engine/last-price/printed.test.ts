import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { mtSpec, renderMetaTrader } from '../../../scripts/fixtures/metatrader-render.js';
import { AnalysisSettingsSchema } from '../../shared/analysis.js';
import { terminateOcr } from '../axis/index.js';
import { analyzeChart } from '../index.js';
import type { ScaleFit } from '../axis/scale.js';
import type { Raster } from '../raster.js';
import { printedClose } from './printed.js';
import type { Tag } from './tags.js';

/** A scale of 1.08000 at row 100, 0.00100 less every 50 rows. */
const FIT: ScaleFit = {
  slope: -0.00002,
  intercept: 1.082,
  precision: 5,
  inliers: [1.08, 1.079, 1.078].map((value, i) => ({ y: 100 + 50 * i, value, decimals: 5 })),
  onStep: true,
};
const STRIP = { left: 600, top: 0, right: 720, bottom: 400 };

/** A white chart with a label column on the right, and a filled tag at rows `top`..`top + 23` printing `text`. */
async function chartWithTag(top: number, text: string): Promise<Raster> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="400"><rect width="720" height="400" fill="#fff"/>` +
    `<rect x="600" y="${top}" width="120" height="24" fill="#26a69a"/>` +
    `<text x="606" y="${top + 18}" font-family="DejaVu Sans Mono" font-size="17" fill="#fff">${text}</text></svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data) };
}

const tagAt = (top: number): Tag => ({ y: top + 11.5, top, bottom: top + 23, fill: [38, 166, 154], lines: 1 });

describe('printedClose', () => {
  afterAll(() => terminateOcr());

  it('gives the price printed on the tag the close was read from', async () => {
    // The tag stands at rows 288-311 (1.07624 at its centre); it prints 1.07631, 3.5 rows away.
    const full = await chartWithTag(288, '1.07631');
    expect(await printedClose(full, 1, STRIP, tagAt(288), FIT, 299.5)).toBe(1.07631);
  }, 60_000);

  it('takes no printed price far from the close read, nor one with fewer decimals than the scale', async () => {
    // 1.07031 stands at row 558: the tag's text is another price than its rows.
    const far = await chartWithTag(288, '1.07031');
    expect(await printedClose(far, 1, STRIP, tagAt(288), FIT, 299.5)).toBeNull();
    const short = await chartWithTag(288, '1.0763');
    expect(await printedClose(short, 1, STRIP, tagAt(288), FIT, 299.5)).toBeNull();
  }, 60_000);

  it("answers the price on MetaTrader's bid tag where an order's tag overlaps it", async () => {
    // Design render 44-071 (phone, landscape): the bid's tag and a position's a few rows apart,
    // the close read from the price line between them 1.7% of the bars' range off.
    const { image, truth } = await renderMetaTrader(mtSpec(44, 71));
    const { chart, trace } = await analyzeChart(image, AnalysisSettingsSchema.parse({ timeFrame: '1h' }));
    expect(chart.lastPrice).toBe(Number(truth.lastPrice.toFixed(truth.decimals)));
    // The trace keeps four decimals.
    const stages = trace.attempts[trace.attempt ?? 0]?.stages ?? [];
    const printed = stages.find((st) => st.stage === 'last-price' && st.summary.printed !== undefined);
    expect(printed?.summary.printed).toBeCloseTo(chart.lastPrice, 4);
  }, 60_000);
});
