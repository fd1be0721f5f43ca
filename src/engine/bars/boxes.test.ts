import { describe, expect, it } from 'vitest';
import { findBlobs } from '../components.js';
import { eraseTextBoxes, isTextBox } from './boxes.js';

const W = 120;
const H = 100;

/** A label plane of colour 0 (255: no ink) drawn by `paint(x, y)`. */
function plane(paint: (x: number, y: number) => boolean): Uint8Array {
  const label = new Uint8Array(W * H).fill(255);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) if (paint(x, y)) label[y * W + x] = 0;
  return label;
}

const inside = (x: number, y: number, l: number, t: number, r: number, b: number): boolean =>
  x >= l && x <= r && y >= t && y <= b;

/** Glyphs: 3 px strokes every 6 px along two lines of text. */
const glyph = (x: number, y: number): boolean =>
  (inside(y, 0, 18, 0, 24, 99) || inside(y, 0, 34, 0, 40, 99)) && x % 6 < 3;

function only(label: Uint8Array) {
  const blobs = findBlobs(label, W, H, 0, W, 255);
  expect(blobs).toHaveLength(1);
  return blobs[0]!;
}

describe('boxes of text', () => {
  it('knows a filled box with two lines of text cut out of it (a trade plan, a signal label)', () => {
    const label = plane((x, y) => inside(x, y, 10, 10, 90, 50) && !(inside(x, y, 14, 0, 86, 99) && glyph(x, y)));
    expect(isTextBox(only(label), label, W)).toBe(true);
  });

  it("is not a candle's body and wick, however wide, nor a hollow body, nor touching bars", () => {
    const candle = plane((x, y) => inside(x, y, 20, 20, 60, 70) || inside(x, y, 40, 5, 40, 90));
    expect(isTextBox(only(candle), candle, W)).toBe(false);
    const hollow = plane((x, y) => inside(x, y, 20, 20, 60, 70) && !inside(x, y, 22, 22, 58, 68));
    expect(isTextBox(only(hollow), hollow, W)).toBe(false);
    // Bars touching in a dense chart: ragged tops and feet.
    const dense = plane((x, y) => x >= 10 && x <= 100 && y >= 30 + ((x * 7) % 23) && y <= 60 + ((x * 5) % 19));
    expect(isTextBox(only(dense), dense, W)).toBe(false);
  });

  it('is not a region whose rectangle holds more of its colour than its own pixels: other pieces inside it', () => {
    // A rectangle drawn in the bars' colour round bars of that colour, a line of another colour
    // between them: the rectangle's region is its frame, and the bars inside it make rows of
    // gaps like text's. Filled, the same rectangle with text cut out of it is a box.
    const frame = (x: number, y: number) => inside(x, y, 10, 10, 90, 50) && !inside(x, y, 12, 12, 88, 48);
    const bars = (x: number, y: number) => inside(x, y, 14, 14, 86, 46) && !glyph(x, y);
    const label = plane((x, y) => frame(x, y) || bars(x, y));
    const regions = findBlobs(label, W, H, 0, W, 255).filter((b) => b.left === 10 && b.top === 10);
    expect(regions).toHaveLength(1);
    expect(isTextBox(regions[0]!, label, W)).toBe(false);
    const box = plane((x, y) => inside(x, y, 10, 10, 90, 50) && !(inside(x, y, 14, 0, 86, 99) && glyph(x, y)));
    expect(isTextBox(only(box), box, W)).toBe(true);
  });

  it('leaves a one-line label or an icon to the pieces checks', () => {
    const small = plane((x, y) => inside(x, y, 10, 10, 90, 25) && !(inside(x, y, 14, 13, 86, 22) && x % 6 < 3));
    expect(isTextBox(only(small), small, W)).toBe(false);
  });

  it('erases a box with all the ink inside it, and the ink beside it stays', () => {
    const label = plane((x, y) => inside(x, y, 10, 10, 90, 50) && !(inside(x, y, 14, 0, 86, 99) && glyph(x, y)));
    const ink = new Uint8Array(W * H);
    for (let i = 0; i < W * H; i++) ink[i] = label[i] === 255 ? 0 : 1;
    // An icon of another colour inside the box, a bar beside it.
    label[30 * W + 50] = 1;
    ink[30 * W + 50] = 1;
    for (let y = 60; y < 90; y++) {
      label[y * W + 100] = 0;
      ink[y * W + 100] = 1;
    }
    const erased = eraseTextBoxes(label, ink, findBlobs(label, W, H, 0, W, 255), W);
    expect(erased.boxes).toHaveLength(1);
    expect(ink[30 * W + 50]).toBe(0);
    expect(ink[20 * W + 10]).toBe(0);
    expect(ink[70 * W + 100]).toBe(1);
  });

  it("erases the box's spanning rows and a margin, not a wick of its colour below it nor the bar beside that", () => {
    // The box on rows 10-50, a wick of its colour hanging from it on rows 51-57 (column 50), and
    // a bar of another colour beside the wick on rows 56-60 (columns 60-64): within the box's
    // rectangle with the wick, beyond its spanning rows and their margin (rows 46-55).
    const label = plane(
      (x, y) =>
        (inside(x, y, 10, 10, 90, 50) && !(inside(x, y, 14, 0, 86, 99) && glyph(x, y))) || inside(x, y, 50, 51, 50, 57),
    );
    for (let y = 56; y <= 60; y++) for (let x = 60; x <= 64; x++) label[y * W + x] = 1;
    const ink = new Uint8Array(W * H);
    for (let i = 0; i < W * H; i++) ink[i] = label[i] === 255 ? 0 : 1;
    const erased = eraseTextBoxes(label, ink, findBlobs(label, W, H, 0, W, 255), W);
    expect(erased.boxes.map((b) => [b.top, b.bottom])).toEqual([[10, 55]]);
    expect(ink[57 * W + 50]).toBe(1);
    expect(ink[56 * W + 62]).toBe(1);
    expect(ink[30 * W + 50]).toBe(0);
  });

  describe('a table: fills of several colours tiling one box of text', () => {
    // A plot of 200 x 160: a table is a part of it, at most half its width and height.
    const TW = 200;
    const TH = 160;

    /**
     * Rows 10-70, columns `left` to `left + 90`: a body of colour `body`, the right column's cells
     * in colours 2 and 3, a line of words in each 20-row band; a bar of colour 0 beside it.
     */
    function table(left: number, body = 0, width = 90): { label: Uint8Array; ink: Uint8Array } {
      const right = left + width;
      const mid = left + Math.round(width * 0.55);
      const words = (x: number, y: number) =>
        (y - 10) % 20 >= 6 &&
        (y - 10) % 20 <= 12 &&
        x % 6 < 3 &&
        (inside(x, y, left + 4, 0, mid - 6, 999) || inside(x, y, mid + 4, 0, right - 4, 999));
      const label = new Uint8Array(TW * TH).fill(255);
      for (let y = 10; y <= 70; y++) {
        for (let x = left; x <= right; x++) {
          if (words(x, y)) continue;
          label[y * TW + x] = x >= mid && y <= 49 ? (y < 30 ? 2 : 3) : body;
        }
      }
      for (let y = 85; y < 120; y++) label[y * TW + 60] = 0;
      const ink = new Uint8Array(TW * TH);
      for (let i = 0; i < TW * TH; i++) ink[i] = label[i] === 255 ? 0 : 1;
      return { label, ink };
    }
    const erase = ({ label, ink }: { label: Uint8Array; ink: Uint8Array }) =>
      eraseTextBoxes(label, ink, findBlobs(label, TW, TH, 0, TW, 255), TW);

    it('erases it whole, though no fill of it is a box alone, and the bar beside it stays', () => {
      const t = table(10);
      const regions = findBlobs(t.label, TW, TH, 0, TW, 255);
      // The body's rows beside the cells stop short of the table's edge; the cells are small.
      expect(regions.filter((b) => b.pixels > 40).some((b) => isTextBox(b, t.label, TW))).toBe(false);
      const erased = erase(t);
      expect(erased.boxes.map((b) => [b.left, b.top, b.right, b.bottom])).toEqual([[10, 10, 100, 70]]);
      expect(t.ink[20 * TW + 81]).toBe(0);
      expect(t.ink[60 * TW + 33]).toBe(0);
      expect(t.ink[100 * TW + 60]).toBe(1);
    });

    it('counts what each colour lost with it, not what the union is labelled', () => {
      // The body in colour 1: colour 0 (the bar beside it) loses nothing.
      const erased = erase(table(10, 1));
      expect(erased.lost[0] ?? 0).toBe(0);
      for (const colour of [1, 2, 3]) expect(erased.lost[colour] ?? 0).toBeGreaterThan(100);
    });

    it("leaves one that reaches the plot's edge: as likely a panel of a window around a plot found too large", () => {
      const t = table(0);
      expect(erase(t).boxes).toEqual([]);
      expect(t.ink[20 * TW + 81]).toBe(1);
    });

    it("leaves one wider than half the plot: that is the chart's own ink", () => {
      const t = table(10, 0, 120);
      expect(erase(t).boxes).toEqual([]);
    });
  });
});
