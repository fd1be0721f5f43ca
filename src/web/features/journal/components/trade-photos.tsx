import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import {
  JOURNAL_MESSAGES,
  MAX_TRADE_PHOTOS,
  PHOTO_PHASES,
  type PhotoPhase,
  type Trade,
} from '../../../../shared/journal';
import { Spinner } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { INVALID, isAcceptable } from '../../analysis/components/upload-area';
import { useAddTradePhoto, useDeleteTradePhoto } from '../api/trade-photos';
import { selectClass } from './field-error';

export const PHASE_LABEL: Record<PhotoPhase, string> = {
  before: 'Before the trade',
  during: 'During the trade',
  after: 'After the trade',
};

/** The pictures a trader keeps with a trade; a new one is checked as a chart upload is, before it is sent. */
export function TradePhotos({ trade }: { trade: Trade }) {
  const id = useId();
  const add = useAddTradePhoto();
  const remove = useDeleteTradePhoto();
  const [phase, setPhase] = useState<PhotoPhase>(
    trade.status === 'open' ? 'during' : trade.status === 'closed' ? 'after' : 'before',
  );
  const full = trade.photos.length >= MAX_TRADE_PHOTOS;

  function upload(file: File | undefined) {
    if (!file) return;
    if (!isAcceptable(file)) {
      toast({ title: INVALID, variant: 'destructive' });
      return;
    }
    add.mutate(
      { tradeId: trade.id, file, phase },
      {
        onSuccess: () => toast({ title: 'Picture added', variant: 'success' }),
        onError: (error) => toast({ title: error.message, variant: 'destructive' }),
      },
    );
  }

  return (
    <div className="mt-3">
      {trade.photos.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Pictures">
          {trade.photos.map((photo) => (
            <li key={photo.id} className="relative">
              <a href={photo.url} target="_blank" rel="noreferrer" className="block">
                <img
                  src={photo.url}
                  alt={`${PHASE_LABEL[photo.phase]} (opens the picture)`}
                  loading="lazy"
                  className="h-16 w-24 rounded border border-border object-cover"
                />
              </a>
              <span className="block text-xs text-muted-foreground">{PHASE_LABEL[photo.phase]}</span>
              <button
                type="button"
                className="absolute right-1 top-1 rounded bg-background/90 p-1.5 hover:bg-muted"
                aria-label={`Delete picture: ${PHASE_LABEL[photo.phase].toLowerCase()}`}
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(photo.id, {
                    onSuccess: () => toast({ title: 'Picture deleted', variant: 'success' }),
                    onError: (error) => toast({ title: error.message, variant: 'destructive' }),
                  })
                }
              >
                <Trash2 className="h-3.5 w-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      {full ? (
        <p className="mt-2 text-xs text-muted-foreground">{JOURNAL_MESSAGES.tooManyPhotos}</p>
      ) : (
        <div className="mt-2 flex flex-wrap items-end gap-2">
          <div className="grid gap-1">
            <label htmlFor={`${id}-phase`} className="text-xs font-medium">
              Picture taken
            </label>
            <select
              id={`${id}-phase`}
              className={`${selectClass} h-9 w-auto`}
              value={phase}
              onChange={(event) => setPhase(event.target.value as PhotoPhase)}
            >
              {PHOTO_PHASES.map((p) => (
                <option key={p} value={p}>
                  {PHASE_LABEL[p]}
                </option>
              ))}
            </select>
          </div>
          <label className="inline-flex h-9 cursor-pointer items-center rounded-md border border-border px-3 text-sm font-medium hover:bg-muted has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary">
            Add a picture
            <input
              type="file"
              accept="image/png,image/jpeg"
              className="sr-only"
              disabled={add.isPending}
              onChange={(event) => {
                upload(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
          </label>
          {add.isPending && <Spinner label="Uploading..." className="text-sm" />}
        </div>
      )}
    </div>
  );
}
