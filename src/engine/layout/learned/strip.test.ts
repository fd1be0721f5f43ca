import { describe, expect, it } from 'vitest';
import type { Raster } from '../../raster.js';
import { STRIP_MAX_HEIGHT, STRIP_MAX_WIDTH, stripBox, stripInput } from './strip.js';

/** A picture whose every pixel tells where it is: red = x, green = y (both mod 256). */
function coordinates(width: number, height: number): Raster {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      data[(y * width + x) * 3] = x % 256;
      data[(y * width + x) * 3 + 1] = y % 256;
    }
  return { width, height, data };
}

describe("the label column's strip", () => {
  it('reaches a little past the column on each side and end, within the picture', () => {
    expect(stripBox({ left: 900, top: 100, right: 960, bottom: 600 }, 1000, 700)).toEqual({
      left: 882,
      top: 70,
      right: 978,
      bottom: 630,
    });
    // A column at the picture's right edge: the strip stops there.
    expect(stripBox({ left: 940, top: 0, right: 1000, bottom: 700 }, 1000, 700)).toMatchObject({
      top: 0,
      right: 1000,
      bottom: 700,
    });
  });

  it("is cut at the screenshot's own resolution, pixel for pixel", async () => {
    const cut = await stripInput(coordinates(400, 300), { left: 300, top: 50, right: 350, bottom: 250 });
    expect(cut).toMatchObject({ width: 80, height: 224, scale: 1, at: { left: 285, top: 38 } });
    const at = (x: number, y: number): number[] => {
      const i = (y * (cut?.width ?? 0) + x) * 3;
      return [cut?.rgb[i] ?? -1, cut?.rgb[i + 1] ?? -1];
    };
    expect(at(0, 0)).toEqual([285, 38].map((v) => v % 256));
    expect(at(79, 223)).toEqual([364, 261].map((v) => v % 256));
  });

  it("is scaled down to fit a 4K screenshot's column, and refused where there is none", async () => {
    const tall = await stripInput(coordinates(3840, 2160), { left: 3600, top: 0, right: 3800, bottom: 2160 });
    expect(tall?.width).toBeLessThanOrEqual(STRIP_MAX_WIDTH);
    expect(tall?.height).toBeLessThanOrEqual(STRIP_MAX_HEIGHT);
    expect(tall?.scale).toBeLessThan(1);
    expect(await stripInput(coordinates(100, 100), { left: 50, top: 50, right: 51, bottom: 55 })).toBeNull();
  });
});
