import { describe, expect, it } from 'vitest';
import { groupWords } from './components.js';

const blob = (left: number, right: number, top: number, bottom: number) => ({
  left,
  right,
  top,
  bottom,
  pixels: Math.round((right - left + 1) * (bottom - top + 1) * 0.5),
});

describe('groupWords', () => {
  it('joins glyphs on one row into a word and counts them', () => {
    // "1.1": a one, a dot and a one, 21 px tall.
    const words = groupWords([blob(0, 13, 0, 20), blob(17, 20, 17, 20), blob(24, 37, 0, 20)]);
    expect(words).toHaveLength(1);
    expect(words[0]).toMatchObject({ left: 0, right: 37, glyphs: 3 });
  });

  it('counts touching glyphs as several, by their width', () => {
    // "1.1" then "0500" run together into one 62 px blob, as bold digits at a high pixel ratio are.
    const words = groupWords([blob(0, 13, 0, 20), blob(17, 20, 17, 20), blob(24, 37, 0, 20), blob(39, 100, 0, 20)]);
    expect(words).toHaveLength(1);
    expect(words[0]?.glyphs).toBe(7);
  });

  it("leaves a bar at the plot's edge out of the label beside it, and keeps a tall letter in its word", () => {
    // A bar 35 px tall and 4 wide, 13 px before "1.1" of 25 px digits: the label stands alone.
    const bar = blob(0, 3, 0, 34);
    const label = [blob(17, 26, 8, 32), blob(30, 33, 29, 32), blob(37, 46, 8, 32)];
    expect(groupWords([bar, ...label]).find((w) => w.left === 17)).toMatchObject({ right: 46, glyphs: 3 });
    // "lo": a tall thin letter 2 px before an x-height one is one word.
    expect(groupWords([blob(0, 2, 0, 20), blob(5, 16, 6, 20)])).toHaveLength(1);
  });

  it('takes a small blob for one glyph, however wide: reduced text smudges together', () => {
    expect(groupWords([blob(0, 19, 0, 4)])[0]?.glyphs).toBe(1);
  });

  it('does not let glyph-sized candles and grid dots chained into a word widen the gap to a label', () => {
    // Small candles (30 px tall) and a dotted grid line run up to the axis border; the label
    // "0.6" starts 15 px after the last dot. The chain is 30 px tall, which would allow a gap
    // of 18 px; the dot it ends with allows 12 (by the label's 20 px digits).
    const chain = [blob(0, 6, 0, 30), ...Array.from({ length: 24 }, (_, k) => blob(10 + 4 * k, 11 + 4 * k, 14, 15))];
    const label = [blob(118, 129, 5, 24), blob(132, 134, 21, 24), blob(138, 149, 5, 24)];
    const words = groupWords([...chain, ...label]);
    expect(words.find((w) => w.left === 118)).toMatchObject({ right: 149, glyphs: 3 });
  });

  it('starts no word of glyphs with a run of dots: a dotted grid line ending three pixels before a label', () => {
    // Dots one pixel square every 4 px at the label's middle row, then "0.66500" 7 px tall.
    const dots = Array.from({ length: 30 }, (_, k) => blob(850 + 4 * k, 850 + 4 * k, 67, 67));
    const label = [
      blob(970, 973, 64, 70),
      blob(975, 975, 70, 70),
      ...[0, 1, 2, 3, 4].map((i) => blob(979 + 6 * i, 982 + 6 * i, 64, 70)),
    ];
    const words = groupWords([...dots, ...label]);
    expect(words.find((w) => w.right === 1006)).toMatchObject({ left: 970, glyphs: 7 });
  });

  it("does not chain a label onto an object's label through the dotted grid line between them", () => {
    // "2048.99" (25 px digits) ends at 136; a dotted grid line at its foot runs on to 163 (dots
    // one pixel square every 3 px); the label "2050.00" starts 15 px after the last dot.
    const text = [0, 1, 2, 3, 4, 5, 6].map((i) => blob(i * 20, i * 20 + 14, 0, 24));
    const dots = Array.from({ length: 10 }, (_, k) => blob(139 + 3 * k, 139 + 3 * k, 24, 24));
    const label = [0, 1, 2, 3, 4, 5, 6].map((i) => blob(181 + i * 20, 195 + i * 20, 12, 36));
    const words = groupWords([...text, ...dots, ...label]);
    expect(words.find((w) => w.left === 181)).toMatchObject({ right: 315, glyphs: 7 });
    // A colon's dots, one over the other, stay in their word.
    expect(groupWords([blob(0, 9, 0, 14), blob(12, 13, 3, 4), blob(12, 13, 10, 11), blob(16, 25, 0, 14)])).toHaveLength(
      1,
    );
  });

  it('keeps a mark inside a zero from cutting the zero off the rest of its label', () => {
    // "0.6": the slash inside the zero is as short as a dot, but the zero is the glyph the dot
    // follows, and the gap after it goes by the zero's height.
    const words = groupWords([blob(10, 15, 21, 29), blob(12, 12, 24, 25), blob(19, 20, 28, 29), blob(24, 29, 21, 29)]);
    expect(words).toHaveLength(1);
    expect(words[0]).toMatchObject({ left: 10, right: 29 });
  });
});
