/**
 * Ink: the plot's pixels far from its background, and the colour clusters they fall into. An
 * antialiased edge is a blend of its colour with the background, so a pixel is measured against
 * those blends (`blendDistance`), not against the colour alone.
 */
import { INK_CONTRAST, type Box, type Raster, type Rgb } from '../raster.js';
import { scratchF64, scratchU32 } from '../scratch.js';
import { nextSet, wordsOf } from '../sparse.js';
import { BLEND_MIN_SHARE, CLUSTER_MERGE, CLUSTER_RADIUS, MAX_CLUSTERS, MIN_CLUSTER_SHARE } from './params.js';

export interface Cluster {
  colour: Rgb;
  count: number;
}

/**
 * Distance from `p` to the blends of colour `k` with the background: antialiased edges of a
 * candle are partly transparent versions of its colour and belong to it.
 */
function blendDistance(p: Rgb, k: Rgb, bg: Rgb): number {
  return blendDistanceRgb(p[0], p[1], p[2], k, bg);
}

/** blendDistance without an array per call: it runs for every ink pixel. */
export function blendDistanceRgb(pr: number, pg: number, pb: number, k: Rgb, bg: Rgb): number {
  const kx = k[0] - bg[0];
  const ky = k[1] - bg[1];
  const kz = k[2] - bg[2];
  const dr = pr - bg[0];
  const dg = pg - bg[1];
  const db = pb - bg[2];
  const len2 = kx * kx + ky * ky + kz * kz || 1;
  const t = Math.max(BLEND_MIN_SHARE, Math.min(1, (dr * kx + dg * ky + db * kz) / len2));
  const ex = dr - t * kx;
  const ey = dg - t * ky;
  const ez = db - t * kz;
  return Math.sqrt(ex * ex + ey * ey + ez * ez);
}

export function clusterColours(r: Raster, box: Box, ink: Uint8Array, bw: number, bg: Rgb): Cluster[] {
  // Pixels binned by 4 bits a channel: count and channel sums per bin, bins in order of first use.
  const count = scratchU32('colours:n', 4096);
  const sums = scratchF64('colours:sums', 3 * 4096);
  const used: number[] = [];
  const words = wordsOf(ink);
  const bh = box.bottom - box.top;
  for (let y = 0; y < bh; y++) {
    const start = y * bw;
    const end = start + bw;
    const origin = ((y + box.top) * r.width + box.left) * 3;
    for (let p = nextSet(ink, words, start, end); p < end; p = nextSet(ink, words, p + 1, end)) {
      const i = origin + (p - start) * 3;
      const cr = r.data[i] ?? 0;
      const cg = r.data[i + 1] ?? 0;
      const cb = r.data[i + 2] ?? 0;
      const key = ((cr >> 4) << 8) | ((cg >> 4) << 4) | (cb >> 4);
      if (count[key]!++ === 0) used.push(key);
      sums[key * 3] += cr;
      sums[key * 3 + 1] += cg;
      sums[key * 3 + 2] += cb;
    }
  }
  const bins = used
    .map((k) => ({ n: count[k]!, r: sums[k * 3]!, g: sums[k * 3 + 1]!, b: sums[k * 3 + 2]! }))
    .sort((a, b) => b.n - a.n);
  const total = bins.reduce((s, b) => s + b.n, 0);
  const clusters: Cluster[] = [];
  for (const bin of bins) {
    const c: Rgb = [bin.r / bin.n, bin.g / bin.n, bin.b / bin.n];
    const host = clusters.find((k) => blendDistance(c, k.colour, bg) < CLUSTER_RADIUS * CLUSTER_MERGE);
    if (host) host.count += bin.n;
    else if (bin.n >= total * MIN_CLUSTER_SHARE && clusters.length < MAX_CLUSTERS)
      clusters.push({ colour: c, count: bin.n });
  }
  return clusters;
}

/**
 * The per-pixel passes of the stage live in small functions of their own: inside one long
 * function (as `detectCandles` once was) V8 compiled each loop on its own and threw the code
 * away at the next part it had not yet seen run, so the loops ran mostly unoptimised.
 */
export function inkMask(r: Raster, plot: Box, bg: Rgb, out: Uint8Array): Uint8Array {
  const w = plot.right - plot.left;
  const [br, bgG, bb] = bg;
  const limit = INK_CONTRAST * INK_CONTRAST;
  const data = r.data;
  for (let y = plot.top, p = 0; y < plot.bottom; y++) {
    for (let i = (y * r.width + plot.left) * 3, end = i + w * 3; i < end; i += 3, p++) {
      const dr = data[i]! - br;
      const dg = data[i + 1]! - bgG;
      const db = data[i + 2]! - bb;
      out[p] = dr * dr + dg * dg + db * db > limit ? 1 : 0;
    }
  }
  return out;
}

/** Each ink pixel's nearest cluster colour as a blend with the background (255: none near). */
export function labelInk(
  r: Raster,
  plot: Box,
  ink: Uint8Array,
  clusters: Cluster[],
  bg: Rgb,
  out: Uint8Array,
): Uint8Array {
  const w = plot.right - plot.left;
  const h = plot.bottom - plot.top;
  const colours = clusters.map((c) => c.colour);
  const data = r.data;
  const words = wordsOf(ink);
  for (let y = 0; y < h; y++) {
    const start = y * w;
    const end = start + w;
    const origin = ((y + plot.top) * r.width + plot.left) * 3;
    for (let p = nextSet(ink, words, start, end); p < end; p = nextSet(ink, words, p + 1, end)) {
      const i = origin + (p - start) * 3;
      let best = 255;
      let bestD = CLUSTER_RADIUS;
      for (let c = 0; c < colours.length; c++) {
        const d = blendDistanceRgb(data[i]!, data[i + 1]!, data[i + 2]!, colours[c]!, bg);
        if (d < bestD) {
          bestD = d;
          best = c;
        }
      }
      out[p] = best;
    }
  }
  return out;
}

/** Ink pixels whose cluster is kept (`keep[c]` 1). */
export function maskOf(ink: Uint8Array, label: Uint8Array, keep: Uint8Array, out: Uint8Array): Uint8Array {
  const words = wordsOf(ink);
  for (let p = nextSet(ink, words, 0, out.length); p < out.length; p = nextSet(ink, words, p + 1, out.length)) {
    const c = label[p]!;
    if (c !== 255 && keep[c]) out[p] = 1;
  }
  return out;
}

/** The colour of plot pixel `p` (an index into the plot's w × h). */
export function plotPixel(r: Raster, plot: Box, p: number): Rgb {
  const w = plot.right - plot.left;
  const y = Math.floor(p / w);
  const i = ((y + plot.top) * r.width + p - y * w + plot.left) * 3;
  return [r.data[i] ?? 0, r.data[i + 1] ?? 0, r.data[i + 2] ?? 0];
}

/** How much of cluster c's colour plot pixel (x, y) holds: 0 to 1, against the background. */
export function colourStrength(
  r: Raster,
  plot: Box,
  bg: Rgb,
  clusters: Cluster[],
): (x: number, y: number, c: number) => number {
  const w = plot.right - plot.left;
  return (x, y, c) => {
    const k = clusters[c]?.colour;
    if (!k) return 1;
    const [pr, pg, pb] = plotPixel(r, plot, y * w + x);
    const kr = k[0] - bg[0];
    const kg = k[1] - bg[1];
    const kb = k[2] - bg[2];
    const along =
      ((pr - bg[0]) * kr + (pg - bg[1]) * kg + (pb - bg[2]) * kb) / Math.max(1, kr * kr + kg * kg + kb * kb);
    return Math.min(1, Math.max(0, along));
  };
}
