import type { ReactNode } from 'react';
import type { ChartFactsWithReading } from '../../../../shared/analysis';
import { useRenderedSize } from '../../../lib/use-rendered-size';
import { FONT, textMeasure } from './chart-overlay';
import { stackLabels } from './overlay-lines';

const FITTED = '#22c55e';
const IGNORED = '#94a3b8';
const LAST = '#38bdf8';

interface Mark {
  key: string;
  y: number;
  text: string;
  colour: string;
}

/**
 * "What PipLens read": the price labels read on the axis (those the price scale was fitted to, and
 * those it left out), the last price and the area analysed, drawn on the chart beside the labels
 * themselves, so a misreading shows at a glance; then the same in words.
 */
export function ReadingPanel({ src, chart, action }: { src: string; chart: ChartFactsWithReading; action?: ReactNode }) {
  const { ref: image, size } = useRenderedSize();

  const read = chart.read;
  const labels = read?.labels ?? [];
  const fitted = labels.filter((l) => l.value !== null);
  const decimals = chart.precision;
  const lastText = `Last price ${chart.lastPrice.toFixed(decimals)}`;
  const lastY = chart.scale ? (chart.lastPrice - chart.scale.intercept) / chart.scale.slope : null;

  let drawing: ReactNode = null;
  if (size) {
    const sx = size.width / chart.image.width;
    const sy = size.height / chart.image.height;
    const fontPx = Math.round(Math.min(13, Math.max(10, size.width / 80)));
    const measure = textMeasure(fontPx, 600);
    const boxHeight = Math.round(fontPx * 1.45);
    // The axis labels sit in the strip beside the plot: on the side with more room around it (within the crop).
    const bounds = read?.crop ?? { left: 0, right: chart.image.width };
    const axisRight = bounds.right - chart.plot.right >= chart.plot.left - bounds.left;
    const all: Mark[] = [
      ...labels.map((l, i) => ({ key: `label-${i}`, y: l.y * sy, text: l.text, colour: l.value !== null ? FITTED : IGNORED })),
      ...(lastY !== null && lastY >= 0 && lastY <= chart.image.height ? [{ key: 'last', y: lastY * sy, text: lastText, colour: LAST }] : []),
    ];
    // Fitted labels and the last price first when there is no room for every mark.
    const candidates = [all, all.filter((m) => m.colour !== IGNORED)];
    let marks: Mark[] = [];
    let tops: number[] | null = null;
    for (const candidate of candidates) {
      tops = stackLabels(candidate.map((m) => m.y), boxHeight, 2, 2, size.height - 2);
      if (tops) {
        marks = candidate;
        break;
      }
    }
    const edge = (axisRight ? chart.plot.right : chart.plot.left) * sx;
    const crop = read?.crop;
    drawing = (
      <svg
        className="pointer-events-none absolute inset-0 h-full w-full"
        viewBox={`0 0 ${size.width} ${size.height}`}
        fontFamily={FONT}
        fontSize={fontPx}
        role="img"
        aria-label="The price labels PipLens read, the last price and the chart area, drawn on the chart"
      >
        {crop && (
          <rect
            data-read-crop={[crop.left, crop.top, crop.right, crop.bottom].join(',')}
            x={crop.left * sx}
            y={crop.top * sy}
            width={(crop.right - crop.left) * sx}
            height={(crop.bottom - crop.top) * sy}
            fill="none"
            stroke="#38bdf8"
            strokeWidth={2}
            strokeDasharray="6 4"
          />
        )}
        {lastY !== null && (
          <line x1={chart.plot.left * sx} x2={chart.plot.right * sx} y1={lastY * sy} y2={lastY * sy} stroke={LAST} strokeWidth={1.5} strokeDasharray="2 3" />
        )}
        {tops &&
          marks.map((mark, i) => {
            const top = tops?.[i] ?? 0;
            const width = Math.ceil(measure(mark.text)) + 10;
            const x = axisRight ? Math.max(2, edge - 18 - width) : Math.min(size.width - 2 - width, edge + 18);
            const textY = top + boxHeight / 2;
            const near = axisRight ? x + width : x;
            return (
              <g key={mark.key} data-read-label={mark.text}>
                <polyline points={`${near},${textY} ${edge - (axisRight ? 6 : -6)},${mark.y} ${edge},${mark.y}`} fill="none" stroke={mark.colour} strokeWidth={1} />
                <rect x={x} y={top} width={width} height={boxHeight} rx={3} fill="#0b1220" fillOpacity={0.85} stroke={mark.colour} />
                <text x={x + width / 2} y={textY} fill={mark.colour} textAnchor="middle" dominantBaseline="central" fontWeight={600}>
                  {mark.text}
                </text>
              </g>
            );
          })}
      </svg>
    );
  }

  return (
    <section aria-labelledby="reading-heading" className="rounded-xl border border-border bg-card p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="reading-heading" className="text-lg font-semibold">
          What PipLens read
        </h2>
        {action}
      </div>
      <figure className="relative mt-3 overflow-hidden rounded-lg border border-border">
        <img ref={image} src={src} alt="The chart as PipLens read it" className="block h-auto w-full" />
        {drawing}
      </figure>
      <p className="mt-3 text-sm">
        {labels.length > 0 ? (
          <>
            Price labels read on the axis:{' '}
            {labels.map((label, i) => (
              <span key={i}>
                {i > 0 && ', '}
                <span className={label.value !== null ? 'font-semibold text-green-700 dark:text-green-400' : 'text-muted-foreground line-through'}>
                  {label.text}
                </span>
              </span>
            ))}
            . The price scale was fitted to the {fitted.length} in green
            {fitted.length < labels.length ? '; the others were left out as misread' : ''}.
          </>
        ) : (
          'No price labels were read on the axis.'
        )}{' '}
        {lastText}.{read?.crop ? ' Only the framed area was analysed.' : ''}
      </p>
    </section>
  );
}
