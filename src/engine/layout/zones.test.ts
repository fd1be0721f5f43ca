import { afterAll, describe, expect, it } from 'vitest';
import { mtSpec } from '../../../scripts/fixtures/metatrader-render.js';
import { terminateOcr } from '../axis/index.js';
import { readMetaTrader } from '../test/metatrader.js';

afterAll(async () => {
  await terminateOcr();
});

// Design renders with rectangles over the prices (`fixtures:mt -- --zones 0.7`, seeds 33 and 34).
const ZONES = { zones: 0.7 };

describe('a filled rectangle across the prices of a MetaTrader chart', () => {
  it.each([
    // A chart window: a zone across the whole window, under the labels' middle (refused before:
    // the plot ended at the zone's top edge, and the labels ran past it).
    [33, 28],
    // A terminal with the same, on white.
    [34, 1],
    // The phone app in portrait: a filled zone from a bar to the axis, an outlined one across.
    [34, 6],
  ])(
    'is inside the pane: the plot runs on past it, as the labels do (seed %i, picture %i)',
    async (seed, picture) => {
      const zones = mtSpec(seed, picture, ZONES).zones ?? [];
      expect(zones.some((z) => z.filled)).toBe(true);
      const { error } = await readMetaTrader(seed, picture, ZONES);
      expect(error).toBeLessThan(0.01);
    },
    60_000,
  );
});
