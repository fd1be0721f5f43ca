import { afterAll, describe, expect, it } from 'vitest';
import { terminateOcr } from '../axis/index.js';
import { readMetaTrader } from '../test/metatrader.js';

afterAll(async () => {
  await terminateOcr();
});

describe('labels on a fill in the plot', () => {
  it("are no bars: a Fibonacci level's price box at the plot's right edge", async () => {
    // Seed 2, picture 31 (a design render, read 55% off before): MetaTrader's dark phone theme in
    // landscape; "61.8 1.25495" on an orange fill above the latest bars, its glyphs' edges in the
    // series' colours, was read as the last bars.
    const { error } = await readMetaTrader(2, 31);
    expect(error).toBeLessThan(0.01);
  }, 60_000);
});
