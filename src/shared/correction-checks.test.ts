import { describe, expect, it } from 'vitest';
import {
  checkCorrection,
  CORRECTION_MESSAGES,
  farFromLabelsMessage,
  lastOutsideMessage,
  parseCorrection,
  scaleOfPoints,
  type CorrectionContext,
} from './correction';

/** A 1000 px tall picture whose plot spans rows 100-900 and prices 1.1000 (row 100) to 1.0200 (row 900). */
const CHART: CorrectionContext = {
  image: { width: 1600, height: 1000 },
  plot: { top: 100, bottom: 900 },
  scale: { slope: -0.0001, intercept: 1.11 },
  labels: [1.1, 1.08, 1.06, 1.04],
  precision: 4,
};

const field = (value: unknown) => JSON.stringify(value);

describe('parseCorrection', () => {
  it('takes two points with the higher price higher up, and a last price', () => {
    const parsed = parseCorrection(
      field({
        scale: [
          { y: 0.2, price: 1.1 },
          { y: 0.8, price: 1.04 },
        ],
        lastPrice: 1.07,
      }),
    );
    expect(parsed).toEqual({
      ok: true,
      correction: {
        scale: [
          { y: 0.2, price: 1.1 },
          { y: 0.8, price: 1.04 },
        ],
        lastPrice: 1.07,
      },
    });
  });

  it("says what is wrong in the trader's words", () => {
    const problem = (value: unknown) => {
      const parsed = parseCorrection(typeof value === 'string' ? value : field(value));
      return parsed.ok ? null : parsed.message;
    };
    expect(
      problem({
        scale: [
          { y: 0.5, price: 1.1 },
          { y: 0.51, price: 1.0 },
        ],
      }),
    ).toBe(CORRECTION_MESSAGES.sameHeight);
    expect(
      problem({
        scale: [
          { y: 0.2, price: 1.0 },
          { y: 0.8, price: 1.1 },
        ],
      }),
    ).toBe(CORRECTION_MESSAGES.wrongOrder);
    expect(
      problem({
        scale: [
          { y: 0.2, price: 1.1 },
          { y: 0.8, price: 1.1 },
        ],
      }),
    ).toBe(CORRECTION_MESSAGES.wrongOrder);
    expect(problem({ lastPrice: -1 })).toBe(CORRECTION_MESSAGES.notPositive);
    expect(problem({})).toBe(CORRECTION_MESSAGES.invalid);
    expect(problem('{not json')).toBe(CORRECTION_MESSAGES.invalid);
    expect(problem({ lastPrice: 1.07, extra: true })).not.toBeNull();
    expect(
      problem({
        scale: [
          { y: 1.5, price: 1.1 },
          { y: 0.8, price: 1.0 },
        ],
      }),
    ).not.toBeNull();
  });
});

describe('checkCorrection', () => {
  it('maps two points to the line through them', () => {
    const scale = scaleOfPoints(
      [
        { y: 0.1, price: 1.1 },
        { y: 0.9, price: 1.02 },
      ],
      1000,
    );
    expect(scale.slope).toBeCloseTo(-0.0001, 10);
    expect(scale.intercept).toBeCloseTo(1.11, 10);
    expect(
      checkCorrection(
        {
          scale: [
            { y: 0.1, price: 1.1 },
            { y: 0.9, price: 1.02 },
          ],
        },
        CHART,
      ),
    ).toBeNull();
  });

  it('refuses a last price outside the scale over the plot', () => {
    expect(checkCorrection({ lastPrice: 1.05 }, CHART)).toBeNull();
    expect(checkCorrection({ lastPrice: 1.2 }, CHART)).toBe(lastOutsideMessage('1.0200', '1.1000'));
    expect(checkCorrection({ lastPrice: 1.05 }, { ...CHART, scale: null })).toBe(CORRECTION_MESSAGES.noScale);
  });

  it("refuses prices far from the axis's labels, and a scale that falls below zero", () => {
    const tenfold = {
      scale: [
        { y: 0.1, price: 11 },
        { y: 0.9, price: 10.2 },
      ] as const,
    };
    expect(checkCorrection({ scale: [...tenfold.scale] }, CHART)).toBe(farFromLabelsMessage('1.0800'));
    const steep = {
      scale: [
        { y: 0.1, price: 1.1 },
        { y: 0.2, price: 0.9 },
      ] as [{ y: number; price: number }, { y: number; price: number }],
    };
    expect(checkCorrection(steep, CHART)).toBe(CORRECTION_MESSAGES.belowZero);
    // With no labels read, the size of the prices is the trader's to say.
    expect(checkCorrection({ scale: [...tenfold.scale] }, { ...CHART, labels: [] })).toBeNull();
  });
});
