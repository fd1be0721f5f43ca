/**
 * No stage edits another's result: each stage's result, deeply frozen, is fed to the next, which
 * reads it as it is (a write to a frozen object throws in a module's strict mode).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { chartSpecs, renderChart } from '../../scripts/fixtures/render.js';
import { judgeAxis, priceAtRow, readAxis } from './axis/read-axis.js';
import { terminateOcr } from './axis/index.js';
import { CLEAR_SERIES_QUALITY, readBars } from './bars/read-bars.js';
import { gatherEvidence } from './confidence/evidence.js';
import { judgeReading } from './confidence/judge.js';
import { decodeImage } from './decode.js';
import { findLayoutScaled, medianLabelHeight } from './layout/index.js';
import { readLastPrice, settle } from './last-price/read-last-price.js';
import { dominantColour } from './raster.js';
import { withScratch } from './scratch.js';
import { ReadingRecorder } from './trace.js';

afterAll(async () => {
  await terminateOcr();
});

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

describe('the stages', () => {
  it("read each other's frozen results, and the bars stay as the bars stage found them", async () => {
    // A chart with the last price's tag, so the last-price stage moves the last close.
    const spec = chartSpecs(12, 5).find((s) => s.priceTag);
    if (!spec) throw new Error('no chart with a tag among the specs');
    const { image, truth } = await renderChart({ ...spec, format: 'png' });
    await withScratch(async () => {
      const { full, work, scale: f } = await decodeImage(image);
      const bg = dominantColour(work);
      const layout = deepFreeze(findLayoutScaled(work, full, f, bg));
      if (!layout) throw new Error('no layout');
      const labelHeight = medianLabelHeight(layout.axis.labels);
      const bars = deepFreeze(readBars({ work, bg, axis: layout.axis, plot: layout.plot, labelHeight }));
      const found = bars.detection;
      if (!bars.found || !found) throw new Error('no bars');
      const asFound = JSON.stringify(found);
      const input = { work, bg, plotBg: bars.plotBg, strip: layout.axis.strip, labels: layout.axis.labels };
      const last = deepFreeze(
        readLastPrice({ ...input, plot: layout.plot, labelHeight, bars: found, ...bars, scanned: bars.scanned }),
      );
      const settled = deepFreeze(settle(found, last));
      expect(JSON.stringify(found)).toBe(asFound);
      expect(last.source).toBe('tag');
      expect(settled.candles.at(-1)?.close).toBe(last.close);

      const axis = deepFreeze(await readAxis({ full, layout, f }));
      expect(judgeAxis(axis, { found: true, quality: found.quality }, CLEAR_SERIES_QUALITY)).toBeNull();
      if (!axis.fit) throw new Error('no scale');
      const series = { detection: settled, tagCheck: bars.tagCheck, lastSource: last.source, ...last };
      const evidence = deepFreeze(
        gatherEvidence({ fit: axis.fit, read: axis.read, pitch: axis.pitch, layout, plot: layout.plot, f, series }),
      );
      const confidence = judgeReading(evidence, settled, false, new ReadingRecorder());
      expect(confidence.value).toBe(1);
      const close = priceAtRow(axis.fit, f)(last.close ?? 0);
      expect(Math.abs(close - truth.lastPrice) / (truth.high - truth.low)).toBeLessThan(0.01);
    });
  }, 60_000);
});
