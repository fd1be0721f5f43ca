import { describe, expect, it } from 'vitest';
import { plotEdge } from './plot-box.js';
import { BG, CANDLE, canvas, GRID } from './test/pictures.js';

describe('plotEdge', () => {
  it('takes the first full-height line left of the axis for its border', () => {
    const r = canvas();
    r.fill(560, 560, 0, 59, GRID);
    r.fill(586, 586, 0, 59, GRID);
    // A price tag spans the gap between the border and the labels.
    r.fill(587, 588, 20, 28, CANDLE);
    expect(plotEdge(r, BG, 588, -1, 0, 60)).toBe(586);
  });

  it('takes the border when a crosshair label with rounded corners, or faint JPEG ringing, lies beyond it', () => {
    const r = canvas();
    r.fill(570, 570, 0, 59, GRID);
    // The label's corners are cut off on the border's side; it still reaches the labels.
    r.fill(573, 588, 20, 21, [120, 123, 134]);
    r.fill(571, 588, 22, 30, [120, 123, 134]);
    r.fill(573, 588, 31, 32, [120, 123, 134]);
    // Ringing beside a candle cut by the border: too faint to be a candle.
    r.fill(571, 572, 40, 50, [40, 44, 56]);
    expect(plotEdge(r, BG, 588, -1, 0, 60)).toBe(570);
  });

  it('does not take a vertical grid line for the border when a candle stands beyond it', () => {
    const r = canvas();
    r.fill(570, 570, 0, 59, GRID);
    // The last candle's body straddles the grid line; the chart has no border.
    r.fill(568, 573, 20, 35, CANDLE);
    expect(plotEdge(r, BG, 588, -1, 0, 60)).toBe(586);
    // Without the candle the same line is taken for the border.
    r.fill(568, 573, 20, 35, BG);
    r.fill(570, 570, 0, 59, GRID);
    expect(plotEdge(r, BG, 588, -1, 0, 60)).toBe(570);
  });

  it('takes the border when tick marks at the labels stand between it and the labels', () => {
    const r = canvas();
    r.fill(570, 570, 0, 59, [191, 191, 191]);
    // Ticks six pixels long at the label rows, four rows tall (two pixels at a pixel ratio of
    // 2, spread by a JPEG): they touch the border and stop short of the labels.
    for (const y of [5, 25, 45]) r.fill(571, 576, y, y + 3, [150, 150, 150]);
    expect(plotEdge(r, BG, 588, -1, 0, 60)).toBe(570);
  });
});
