import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import {
  checkCorrection,
  CorrectionSchema,
  type Correction,
  type CorrectionContext,
  type LinearScale,
} from '../../../../shared/correction';
import { Button } from '../../../components/ui/button';
import { useRenderedSize } from '../../../lib/use-rendered-size';

export type CorrectionMode = 'last-price' | 'scale';

/** What the correction is drawn on and checked against: the chart as PipLens found it, in the picture's pixels. */
export interface CorrectionChart extends CorrectionContext {
  plot: { left: number; top: number; right: number; bottom: number };
  lastPrice: number | null;
  precision: number;
}

/** One arrow key moves a mark this share of the picture's height; with Shift, ten times as far. */
const KEY_STEP = 0.002;
const POINT_COLOURS = ['#f59e0b', '#a855f7'] as const;
const LAST_COLOUR = '#38bdf8';

const clampShare = (v: number) => Math.min(1, Math.max(0, v));
const priceAt = (scale: LinearScale, share: number, height: number) => scale.slope * share * height + scale.intercept;
const shareAt = (scale: LinearScale, price: number, height: number) => (price - scale.intercept) / scale.slope / height;

/** The number a field holds, or undefined while it holds none. */
const numberOf = (text: string): number | undefined => {
  const value = Number(text.replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(value) ? value : undefined;
};

function keyStep(event: KeyboardEvent): number | null {
  const step = event.shiftKey ? KEY_STEP * 10 : KEY_STEP;
  if (event.key === 'ArrowUp') return -step;
  if (event.key === 'ArrowDown') return step;
  return null;
}

/** A horizontal mark across the picture, moved by dragging its handle or with the arrow keys. */
function Mark(props: {
  share: number;
  colour: string;
  label: string;
  valueText: string;
  onMove: (share: number) => void;
  heightPx: number;
}) {
  const { share, colour, label, valueText, onMove, heightPx } = props;
  const [dragging, setDragging] = useState(false);
  const follow = (event: PointerEvent<HTMLElement>) => {
    const box = event.currentTarget.parentElement?.getBoundingClientRect();
    if (box) onMove(clampShare((event.clientY - box.top) / box.height));
  };
  return (
    <div
      role="slider"
      tabIndex={0}
      aria-label={label}
      aria-orientation="vertical"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round((1 - share) * 1000) / 10}
      aria-valuetext={valueText}
      data-mark={label}
      className="absolute inset-x-0 z-10 flex h-11 -translate-y-1/2 cursor-ns-resize touch-none items-center outline-none focus-visible:ring-2 focus-visible:ring-ring"
      style={{ top: share * heightPx }}
      onKeyDown={(event) => {
        const step = keyStep(event);
        const jump = { Home: -1, End: 1, PageUp: -0.1, PageDown: 0.1 }[event.key];
        if (step === null && jump === undefined) return;
        event.preventDefault();
        onMove(clampShare(share + (step ?? jump ?? 0)));
      }}
      onPointerDown={(event) => {
        event.currentTarget.setPointerCapture(event.pointerId);
        setDragging(true);
        follow(event);
      }}
      onPointerMove={(event) => dragging && follow(event)}
      onPointerUp={() => setDragging(false)}
      onPointerCancel={() => setDragging(false)}
    >
      <span className="block h-0.5 w-full" style={{ background: colour }} aria-hidden />
      <span
        className="absolute right-1 rounded px-2 py-1 text-xs font-semibold text-slate-950 shadow"
        style={{ background: colour }}
        aria-hidden
      >
        {valueText}
      </span>
    </div>
  );
}

/**
 * The trader sets what PipLens misread: the last price (drag its line or type it; the scale PipLens
 * read stays), or the price scale (tap two places on the price axis and type the price at each).
 * Checked here as the server checks it, so a bad input gets its message and sends nothing.
 */
export function CorrectionPanel(props: {
  src: string;
  chart: CorrectionChart;
  mode: CorrectionMode;
  busy: boolean;
  /** Why the server could not take the last correction sent, said beside the fields. */
  serverProblem?: string | null;
  onSubmit: (correction: Correction) => void;
  onCancel: () => void;
}) {
  const { src, chart, mode, busy, serverProblem, onSubmit, onCancel } = props;
  const { ref: image, size } = useRenderedSize();
  const ids = useId();
  const height = chart.image.height;
  const decimals = chart.precision;
  const startLast =
    chart.lastPrice ??
    (chart.scale ? priceAt(chart.scale, (chart.plot.top + chart.plot.bottom) / 2 / height, height) : 0);
  const [lastText, setLastText] = useState(startLast.toFixed(decimals));
  const [points, setPoints] = useState<{ y: number; text: string }[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  // Opened from a button further up or down the page: brought into view, its heading focused for screen readers.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
    heading.current?.scrollIntoView({ block: 'start', behavior: 'instant' });
  }, []);

  const lastPrice = numberOf(lastText);
  const lastShare = chart.scale && lastPrice !== undefined ? clampShare(shareAt(chart.scale, lastPrice, height)) : null;

  function placePoint(event: PointerEvent<HTMLElement>) {
    if (mode !== 'scale' || event.target !== event.currentTarget) return;
    const box = event.currentTarget.getBoundingClientRect();
    const y = clampShare((event.clientY - box.top) / box.height);
    setProblem(null);
    setPoints((current) => {
      if (current.length < 2) return [...current, { y, text: '' }];
      // A third tap moves the nearer point.
      const nearer = Math.abs((current[0]?.y ?? 0) - y) <= Math.abs((current[1]?.y ?? 0) - y) ? 0 : 1;
      return current.map((p, i) => (i === nearer ? { ...p, y } : p));
    });
  }

  /** Without a pointer: a point a quarter of the way into the plot from the top, then one from the foot, moved with the arrow keys. */
  function addPoint() {
    const { top, bottom } = chart.plot;
    const row = points.length === 0 ? top + (bottom - top) * 0.25 : bottom - (bottom - top) * 0.25;
    setProblem(null);
    setPoints((current) => (current.length < 2 ? [...current, { y: clampShare(row / height), text: '' }] : current));
  }

  function submit() {
    const draft =
      mode === 'scale'
        ? { scale: points.length === 2 ? points.map((p) => ({ y: p.y, price: numberOf(p.text) })) : undefined }
        : { lastPrice };
    if (mode === 'scale' && points.length < 2)
      return setProblem('Tap the price axis at two places, then type the price at each.');
    const parsed = CorrectionSchema.safeParse(draft);
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'Please check the prices.');
    const found = checkCorrection(parsed.data, chart);
    if (found) return setProblem(found);
    setProblem(null);
    onSubmit(parsed.data);
  }

  const heightPx = size?.height ?? 0;
  const title = mode === 'scale' ? 'Set the price scale yourself' : 'Set the last price';
  const problemId = `${ids}-problem`;
  return (
    <section aria-labelledby={`${ids}-title`} className="rounded-xl border border-border bg-card p-5">
      <h2 id={`${ids}-title`} ref={heading} tabIndex={-1} className="scroll-mt-20 text-lg font-semibold outline-none">
        {title}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground" id={`${ids}-help`}>
        {mode === 'scale'
          ? 'Tap (or click) two places on the price axis, one high and one low, then type the price at each. Drag a line, or use the arrow keys on it, to move it.'
          : 'Drag the blue line to where the last price is, use the arrow keys on it, or type the price. PipLens keeps the price scale it read.'}
      </p>
      <figure
        className="relative mt-3 cursor-crosshair touch-none select-none overflow-hidden rounded-lg border border-border"
        onPointerDown={placePoint}
        aria-describedby={`${ids}-help`}
      >
        <img
          ref={image}
          src={src}
          alt="Your chart, to mark its prices on"
          className="pointer-events-none block h-auto w-full"
          draggable={false}
        />
        {size && mode === 'last-price' && lastShare !== null && (
          <Mark
            share={lastShare}
            colour={LAST_COLOUR}
            label="Last price"
            valueText={`Last price ${lastPrice?.toFixed(decimals) ?? ''}`}
            heightPx={heightPx}
            onMove={(share) => chart.scale && setLastText(priceAt(chart.scale, share, height).toFixed(decimals))}
          />
        )}
        {size &&
          mode === 'scale' &&
          points.map((point, i) => (
            <Mark
              key={i}
              share={point.y}
              colour={POINT_COLOURS[i] ?? LAST_COLOUR}
              label={`Point ${i + 1}`}
              valueText={`Point ${i + 1}: ${point.text || 'type its price'}`}
              heightPx={heightPx}
              onMove={(y) => setPoints((current) => current.map((p, j) => (j === i ? { ...p, y } : p)))}
            />
          ))}
      </figure>
      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        {mode === 'last-price' ? (
          <label className="grid gap-1 text-sm font-medium">
            Last price
            <input
              className="h-11 rounded-md border border-input bg-background px-3 text-base"
              inputMode="decimal"
              value={lastText}
              aria-describedby={problem ? problemId : undefined}
              onChange={(event) => setLastText(event.target.value)}
            />
          </label>
        ) : (
          [0, 1].map((i) => (
            <label key={i} className="grid gap-1 text-sm font-medium">
              <span className="flex items-center gap-2">
                <span
                  className="inline-block h-3 w-3 rounded-full"
                  style={{ background: POINT_COLOURS[i] }}
                  aria-hidden
                />
                Price at point {i + 1}
              </span>
              <input
                className="h-11 rounded-md border border-input bg-background px-3 text-base disabled:opacity-60"
                inputMode="decimal"
                disabled={points.length <= i}
                placeholder={points.length <= i ? 'Tap the axis first' : 'e.g. 1.08500'}
                value={points[i]?.text ?? ''}
                aria-describedby={problem ? problemId : undefined}
                onChange={(event) => {
                  const text = event.target.value;
                  setPoints((current) => current.map((p, j) => (j === i ? { ...p, text } : p)));
                }}
              />
            </label>
          ))
        )}
      </div>
      <p id={problemId} role="alert" className="mt-3 min-h-5 text-sm font-medium text-red-700 dark:text-red-400">
        {problem ?? serverProblem}
      </p>
      <div className="mt-2 flex flex-wrap gap-3">
        {mode === 'scale' && points.length < 2 && (
          <Button variant="outline" onClick={addPoint} disabled={busy}>
            Add point {points.length + 1}
          </Button>
        )}
        <Button onClick={submit} disabled={busy}>
          {mode === 'scale' ? 'Analyze with this scale' : 'Re-read with this last price'}
        </Button>
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </section>
  );
}
