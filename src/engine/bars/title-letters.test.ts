import { afterAll, describe, expect, it } from 'vitest';
import { mtSpec, renderMetaTrader } from '../../../scripts/fixtures/metatrader-render.js';
import { terminateOcr } from '../axis/index.js';
import { EngineError } from '../errors.js';
import { readChart } from '../read-chart.js';

afterAll(async () => {
  await terminateOcr();
});

describe("a title's letters over the plot", () => {
  it('are no bars: no price is read from them on a line chart', async () => {
    // Seed 21, picture 43 (a design render, read 95% off before): MetaTrader's dark phone theme in
    // landscape, a line chart under "EURUSD, H4: Euro vs US Dollar", whose letters in the series'
    // colours made 24 regular bars no taller together than the line of text.
    const { image } = await renderMetaTrader(mtSpec(21, 43));
    const read = readChart(image).then(
      () => null,
      (error: unknown) => error,
    );
    expect(await read).toBeInstanceOf(EngineError);
  }, 60_000);
});
