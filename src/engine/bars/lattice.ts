/**
 * The bars' lattice: bars stand at even steps, so with the spacing known each piece has a slot.
 * Each slot keeps its largest piece and the fragments touching it; pieces between slots
 * (fragments of overlays, leftover text) are dropped.
 */
import { candleDebug } from './debug.js';
import {
  FRAGMENT_TOUCH_PX,
  LATTICE_STEP,
  LATTICE_STEPS,
  LATTICE_TOLERANCE,
  MIN_PITCH,
  MIN_WHOLE_GAPS,
  OFF_STEM_PX,
  PITCH_GUESS_QUANTILE,
  SLOT_TOLERANCE,
  STRAY_STEPS,
  WHOLE_GAP_MIN,
  WHOLE_GAP_OFF,
} from './params.js';
import { centreOf, touches, type Piece } from './pieces.js';

/**
 * Bar spacing from the gaps between the larger pieces (fragments are small): a gap that
 * skips a missing candle counts as a multiple of the spacing. The coverage period, when there
 * is one, says what one spacing is; gaps that are no whole multiple of it are fragments.
 */
function estimatePitch(pieces: Piece[], period: number): number {
  const sizes = pieces.map((p) => p.pixels).sort((a, b) => a - b);
  const big = sizes[Math.floor(sizes.length / 2)] ?? 0;
  const centres = pieces
    .filter((p) => p.pixels >= big)
    .map(centreOf)
    .sort((a, b) => a - b);
  const gaps = centres
    .slice(1)
    .map((c, i) => c - (centres[i] ?? c))
    .filter((g) => g >= MIN_PITCH)
    .sort((a, b) => a - b);
  const first = period >= MIN_PITCH ? period : (gaps[Math.floor(gaps.length * PITCH_GUESS_QUANTILE)] ?? 0);
  if (first < MIN_PITCH) return 0;
  if (period >= MIN_PITCH) {
    // Whole multiples of the period: their total length over their total bars. Bars sit on
    // whole pixels, so single gaps alternate (6, 7, 7, 6...) and their median is biased.
    const whole = gaps.filter(
      (g) => g >= first * WHOLE_GAP_MIN && Math.abs(g / first - Math.round(g / first)) <= WHOLE_GAP_OFF,
    );
    if (whole.length < MIN_WHOLE_GAPS) return first;
    const bars = whole.reduce((s, g) => s + Math.round(g / first), 0);
    return whole.reduce((s, g) => s + g, 0) / bars;
  }
  const unit = gaps.map((g) => g / Math.max(1, Math.round(g / first))).sort((a, b) => a - b);
  return unit[Math.floor(unit.length / 2)] ?? first;
}

interface Lattice {
  spacing: number;
  phase: number;
}

/** Least squares of centre = phase + spacing * slot, again without anchors off the fitted lattice. */
function refineLattice(anchors: number[], slotsOf: number[], use: boolean[], spacing: number): Lattice | null {
  let phase = 0;
  for (let round = 0; round < 3; round++) {
    const idx = anchors.map((_, i) => i).filter((i) => use[i]);
    const n = idx.length;
    if (n < 2) return null;
    const ms = idx.reduce((a, i) => a + (slotsOf[i] ?? 0), 0) / n;
    const mc = idx.reduce((a, i) => a + (anchors[i] ?? 0), 0) / n;
    let sxy = 0;
    let sxx = 0;
    for (const i of idx) {
      sxy += ((slotsOf[i] ?? 0) - ms) * ((anchors[i] ?? 0) - mc);
      sxx += ((slotsOf[i] ?? 0) - ms) ** 2;
    }
    if (sxx > 0) spacing = sxy / sxx;
    if (!(spacing > 1)) return null;
    phase = mc - spacing * ms;
    // The next round leaves out anchors off this lattice (strays cannot bend it).
    if (round < 2)
      anchors.forEach(
        (a, i) => (use[i] = Math.abs(a - phase - spacing * (slotsOf[i] ?? 0)) <= spacing * LATTICE_TOLERANCE),
      );
  }
  return { spacing, phase };
}

/**
 * With the spacing known to a few percent, the lattice is the spacing (searched within 3%)
 * and phase at which the anchors line up best: the length of the mean of exp(2πi·x/spacing)
 * over the anchors. No anchor is numbered from its neighbour, so a stray or a bad split cannot
 * shift the numbering of the bars after it. Least squares on the anchors near the result.
 */
export function fitLattice(anchors: number[], pitch: number): Lattice | null {
  if (anchors.length < 2) return null;
  let best = { spacing: pitch, phase: 0, r: -1 };
  for (let k = -LATTICE_STEPS; k <= LATTICE_STEPS; k++) {
    const spacing = pitch * (1 + k * LATTICE_STEP);
    let re = 0;
    let im = 0;
    for (const a of anchors) {
      const t = (2 * Math.PI * a) / spacing;
      re += Math.cos(t);
      im += Math.sin(t);
    }
    const r = Math.hypot(re, im);
    if (r > best.r) best = { spacing, phase: ((Math.atan2(im, re) / (2 * Math.PI)) * spacing + spacing) % spacing, r };
  }
  const slotsOf = anchors.map((a) => Math.round((a - best.phase) / best.spacing));
  const use = anchors.map(
    (a, i) => Math.abs(a - best.phase - best.spacing * (slotsOf[i] ?? 0)) <= best.spacing * LATTICE_TOLERANCE,
  );
  return refineLattice(anchors, slotsOf, use, best.spacing);
}

/**
 * Without a clear period: number the anchors slot by slot from the last one that was not a
 * stray (a piece between two bars must not shift the numbering of every bar after it).
 */
function chainLattice(anchors: number[], pitch: number): Lattice | null {
  const slotsOf: number[] = [0];
  const use = anchors.map(() => true);
  let ref = anchors[0] ?? 0;
  let refSlot = 0;
  for (let i = 1; i < anchors.length; i++) {
    const steps = ((anchors[i] ?? 0) - ref) / pitch;
    const k = Math.round(steps);
    // Closer than a bar to the reference: a stray, numbered but left out of the first fit.
    const stray = steps < STRAY_STEPS;
    const slot = refSlot + Math.max(1, k);
    slotsOf.push(slot);
    use[i] = !stray;
    if (!stray) {
      ref = anchors[i] ?? ref;
      refSlot = slot;
    }
  }
  return refineLattice(anchors, slotsOf, use, pitch);
}

/**
 * Candles sit on a regular grid of x positions. Each grid slot keeps its largest piece;
 * pieces between slots (fragments of overlays, leftover text) are dropped.
 */
export function keepOnLattice(pieces: Piece[], period: number): Piece[] {
  const pitch = estimatePitch(pieces, period);
  if (pitch < MIN_PITCH) return pieces;
  const sizes = pieces.map((p) => p.pixels).sort((a, b) => a - b);
  const big = sizes[Math.floor(sizes.length / 2)] ?? 0;
  const anchors = pieces
    .filter((p) => p.pixels >= big)
    .map(centreOf)
    .sort((a, b) => a - b);
  const lattice = period >= MIN_PITCH ? fitLattice(anchors, pitch) : chainLattice(anchors, pitch);
  if (!lattice) return pieces;
  const { spacing, phase } = lattice;
  candleDebug.sink?.('lattice', { pitch, spacing, phase });
  // A piece stands in the slot nearest its stem; or, when an outline broken in two has left its
  // stem column on one side, nearest the middle of its box.
  const near = (centre: number): number | null => {
    const pos = (centre - phase) / spacing;
    return Math.abs(pos - Math.round(pos)) <= SLOT_TOLERANCE ? Math.round(pos) : null;
  };
  const slotOf = (p: Piece): number | null => {
    const middle = (p.left + p.right) / 2;
    return near(centreOf(p)) ?? (Math.abs(centreOf(p) - middle) >= OFF_STEM_PX ? near(middle) : null);
  };
  const slots = new Map<number, Piece>();
  for (const p of pieces) {
    const slot = slotOf(p);
    if (slot === null) continue;
    p.offStem = near(centreOf(p)) === null;
    const current = slots.get(slot);
    if (!current || p.pixels > current.pixels) slots.set(slot, p);
  }
  // A broken outline is a bar of the series, beside a whole one; off on its own it is a stray
  // (a crosshair's line with its label beyond the last bar).
  const whole = (slot: number): boolean => {
    const q = slots.get(slot);
    return q !== undefined && !q.offStem;
  };
  for (const [slot, p] of slots) if (p.offStem && !whole(slot - 1) && !whole(slot + 1)) slots.delete(slot);
  // A body outline broken by JPEG leaves fragments beside the slot's largest piece: those that
  // touch it (columns and rows within two pixels) are the same candle. Strays farther off
  // (text, overlay pieces) stay out.
  const merged = new Map<number, Piece>();
  for (const p of pieces) {
    const slot = slotOf(p) ?? Math.round((centreOf(p) - phase) / spacing);
    const main = slots.get(slot);
    if (!main || main === p) continue;
    const host = merged.get(slot) ?? { ...main, ids: [...main.ids], idSet: undefined };
    if (!touches(host, p, FRAGMENT_TOUCH_PX) || p.left < main.left - spacing / 2 || p.right > main.right + spacing / 2)
      continue;
    host.left = Math.min(host.left, p.left);
    host.right = Math.max(host.right, p.right);
    host.top = Math.min(host.top, p.top);
    host.bottom = Math.max(host.bottom, p.bottom);
    host.pixels += p.pixels;
    for (const id of p.ids) if (!host.ids.includes(id)) host.ids.push(id);
    merged.set(slot, host);
  }
  return [...slots.entries()].map(([slot, p]) => merged.get(slot) ?? p);
}
