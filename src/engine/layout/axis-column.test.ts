import { describe, expect, it } from 'vitest';
import { inTableRows, withDetachedDigits } from './axis-column.js';
import { word } from './test/pictures.js';

describe('withDetachedDigits', () => {
  it("joins a label's leading '0' left apart by a faint monospaced dot", () => {
    // "0" at 950-955, the dot lost, "8610" from 966: a gap of 10 px at 8 px digits.
    const label = word(966, 994, 25, 32, 4);
    expect(withDetachedDigits(label, [word(950, 955, 25, 32, 1), label])).toMatchObject({ left: 950, glyphs: 5 });
  });

  it('leaves a label alone when the word before it is far, or not of its height', () => {
    const label = word(966, 994, 25, 32, 4);
    expect(withDetachedDigits(label, [word(930, 940, 25, 32, 2), label])).toBe(label);
    expect(withDetachedDigits(label, [word(955, 960, 20, 40, 1), label])).toBe(label);
    // A run of legend text ending just before it.
    expect(withDetachedDigits(label, [word(700, 958, 25, 32, 40), label])).toBe(label);
  });

  it('joins the decimals a small monospaced point left apart', () => {
    // "192" at 1317-1334, the point at 1338-1339 (two rows, no word of the label's height),
    // "300" at 1343-1361: labels 6 px tall.
    const label = word(1317, 1334, 100, 105, 3);
    const point = word(1338, 1339, 104, 105, 1);
    expect(withDetachedDigits(label, [label, point, word(1343, 1361, 100, 105, 3)])).toMatchObject({
      left: 1317,
      right: 1361,
      glyphs: 6,
    });
  });

  it('joins a thousands group and the leading digit a monospaced comma and point left apart', () => {
    // '2,036.00' at 8 px: '2' at 954-959, ',036' at 964-993 (the comma hangs two rows lower),
    // the point at 998-999, '00' at 1004-1018.
    const label = word(1004, 1018, 130, 137, 3);
    const words = [word(954, 959, 130, 137, 1), word(964, 993, 130, 139, 4), word(998, 999, 136, 137, 1), label];
    expect(withDetachedDigits(label, words)).toMatchObject({ left: 954, right: 1018, glyphs: 8 });
  });

  it('leaves a label alone when the word after it is far, or a run of text', () => {
    const label = word(1317, 1334, 100, 105, 3);
    expect(withDetachedDigits(label, [label, word(1345, 1363, 100, 105, 3)])).toBe(label);
    expect(withDetachedDigits(label, [label, word(1340, 1420, 100, 105, 12)])).toBe(label);
  });
});

describe('inTableRows', () => {
  // Six rows 40 px apart of 10 px text: labels at 900-950.
  const rows = [100, 140, 180, 220, 260, 300];
  const labels = rows.map((y) => word(900, 950, y, y + 9, 6));

  it("takes a column whose numbers share their rows with other words for a table's (a watchlist)", () => {
    // Symbols 50 px to the left of the prices, as a watchlist sets them.
    const symbols = rows.map((y) => word(790, 850, y, y + 9, 6));
    expect(inTableRows(labels, [...labels, ...symbols])).toBe(true);
  });

  it("takes a price axis's labels, alone on their rows, for no table's", () => {
    // A legend's word on one row and a label's own detached digits do not make a table.
    const legend = word(700, 760, 100, 109, 5);
    const digits = word(940, 950, 140, 149, 2);
    expect(inTableRows(labels, [...labels, legend, digits])).toBe(false);
    // Words far to the left (the plot's text, 200 px off) are no cells of the labels' rows.
    expect(inTableRows(labels, [...labels, ...rows.map((y) => word(600, 680, y, y + 9, 6))])).toBe(false);
  });
});
