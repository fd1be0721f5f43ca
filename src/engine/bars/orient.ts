/**
 * Which way each candle points: up (open at the bottom of its body) or down. A forex candle
 * opens where the one before it closed, so bodies are turned, by their look (colour, hollow or
 * filled) or each on its own, until closes meet the next opens best.
 */
import { FILLED_SHARE, INSIDE_MIN_COLUMNS, INSIDE_MIN_ROWS, LOOK_MIN_BODIES, LOOK_MIN_SHARE } from './params.js';
import { owns, type Piece } from './pieces.js';
import type { CandleDetection } from './series.js';

/**
 * What the body looks like inside: its main cluster colour, or hollow. A hollow body shows
 * background, or a light fill close to it, down the inside between its top and bottom edges:
 * at a high pixel ratio the outline and its antialiased inner edge fill most of a narrow
 * body's area, but not its middle. `strength(x, y, c)` is how much of colour c (0 to 1,
 * against the background) the pixel holds.
 */
export function bodySignature(
  label: Uint8Array,
  labels: Int32Array,
  p: Piece,
  body: { left: number; right: number; top: number; bottom: number },
  w: number,
  strength: (x: number, y: number, c: number) => number,
): string {
  const votes = new Map<number, number>();
  for (let y = body.top; y <= body.bottom; y++) {
    for (let x = p.left; x <= p.right; x++) {
      const idx = y * w + x;
      if (!owns(p, labels[idx] ?? -1)) continue;
      const c = label[idx] ?? 255;
      votes.set(c, (votes.get(c) ?? 0) + 1);
    }
  }
  const colour = [...votes.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 255;
  // Thin bodies have no inside to judge; their colour alone decides.
  if (body.right - body.left < INSIDE_MIN_COLUMNS || body.bottom - body.top < INSIDE_MIN_ROWS || colour === 255)
    return `c${colour}`;
  // Charting tools draw the wick outside the body (or cover it with the body's fill), so the
  // middle column is the body's inside. (Sampling a third of the way in as well, in case a
  // wick runs through, misjudged thin outlined bodies in JPEGs.)
  const middle = Math.round((body.left + body.right) / 2);
  let filled = 0;
  for (let y = body.top + 1; y < body.bottom; y++) {
    if (owns(p, labels[y * w + middle] ?? -1)) filled += strength(middle, y, colour);
  }
  return filled / (body.bottom - body.top - 1) > FILLED_SHARE ? `c${colour}` : `hollow${colour}`;
}

/**
 * Sets each candle's open and close from its body: up (open at the bottom) or down, by
 * continuity, as a forex candle opens where the previous one closed.
 */
export function orientCandles(
  candles: { open: number; close: number; bodyTop: number; bodyBottom: number; signature: string }[],
): void {
  // All bodies with an inside to judge look alike (one colour, all outlined or all filled):
  // the look says nothing of the direction, and each candle is turned on its own.
  // A look only a body or two have is something across a body (a crosshair's line down a hollow
  // one), not a second look.
  const counts = new Map<string, number>();
  for (const c of candles)
    if (c.bodyBottom - c.bodyTop >= INSIDE_MIN_ROWS) counts.set(c.signature, (counts.get(c.signature) ?? 0) + 1);
  const judged = [...counts.values()].reduce((s, n) => s + n, 0);
  const looks = [...counts.values()].filter((n) => n >= Math.max(LOOK_MIN_BODIES, judged * LOOK_MIN_SHARE)).length;
  const ups = looks <= 1 ? orientEach(candles) : orientByLook(candles);
  candles.forEach((c, i) => {
    const isUp = ups[i] ?? true;
    c.open = isUp ? c.bodyBottom : c.bodyTop;
    c.close = isUp ? c.bodyTop : c.bodyBottom;
  });
}

/**
 * Up or down for each candle, the same for all of one look: every body starts as up, and
 * looks are flipped together while that makes closes meet the next opens better.
 */
function orientByLook(candles: { bodyTop: number; bodyBottom: number; signature: string }[]): boolean[] {
  const groups = [...new Set(candles.map((c) => c.signature))];
  const up = new Map(groups.map((g) => [g, true]));
  const cost = (): number => {
    let s = 0;
    for (let i = 0; i + 1 < candles.length; i++) {
      const a = candles[i];
      const b = candles[i + 1];
      if (!a || !b) continue;
      const close = up.get(a.signature) ? a.bodyTop : a.bodyBottom;
      const open = up.get(b.signature) ? b.bodyBottom : b.bodyTop;
      s += Math.abs(close - open);
    }
    return s;
  };
  for (let pass = 0; pass < 3; pass++) {
    for (const g of groups) {
      const before = cost();
      up.set(g, !up.get(g));
      if (cost() >= before) up.set(g, !up.get(g));
    }
  }
  return candles.map((c) => up.get(c.signature) ?? true);
}

/**
 * Up or down for each candle, so that closes meet the next opens best over the whole series
 * (a shortest path over the two choices per candle).
 */
export function orientEach(candles: { bodyTop: number; bodyBottom: number }[]): boolean[] {
  const n = candles.length;
  if (n === 0) return [];
  // cost[s]: the best total up to this candle with it up (s = 1) or down (s = 0).
  let cost = [0, 0];
  const came: [number, number][] = [[0, 0]];
  for (let i = 1; i < n; i++) {
    const a = candles[i - 1]!;
    const b = candles[i]!;
    const step = (t: number, s: number): number =>
      (cost[t] ?? 0) + Math.abs((t ? a.bodyTop : a.bodyBottom) - (s ? b.bodyBottom : b.bodyTop));
    const pick = (s: number): number => (step(1, s) < step(0, s) ? 1 : 0);
    const from: [number, number] = [pick(0), pick(1)];
    cost = [step(from[0], 0), step(from[1], 1)];
    came.push(from);
  }
  const ups = new Array<boolean>(n);
  let s = (cost[1] ?? 0) <= (cost[0] ?? 0) ? 1 : 0;
  for (let i = n - 1; i >= 0; i--) {
    ups[i] = s === 1;
    s = came[i]?.[s] ?? 0;
  }
  return ups;
}

/**
 * Opens and closes by continuity for candles (an OHLC bar's ticks already say); a bar with no
 * body to see opens and closes where the bar before it closed, within its wick.
 */
export function orientBars(
  candles: {
    open: number;
    high: number;
    low: number;
    close: number;
    bodyTop: number;
    bodyBottom: number;
    signature: string;
    noBody?: boolean;
  }[],
  kind: CandleDetection['kind'],
): void {
  if (kind === 'candles') orientCandles(candles.filter((c) => !c.noBody));
  // A doji with no body to see opens and closes where the bar before it closed, within its wick.
  candles.forEach((c, i) => {
    if (!c.noBody) return;
    const before = candles[i - 1]?.close ?? (c.high + c.low) / 2;
    c.open = c.close = Math.min(c.low, Math.max(c.high, before));
  });
}
