import { describe, expect, it } from 'vitest';
import { clearZeroMarks, readLabels, terminateOcr } from './ocr.js';

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
