/** Masks drawn as rows of text, for the bars stage's tests. */

/** A mask from rows of text: '#' (or a digit for a label map) is set, '.' is not. */
export const grid = (rows: string[]): { cells: Uint8Array; w: number; h: number } => {
  const w = rows[0]?.length ?? 0;
  const cells = new Uint8Array(w * rows.length);
  rows.forEach((row, y) =>
    [...row].forEach((ch, x) => (cells[y * w + x] = ch === '#' ? 1 : ch === '.' ? 0 : Number(ch))),
  );
  return { cells, w, h: rows.length };
};
export const show = (cells: Uint8Array, w: number): string[] =>
  Array.from({ length: cells.length / w }, (_, y) =>
    [...cells.subarray(y * w, (y + 1) * w)].map((v) => (v ? '#' : '.')).join(''),
  );
