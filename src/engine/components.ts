/** Connected components of a binary mask, and their grouping into text words. */

export interface Blob {
  left: number;
  top: number;
  right: number; // inclusive
  bottom: number; // inclusive
  pixels: number;
}

/**
 * 8-connected components inside [x0, x1) of `mask` (width `width`), by run-length union-find:
 * far fewer union operations than per-pixel labelling.
 */
export function findBlobs(mask: Uint8Array, width: number, height: number, x0: number, x1: number): Blob[] {
  const runsX0: number[] = [];
  const runsX1: number[] = [];
  const runsY: number[] = [];
  const parent: number[] = [];
  const find = (a: number): number => {
    let r = a;
    while (parent[r] !== r) r = parent[r] ?? r;
    let c = a;
    while (parent[c] !== r) {
      const next = parent[c] ?? r;
      parent[c] = r;
      c = next;
    }
    return r;
  };
  let prevStart = 0;
  let prevEnd = 0;
  for (let y = 0; y < height; y++) {
    const rowStart = runsX0.length;
    const base = y * width;
    let x = x0;
    while (x < x1) {
      if (!mask[base + x]) {
        x++;
        continue;
      }
      const s = x;
      while (x < x1 && mask[base + x]) x++;
      const id = runsX0.length;
      runsX0.push(s);
      runsX1.push(x - 1);
      runsY.push(y);
      parent.push(id);
      for (let p = prevStart; p < prevEnd; p++) {
        // 8-connectivity: runs touch if they overlap with a one-pixel diagonal allowance.
        if ((runsX0[p] ?? 0) <= x && (runsX1[p] ?? 0) >= s - 1) {
          const a = find(p);
          const b = find(id);
          if (a !== b) parent[b] = a;
        }
      }
    }
    prevStart = rowStart;
    prevEnd = runsX0.length;
  }
  const byRoot = new Map<number, Blob>();
  for (let i = 0; i < runsX0.length; i++) {
    const root = find(i);
    const rx0 = runsX0[i] ?? 0;
    const rx1 = runsX1[i] ?? 0;
    const ry = runsY[i] ?? 0;
    const b = byRoot.get(root);
    if (b) {
      b.left = Math.min(b.left, rx0);
      b.right = Math.max(b.right, rx1);
      b.top = Math.min(b.top, ry);
      b.bottom = Math.max(b.bottom, ry);
      b.pixels += rx1 - rx0 + 1;
    } else {
      byRoot.set(root, { left: rx0, right: rx1, top: ry, bottom: ry, pixels: rx1 - rx0 + 1 });
    }
  }
  return [...byRoot.values()];
}

export interface Word extends Blob {
  glyphs: number;
}

/** Joins glyph-sized blobs on the same text line into words (labels have no inner spaces). */
export function groupWords(glyphs: Blob[]): Word[] {
  const sorted = [...glyphs].sort((a, b) => a.left - b.left);
  const words: Word[] = [];
  for (const g of sorted) {
    const h = g.bottom - g.top + 1;
    const host = words.find((w) => {
      const wh = w.bottom - w.top + 1;
      const overlap = Math.min(w.bottom, g.bottom) - Math.max(w.top, g.top) + 1;
      // Dots and commas are short, so overlap and spacing go by the taller of the two.
      const gap = Math.max(3, Math.max(h, wh) * 0.6);
      return overlap >= Math.min(h, wh) * 0.5 && g.left - w.right <= gap && g.left >= w.left;
    });
    if (host) {
      host.left = Math.min(host.left, g.left);
      host.right = Math.max(host.right, g.right);
      host.top = Math.min(host.top, g.top);
      host.bottom = Math.max(host.bottom, g.bottom);
      host.pixels += g.pixels;
      host.glyphs += 1;
    } else {
      words.push({ ...g, glyphs: 1 });
    }
  }
  return words;
}

export interface Labelled {
  /** Component id per pixel, -1 for background. */
  labels: Int32Array;
  blobs: Blob[];
}

/** Like findBlobs over the whole mask, but also paints each pixel with its component id. */
export function labelComponents(mask: Uint8Array, width: number, height: number): Labelled {
  const labels = new Int32Array(width * height).fill(-1);
  const parent: number[] = [];
  const find = (a: number): number => {
    let r = a;
    while (parent[r] !== r) r = parent[r] ?? r;
    while (parent[a] !== r) {
      const next = parent[a] ?? r;
      parent[a] = r;
      a = next;
    }
    return r;
  };
  // First pass: provisional ids per run, unions with touching runs of the previous row.
  const runStart: number[] = [];
  const runEnd: number[] = [];
  const runRow: number[] = [];
  let prevFirst = 0;
  let prevLast = 0;
  for (let y = 0; y < height; y++) {
    const first = runStart.length;
    const base = y * width;
    let x = 0;
    while (x < width) {
      if (!mask[base + x]) {
        x++;
        continue;
      }
      const s = x;
      while (x < width && mask[base + x]) x++;
      const id = runStart.length;
      runStart.push(s);
      runEnd.push(x - 1);
      runRow.push(y);
      parent.push(id);
      for (let p = prevFirst; p < prevLast; p++) {
        if ((runStart[p] ?? 0) <= x && (runEnd[p] ?? 0) >= s - 1) {
          const a = find(p);
          const b = find(id);
          if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
        }
      }
    }
    prevFirst = first;
    prevLast = runStart.length;
  }
  const idOfRoot = new Map<number, number>();
  const blobs: Blob[] = [];
  for (let i = 0; i < runStart.length; i++) {
    const root = find(i);
    let id = idOfRoot.get(root);
    const s = runStart[i] ?? 0;
    const e = runEnd[i] ?? 0;
    const y = runRow[i] ?? 0;
    if (id === undefined) {
      id = blobs.length;
      idOfRoot.set(root, id);
      blobs.push({ left: s, right: e, top: y, bottom: y, pixels: 0 });
    }
    const b = blobs[id];
    if (b) {
      b.left = Math.min(b.left, s);
      b.right = Math.max(b.right, e);
      b.bottom = Math.max(b.bottom, y);
      b.pixels += e - s + 1;
    }
    labels.fill(id, y * width + s, y * width + e + 1);
  }
  return { labels, blobs };
}
