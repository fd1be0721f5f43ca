import { describe, expect, it } from 'vitest';
import { boxesOf, iou } from './boxes.js';
import { LAYOUT_CLASSES } from './model-input.js';

/** Heat maps of `width` x `height` (padded to 8 columns more), every logit -5 but the rectangles given. */
function logits(width: number, height: number, on: Partial<Record<string, [number, number, number, number][]>>) {
  const padded = width + 8;
  const data = new Float32Array(LAYOUT_CLASSES.length * padded * height).fill(-5);
  LAYOUT_CLASSES.forEach((name, k) => {
    for (const [x0, y0, x1, y1] of on[name] ?? []) {
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) data[k * padded * height + y * padded + x] = 3;
    }
  });
  return { data, width: padded, height, used: { width, height } };
}

describe('learned layout boxes', () => {
  it('cuts one box per blob, scaled back to the screenshot', () => {
    const boxes = boxesOf({ ...logits(100, 60, { plot: [[0, 0, 80, 50]] }), scale: 0.5 });
    expect(boxes.plot).toHaveLength(1);
    expect(boxes.plot[0]).toMatchObject({ left: 0, top: 0, right: 160, bottom: 100 });
    expect(boxes.plot[0]?.score).toBeCloseTo(1 / (1 + Math.exp(-3)), 5);
    expect(boxes.chart).toHaveLength(0);
  });

  it("grows a label's core back to its height, and keeps two neighbouring labels apart", () => {
    const boxes = boxesOf({
      ...logits(100, 60, {
        label: [
          [80, 10, 95, 12],
          [80, 13, 95, 15],
        ],
      }),
      scale: 1,
    });
    expect(boxes.label).toHaveLength(2);
    // A core 2 rows high is the middle half of a label 4 rows high.
    expect(boxes.label.map((b) => [b.top, b.bottom])).toEqual([
      [9, 13],
      [12, 16],
    ]);
  });

  it('drops specks smaller than a class allows and ignores the padding', () => {
    const boxes = boxesOf({
      ...logits(100, 60, {
        plot: [[10, 10, 14, 14]],
        labelColumn: [[101, 0, 107, 60]],
      }),
      scale: 1,
    });
    expect(boxes.plot).toHaveLength(0);
    expect(boxes.labelColumn).toHaveLength(0);
  });

  it('joins arms that meet lower down into one blob, never corners that only touch, first-found first', () => {
    const boxes = boxesOf({
      ...logits(100, 60, {
        textBox: [
          // A U: two arms joined by their foot four rows down.
          [50, 10, 53, 20],
          [60, 10, 63, 20],
          [50, 20, 63, 23],
          // A square touching another only at a corner, higher up: two blobs, it comes first.
          [10, 2, 14, 6],
          [14, 6, 18, 10],
        ],
      }),
      scale: 1,
    });
    const kept = boxes.textBox.map((b) => [b.left, b.right]);
    expect(kept).toEqual([
      [10, 14],
      [14, 18],
      [50, 63],
    ]);
  });

  it('measures overlap as intersection over union', () => {
    const a = { left: 0, top: 0, right: 10, bottom: 10 };
    expect(iou(a, a)).toBe(1);
    expect(iou(a, { left: 5, top: 0, right: 15, bottom: 10 })).toBeCloseTo(1 / 3, 5);
    expect(iou(a, { left: 10, top: 0, right: 20, bottom: 10 })).toBe(0);
  });
});
