/**
 * Walking the set pixels of a sparse mask. Ink is a few percent of a plot, and a pass that
 * looks at every byte spends most of its time on background: zero bytes are skipped four at a
 * time through a 32-bit view of the same memory.
 */

/** A 32-bit view of the mask's whole words, or null when its bytes do not start on a word. */
export function wordsOf(mask: Uint8Array): Uint32Array | null {
  return mask.byteOffset % 4 === 0 ? new Uint32Array(mask.buffer, mask.byteOffset, mask.length >> 2) : null;
}

/**
 * Index of the first non-zero byte of `mask` in [from, to), or `to` when there is none.
 * `words` is `wordsOf(mask)`.
 */
export function nextSet(mask: Uint8Array, words: Uint32Array | null, from: number, to: number): number {
  let p = from;
  if (words !== null) {
    while (p < to && (p & 3) !== 0) {
      if (mask[p] !== 0) return p;
      p++;
    }
    let k = p >> 2;
    const end = to >> 2;
    while (k < end && words[k] === 0) k++;
    if (k << 2 > p) p = k << 2;
  }
  while (p < to && mask[p] === 0) p++;
  return p;
}
