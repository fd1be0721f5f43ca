/**
 * Measuring the bars: each piece's body between its edge columns, whether the series is
 * candles or OHLC bars (a candle's left and right body edges share rows; an OHLC bar's edges are
 * its stem and the ticks sticking out of it), and each bar's open, high, low and close in plot
 * rows.
 */
import { bodySignature } from './orient.js';
import {
  BAR_SHARE,
  BAR_STEM_HEIGHT,
  BODY_MIN_WIDTH,
  CANDLE_OVERLAP,
  EDGE_SHARE,
  FEW_BAR_SHARE,
  FRINGE_COLUMNS,
  FRINGE_RATIO,
  NO_BODY_TYPICAL,
  NO_BODY_WIDTH,
  OWN_TICK_SHARE,
  STEM_FULL_HEIGHT,
  STEMS_ONLY,
  TICK_MAX_HEIGHT,
  TICK_MIN_COLUMNS,
  TICK_REACH,
  TICK_SHARE,
} from './params.js';
import { owns, type Piece } from './pieces.js';
import type { CandleDetection, PixelCandle } from './series.js';

/** The plot's pixels as the bars are measured in them; pixel (x, y) is index y * w + x. */
export interface BarPixels {
  w: number;
  /** Each ink pixel's colour cluster (255: near none). */
  label: Uint8Array;
  /** Each candle-mask pixel's connected component, which the pieces own (-1: none). */
  labels: Int32Array;
  /** The clusters that are candle colours. */
  keep: boolean[];
  /** The clusters that are wick colours, left out of the body. */
  wick: boolean[];
}

/** A piece with its body's edge columns (`bl`, `br`) and the rows inked in each. */
export interface MeasuredPiece {
  p: Piece;
  left: number[];
  right: number[];
  /** Rows inked in both edges, and their share of the longer edge. */
  both: number[];
  overlap: number;
  bodyWidth: number;
  bl: number;
  br: number;
}

/** A bar as read, in plot rows, with what turning it up or down needs. */
export interface ReadBar extends PixelCandle {
  signature: string;
  bodyTop: number;
  bodyBottom: number;
  noBody?: boolean;
}

const isBody = (px: BarPixels, piece: Piece, idx: number): boolean =>
  owns(piece, px.labels[idx] ?? -1) && !px.wick[px.label[idx] ?? 255];

function edgeRows(px: BarPixels, piece: Piece, x: number): number[] {
  const rows: number[] = [];
  for (let y = piece.top; y <= piece.bottom; y++) if (isBody(px, piece, y * px.w + x)) rows.push(y);
  return rows;
}

/**
 * Left and right columns of the body ink (wick-coloured ink left out). Columns with only a
 * few pixels are JPEG fringe or an overlay line touching the body, not its edge: edges are
 * the outermost columns holding at least a quarter of the piece's typical (upper-quartile) column.
 */
function bodyEdges(px: BarPixels, piece: Piece): [number, number] {
  const counts: number[] = [];
  for (let x = piece.left; x <= piece.right; x++) {
    let n = 0;
    for (let y = piece.top; y <= piece.bottom; y++) if (isBody(px, piece, y * px.w + x)) n++;
    counts.push(n);
  }
  const filled = counts.filter((n) => n > 0).sort((a, b) => a - b);
  // Upper quartile: inside an outlined body most columns hold only its top and bottom edge.
  const typical = filled[Math.floor(filled.length * 0.75)] ?? 0;
  const enough = Math.max(1, typical * EDGE_SHARE);
  let lo = counts.findIndex((n) => n >= enough);
  let hi = counts.length - 1 - [...counts].reverse().findIndex((n) => n >= enough);
  if (lo < 0) return [piece.left, piece.right];
  // A JPEG fringe or the stub of a line beside an outline's edge is a few pixels against the
  // edge's whole height a column or three further in; the stem and the ticks beside it stay.
  const stem = Math.round(piece.cx ?? (piece.left + piece.right) / 2) - piece.left;
  const fringe = (x: number, dir: 1 | -1): boolean => {
    let inner = 0;
    for (let k = 1; k <= FRINGE_COLUMNS && Math.abs(x + k * dir - stem) > 1; k++)
      inner = Math.max(inner, counts[x + k * dir] ?? 0);
    return (counts[x] ?? 0) * FRINGE_RATIO <= inner;
  };
  while (lo + 1 < stem - 1 && fringe(lo, 1)) lo++;
  while (hi - 1 > stem + 1 && fringe(hi, -1)) hi--;
  return [piece.left + lo, piece.left + hi];
}

/** Each piece's body edges and the rows inked in them. */
export function measurePieces(px: BarPixels, pieces: Piece[]): MeasuredPiece[] {
  return pieces.map((p) => {
    const [bl, br] = bodyEdges(px, p);
    const left = edgeRows(px, p, bl);
    const right = edgeRows(px, p, br);
    const rightSet = new Set(right);
    const both = left.filter((y) => rightSet.has(y));
    const overlap = both.length / Math.max(1, Math.max(left.length, right.length));
    return { p, left, right, both, overlap, bodyWidth: br - bl + 1, bl, br };
  });
}

/** Columns from x0 to x1 of the piece holding body ink. */
function inkColumns(px: BarPixels, p: Piece, x0: number, x1: number): number {
  let n = 0;
  for (let x = x0; x <= x1; x++) {
    for (let y = p.top; y <= p.bottom; y++) {
      if (isBody(px, p, y * px.w + x)) {
        n++;
        break;
      }
    }
  }
  return n;
}

/**
 * Rows of the piece holding body ink between columns x0 and x1. `own`: only ink in a kept
 * colour, not ink grown onto the bar from a minor one.
 */
function rowsWithInk(px: BarPixels, p: Piece, x0: number, x1: number, own = false): number {
  let n = 0;
  for (let y = p.top; y <= p.bottom; y++) {
    for (let x = x0; x <= x1; x++) {
      const idx = y * px.w + x;
      if (isBody(px, p, idx) && (!own || px.keep[px.label[idx] ?? 255])) {
        n++;
        break;
      }
    }
  }
  return n;
}

/**
 * A HiDPI bar's stem is 3 px or more, so its edges share rows like a narrow candle's. But the
 * stem runs the whole height of the piece with ticks sticking out on both sides, which a
 * candle (wicks beyond the body, nothing beside it) shows only as a doji.
 */
const barLike = (px: BarPixels, m: MeasuredPiece): boolean =>
  m.left.length >= (m.p.bottom - m.p.top + 1) * BAR_STEM_HEIGHT &&
  inkColumns(px, m.p, m.p.left, m.bl - 1) >= TICK_MIN_COLUMNS &&
  inkColumns(px, m.p, m.br + 1, m.p.right) >= TICK_MIN_COLUMNS;

/** Short ink on both sides of the body edges: an OHLC bar's ticks. */
function ticked(px: BarPixels, m: MeasuredPiece): boolean {
  const height = m.p.bottom - m.p.top + 1;
  const left = rowsWithInk(px, m.p, m.p.left, m.bl - 1);
  const right = rowsWithInk(px, m.p, m.br + 1, m.p.right);
  return left > 0 && right > 0 && left <= height * TICK_MAX_HEIGHT && right <= height * TICK_MAX_HEIGHT;
}

/** Candles or OHLC bars, by the vote of the pieces. */
export function barKind(px: BarPixels, measured: MeasuredPiece[]): CandleDetection['kind'] {
  // A broken outline says little of the kind of bar: its edges are a bar's stem and tick.
  const whole = measured.filter((m) => !m.p.offStem);
  const voters = whole.length >= measured.length / 2 ? whole : measured;
  const wide = voters.filter((m) => m.bodyWidth >= BODY_MIN_WIDTH);
  const overlaps = wide.map((m) => m.overlap).sort((a, b) => a - b);
  const barShare = wide.filter((m) => barLike(px, m)).length / Math.max(1, wide.length);
  // Bars cut from a staircase (ticks joining neighbours) do not all keep ink on both sides of
  // the stem, so fewer than 40% pass as bar-like; but most have short ink on both sides of
  // their body edges (the ticks), which a candle has only where a JPEG fringe or an overlay
  // line touches it.
  const tickShare = voters.filter((m) => ticked(px, m)).length / Math.max(1, voters.length);
  // Ticks in the bar's own colours: ink grown onto a bar from a minor colour (the stubs of an
  // overlay line drawn under white bodies) ticks it too, on both sides.
  const ownTicks = voters.filter(
    (m) =>
      ticked(px, m) &&
      rowsWithInk(px, m.p, m.p.left, m.bl - 1, true) > 0 &&
      rowsWithInk(px, m.p, m.br + 1, m.p.right, true) > 0,
  ).length;
  // Thin bars with short ticks (a one-pixel stem once a wide shot is halved) have no body
  // wider than the stem at all: their ticks decide.
  const stemsOnly = wide.length < voters.length * STEMS_ONLY;
  return (overlaps[Math.floor(overlaps.length / 2)] ?? 1) < CANDLE_OVERLAP ||
    barShare >= BAR_SHARE ||
    ((barShare >= FEW_BAR_SHARE || stemsOnly) && tickShare >= TICK_SHARE) ||
    // Nearly every bar ticked on both sides: the ticks of a halved HiDPI shot, one column
    // each, too short for bar-like.
    ownTicks >= voters.length * OWN_TICK_SHARE
    ? 'ohlc'
    : 'candles';
}

const mean = (v: number[]): number => v.reduce((s, x) => s + x, 0) / Math.max(1, v.length);

/**
 * An OHLC bar's open and close are the ticks left and right of the stem. A tick lying on a
 * line of its own colour (the last-price line runs through the last close) was erased with the
 * line, so it is looked up in the ink from before line removal, `rawInk`.
 */
function readOhlc(px: BarPixels, m: MeasuredPiece, x: number, rawInk: Uint8Array, tickLength: number): ReadBar {
  const { p, left, right } = m;
  const { w, labels } = px;
  const stem = Math.round(p.cx ?? (p.left + p.right) / 2);
  const tickRows = (from: number, to: number, src: Uint8Array, own: boolean): number[] => {
    const rows: number[] = [];
    for (let y = p.top; y <= p.bottom; y++) {
      for (let xx = Math.max(0, from); xx <= Math.min(w - 1, to); xx++) {
        if (own ? owns(p, labels[y * w + xx] ?? -1) : src[y * w + xx]) {
          rows.push(y);
          break;
        }
      }
    }
    return rows;
  };
  // Ticks reach at least two pixels from the stem's centre, and beyond the stem itself: a
  // thick stem, and the column beside it that can be its JPEG fringe, run the bar's
  // whole height.
  const fullHeight = (xx: number): boolean => {
    let n = 0;
    for (let y = p.top; y <= p.bottom; y++) if (owns(p, labels[y * w + xx] ?? -1)) n++;
    return n >= (p.bottom - p.top + 1) * STEM_FULL_HEIGHT;
  };
  let stemLeft = stem;
  while (stemLeft - 1 > p.left && fullHeight(stemLeft - 1)) stemLeft--;
  let stemRight = stem;
  while (stemRight + 1 < p.right && fullHeight(stemRight + 1)) stemRight++;
  const reach = tickLength >= TICK_REACH ? TICK_REACH : 1;
  const leftEnd = Math.min(stem - reach, stemLeft - 1);
  const rightStart = Math.max(stem + reach, stemRight + 1);
  let leftRows = tickRows(p.left, leftEnd, rawInk, true);
  if (leftRows.length === 0) leftRows = tickRows(p.left, stem - 1, rawInk, true);
  let rightRows = tickRows(rightStart, p.right, rawInk, true);
  // A close tick erased with the price line leaves nothing of the bar right of the stem;
  // it is in the ink from before line removal.
  if (rightRows.length === 0) rightRows = tickRows(rightStart, rightStart + tickLength - 1, rawInk, false);
  if (rightRows.length === 0) rightRows = tickRows(stem + 1, p.right, rawInk, true);
  const open = leftRows.length ? mean(leftRows) : left.length ? mean(left) : (p.top + p.bottom) / 2;
  const close = rightRows.length ? mean(rightRows) : right.length ? mean(right) : (p.top + p.bottom) / 2;
  return { x, open, close, high: p.top, low: p.bottom, signature: 'bar', bodyTop: 0, bodyBottom: 0 };
}

/**
 * A candle's body spans the rows both its edges hold; it opens at the bottom until it is
 * turned (orient.ts). `strength(x, y, c)` is how much of colour c a pixel holds.
 */
function readCandle(
  px: BarPixels,
  m: MeasuredPiece,
  x: number,
  typicalBody: number,
  strength: (x: number, y: number, c: number) => number,
): ReadBar {
  const { p, left, right, both, bl, br } = m;
  const body = both.length ? both : [...left, ...right];
  let bodyTop = body.length ? Math.min(...body) : p.top;
  let bodyBottom = body.length ? Math.max(...body) : p.bottom;
  // A bar no wider than its wick where bodies are wide has no body to see: a doji whose
  // body is one row of the background's colour (a gap in the wick), or drawn over by it.
  const gap = br - bl < NO_BODY_WIDTH && typicalBody >= NO_BODY_TYPICAL ? widestGap(left) : undefined;
  if (gap) [bodyTop, bodyBottom] = gap;
  return {
    noBody: gap === null,
    x,
    open: bodyBottom,
    close: bodyTop,
    high: p.top,
    low: p.bottom,
    signature: bodySignature(
      px.label,
      px.labels,
      p,
      { left: bl, right: br, top: bodyTop, bottom: bodyBottom },
      px.w,
      strength,
    ),
    bodyTop,
    bodyBottom,
  };
}

/**
 * Every bar's open, high, low and close in plot rows, at its x in image work pixels
 * (`plotLeft` is the plot's left edge there).
 */
export function readBars(
  px: BarPixels,
  measured: MeasuredPiece[],
  kind: CandleDetection['kind'],
  rawInk: Uint8Array,
  plotLeft: number,
  strength: (x: number, y: number, c: number) => number,
): ReadBar[] {
  const bodyWidths = measured.map((m) => m.bodyWidth).sort((a, b) => a - b);
  const typicalBody = bodyWidths[bodyWidths.length >> 1] ?? 0;
  const tickLengths = measured
    .map(({ p }) => p.right - Math.round(p.cx ?? p.right))
    .filter((t) => t > 0)
    .sort((a, b) => a - b);
  const tickLength = Math.max(1, tickLengths[Math.floor(tickLengths.length / 2)] ?? 1);
  return measured.map((m) => {
    const x = (m.p.left + m.p.right) / 2 + plotLeft;
    return kind === 'ohlc' ? readOhlc(px, m, x, rawInk, tickLength) : readCandle(px, m, x, typicalBody, strength);
  });
}

/** The widest run of missing rows between inked rows (ascending), as [first, last] missing row. */
export function widestGap(rows: number[]): [number, number] | null {
  let best: [number, number] | null = null;
  for (let i = 1; i < rows.length; i++) {
    const a = rows[i - 1]!;
    const b = rows[i]!;
    if (b - a > 1 && (!best || b - a - 1 > best[1] - best[0] + 1)) best = [a + 1, b - 1];
  }
  return best;
}
