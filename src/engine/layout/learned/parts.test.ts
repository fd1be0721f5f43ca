import { describe, expect, it } from 'vitest';
import type { FoundBox, LearnedBoxes } from './boxes.js';
import { LAYOUT_CLASSES } from './model-input.js';
import { chartParts } from './parts.js';

const box = (left: number, top: number, right: number, bottom: number, score = 0.9): FoundBox => ({
  left,
  top,
  right,
  bottom,
  score,
});
/** A tag's box, its edges found where its fill ends (snap.ts). */
const tag = (left: number, top: number, right: number, bottom: number, score = 0.9): FoundBox => ({
  ...box(left, top, right, bottom, score),
  filled: true,
});

function found(on: Partial<LearnedBoxes>): LearnedBoxes {
  const all = Object.fromEntries(LAYOUT_CLASSES.map((k) => [k, []])) as unknown as LearnedBoxes;
  return { ...all, ...on };
}

describe("the one chart among the learned reader's boxes", () => {
  // Two tiles side by side: a big one at the left (plot 0-700, column 700-760) and a small one.
  const big = box(0, 0, 700, 500);
  const bigColumn = box(702, 0, 760, 500);
  const small = box(800, 0, 1100, 250);
  const smallColumn = box(1102, 0, 1160, 250);

  it('reads the largest plot, its column, the chart around it and the tag on that column', () => {
    const parts = chartParts(
      found({
        chart: [box(0, 0, 760, 520), box(800, 0, 1160, 270)],
        plot: [small, big],
        labelColumn: [smallColumn, bigColumn],
        lastTag: [tag(1104, 100, 1160, 112, 0.95), tag(703, 300, 760, 312, 0.7), tag(703, 120, 760, 132, 0.6)],
      }),
    );
    expect(parts?.plot).toBe(big);
    expect(parts?.column).toEqual(bigColumn);
    expect(parts?.side).toBe('right');
    expect(parts?.chart).toEqual(box(0, 0, 760, 520));
    // The other tile's tag scores higher; the one on this chart's column is taken.
    expect(parts?.lastTag).toEqual(tag(703, 300, 760, 312, 0.7));
  });

  it('takes a filled box for the tag, never a plain label the net marked more surely', () => {
    const filled = tag(703, 300, 760, 312, 0.6);
    const plain = box(703, 120, 760, 132, 0.8);
    expect(chartParts(found({ plot: [big], labelColumn: [bigColumn], lastTag: [plain, filled] }))?.lastTag).toBe(
      filled,
    );
    expect(chartParts(found({ plot: [big], labelColumn: [bigColumn], lastTag: [plain] }))?.lastTag).toBeNull();
  });

  it('keeps the plot without a column beside it, and then names no tag', () => {
    const parts = chartParts(found({ plot: [big], labelColumn: [smallColumn], lastTag: [tag(703, 300, 760, 312)] }));
    expect(parts?.plot).toBe(big);
    expect(parts?.column).toBeNull();
    expect(parts?.lastTag).toBeNull();
  });

  it("reads a column at the left and leaves out tags outside the plot's rows", () => {
    const plot = box(60, 0, 700, 400);
    const column = box(0, 0, 58, 400);
    const parts = chartParts(found({ plot: [plot], labelColumn: [column], lastTag: [tag(2, 440, 58, 452)] }));
    expect(parts?.side).toBe('left');
    expect(parts?.lastTag).toBeNull();
  });

  it("cuts a column that runs on into the chart stacked below at its plot's rows", () => {
    // A phone's two stacked charts: the net's column blob ran down both.
    const parts = chartParts(found({ plot: [big], labelColumn: [box(702, 0, 760, 1000, 0.8)] }));
    expect(parts?.column).toEqual(box(702, 0, 760, 500, 0.8));
  });

  it('joins a column the net marked in pieces, and leaves a lone label-sized piece alone', () => {
    const pieces = [box(702, 50, 760, 120, 0.7), box(702, 200, 758, 260, 0.8), box(704, 380, 760, 440, 0.75)];
    // A piece at the plot's other side covers fewer rows: the column is this side's.
    const parts = chartParts(found({ plot: [big], labelColumn: [...pieces, box(0, 100, 20, 160)] }));
    expect(parts?.column).toEqual(box(702, 0, 760, 500, 0.7));
    expect(parts?.side).toBe('right');
    const lone = chartParts(found({ plot: [big], labelColumn: [box(702, 50, 760, 140)] }));
    expect(lone?.column).toBeNull();
  });

  it('finds nothing without a plot', () => {
    expect(chartParts(found({ labelColumn: [bigColumn] }))).toBeNull();
  });
});
