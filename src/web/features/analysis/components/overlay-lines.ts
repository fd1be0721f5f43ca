import type { AnalysisResult, ChartFacts } from '../../../../shared/analysis';

export interface OverlayLine {
  price: number;
  /** Height in the analysed image's pixels (the engine's pixel → price mapping, inverted). */
  y: number;
  label: string;
  colour: string;
  dashed: boolean;
  /** Entry, stop and target keep their label when room runs out; support and resistance give theirs up first. */
  key: boolean;
}

/** Entry, stop, target and the support/resistance levels at their heights; none when the scale is unknown. */
export function overlayLines(chart: ChartFacts | null, result: AnalysisResult): OverlayLine[] {
  const scale = chart?.scale;
  if (!chart || !scale || chart.image.width <= 0) return [];
  const lines = [
    ...chart.levels.support.map((price) => ({ price, label: `Support ${price}`, colour: '#22c55e', dashed: true, key: false })),
    ...chart.levels.resistance.map((price) => ({ price, label: `Resistance ${price}`, colour: '#f97316', dashed: true, key: false })),
    { price: Number(result.entryPoint), label: `Entry ${result.entryPoint}`, colour: '#3b82f6', dashed: false, key: true },
    { price: Number(result.stopLoss), label: `Stop loss ${result.stopLoss}`, colour: '#ef4444', dashed: false, key: true },
    { price: Number(result.takeProfit), label: `Take profit ${result.takeProfit}`, colour: '#10b981', dashed: false, key: true },
  ];
  return lines
    .map((line) => ({ ...line, y: (line.price - scale.intercept) / scale.slope }))
    .filter((line) => Number.isFinite(line.y) && line.y >= 0 && line.y <= chart.image.height);
}

/**
 * Tops for boxes of `height` wanted centred at `centres`, so that no two overlap (at least `gap`
 * apart) and all lie within [top, bottom], each as near its wish as the others allow: boxes that
 * would collide are moved together as one block centred on their wishes (then kept in bounds).
 * Null when they cannot all fit.
 */
export function stackLabels(centres: number[], height: number, gap: number, top: number, bottom: number): number[] | null {
  const n = centres.length;
  if (n === 0) return [];
  const step = height + gap;
  if (n * step - gap > bottom - top) return null;
  const order = centres.map((c, i) => ({ c, i })).sort((a, b) => a.c - b.c);
  // Blocks of consecutive boxes (in the order of their wishes): first member, count, top.
  const blocks: { first: number; count: number; top: number }[] = [];
  const place = (first: number, count: number) => {
    let sum = 0;
    for (let k = 0; k < count; k += 1) sum += (order[first + k]?.c ?? 0) - k * step - height / 2;
    const size = count * step - gap;
    return Math.min(Math.max(sum / count, top), bottom - size);
  };
  for (let j = 0; j < n; j += 1) {
    blocks.push({ first: j, count: 1, top: place(j, 1) });
    for (;;) {
      const last = blocks[blocks.length - 1];
      const previous = blocks[blocks.length - 2];
      if (!last || !previous || previous.top + previous.count * step <= last.top) break;
      blocks.pop();
      previous.count += last.count;
      previous.top = place(previous.first, previous.count);
    }
  }
  const tops = new Array<number>(n).fill(0);
  for (const block of blocks) {
    for (let k = 0; k < block.count; k += 1) {
      const item = order[block.first + k];
      if (item) tops[item.i] = block.top + k * step;
    }
  }
  return tops;
}

export interface LabelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PlacedLine extends OverlayLine {
  /** The line's height on the drawing. */
  at: number;
  /** The label's box (text and padding), or null when there was no room for it. */
  box: LabelBox | null;
}

export interface LabelStyle {
  fontPx: number;
  /** Text width at `fontPx`, as the drawing surface measures it. */
  measure: (text: string) => number;
}

/**
 * The overlay's geometry on a drawing of `width` x `height` (screen or export pixels): each line
 * at its price, and its label in a column at the plot's left edge, stacked so that no two labels
 * touch and none leaves the picture. A label moved off its line gets a leader line to it (drawn
 * by the caller from the box to the line). The dashboard, the shared page, the PNG and the PDF
 * all draw from this, so they look alike at every size.
 */
export function placeLines(chart: ChartFacts, result: AnalysisResult, width: number, height: number, style: LabelStyle): PlacedLine[] {
  const lines = overlayLines(chart, result);
  const sx = width / chart.image.width;
  const sy = height / chart.image.height;
  const padX = Math.round(style.fontPx * 0.45);
  const boxHeight = Math.round(style.fontPx * 1.5);
  const gap = Math.max(2, Math.round(style.fontPx * 0.2));
  const edge = 2;
  const labelled = (withLevels: boolean) => lines.filter((line) => withLevels || line.key);
  for (const withLevels of [true, false]) {
    const chosen = labelled(withLevels);
    const tops = stackLabels(
      chosen.map((line) => line.y * sy),
      boxHeight,
      gap,
      edge,
      height - edge,
    );
    if (!tops) continue;
    return lines.map((line) => {
      const index = chosen.indexOf(line);
      const top = tops[index];
      if (index < 0 || top === undefined) return { ...line, at: line.y * sy, box: null };
      const boxWidth = Math.ceil(style.measure(line.label)) + 2 * padX;
      const x = Math.max(edge, Math.min(chart.plot.left * sx + 6, width - edge - boxWidth));
      return { ...line, at: line.y * sy, box: { x, y: top, width: boxWidth, height: boxHeight } };
    });
  }
  return lines.map((line) => ({ ...line, at: line.y * sy, box: null }));
}
