import type { AnalysisResult, ChartFacts } from '../../../../shared/analysis';
import { overlayLines } from './overlay-lines';

/** The chart with entry, stop, target and the support/resistance levels drawn at their prices. */
export function ChartOverlay({ src, chart, result }: { src: string; chart: ChartFacts | null; result: AnalysisResult }) {
  const lines = overlayLines(chart, result);
  const { width, height } = chart?.image ?? { width: 0, height: 0 };
  const fontSize = Math.max(12, Math.round(width / 90));

  return (
    <figure className="relative overflow-hidden rounded-xl border border-border bg-card">
      <img src={src} alt="Analysed chart" className="block h-auto w-full" />
      {chart && lines.length > 0 && (
        <svg
          className="pointer-events-none absolute inset-0 h-full w-full"
          viewBox={`0 0 ${width} ${height}`}
          preserveAspectRatio="none"
          role="img"
          aria-label="Entry, stop loss, take profit and key levels drawn on the chart"
        >
          {lines.map((line) => (
            <g key={line.label}>
              <line
                x1={chart.plot.left}
                x2={chart.plot.right}
                y1={line.y}
                y2={line.y}
                stroke={line.colour}
                strokeWidth={Math.max(2, width / 700)}
                strokeDasharray={line.dashed ? '8 6' : undefined}
              />
              <text x={chart.plot.left + 8} y={line.y - 6} fill={line.colour} fontSize={fontSize} fontWeight={700} paintOrder="stroke" stroke="#000" strokeWidth={3}>
                {line.label}
              </text>
            </g>
          ))}
        </svg>
      )}
    </figure>
  );
}
