import type { AnalysisResult, ChartFacts } from '../../../../shared/analysis';

export interface OverlayLine {
  price: number;
  /** Height in the analysed image's pixels (the engine's pixel → price mapping, inverted). */
  y: number;
  label: string;
  colour: string;
  dashed: boolean;
}

/** Entry, stop, target and the support/resistance levels at their heights; none when the scale is unknown. */
export function overlayLines(chart: ChartFacts | null, result: AnalysisResult): OverlayLine[] {
  const scale = chart?.scale;
  if (!chart || !scale || chart.image.width <= 0) return [];
  const lines = [
    ...chart.levels.support.map((price) => ({ price, label: `Support ${price}`, colour: '#22c55e', dashed: true })),
    ...chart.levels.resistance.map((price) => ({ price, label: `Resistance ${price}`, colour: '#f97316', dashed: true })),
    { price: Number(result.entryPoint), label: `Entry ${result.entryPoint}`, colour: '#3b82f6', dashed: false },
    { price: Number(result.stopLoss), label: `Stop loss ${result.stopLoss}`, colour: '#ef4444', dashed: false },
    { price: Number(result.takeProfit), label: `Take profit ${result.takeProfit}`, colour: '#10b981', dashed: false },
  ];
  return lines
    .map((line) => ({ ...line, y: (line.price - scale.intercept) / scale.slope }))
    .filter((line) => Number.isFinite(line.y) && line.y >= 0 && line.y <= chart.image.height);
}
