import { describe, expect, it } from 'vitest';
import { findBlobs } from './components.js';
import { nextSet, wordsOf } from './sparse.js';

/** Every set index of mask[from, to), found one by one with nextSet. */
function walk(mask: Uint8Array, from: number, to: number): number[] {
  const words = wordsOf(mask);
  const found: number[] = [];
  for (let p = nextSet(mask, words, from, to); p < to; p = nextSet(mask, words, p + 1, to)) found.push(p);
  return found;
}

const setIndices = (mask: Uint8Array, from: number, to: number): number[] =>
  Array.from({ length: Math.max(0, to - from) }, (_, k) => from + k).filter((p) => mask[p] !== 0);

describe('nextSet', () => {
  it('finds set bytes in a word, across words and at both ends of a range', () => {
    const mask = new Uint8Array(24);
    for (const p of [0, 3, 4, 9, 15, 16, 23]) mask[p] = 1;
    expect(walk(mask, 0, 24)).toEqual([0, 3, 4, 9, 15, 16, 23]);
    // Ranges that start and end inside words stop at their end.
    expect(walk(mask, 1, 15)).toEqual([3, 4, 9]);
    expect(walk(mask, 10, 15)).toEqual([]);
    expect(nextSet(mask, wordsOf(mask), 10, 15)).toBe(15);
  });

  it('agrees with a byte-by-byte scan on sparse masks, aligned or not', () => {
    let seed = 7;
    const random = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const buffer = new ArrayBuffer(4096);
    for (const offset of [0, 1, 2, 3, 4]) {
      const mask = new Uint8Array(buffer, offset, 4000);
      mask.fill(0);
      for (let p = 0; p < mask.length; p++) if (random() < 0.03) mask[p] = 1 + Math.floor(random() * 3);
      expect(wordsOf(mask) === null).toBe(offset % 4 !== 0);
      for (const [from, to] of [
        [0, 4000],
        [5, 3999],
        [1234, 1240],
        [77, 78],
      ] as const) {
        expect(walk(mask, from, to)).toEqual(setIndices(mask, from, to));
      }
    }
  });
});

describe('findBlobs over a mostly empty mask', () => {
  it('keeps components whose pixels straddle the skipped words', () => {
    const w = 37;
    const mask = new Uint8Array(w * 6);
    // An L from row 1 to 4 at column 5, foot to column 9; a diagonal pair at (20, 2) and (21, 3);
    // a value-2 run touching nothing at row 5, columns 30-36.
    for (let y = 1; y <= 4; y++) mask[y * w + 5] = 1;
    for (let x = 6; x <= 9; x++) mask[4 * w + x] = 1;
    mask[2 * w + 20] = 1;
    mask[3 * w + 21] = 1;
    for (let x = 30; x < w; x++) mask[5 * w + x] = 2;
    const blobs = findBlobs(mask, w, 6, 0, w);
    expect(blobs).toEqual([
      { left: 5, right: 9, top: 1, bottom: 4, pixels: 8, value: 1 },
      { left: 20, right: 21, top: 2, bottom: 3, pixels: 2, value: 1 },
      { left: 30, right: 36, top: 5, bottom: 5, pixels: 7, value: 2 },
    ]);
  });

  it('skips a background other than zero (label maps use 255)', () => {
    const w = 16;
    const label = new Uint8Array(w * 3).fill(255);
    // Cluster 0 over one whole word (columns 4-7 of row 0), cluster 3 at column 12 of rows 1-2.
    label.fill(0, 4, 8);
    label[w + 12] = 3;
    label[2 * w + 12] = 3;
    expect(findBlobs(label, w, 3, 0, w, 255)).toEqual([
      { left: 4, right: 7, top: 0, bottom: 0, pixels: 4, value: 0 },
      { left: 12, right: 12, top: 1, bottom: 2, pixels: 2, value: 3 },
    ]);
  });
});
