/**
 * Boxes of text in the plot: a trade plan, a signal's or an order's label, an indicator's status
 * table, drawn in a fill that can be one of the series' colours or a colour of its own. Each is a
 * solid rectangle with text cut out of it. Counted among the bars' colours, one tall box makes
 * the real candles look short beside it, and its columns become a stripe of bars.
 */
import { findBlobs, type Blob } from '../components.js';
import { scratchU8 } from '../scratch.js';

/** A box narrower than this (pixels) is a candle's body as likely as a label. */
const MIN_WIDTH = 16;
/**
 * Two lines of text and their margins: smaller boxes (a one-line label, a toolbar's icon) are
 * left to the bars stage's piece checks, which see them among the bars.
 */
const MIN_HEIGHT = 20;
/** Pixels a box covers at least: a plan, a table, a signal's label of a few lines. */
const MIN_AREA = 2400;
/** Share of a box's rows that run from its left edge to its right (within `EDGE`): a rectangle. */
const FULL_ROWS = 0.85;
/** How far from the box's edge (a share of its width) a row may begin or end and still span it. */
const EDGE = 0.05;
/** Share of the rectangle's area the text cuts out of its fill: more than noise, less than a hollow body. */
const MIN_HOLES = 0.03;
const MAX_HOLES = 0.7;
/** The most of the box's colour in its rectangle, over the region's own pixels, that is one fill. */
const OWN_FILL = 1.25;
/** Rows through text cross several glyphs; a line across a body, or a hollow body's inside, leaves one gap. */
const GAPS_PER_ROW = 1.5;
/** A line of text is a few rows tall: fewer rows with gaps are a line drawn across a body. */
const MIN_GAP_ROWS = 3;

/**
 * Whether region `b` of colour `b.value` in `label` is a box of text: its top or bottom row is
 * filled (the other can be cut by the plot's edge or another box), nearly every row spans the box from edge to edge, and the rows through its text have
 * several gaps (the glyphs), which together cut a share of its area. A candle's body has no gaps (its wick rows are narrow), a
 * hollow body one gap per row, bars touching in a dense chart no straight edges.
 */
export function isTextBox(b: Blob, label: Uint8Array, w: number): boolean {
  const width = b.right - b.left + 1;
  const rows = b.bottom - b.top + 1;
  if (width < MIN_WIDTH || rows < MIN_HEIGHT || width * rows < MIN_AREA || b.value === undefined) return false;
  const v = b.value;
  // Text or a line of another colour can touch the box's border, and JPEG blurs it.
  const edge = Math.max(1, Math.round(width * EDGE));
  let full = 0;
  let gapRows = 0;
  let gaps = 0;
  let holes = 0;
  let filled = 0;
  for (let y = b.top; y <= b.bottom; y++) {
    const row = y * w;
    let first = -1;
    let last = -1;
    for (let x = b.left; x <= b.right; x++) {
      if (label[row + x] !== v) continue;
      filled++;
      if (first < 0) first = x;
      last = x;
    }
    if (first < 0) continue;
    if (first <= b.left + edge && last >= b.right - edge) full++;
    let runs = 0;
    for (let x = first + 1; x <= last; x++) {
      if (label[row + x] === v) continue;
      holes++;
      if (label[row + x - 1] === v) runs++;
    }
    if (runs > 0) {
      gapRows++;
      gaps += runs;
    }
  }
  const area = width * rows;
  // The fill is one region: more of its colour in the rectangle than the region holds is other
  // pieces of that colour inside it (bars beside a wide body cut by a line), not a box's fill.
  // A glyph's counter (the inside of an "o") is fill the text cuts off, a few per cent at most.
  if (b.pixels * OWN_FILL < filled) return false;
  return (
    (solidEdge(b, label, w, b.top, 1) || solidEdge(b, label, w, b.bottom, -1)) &&
    full >= rows * FULL_ROWS &&
    gapRows >= MIN_GAP_ROWS &&
    gaps >= gapRows * GAPS_PER_ROW &&
    holes >= area * MIN_HOLES &&
    holes <= area * MAX_HOLES
  );
}

/** Share of a box's width its top or bottom edge fills (rounded corners leave a little out). */
const SOLID = 0.9;
/** Rows from the box's top or bottom within which its edge lies (a glyph or a line can stick out). */
const EDGE_ROWS = 3;

/**
 * Whether one of the `EDGE_ROWS` rows from `from` inwards (`step` 1 down from the top, -1 up from
 * the bottom) is filled across the box: its border or margin. Bars joined into one piece have a
 * ragged top, their tallest bars alone reaching it.
 */
function solidEdge(b: Blob, label: Uint8Array, w: number, from: number, step: 1 | -1): boolean {
  const width = b.right - b.left + 1;
  for (let k = 0; k < EDGE_ROWS; k++) {
    const row = (from + k * step) * w;
    let n = 0;
    for (let x = b.left; x <= b.right; x++) if (label[row + x] === b.value) n++;
    if (n >= width * SOLID) return true;
  }
  return false;
}

/** The boxes of text erased, and the pixels each colour lost with them. */
export interface ErasedBoxes {
  boxes: Blob[];
  /** Pixels erased, by label value (the box's fill, and every colour inside it). */
  lost: number[];
}

/** A table or a plan is a part of the plot: a union of fills wider or taller than this share is the chart's own ink. */
const UNION_MAX_SHARE = 0.5;

/**
 * Erases the boxes of text among `regions` (the connected pieces of each colour of `label`) from
 * `label` and `ink`, with all the ink inside them (their text, an icon, a cell's border), so that
 * neither the choice of the series' colours nor the bars see them. What is erased is the box's
 * core (its rows that span it, from the first to the last, as wide as they reach) and a margin of
 * up to `MARGIN` of its height above and below (rounded corners, a last row the candles behind a
 * translucent box show through): a wick of the box's colour that touches it reaches further, and
 * the bars beside and beyond it stay.
 *
 * Then a table's cells, a plan's header over its body: fills of several colours that tile one box
 * of text, none of them a box alone (a column of cells in other colours cuts every row of the
 * body's fill short of the box's edge). Their union is tested as one box, where it stands clear of
 * the plot's edges, as a chart's objects are drawn (a union reaching an edge is as likely a panel
 * of the window around a plot found too large: a terminal's navigator), and covers at most half
 * its width and height. Only its core is erased: ink of any colour touching it grows the union,
 * and a margin would cut a bar beneath that touches nothing.
 */
export function eraseTextBoxes(label: Uint8Array, ink: Uint8Array, regions: Blob[], w: number): ErasedBoxes {
  const h = label.length / w;
  const erased: ErasedBoxes = { boxes: [], lost: [] };
  const erase = (box: Blob): void => {
    erased.boxes.push(box);
    for (let y = box.top; y <= box.bottom; y++) {
      for (let i = y * w + box.left; i <= y * w + box.right; i++) {
        const v = label[i] ?? 255;
        if (v !== 255) erased.lost[v] = (erased.lost[v] ?? 0) + 1;
      }
      label.fill(255, y * w + box.left, y * w + box.right + 1);
      ink.fill(0, y * w + box.left, y * w + box.right + 1);
    }
  };
  for (const b of regions) {
    if (!isTextBox(b, label, w)) continue;
    const core = spanningCore(b, label, w);
    const margin = Math.ceil((core.bottom - core.top + 1) * MARGIN);
    erase({ ...core, top: Math.max(b.top, core.top - margin), bottom: Math.min(b.bottom, core.bottom + margin) });
  }
  // Without a fill that could be a table's part the union is not sought (most charts: candles
  // narrower than a cell, averages wider than the cap, both far from solid).
  if (!regions.some((b) => tilePart(b, w, h))) return erased;
  const tiles = scratchU8('boxes:tiles', label.length);
  for (let i = 0; i < label.length; i++) tiles[i] = label[i] === 255 ? 255 : 0;
  const part = (b: Blob): boolean =>
    b.left > 1 &&
    b.top > 1 &&
    b.right < w - 2 &&
    b.bottom < h - 2 &&
    b.right - b.left < w * UNION_MAX_SHARE &&
    b.bottom - b.top < h * UNION_MAX_SHARE;
  for (const b of findBlobs(tiles, w, h, 0, w, 255))
    if (part(b) && isTextBox(b, tiles, w)) erase(spanningCore(b, tiles, w));
  return erased;
}

/** Share of its rectangle a fill covers at least to be a cell's or a table body's (a line's or a candle's outline covers little). */
const TILE_FILL = 0.3;

/** Whether fill `b` could be a part of a table: as wide as a box, half as tall, mostly filled, within the union's cap. */
function tilePart(b: Blob, w: number, h: number): boolean {
  const width = b.right - b.left + 1;
  const rows = b.bottom - b.top + 1;
  return (
    width >= MIN_WIDTH &&
    rows >= MIN_HEIGHT / 2 &&
    b.pixels >= width * rows * TILE_FILL &&
    width <= w * UNION_MAX_SHARE &&
    rows <= h * UNION_MAX_SHARE
  );
}

/** Rows above and below a box's spanning rows, as a share of their height, that are still the box. */
const MARGIN = 0.1;

/** The rectangle of the rows that span box `b` (as isTextBox counts them): its first to its last, their widest extent. */
function spanningCore(b: Blob, label: Uint8Array, w: number): Blob {
  const edge = Math.max(1, Math.round((b.right - b.left + 1) * EDGE));
  const core = { ...b, left: b.right, right: b.left, top: b.bottom, bottom: b.top };
  for (let y = b.top; y <= b.bottom; y++) {
    let first = -1;
    let last = -1;
    for (let x = b.left; x <= b.right; x++) {
      if (label[y * w + x] !== b.value) continue;
      if (first < 0) first = x;
      last = x;
    }
    if (first < 0 || first > b.left + edge || last < b.right - edge) continue;
    core.top = Math.min(core.top, y);
    core.bottom = Math.max(core.bottom, y);
    core.left = Math.min(core.left, first);
    core.right = Math.max(core.right, last);
  }
  return core.top <= core.bottom ? core : b;
}
