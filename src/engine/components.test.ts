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

  it('takes a small blob for one glyph, however wide: reduced text smudges together', () => {
    expect(groupWords([blob(0, 19, 0, 4)])[0]?.glyphs).toBe(1);
  });
});
