import type { AnalysisResult, ChartFacts } from '../../../../shared/analysis';

interface Line {
  price: number;
  label: string;
  colour: string;
  dashed?: boolean;
}

/** The chart with entry, stop, target and the support/resistance levels drawn at their prices. */
export function ChartOverlay({ src, chart, result }: { src: string; chart: ChartFacts | null; result: AnalysisResult }) {
  const scale = chart?.scale;
  const lines: Line[] = scale
    ? [
        ...chart.levels.support.map((price) => ({ price, label: `Support ${price}`, colour: '#22c55e', dashed: true })),
        ...chart.levels.resistance.map((price) => ({ price, label: `Resistance ${price}`, colour: '#f97316', dashed: true })),
        { price: Number(result.entryPoint), label: `Entry ${result.entryPoint}`, colour: '#3b82f6' },
        { price: Number(result.stopLoss), label: `Stop loss ${result.stopLoss}`, colour: '#ef4444' },
        { price: Number(result.takeProfit), label: `Take profit ${result.takeProfit}`, colour: '#10b981' },
      ]
    : [];
  const { width, height } = chart?.image ?? { width: 0, height: 0 };
  const fontSize = Math.max(12, Math.round(width / 90));

  return (
    <figure className="relative overflow-hidden rounded-xl border border-border bg-card">
      <img src={src} alt="Analysed chart" className="block h-auto w-full" />
      {scale && width > 0 && (
        <svg
          className="pointer-events-none absolute inset-0 h-full w-full"
          viewBox={`0 0 ${width} ${height}`}
          preserveAspectRatio="none"
          role="img"
          aria-label="Entry, stop loss, take profit and key levels drawn on the chart"
        >
          {lines.map((line) => {
            const y = (line.price - scale.intercept) / scale.slope;
            if (!Number.isFinite(y) || y < 0 || y > height) return null;
            return (
              <g key={line.label}>
                <line
                  x1={chart.plot.left}
                  x2={chart.plot.right}
                  y1={y}
                  y2={y}
                  stroke={line.colour}
                  strokeWidth={Math.max(2, width / 700)}
                  strokeDasharray={line.dashed ? '8 6' : undefined}
                />
                <text x={chart.plot.left + 8} y={y - 6} fill={line.colour} fontSize={fontSize} fontWeight={700} paintOrder="stroke" stroke="#000" strokeWidth={3}>
                  {line.label}
                </text>
              </g>
            );
          })}
        </svg>
      )}
    </figure>
  );
}
