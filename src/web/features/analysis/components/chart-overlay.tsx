import type { AnalysisResult, ChartFacts } from '../../../../shared/analysis';
import { useRenderedSize } from '../../../lib/use-rendered-size';
import { placeLines, type PlacedLine } from './overlay-lines';

/** The drawings' font, the page's own system font. */
export const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';

let measuringContext: CanvasRenderingContext2D | null | undefined;
/** Text width as the browser draws it, measured on a canvas with the overlay's font. */
export function textMeasure(fontPx: number, weight = 700): (text: string) => number {
  measuringContext ??= document.createElement('canvas').getContext('2d');
  const ctx = measuringContext;
  return (text) => {
    if (!ctx) return text.length * fontPx * 0.6;
    ctx.font = `${weight} ${fontPx}px ${FONT}`;
    return ctx.measureText(text).width;
  };
}

/** A level's line across the plot. */
function LineStroke({ line, left, right }: { line: PlacedLine; left: number; right: number }) {
  return <line x1={left} x2={right} y1={line.at} y2={line.at} stroke={line.colour} strokeWidth={2} strokeDasharray={line.dashed ? '6 4' : undefined} />;
}

/** A level's label box and, when it had to move off its line, a leader to it; drawn after every line, so no line crosses a label. */
function LineLabel({ line }: { line: PlacedLine }) {
  const { box } = line;
  if (!box) return null;
  const textY = box.y + box.height / 2;
  const moved = Math.abs(textY - line.at) > 1;
  return (
    <g data-level-label={line.label}>
      {moved && (
        <polyline
          points={`${box.x + box.width},${textY} ${box.x + box.width + 8},${textY} ${box.x + box.width + 14},${line.at}`}
          fill="none"
          stroke={line.colour}
          strokeWidth={1}
        />
      )}
      <rect data-label-box x={box.x} y={box.y} width={box.width} height={box.height} rx={3} fill="#0b1220" fillOpacity={0.85} stroke={line.colour} strokeWidth={1} />
      <text x={box.x + box.width / 2} y={textY} fill={line.colour} textAnchor="middle" dominantBaseline="central" fontWeight={700}>
        {line.label}
      </text>
    </g>
  );
}

/** The chart with entry, stop, target and the support/resistance levels drawn at their prices. */
export function ChartOverlay({ src, chart, result }: { src: string; chart: ChartFacts | null; result: AnalysisResult }) {
  const { ref, size } = useRenderedSize();
  const fontPx = size ? Math.round(Math.min(14, Math.max(11, size.width / 70))) : 12;
  const placed = chart && size ? placeLines(chart, result, size.width, size.height, { fontPx, measure: textMeasure(fontPx) }) : [];

  return (
    <figure className="relative overflow-hidden rounded-xl border border-border bg-card">
      <img ref={ref} src={src} alt="Analysed chart" className="block h-auto w-full" />
      {chart && size && placed.length > 0 && (
        <svg
          className="pointer-events-none absolute inset-0 h-full w-full"
          viewBox={`0 0 ${size.width} ${size.height}`}
          fontFamily={FONT}
          fontSize={fontPx}
          role="img"
          aria-label="Entry, stop loss, take profit and key levels drawn on the chart"
        >
          {placed.map((line, i) => (
            <LineStroke
              key={`${line.label}-${i}`}
              line={line}
              left={(chart.plot.left * size.width) / chart.image.width}
              right={(chart.plot.right * size.width) / chart.image.width}
            />
          ))}
          {placed.map((line, i) => (
            <LineLabel key={`${line.label}-${i}`} line={line} />
          ))}
        </svg>
      )}
    </figure>
  );
}
