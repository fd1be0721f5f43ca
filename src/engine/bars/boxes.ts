/**
 * Boxes of text in the plot: a trade plan, a signal's or an order's label, an indicator's status
 * table, drawn in a fill that can be one of the series' colours or a colour of its own. Each is a
 * solid rectangle with text cut out of it. Counted among the bars' colours, one tall box makes
 * the real candles look short beside it, and its columns become a stripe of bars.
 */
import { findBlobs, type Blob } from '../components.js';
import { scratchU8 } from '../scratch.js';
import {
  TEXT_BOX_EDGE,
  TEXT_BOX_EDGE_ROWS,
  TEXT_BOX_FULL_ROWS,
  TEXT_BOX_GAPS_PER_ROW,
  TEXT_BOX_MARGIN,
  TEXT_BOX_MAX_HOLES,
  TEXT_BOX_MIN_AREA,
  TEXT_BOX_MIN_GAP_ROWS,
  TEXT_BOX_MIN_HEIGHT,
  TEXT_BOX_MIN_HOLES,
  TEXT_BOX_MIN_WIDTH,
  TEXT_BOX_OWN_FILL,
  TEXT_BOX_SOLID,
  TILE_FILL,
  UNION_EDGE_CLEARANCE,
  UNION_MAX_SHARE,
} from './params.js';

/**
 * Whether region `b` of colour `b.value` in `label` is a box of text: its top or bottom row is
 * filled (the other can be cut by the plot's edge or another box), nearly every row spans the box from edge to edge, and the rows through its text have
 * several gaps (the glyphs), which together cut a share of its area. A candle's body has no gaps (its wick rows are narrow), a
 * hollow body one gap per row, bars touching in a dense chart no straight edges.
 */
export function isTextBox(b: Blob, label: Uint8Array, w: number): boolean {
  const width = b.right - b.left + 1;
  const rows = b.bottom - b.top + 1;
  if (
    width < TEXT_BOX_MIN_WIDTH ||
    rows < TEXT_BOX_MIN_HEIGHT ||
    width * rows < TEXT_BOX_MIN_AREA ||
    b.value === undefined
  )
    return false;
  const v = b.value;
  // Text or a line of another colour can touch the box's border, and JPEG blurs it.
  const edge = Math.max(1, Math.round(width * TEXT_BOX_EDGE));
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
  if (b.pixels * TEXT_BOX_OWN_FILL < filled) return false;
  return (
    (solidEdge(b, label, w, b.top, 1) || solidEdge(b, label, w, b.bottom, -1)) &&
    full >= rows * TEXT_BOX_FULL_ROWS &&
    gapRows >= TEXT_BOX_MIN_GAP_ROWS &&
    gaps >= gapRows * TEXT_BOX_GAPS_PER_ROW &&
    holes >= area * TEXT_BOX_MIN_HOLES &&
    holes <= area * TEXT_BOX_MAX_HOLES
  );
}

/**
 * Whether one of the `TEXT_BOX_EDGE_ROWS` rows from `from` inwards (`step` 1 down from the top, -1 up from
 * the bottom) is filled across the box: its border or margin. Bars joined into one piece have a
 * ragged top, their tallest bars alone reaching it.
 */
function solidEdge(b: Blob, label: Uint8Array, w: number, from: number, step: 1 | -1): boolean {
  const width = b.right - b.left + 1;
  for (let k = 0; k < TEXT_BOX_EDGE_ROWS; k++) {
    const row = (from + k * step) * w;
    let n = 0;
    for (let x = b.left; x <= b.right; x++) if (label[row + x] === b.value) n++;
    if (n >= width * TEXT_BOX_SOLID) return true;
  }
  return false;
}

/** The boxes of text erased, and the pixels each colour lost with them. */
export interface ErasedBoxes {
  boxes: Blob[];
  /** Pixels erased, by label value (the box's fill, and every colour inside it). */
  lost: number[];
}

/**
 * Erases the boxes of text among `regions` (the connected pieces of each colour of `label`) from
 * `label` and `ink`, with all the ink inside them (their text, an icon, a cell's border), so that
 * neither the choice of the series' colours nor the bars see them. What is erased is the box's
 * core (its rows that span it, from the first to the last, as wide as they reach) and a margin of
 * up to `TEXT_BOX_MARGIN` of its height above and below (rounded corners, a last row the candles behind a
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
    const margin = Math.ceil((core.bottom - core.top + 1) * TEXT_BOX_MARGIN);
    erase({ ...core, top: Math.max(b.top, core.top - margin), bottom: Math.min(b.bottom, core.bottom + margin) });
  }
  // Without a fill that could be a table's part the union is not sought (most charts: candles
  // narrower than a cell, averages wider than the cap, both far from solid).
  if (!regions.some((b) => tilePart(b, w, h))) return erased;
  const tiles = scratchU8('boxes:tiles', label.length);
  for (let i = 0; i < label.length; i++) tiles[i] = label[i] === 255 ? 255 : 0;
  const part = (b: Blob): boolean =>
    b.left >= UNION_EDGE_CLEARANCE &&
    b.top >= UNION_EDGE_CLEARANCE &&
    b.right < w - UNION_EDGE_CLEARANCE &&
    b.bottom < h - UNION_EDGE_CLEARANCE &&
    b.right - b.left < w * UNION_MAX_SHARE &&
    b.bottom - b.top < h * UNION_MAX_SHARE;
  for (const b of findBlobs(tiles, w, h, 0, w, 255))
    if (part(b) && isTextBox(b, tiles, w)) erase(spanningCore(b, tiles, w));
  return erased;
}

/** Whether fill `b` could be a part of a table: as wide as a box, half as tall, mostly filled, within the union's cap. */
function tilePart(b: Blob, w: number, h: number): boolean {
  const width = b.right - b.left + 1;
  const rows = b.bottom - b.top + 1;
  return (
    width >= TEXT_BOX_MIN_WIDTH &&
    rows >= TEXT_BOX_MIN_HEIGHT / 2 &&
    b.pixels >= width * rows * TILE_FILL &&
    width <= w * UNION_MAX_SHARE &&
    rows <= h * UNION_MAX_SHARE
  );
}

/** The rectangle of the rows that span box `b` (as isTextBox counts them): its first to its last, their widest extent. */
function spanningCore(b: Blob, label: Uint8Array, w: number): Blob {
  const edge = Math.max(1, Math.round((b.right - b.left + 1) * TEXT_BOX_EDGE));
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
