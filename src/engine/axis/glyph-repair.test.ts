/**
 * A label one digit of which a tag over it made OCR misread, on an axis of three labels (a
 * phone's): a MetaTrader render (design seed, docs/engine-lab-notes.md). Drawn cases of the rule
 * are in scale.test.ts (repairGlyph).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { readMetaTrader } from '../test/metatrader.js';
import { terminateOcr } from './index.js';

afterAll(async () => {
  await terminateOcr();
});

describe('an axis of three labels, one under a tag', () => {
  it("is read: the misread digit is repaired from the other two labels' step", async () => {
    // Seed 41, picture 14: MetaTrader 5's white phone theme in portrait; the green take-profit tag
    // covers the top of "2035.00", read "7035.00", and the axis was "unreadable" before.
    const { error } = await readMetaTrader(41, 14);
    expect(error).toBeLessThan(0.01);
  }, 60_000);
});
