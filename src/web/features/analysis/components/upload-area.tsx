import { ImageUp, X } from 'lucide-react';
import { useEffect, useRef, useState, useSyncExternalStore, type DragEvent } from 'react';
import { ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_BYTES } from '../../../../shared/constants';
import { Spinner } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { cn } from '../../../lib/utils';

export interface ChartFile {
  file: File;
  previewUrl: string;
}

const INVALID = 'Please upload a valid image file (JPEG or PNG) under 5MB';

export function isAcceptable(file: File): boolean {
  return (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type) && file.size > 0 && file.size <= MAX_UPLOAD_BYTES;
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
}: {
  chart: ChartFile | null;
  analysing: boolean;
  stageLabel: string;
  onChange: (chart: ChartFile | null) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const hasKeyboard = useHasKeyboard();
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
      accept(file);
    };
  });

  function accept(file: File | undefined) {
    if (!file) return;
    if (!isAcceptable(file)) {
      toast({ title: INVALID, variant: 'destructive' });
      return;
    }
    if (chart) URL.revokeObjectURL(chart.previewUrl);
    onChange({ file, previewUrl: URL.createObjectURL(file) });
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    if (!analysing) accept(event.dataTransfer.files[0]);
  }

  return (
    <div>
      {chart ? (
        <div className="relative overflow-hidden rounded-xl border border-border bg-card">
          <img src={chart.previewUrl} alt="Chart to analyse" className="max-h-[480px] w-full object-contain" />
          {analysing ? (
            <div className="absolute inset-0 flex items-center justify-center bg-background/70">
              <Spinner label={stageLabel} className="rounded-md bg-card px-4 py-2 font-medium shadow" />
            </div>
          ) : (
            <button
              type="button"
              onClick={() => {
                URL.revokeObjectURL(chart.previewUrl);
                onChange(null);
              }}
              aria-label="Remove chart image"
              className="absolute right-2 top-2 rounded-full bg-black/70 p-2 text-white hover:bg-black"
            >
              <X className="h-4 w-4" aria-hidden />
            </button>
          )}
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
          accept(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
    </div>
  );
}
