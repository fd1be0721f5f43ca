import { describe, expect, it } from 'vitest';
import { pricePastEnd } from './evidence.js';
import { STEP_FIT } from '../test/scale.js';

const PLOT = { left: 0, top: 40, right: 600, bottom: 400 };
const PITCH = 50;
const labels = (...extra: { y: number; text: string }[]) => [
  { y: 100, text: '1.08000' },
  { y: 150, text: '1.07900' },
  { y: 200, text: '1.07800' },
  ...extra,
];

describe('pricePastEnd', () => {
  it("is 0 where the axis's prints lie on the scale", () => {
    expect(pricePastEnd(STEP_FIT, labels(), PLOT, 1, PITCH)).toBe(0);
    // A tag pushed to stay on the axis: its price a little past the foot.
    expect(pricePastEnd(STEP_FIT, labels({ y: 390, text: '1.07380' }), PLOT, 1, PITCH)).toBeCloseTo(0.2, 9);
  });

  it("measures a price printed at the axis's end that lies far past it (a tag pinned there)", () => {
    // At the foot, a price 0.01 below its own: 500 rows past the plot's bottom.
    expect(pricePastEnd(STEP_FIT, labels({ y: 390, text: '1.06400' }), PLOT, 1, PITCH)).toBeCloseTo(10, 9);
    // At the top, 1.09000 stands at row -400, 440 rows above the plot's top.
    expect(pricePastEnd(STEP_FIT, labels({ y: 50, text: '1.09000' }), PLOT, 1, PITCH)).toBeCloseTo(8.8, 9);
  });

  it('takes no word, no price with fewer decimals, and no price away from the ends or outside the plot', () => {
    const far = (y: number, text: string) => pricePastEnd(STEP_FIT, labels({ y, text }), PLOT, 1, PITCH);
    expect(far(390, 'M15')).toBe(0);
    expect(far(390, '1.064')).toBe(0);
    // Digits of two labels run together.
    expect(far(390, '10.64000')).toBe(0);
    expect(far(300, '1.06400')).toBe(0);
    // A sub-window's label below the price pane.
    expect(far(420, '7.63000')).toBe(0);
    // A price past the other end: a misread, not a pinned tag.
    expect(far(390, '1.09000')).toBe(0);
  });
});
