import { afterAll, describe, expect, it } from 'vitest';
import { terminateOcr } from './index.js';
import { readMetaTrader } from '../test/metatrader.js';

afterAll(async () => {
  await terminateOcr();
});

// Design renders with MetaTrader's own price axis (`fixtures:mt -- --mt-axis 1`, seeds 1 and 2).
const MT_AXIS = { mtAxis: 1 };

describe("MetaTrader's own price axis: a label a fixed pitch apart, whatever the price", () => {
  it.each([
    // A terminal's framed chart, green on black: nine labels 0.0005 apart but for rounding
    // (0.8591, 0.8586, ...), three of them multiples of 0.0005 (refused before: the three made
    // the scale, a minority of the labels).
    [1, 5],
    // A terminal on white, twenty-two labels: five of them multiples of 0.0005.
    [2, 41],
  ])(
    'is read through every label, not the few on a round step (seed %i, picture %i)',
    async (seed, picture) => {
      const { reading, error } = await readMetaTrader(seed, picture, MT_AXIS);
      expect(error).toBeLessThanOrEqual(0.01);
      expect(reading.scale.onStep).toBe(false);
      expect(reading.scale.inliers.length).toBeGreaterThanOrEqual(8);
    },
    60_000,
  );
});
