import { describe, expect, it } from 'vitest';
import type { ModelInput } from './model-input.js';
import { snappedTag } from './snap.js';

type Rgb = [number, number, number];

/** A model input of `bg` with filled rectangles [left, top, right, bottom, colour]. */
function picture(width: number, height: number, bg: Rgb, fills: [number, number, number, number, Rgb][]): ModelInput {
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const hit = fills.findLast(([l, t, r, b]) => x >= l && x < r && y >= t && y < b);
      rgb.set(hit ? hit[4] : bg, (y * width + x) * 3);
    }
  }
  return { rgb, width, height, scale: 1 };
}

const RED: Rgb = [220, 40, 40];
const WHITE: Rgb = [255, 255, 255];
const DARK: Rgb = [20, 22, 28];

describe('a tag snapped to its fill', () => {
  it("takes the box's edges from the picture where the net's blob is a pixel or two off", () => {
    // A red tag 24 x 7 with white glyph strokes in it; the net's blob is narrower and a row low.
    const img = picture(160, 80, DARK, [
      [120, 40, 144, 47, RED],
      [124, 42, 125, 46, WHITE],
      [128, 42, 129, 46, WHITE],
      [132, 42, 134, 43, WHITE],
    ]);
    expect(snappedTag(img, { left: 126, top: 42, right: 140, bottom: 48 })).toEqual({
      left: 120,
      top: 40,
      right: 144,
      bottom: 47,
    });
  });

  it('reaches the picture edge a tag touches', () => {
    const img = picture(160, 80, DARK, [[136, 10, 160, 16, RED]]);
    expect(snappedTag(img, { left: 140, top: 12, right: 156, bottom: 14 })).toEqual({
      left: 136,
      top: 10,
      right: 160,
      bottom: 16,
    });
  });

  it('finds no tag where the fill is the pane itself', () => {
    const img = picture(160, 80, DARK, []);
    expect(snappedTag(img, { left: 100, top: 30, right: 120, bottom: 33 })).toBeNull();
  });
});
