/**
 * The ends of the series: what stands at the plot's right edge or past either end of the bars
 * is often no bar (a price tag, a crosshair's end at the axis, a toolbar's buttons in the
 * plot's corner, a legend's box) and is taken off, so the last bar is the series' own.
 */
import {
  DETACHED_HEIGHTS,
  DETACHED_JUMPS,
  DETACHED_TAIL,
  FULL_HEIGHT_BARS,
  FULL_HEIGHT_SHARE,
  ISOLATED_FAR,
  ISOLATED_NEAR,
  ISOLATED_RUN,
  ISOLATED_SHARE,
  LINE_THIN_PX,
  LINE_THIN_SHARE,
  MIN_BARS,
  RECENT_BARS,
  STRAY_PAST_HOLE,
  STRAY_SPACINGS,
  TAG_FILL,
  TAG_MAX_PX,
  TAG_MAX_SHARE,
  TALL_STRAY,
  TOP_LINE_HEIGHTS,
  TOP_LINE_TAIL,
  TALL_STRAY_CLEAR,
  THIN_CLEAR,
  WIDEST_JUMP_PERCENTILE,
} from './params.js';

/**
 * A price tag reaching into the plot from the axis side is a filled block against the plot's
 * right edge. The last candle's close lies on the tag's price line, which joins candle and tag
 * into one piece that would be dropped with the tag. Each block of rows inked in the edge
 * column is cleared leftwards for as long as the column stays inked over most of those rows.
 */
export function clearEdgeTags(mask: Uint8Array, w: number, h: number): void {
  const edge = w - 1;
  // A tag is a short word wide; a line running into the edge must not be followed across the
  // plot (clearing its last stretch detaches the last candle it joins to the edge).
  const widest = Math.max(TAG_MAX_PX, Math.round(w * TAG_MAX_SHARE));
  let y = 0;
  while (y < h) {
    if (!mask[y * w + edge]) {
      y++;
      continue;
    }
    const top = y;
    while (y < h && mask[y * w + edge]) y++;
    const bottom = y - 1;
    const rows = bottom - top + 1;
    let left = edge;
    for (; left > edge - widest + 1; left--) {
      let n = 0;
      for (let yy = top; yy <= bottom; yy++) n += mask[yy * w + left - 1] ?? 0;
      if (n < rows * TAG_FILL) break;
    }
    for (let yy = top; yy <= bottom; yy++) mask.fill(0, yy * w + left, yy * w + w);
  }
}

/**
 * A bar opens where the one before it closed, so neighbouring bars' ranges touch. A last piece
 * as thin as a line, standing well clear of the bar before it (more than one and a half typical
 * bar heights), is no bar: the end of a crosshair line at the axis. Nor are the last few pieces
 * past a hole of more than STRAY_SPACINGS spacings (a crosshair's vertical line by
 * the axis, a platform's buttons in the plot's corner): a series leaves no such hole before its
 * last bar.
 */
export function dropStrayLast(candles: { x?: number; high: number; low: number }[]): void {
  if (candles.length < MIN_BARS) return;
  if (candles.every((c) => c.x !== undefined)) {
    const steps = candles
      .slice(1)
      .map((c, i) => (c.x ?? 0) - (candles[i]?.x ?? 0))
      .sort((a, b) => a - b);
    const pitch = steps[steps.length >> 1] ?? 0;
    const from = Math.max(MIN_BARS, candles.length - STRAY_PAST_HOLE);
    for (let i = candles.length - 1; pitch > 0 && i >= from; i--) {
      if ((candles[i]?.x ?? 0) - (candles[i - 1]?.x ?? 0) > pitch * STRAY_SPACINGS) {
        candles.length = i;
        break;
      }
    }
  }
  const last = candles[candles.length - 1];
  const prev = candles[candles.length - 2];
  if (!last || !prev) return;
  const heights = candles.map((c) => c.low - c.high).sort((a, b) => a - b);
  const typical = heights[heights.length >> 1] ?? 0;
  const gap = Math.max(last.high - prev.low, prev.high - last.low, 0);
  // Only a piece a line thin: the bar before a real last bar can itself be junk.
  const thin = last.low - last.high <= Math.max(LINE_THIN_PX, typical * LINE_THIN_SHARE);
  // Or one far taller than the bars before it that stands clear of the bar before it by half a
  // typical recent bar: a news bar that tall opens where the last one closed (a session's opening gap
  // is a few pixels); a ruler's or a drawing's box stands apart.
  const recent = candles.slice(-RECENT_BARS - 1, -1).map((c) => c.low - c.high);
  const recentTypical = [...recent].sort((a, b) => a - b)[recent.length >> 1] ?? typical;
  const tall = last.low - last.high > TALL_STRAY * Math.max(...recent, 1) && gap > recentTypical * TALL_STRAY_CLEAR;
  if ((thin && gap > typical * THIN_CLEAR) || tall) candles.pop();
}

/**
 * A series moves by steps no larger than its bars: each bar's range touches or nearly touches
 * those just before it, and the widest gap between neighbours anywhere in it is a measure of
 * how far it can jump. The longest run of pieces at the end that all stand far clear of the
 * bars before them (by more than three typical bar heights and half again the series' widest
 * jump; a piece as thin as a line by one and a half bar heights) is no part of it: a toolbar's
 * buttons inside the plot's corner, text or markers below the bars, volume at the pane's foot.
 * It is dropped, so the last bar is the series' own. Rows grow downwards (high < low).
 */
export function dropDetachedTail(candles: { high: number; low: number }[]): void {
  if (candles.length < MIN_BARS + RECENT_BARS) return;
  const heights = candles.map((c) => c.low - c.high).sort((a, b) => a - b);
  const typical = Math.max(1, heights[heights.length >> 1] ?? 0);
  const body = candles.slice(0, candles.length - DETACHED_TAIL);
  // The widest jump but for a few: the pieces can hold a stray one anywhere (a marker, a label).
  const jumps = body
    .slice(1)
    .map((c, i) => gapBetween(c, body[i]!))
    .sort((a, b) => a - b);
  const widestJump = jumps[Math.floor(jumps.length * WIDEST_JUMP_PERCENTILE)] ?? 0;
  const limit = Math.max(DETACHED_HEIGHTS * typical, DETACHED_JUMPS * widestJump);
  const span = Math.max(...candles.map((c) => c.low)) - Math.min(...candles.map((c) => c.high));
  const maxTail = Math.min(DETACHED_TAIL, candles.length - MIN_BARS - RECENT_BARS);
  let drop = 0;
  for (let k = 1; k <= maxTail; k++) {
    const anchor = candles.slice(candles.length - k - RECENT_BARS, candles.length - k);
    const tail = candles.slice(candles.length - k);
    const detached = tail.every((p) => {
      // A piece across the whole height of the series is a line (a window's border, a cursor).
      if (p.low - p.high >= FULL_HEIGHT_SHARE * span && p.low - p.high >= FULL_HEIGHT_BARS * typical) return true;
      const reach = Math.min(...anchor.map((c) => gapBetween(p, c)));
      const thin = p.low - p.high <= Math.max(LINE_THIN_PX, typical * LINE_THIN_SHARE);
      return reach > (thin ? THIN_CLEAR * typical : limit);
    });
    if (detached) drop = k;
  }
  candles.splice(candles.length - drop, drop);
}

/**
 * A bar opens where the one before it closed, so a bar never stands far clear of both its
 * neighbours while they nearly touch each other. One or two pieces in a row that do are objects
 * among the bars (a toolbar's icon inside the plot's top, a volume bar at its foot, a legend's
 * glyph). Whether each piece is one. Rows grow downwards (high < low).
 */
export function isolatedPieces(candles: { high: number; low: number }[]): boolean[] {
  const isolated = candles.map(() => false);
  if (candles.length < MIN_BARS) return isolated;
  const heights = candles.map((c) => c.low - c.high).sort((a, b) => a - b);
  const typical = Math.max(1, heights[heights.length >> 1] ?? 0);
  for (let i = 1; i + 1 < candles.length; i++) {
    for (let k = 1; k <= ISOLATED_RUN && i + k < candles.length; k++) {
      const prev = candles[i - 1]!;
      const next = candles[i + k]!;
      const run = candles.slice(i, i + k);
      const apart = run.every((p) => Math.min(gapBetween(p, prev), gapBetween(p, next)) > ISOLATED_FAR * typical);
      if (apart && gapBetween(prev, next) <= ISOLATED_NEAR * typical) {
        isolated.fill(true, i, i + k);
        i += k;
        break;
      }
    }
  }
  return isolated;
}

/** Drops the isolated pieces (`isolatedPieces`) when they are a few objects among the bars. */
export function dropIsolated(candles: { high: number; low: number }[]): void {
  const isolated = isolatedPieces(candles);
  if (isolated.filter(Boolean).length > candles.length * ISOLATED_SHARE) return;
  for (let i = candles.length - 1; i >= 0; i--) if (isolated[i]) candles.splice(i, 1);
}

/** Rows between two bars' ranges (0 when they overlap or touch). */
export function gapBetween(a: { high: number; low: number }, b: { high: number; low: number }): number {
  return Math.max(0, a.high - b.low, b.high - a.low);
}

/**
 * Whether the series `whole` goes on past `last` (a bar of a reading of part of the plot): its
 * first bar more than half a spacing to the right of `last` touches it or comes within a typical
 * bar's height, as a bar opens where the one before it closed, or crosses the edge of `pane`
 * (the part read), as a rally out of it does. Objects past it (a legend's icon above the pane, a
 * volume bar below it) stand apart. Rows grow downwards (high < low).
 */
export function continuesPast(
  whole: { x: number; high: number; low: number }[],
  last: { x: number; high: number; low: number },
  pane?: { top: number; bottom: number },
): boolean {
  if (whole.length < 2) return false;
  const steps = whole
    .slice(1)
    .map((c, i) => c.x - whole[i]!.x)
    .sort((a, b) => a - b);
  const spacing = steps[steps.length >> 1] ?? 0;
  const heights = whole.map((c) => c.low - c.high).sort((a, b) => a - b);
  const typical = Math.max(1, heights[heights.length >> 1] ?? 0);
  const next = whole.find((c) => c.x > last.x + spacing / 2);
  if (next === undefined) return false;
  // A bar past the pane's last one that crosses the pane's edge: the series leaves the pane there.
  const leaves =
    pane !== undefined &&
    ((next.high < pane.top && next.low >= pane.top) || (next.low > pane.bottom && next.high <= pane.bottom));
  return leaves || gapBetween(next, last) <= typical;
}

/**
 * The plot's top line holds text: the symbol's header at the left and, at the right, an Expert
 * Advisor's name with its icon (MetaTrader), a platform's buttons. Where the series ends in pieces
 * that all lie within that line (`top` to `top` + TOP_LINE_HEIGHTS text heights), each no taller
 * than a line of text, after a bar that reaches below the line, and the first of them does not
 * touch that bar (a bar opens where the last one closed; a rally into the top runs on from the
 * bars before), the run is text, not the latest bars: dropped, at most TOP_LINE_TAIL pieces.
 * Rows grow downwards (high < low).
 */
export function dropTopLineTail(candles: { high: number; low: number }[], top: number, textHeight: number): void {
  const band = top + TOP_LINE_HEIGHTS * textHeight;
  let k = 0;
  while (k < Math.min(TOP_LINE_TAIL, candles.length - MIN_BARS)) {
    const p = candles[candles.length - 1 - k]!;
    if (p.low > band || p.low - p.high > textHeight * TOP_LINE_HEIGHTS) break;
    k++;
  }
  const before = candles[candles.length - 1 - k];
  const first = candles[candles.length - k];
  if (k === 0 || !before || !first || before.low <= band || gapBetween(first, before) === 0) return;
  candles.splice(candles.length - k, k);
}

/**
 * Sorts the bars by x and drops the pieces standing clear of the series, the strays past the
 * last one and the detached runs at either end.
 */
export function trimEnds(candles: { x: number; high: number; low: number }[]): void {
  candles.sort((a, b) => a.x - b.x);
  dropIsolated(candles);
  dropStrayLast(candles);
  dropDetachedTail(candles);
  // The same at the start: a legend's box or a symbol's icon at the plot's top-left corner.
  candles.reverse();
  dropDetachedTail(candles);
  candles.reverse();
}
