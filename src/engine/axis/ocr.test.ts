import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { Raster } from '../raster.js';
import { clearZeroMarks, insideFill, readLabels, terminateOcr } from './ocr.js';

/** '#' text, '+' a faint antialiased pixel (just past half way), anything else background. */
function crop(rows: string[]): { grey: Float32Array; w: number; h: number } {
  const w = rows[0]?.length ?? 0;
  const h = rows.length;
  const grey = new Float32Array(w * h);
  rows.forEach((row, y) => {
    for (let x = 0; x < w; x++) grey[y * w + x] = row[x] === '#' ? 255 : row[x] === '+' ? 150 : 0;
  });
  return { grey, w, h };
}

function render(grey: Float32Array, w: number): string[] {
  const rows: string[] = [];
  for (let y = 0; y < grey.length / w; y++) {
    let row = '';
    for (let x = 0; x < w; x++) {
      const v = grey[y * w + x] ?? 0;
      row += v === 255 ? '#' : v === 150 ? '+' : '.';
    }
    rows.push(row);
  }
  return rows;
}

describe('clearZeroMarks', () => {
  it('removes the dot inside a zero, keeping the ring, a decimal point and an 8', () => {
    const { grey, w, h } = crop([
      '..................',
      '..####.....####...',
      '.#....#...#....#..',
      '.#....#...#....#..',
      '.#.##.#....####...',
      '.#.##.#...#....#..',
      '.#....#...#....#..',
      '.#....#...#....#..',
      '..####..#..####...',
      '..................',
    ]);
    clearZeroMarks(grey, w, h, 255, 0);
    expect(render(grey, w)).toEqual([
      '..................',
      '..####.....####...',
      '.#....#...#....#..',
      '.#....#...#....#..',
      '.#....#....####...',
      '.#....#...#....#..',
      '.#....#...#....#..',
      '.#....#...#....#..',
      '..####..#..####...',
      '..................',
    ]);
  });

  it('removes a dot blurred into one side of the ring, with its faint edge', () => {
    const { grey, w, h } = crop([
      '.........',
      '..####...',
      '.#....#..',
      '.#....#..',
      '.#++#.#..',
      '.#....#..',
      '.#....#..',
      '..####...',
      '.........',
    ]);
    clearZeroMarks(grey, w, h, 255, 0);
    expect(render(grey, w)).toEqual([
      '.........',
      '..####...',
      '.#....#..',
      '.#....#..',
      '.#+...#..',
      '.#....#..',
      '.#....#..',
      '..####...',
      '.........',
    ]);
  });

  it('keeps the waist of an 8, which parts two holes, even when it joins the loops faintly', () => {
    const rows = [
      '.........',
      '..####...',
      '.#....#..',
      '.#....#..',
      '..+##+...',
      '.#....#..',
      '.#....#..',
      '..####...',
      '.........',
    ];
    const { grey, w, h } = crop(rows);
    clearZeroMarks(grey, w, h, 255, 0);
    expect(render(grey, w)).toEqual(rows);
  });

  it('works for dark text on a light background', () => {
    const { grey, w, h } = crop(['........', '..####..', '.#....#.', '.#.#..#.', '.#....#.', '..####..', '........']);
    // Swap the levels: the text becomes 0 on 255.
    for (let i = 0; i < grey.length; i++) grey[i] = 255 - (grey[i] ?? 0);
    clearZeroMarks(grey, w, h, 0, 255);
    for (let i = 0; i < grey.length; i++) grey[i] = 255 - (grey[i] ?? 0);
    expect(render(grey, w)).toEqual([
      '........',
      '..####..',
      '.#....#.',
      '.#....#.',
      '.#....#.',
      '..####..',
      '........',
    ]);
  });
});

/** An SVG drawn to an RGB raster. */
async function raster(svg: string): Promise<Raster> {
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data) };
}

/**
 * A dark axis whose labels an indicator prints on boxes of their own (MetaTrader's boxed grid
 * prices): black digits on a blue-grey fill, the box a little inside the crop the layout cuts.
 */
const boxedLabel = (text: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="51" height="15"><rect width="51" height="15" fill="#000"/>` +
  `<rect x="2" y="1" width="47" height="13" fill="#8494a4"/>` +
  `<text x="3.5" y="11" font-family="DejaVu Sans" font-size="10" fill="#000">${text}</text></svg>`;

/** The whole of a picture `width` x `height`, as a crop. */
const whole = (width: number, height: number) => ({ left: 0, top: 0, right: width, bottom: height });

/** A plain label: dark digits on the axis's white, the crop the whole picture. */
const plainLabel = (width: number, height: number, text: string) =>
  raster(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#fff"/>${text}</svg>`,
  );

describe('insideFill', () => {
  it("cuts a boxed label's crop to its box, and leaves a plain label's as it is", async () => {
    const boxed = await raster(boxedLabel('150.000'));
    expect(insideFill(boxed, whole(51, 15))).toEqual({ left: 2, top: 1, right: 49, bottom: 14 });
    const plain = await plainLabel(
      46,
      15,
      `<text x="3.5" y="11" font-family="DejaVu Sans Mono" font-size="9.5" fill="#000">150.000</text>`,
    );
    expect(insideFill(plain, whole(46, 15))).toEqual(whole(46, 15));
    // Cut tight at the picture's edge, through a bold 1's stem: still a plain label's crop.
    const tight = await plainLabel(
      40,
      11,
      `<text x="-0.5" y="11" font-family="DejaVu Sans" font-weight="bold" font-size="14" fill="#000">1.234</text>`,
    );
    expect(insideFill(tight, whole(40, 11))).toEqual(whole(40, 11));
  });
});

describe('readLabels', () => {
  afterAll(() => terminateOcr());

  it('reads labels printed on boxes of their own, the frame around them cut away', async () => {
    const values = ['150.000', '149.000', '148.000', '147.000'];
    const pictures = await Promise.all(values.map((v) => raster(boxedLabel(v))));
    // The labels stacked on one axis strip, each in the crop the layout cuts (the black around the box included).
    const full: Raster = { width: 51, height: 15 * values.length, data: new Uint8Array(51 * 15 * values.length * 3) };
    pictures.forEach((p, k) => full.data.set(p.data, k * p.data.length));
    const boxes = values.map((_, k) => ({ left: 0, top: k * 15, right: 51, bottom: (k + 1) * 15 }));
    expect(await readLabels(full, boxes)).toEqual(values);
  });
});

describe('terminateOcr', () => {
  it('lets a reading started before it finish, instead of posting it to a terminated worker', async () => {
    // A white strip with nothing to read: OCR answers '' for its one box.
    const width = 60;
    const height = 20;
    const full = { width, height, data: new Uint8Array(width * height * 3).fill(255) };
    const reading = readLabels(full, [{ left: 0, top: 0, right: width, bottom: height }]);
    await terminateOcr();
    await expect(reading).resolves.toEqual(['']);
  });
});
