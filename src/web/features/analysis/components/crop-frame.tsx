import { useRef, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { MIN_CROP_SHARE, type Crop } from '../../../../shared/crop';
import { cn } from '../../../lib/utils';

export const WHOLE_PICTURE: Crop = { left: 0, top: 0, right: 1, bottom: 1 };

export const isWholePicture = (crop: Crop) => crop.left <= 0.001 && crop.top <= 0.001 && crop.right >= 0.999 && crop.bottom >= 0.999;

type Handle = 'n' | 's' | 'e' | 'w' | 'ne' | 'nw' | 'se' | 'sw' | 'move';
const HANDLES: { handle: Exclude<Handle, 'move'>; className: string }[] = [
  { handle: 'nw', className: 'left-0 top-0 cursor-nwse-resize' },
  { handle: 'n', className: 'left-1/2 top-0 cursor-ns-resize' },
  { handle: 'ne', className: 'left-full top-0 cursor-nesw-resize' },
  { handle: 'e', className: 'left-full top-1/2 cursor-ew-resize' },
  { handle: 'se', className: 'left-full top-full cursor-nwse-resize' },
  { handle: 's', className: 'left-1/2 top-full cursor-ns-resize' },
  { handle: 'sw', className: 'left-0 top-full cursor-nesw-resize' },
  { handle: 'w', className: 'left-0 top-1/2 cursor-ew-resize' },
];

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const round = (v: number) => Math.round(v * 10000) / 10000;
const tidy = (c: Crop): Crop => ({ left: round(c.left), top: round(c.top), right: round(c.right), bottom: round(c.bottom) });

/** The crop after dragging `handle` by (dx, dy) shares of the picture, kept inside it and not tiny. */
export function dragCrop(start: Crop, handle: Handle, dx: number, dy: number): Crop {
  const min = MIN_CROP_SHARE;
  if (handle === 'move') {
    const width = start.right - start.left;
    const height = start.bottom - start.top;
    const left = clamp(start.left + dx, 0, 1 - width);
    const top = clamp(start.top + dy, 0, 1 - height);
    return tidy({ left, top, right: left + width, bottom: top + height });
  }
  const next = { ...start };
  if (handle.includes('w')) next.left = clamp(start.left + dx, 0, start.right - min);
  if (handle.includes('e')) next.right = clamp(start.right + dx, start.left + min, 1);
  if (handle.includes('n')) next.top = clamp(start.top + dy, 0, start.bottom - min);
  if (handle.includes('s')) next.bottom = clamp(start.bottom + dy, start.top + min, 1);
  return tidy(next);
}

/** The box between two points (a crop drawn from scratch), at least the smallest crop. */
export function drawnCrop(ax: number, ay: number, bx: number, by: number): Crop {
  const min = MIN_CROP_SHARE;
  let left = clamp(Math.min(ax, bx), 0, 1);
  let top = clamp(Math.min(ay, by), 0, 1);
  let right = clamp(Math.max(ax, bx), 0, 1);
  let bottom = clamp(Math.max(ay, by), 0, 1);
  if (right - left < min) [left, right] = left + min <= 1 ? [left, left + min] : [1 - min, 1];
  if (bottom - top < min) [top, bottom] = top + min <= 1 ? [top, top + min] : [1 - min, 1];
  return tidy({ left, top, right, bottom });
}

const percent = (v: number) => `${Math.round(v * 100)}%`;
export const describeCrop = (c: Crop) =>
  `from ${percent(c.left)} to ${percent(c.right)} across and ${percent(c.top)} to ${percent(c.bottom)} down`;

/**
 * The picture with the chart area as an adjustable frame: drag it or its edges and corners (mouse,
 * pen or touch), draw a new one by dragging outside it, or use the keyboard on the focused frame
 * (arrows move it, Shift + arrows move its bottom-right corner; 1 % a press, 10 % with Alt).
 */
export function CropFrame({
  src,
  alt,
  crop,
  onChange,
  disabled,
  children,
}: {
  src: string;
  alt: string;
  crop: Crop;
  onChange: (crop: Crop) => void;
  disabled: boolean;
  /** Drawn over the picture (the spinner while analysing). */
  children?: ReactNode;
}) {
  const area = useRef<HTMLDivElement>(null);
  const gesture = useRef<{ handle: Handle | 'draw'; x: number; y: number; start: Crop; pointer: number } | null>(null);

  const point = (event: PointerEvent) => {
    const rect = area.current?.getBoundingClientRect();
    if (!rect || rect.width === 0 || rect.height === 0) return { x: 0, y: 0 };
    return { x: (event.clientX - rect.left) / rect.width, y: (event.clientY - rect.top) / rect.height };
  };

  function begin(event: PointerEvent, handle: Handle | 'draw') {
    if (disabled || event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    const { x, y } = point(event);
    area.current?.setPointerCapture(event.pointerId);
    gesture.current = { handle, x, y, start: crop, pointer: event.pointerId };
  }

  function move(event: PointerEvent) {
    const g = gesture.current;
    if (!g || g.pointer !== event.pointerId) return;
    const { x, y } = point(event);
    onChange(g.handle === 'draw' ? drawnCrop(g.x, g.y, x, y) : dragCrop(g.start, g.handle, x - g.x, y - g.y));
  }

  function end(event: PointerEvent) {
    if (gesture.current?.pointer !== event.pointerId) return;
    gesture.current = null;
    if (area.current?.hasPointerCapture(event.pointerId)) area.current.releasePointerCapture(event.pointerId);
  }

  function onKeyDown(event: KeyboardEvent) {
    if (disabled) return;
    const step = event.altKey ? 0.1 : 0.01;
    const delta = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[event.key];
    if (!delta) return;
    event.preventDefault();
    const [dx = 0, dy = 0] = delta;
    onChange(dragCrop(crop, event.shiftKey ? 'se' : 'move', dx, dy));
  }

  const exact = (v: number) => `${v * 100}%`;
  return (
    <div
      ref={area}
      className={cn('relative mx-auto w-fit max-w-full touch-none select-none', !disabled && 'cursor-crosshair')}
      onPointerDown={(event) => begin(event, 'draw')}
      onPointerMove={move}
      onPointerUp={end}
      onPointerCancel={end}
    >
      <img src={src} alt={alt} draggable={false} className="block h-auto max-h-[480px] w-auto max-w-full" />
      {/* The picture outside the chart area is dimmed. */}
      <div aria-hidden className="pointer-events-none absolute inset-x-0 top-0 bg-black/55" style={{ height: exact(crop.top) }} />
      <div aria-hidden className="pointer-events-none absolute inset-x-0 bottom-0 bg-black/55" style={{ height: exact(1 - crop.bottom) }} />
      <div
        aria-hidden
        className="pointer-events-none absolute left-0 bg-black/55"
        style={{ top: exact(crop.top), height: exact(crop.bottom - crop.top), width: exact(crop.left) }}
      />
      <div
        aria-hidden
        className="pointer-events-none absolute right-0 bg-black/55"
        style={{ top: exact(crop.top), height: exact(crop.bottom - crop.top), width: exact(1 - crop.right) }}
      />
      <div
        role="group"
        tabIndex={disabled ? -1 : 0}
        aria-label={`Chart area, ${describeCrop(crop)}`}
        aria-describedby="crop-keys"
        data-crop={[crop.left, crop.top, crop.right, crop.bottom].join(',')}
        onKeyDown={onKeyDown}
        onPointerDown={(event) => begin(event, 'move')}
        className={cn(
          'absolute border-2 border-dashed border-sky-400 outline-none focus-visible:ring-4 focus-visible:ring-sky-400/60',
          !disabled && 'cursor-move',
        )}
        style={{ left: exact(crop.left), top: exact(crop.top), width: exact(crop.right - crop.left), height: exact(crop.bottom - crop.top) }}
      >
        {!disabled &&
          HANDLES.map(({ handle, className }) => (
            <span
              key={handle}
              data-handle={handle}
              aria-hidden
              onPointerDown={(event) => begin(event, handle)}
              className={cn('absolute flex h-7 w-7 -translate-x-1/2 -translate-y-1/2 items-center justify-center', className)}
            >
              <span className="h-3 w-3 rounded-sm border border-white bg-sky-500 shadow" />
            </span>
          ))}
      </div>
      {children}
    </div>
  );
}
