import { describe, expect, it } from 'vitest';
import type { AnalysisResult, ChartFacts } from '../../../../shared/analysis';
import { placeLines, stackLabels } from './overlay-lines';

const overlaps = (tops: number[], height: number, gap: number) =>
  tops.some((a, i) => tops.some((b, j) => i !== j && Math.abs(a - b) < height + gap - 1e-9));

describe('stackLabels', () => {
  it('leaves labels that do not touch where they are', () => {
    expect(stackLabels([50, 100, 150], 20, 4, 0, 300)).toEqual([40, 90, 140]);
  });

  it('spreads colliding labels around their wishes, none overlapping, in the order of their lines', () => {
    const tops = stackLabels([100, 103, 98, 101], 20, 4, 0, 300);
    expect(tops).not.toBeNull();
    expect(overlaps(tops ?? [], 20, 4)).toBe(false);
    // Order follows the wished heights: 98 (index 2) is the top one, 103 (index 1) the bottom one.
    const order = (tops ?? []).map((t, i) => ({ t, i })).sort((a, b) => a.t - b.t).map((x) => x.i);
    expect(order).toEqual([2, 0, 3, 1]);
    const centre = (tops ?? []).reduce((s, t) => s + t + 10, 0) / 4;
    expect(centre).toBeCloseTo((100 + 103 + 98 + 101) / 4, 5);
  });

  it('keeps labels inside the picture: one at the very top moves down, not out', () => {
    const tops = stackLabels([0, 5, 290], 20, 4, 2, 298) ?? [];
    expect(Math.min(...tops)).toBeGreaterThanOrEqual(2);
    expect(Math.max(...tops) + 20).toBeLessThanOrEqual(298);
    expect(overlaps(tops, 20, 4)).toBe(false);
  });

  it('says when they cannot fit', () => {
    expect(stackLabels([10, 20, 30, 40], 20, 4, 0, 80)).toBeNull();
  });
});

describe('placeLines', () => {
  const chart: ChartFacts = {
    lastPrice: 1.222,
    high: 1.24,
    low: 1.2,
    candles: 80,
    levels: { support: [1.22332, 1.21768], resistance: [1.2301] },
    precision: 5,
    // price = -0.0001 * y + 1.25: y 0 is 1.25, y 500 is 1.20.
    scale: { slope: -0.0001, intercept: 1.25 },
    plot: { left: 10, top: 0, right: 900, bottom: 500 },
    image: { width: 1000, height: 500 },
  };
  const result = {
    trend: 'downtrend',
    entryPoint: '1.22200',
    stopLoss: '1.22104',
    takeProfit: '1.24990',
    confidence: 70,
    analysis: 'x',
    recommendedAction: 'sell',
    decisionRationales: [],
    positionSizing: 'x',
  } as AnalysisResult;
  const measure = (text: string) => text.length * 7;

  for (const [width, height] of [
    [1000, 500],
    [358, 179],
  ] as const) {
    it(`labels every line without overlap or clipping on a ${width} px drawing`, () => {
      const placed = placeLines(chart, result, width, height, { fontPx: 12, measure });
      const boxes = placed.map((p) => p.box).filter((b) => b !== null);
      expect(boxes.length).toBeGreaterThanOrEqual(3);
      for (const b of boxes) {
        expect(b.x).toBeGreaterThanOrEqual(0);
        expect(b.y).toBeGreaterThanOrEqual(0);
        expect(b.x + b.width).toBeLessThanOrEqual(width);
        expect(b.y + b.height).toBeLessThanOrEqual(height);
      }
      for (const [i, a] of boxes.entries())
        for (const b of boxes.slice(i + 1))
          expect(a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y).toBe(true);
      expect(placed.filter((p) => p.key).every((p) => p.box !== null)).toBe(true);
    });
  }
});
