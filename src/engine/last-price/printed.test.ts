import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { mtSpec, renderMetaTrader } from '../../../scripts/fixtures/metatrader-render.js';
import { AnalysisSettingsSchema } from '../../shared/analysis.js';
import { terminateOcr } from '../axis/index.js';
import { analyzeChart } from '../index.js';
import type { Raster } from '../raster.js';
import { printedClose } from './printed.js';
import type { Tag } from './tags.js';
import { STEP_FIT } from '../test/scale.js';

const STRIP = { left: 600, top: 0, right: 720, bottom: 400 };
const PLOT = { left: 0, top: 0, right: 599, bottom: 399 };

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
    // The tag stands at rows 288-311 (1.07601 at its centre, row 299.5); it prints 1.07595, at row 302.5.
    const full = await chartWithTag(288, '1.07595');
    const printed = await printedClose(full, 1, STRIP, PLOT, tagAt(288), STEP_FIT, 299.5);
    expect(printed?.price).toBe(1.07595);
    expect(printed?.away).toBeCloseTo(3 / 24, 9);
  }, 60_000);

  it('says how far a printed price stands from the close read, and takes none with fewer decimals than the scale', async () => {
    // 1.07031 stands at row 584.5: the tag's text is another price than its rows.
    const far = await chartWithTag(288, '1.07031');
    expect((await printedClose(far, 1, STRIP, PLOT, tagAt(288), STEP_FIT, 299.5))?.away).toBeCloseTo(285 / 24, 9);
    const short = await chartWithTag(288, '1.0760');
    expect(await printedClose(short, 1, STRIP, PLOT, tagAt(288), STEP_FIT, 299.5)).toBeNull();
  }, 60_000);

  it("says whether a box at the plot's end prints a price past that end (a tag pinned there)", async () => {
    // At rows 0-23, the plot's top: 1.09000 stands at row -400, above it; 1.07595 at row 302.5, below.
    const pinned = await chartWithTag(0, '1.09000');
    expect(await printedClose(pinned, 1, STRIP, PLOT, tagAt(0), STEP_FIT, 5)).toMatchObject({ pastEnd: true });
    const inside = await chartWithTag(0, '1.07595');
    expect(await printedClose(inside, 1, STRIP, PLOT, tagAt(0), STEP_FIT, 5)).toMatchObject({ pastEnd: false });
    // Away from the plot's ends, no price is past them.
    const far = await chartWithTag(288, '1.09000');
    expect(await printedClose(far, 1, STRIP, PLOT, tagAt(288), STEP_FIT, 299.5)).toMatchObject({ pastEnd: false });
  }, 60_000);

  it('reads back as 0 the one 6 or 8 that brings a far price near the close (a zero with a dot in it)', async () => {
    const full = await chartWithTag(288, '1.67595');
    const printed = await printedClose(full, 1, STRIP, PLOT, tagAt(288), STEP_FIT, 299.5);
    expect(printed?.price).toBe(1.07595);
    expect(printed?.away).toBeCloseTo(3 / 24, 9);
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
