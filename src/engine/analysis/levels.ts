/** Support and resistance from clusters of swing points. */
import type { Swing } from './structure.js';

export interface Level {
  price: number;
  touches: number;
}

/**
 * Swing prices closer than `tolerance` join one level (at their mean). Levels touched more
 * often rank first; the nearest levels to price are kept on each side.
 */
export function clusterLevels(swings: Swing[], tolerance: number): Level[] {
  const prices = swings.map((s) => s.price).sort((a, b) => a - b);
  const levels: { sum: number; n: number; last: number }[] = [];
  for (const p of prices) {
    const cur = levels[levels.length - 1];
    if (cur && p - cur.last <= tolerance) {
      cur.sum += p;
      cur.n++;
      cur.last = p;
    } else levels.push({ sum: p, n: 1, last: p });
  }
  return levels.map((l) => ({ price: l.sum / l.n, touches: l.n }));
}

export function splitLevels(levels: Level[], lastPrice: number, max = 3): { support: Level[]; resistance: Level[] } {
  const support = levels.filter((l) => l.price < lastPrice).sort((a, b) => b.price - a.price).slice(0, max);
  const resistance = levels.filter((l) => l.price > lastPrice).sort((a, b) => a.price - b.price).slice(0, max);
  return { support, resistance };
}
