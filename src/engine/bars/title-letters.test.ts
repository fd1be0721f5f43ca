import { afterAll, describe, expect, it } from 'vitest';
import { mtSpec, renderMetaTrader } from '../../../scripts/fixtures/metatrader-render.js';
import { terminateOcr } from '../axis/index.js';
import { EngineError } from '../errors.js';
import { readChart } from '../read-chart.js';
import { readMetaTrader } from '../test/metatrader.js';
import { inTextLine } from './read-bars.js';

afterAll(async () => {
  await terminateOcr();
});

describe("a title's letters over the plot", () => {
  it('are no bars: the line under them is read at its bid, not at their letters', async () => {
    // Seed 21, picture 43 (a design render, read 95% off before): MetaTrader's dark phone theme in
    // landscape, a line chart under "EURUSD, H4: Euro vs US Dollar", whose letters in the series'
    // colours made 24 regular bars no taller together than the line of text. Refused once they were
    // no bars; read at the bid since the line is traced under the pivot label's box before its end
    // (line.ts underBox).
    const { error } = await readMetaTrader(21, 43);
    expect(error).toBeLessThan(0.01);
  }, 60_000);
});

describe("a time axis's dates read as most of a weak series", () => {
  it('are no bars: a phone line chart whose dates made 15 of 17 pieces is refused, not read 4.5% off', async () => {
    // Seed 27, picture 2 (a design render): MetaTrader's dark phone theme in portrait, a line chart
    // whose pieces were the dates under the plot, a stray glyph and an object's label; with the
    // top line's text set aside (tail.ts dropTopLineTail) the label's box was read as the close.
    await expect(readChart((await renderMetaTrader(mtSpec(27, 2))).image)).rejects.toBeInstanceOf(EngineError);
  }, 60_000);

  it('counts the bars that lie wholly within one line of text', () => {
    const at = (high: number, low: number) => ({ x: 0, open: high, high, low, close: low });
    const dates = Array.from({ length: 15 }, () => at(1683, 1708));
    expect(inTextLine([...dates, at(450, 477), at(1196, 1231)], 66)).toBe(15);
    expect(inTextLine([at(100, 200), at(150, 260), at(300, 340)], 66)).toBe(1);
  });
});
