import { ImageUp, X } from 'lucide-react';
import { useEffect, useRef, useState, useSyncExternalStore, type DragEvent, type ReactNode } from 'react';
import { ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_BYTES } from '../../../../shared/constants';
import type { Crop } from '../../../../shared/crop';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { cn } from '../../../lib/utils';
import { CropFrame, WHOLE_PICTURE } from './crop-frame';
import { seenWithoutPrices, type Refusal } from '../refusal';

export interface ChartFile {
  file: File;
  previewUrl: string;
  /** The decoded picture's size in pixels. */
  width: number;
  height: number;
}

export const INVALID = 'Please upload a valid image file (JPEG or PNG) under 5MB';
export const UNREADABLE = 'Failed to process image. Please try again.';

/** The picture's size once the browser has decoded it; null for a file that does not decode. */
async function decodedSize(file: File): Promise<{ width: number; height: number } | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size.width > 0 && size.height > 0 ? size : null;
  } catch {
    return null;
  }
}

export function isAcceptable(file: File): boolean {
  return (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type) && file.size > 0 && file.size <= MAX_UPLOAD_BYTES;
}

/**
 * The file as a chart ready to frame, or null after SPEC's message (wrong type or size, or a file that
 * does not decode). Every way a chart arrives goes through here: picked, dropped, pasted or shared.
 */
export async function readChartFile(file: File): Promise<ChartFile | null> {
  if (!isAcceptable(file)) {
    toast({ title: INVALID, variant: 'destructive' });
    return null;
  }
  const size = await decodedSize(file);
  if (!size) {
    toast({ title: UNREADABLE, variant: 'destructive' });
    return null;
  }
  return { file, previewUrl: URL.createObjectURL(file), ...size };
}

/** A fine pointer with hover: a desktop or laptop, where a keyboard is at hand for Ctrl+V. */
const KEYBOARD_QUERY = '(hover: hover) and (pointer: fine)';
function useHasKeyboard(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(KEYBOARD_QUERY);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => window.matchMedia(KEYBOARD_QUERY).matches,
    () => false,
  );
}

const pasteKeys = () => (/Mac|iPhone|iPad/.test(navigator.platform) ? '⌘V' : 'Ctrl+V');

/** Click, drop or paste (Ctrl+V) a chart; checked before upload with SPEC's message. */
export function UploadArea({
  chart,
  analysing,
  stageLabel,
  onChange,
  collapsed,
  crop,
}: {
  chart: ChartFile | null;
  analysing: boolean;
  stageLabel: string;
  onChange: (chart: ChartFile | null) => void;
  /** After an analysis: a line naming the chart instead of the frame. */
  collapsed: boolean;
  crop: {
    value: Crop;
    onChange: (crop: Crop) => void;
    status: 'finding' | 'found' | 'not-found';
    onUseProposal: () => void;
    /** Why the engine refused the last try, offered with the frame. */
    refusal: Refusal | null;
    /** What the trader can do about the refusal besides framing the chart (set the scale). */
    refusalAction?: ReactNode;
  };
}) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const hasKeyboard = useHasKeyboard();
  const removeButton = chart && (
    <Button
      variant="outline"
      size="sm"
      onClick={() => {
        URL.revokeObjectURL(chart.previewUrl);
        onChange(null);
      }}
      aria-label="Remove chart image"
    >
      <X className="h-4 w-4" aria-hidden />
      Remove
    </Button>
  );
  const onPaste = useRef<(event: ClipboardEvent) => void>(() => undefined);

  // Ctrl+V anywhere on the dashboard, not only inside the upload area: traders paste right after
  // taking a screenshot, before clicking anything. Pastes into text fields are left to them.
  useEffect(() => {
    const listener = (event: ClipboardEvent) => onPaste.current(event);
    document.addEventListener('paste', listener);
    return () => document.removeEventListener('paste', listener);
  }, []);
  useEffect(() => {
    onPaste.current = (event) => {
      const target = event.target as HTMLElement | null;
      if (analysing || target?.closest('input, textarea, [contenteditable="true"]')) return;
      const file = [...(event.clipboardData?.files ?? [])].find((f) => f.type.startsWith('image/'));
      if (!file) return;
      event.preventDefault();
      void accept(file);
    };
  });

  // The file is decoded before anything is shown: a file that is not the picture it claims to be
  // gets SPEC's read-failure message at once, and no broken preview.
  async function accept(file: File | undefined) {
    if (!file) return;
    const next = await readChartFile(file);
    if (!next) return;
    if (chart) URL.revokeObjectURL(chart.previewUrl);
    onChange(next);
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    if (!analysing) void accept(event.dataTransfer.files[0]);
  }

  return (
    <div>
      {chart && collapsed ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border bg-card p-3">
          <p className="min-w-0 flex-1 truncate text-sm">
            Chart: <span className="font-medium">{chart.file.name || 'pasted screenshot'}</span>
          </p>
          {removeButton}
        </div>
      ) : chart ? (
        <div className="rounded-xl border border-border bg-card p-3">
          <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
            <p className="min-w-0 flex-1 text-sm font-medium" role="status">
              {crop.status === 'finding'
                ? 'Finding the chart...'
                : crop.status === 'found'
                  ? 'PipLens framed the chart it found: the framed area is analysed.'
                  : 'No chart area found: frame the chart and its price axis, or the whole picture is analysed.'}
            </p>
            {!analysing && removeButton}
          </div>
          <div className="overflow-hidden rounded-lg bg-muted">
            <CropFrame src={chart.previewUrl} alt="Chart to analyse" crop={crop.value} onChange={crop.onChange} disabled={analysing}>
              {analysing && (
                <div className="absolute inset-0 flex items-center justify-center bg-background/70">
                  <Spinner label={stageLabel} className="rounded-md bg-card px-4 py-2 font-medium shadow" />
                </div>
              )}
            </CropFrame>
          </div>
          {crop.refusal && (
            <p role="status" className="mt-3 rounded-md border border-red-600/60 bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950/50 dark:text-red-100">
              {crop.refusal.message} Frame the chart and its price axis above, then analyze again.
              {crop.refusal.trend && <span className="mt-2 block">{seenWithoutPrices(crop.refusal.trend)}</span>}
            </p>
          )}
          {crop.refusal && crop.refusalAction && <div className="mt-2 flex flex-wrap gap-2">{crop.refusalAction}</div>}
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <Button variant="outline" size="sm" onClick={crop.onUseProposal} disabled={analysing || crop.status !== 'found'}>
              Use the area PipLens found
            </Button>
            <Button variant="outline" size="sm" onClick={() => crop.onChange(WHOLE_PICTURE)} disabled={analysing}>
              Whole picture
            </Button>
          </div>
          <p id="crop-keys" className="mt-2 text-xs text-muted-foreground">
            Drag the frame or its corners, or drag outside it to draw a new one. Keyboard: arrow keys move the focused frame,
            Shift + arrow keys resize it, Alt for bigger steps.
          </p>
        </div>
      ) : (
        <div
          role="button"
          tabIndex={0}
          aria-label={`Upload a chart image: click, drop a file${hasKeyboard ? ' or paste a screenshot' : ''}`}
          onClick={() => input.current?.click()}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === ' ') {
              event.preventDefault();
              input.current?.click();
            }
          }}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-dragging={dragging}
          className={cn(
            'flex min-h-64 cursor-pointer flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed border-border bg-card p-8 text-center transition-colors',
            dragging && 'border-primary bg-accent',
          )}
        >
          <ImageUp className="h-10 w-10 text-muted-foreground" aria-hidden />
          <p className="font-medium">Drop your chart screenshot here, or click to choose</p>
          <p className="text-sm text-muted-foreground">
            PNG or JPEG, up to 5 MB.{hasKeyboard && ` You can also paste a screenshot with ${pasteKeys()}.`}
          </p>
        </div>
      )}
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg"
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        onChange={(event) => {
          void accept(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
    </div>
  );
}
