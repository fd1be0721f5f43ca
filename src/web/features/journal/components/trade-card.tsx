import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useState, type ReactNode } from 'react';
import { TRADE_OUTCOME_LABEL, type Trade } from '../../../../shared/journal';
import { Button, buttonVariants } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { cn } from '../../../lib/utils';
import { useDeleteTrade } from '../api/change-trade';
import { formatDateTime, formatMoney, formatPips, formatPrice, formatR } from '../format';
import { SOURCE_LABEL } from './confidence-record';
import { TradePhotos } from './trade-photos';

const STATUS_CLASSES: Record<Trade['status'], string> = {
  open: 'border-sky-600/60 bg-sky-50 text-sky-950 dark:bg-sky-950/40 dark:text-sky-100',
  closed: 'border-border bg-muted text-foreground',
  skipped: 'border-amber-500/60 bg-amber-50 text-amber-950 dark:bg-amber-950/40 dark:text-amber-100',
};
const STATUS_LABEL: Record<Trade['status'], string> = { open: 'Open', closed: 'Closed', skipped: 'Skipped' };

export const tradeTitle = (trade: Trade) =>
  trade.status === 'skipped' || !trade.direction
    ? `Skipped plan: ${trade.plan.action} ${trade.symbol ?? ''}`.trim()
    : `${trade.direction === 'buy' ? 'Buy' : 'Sell'} ${trade.symbol ?? ''}`.trim();

function Figure({ label, children, title }: { label: string; children: ReactNode; title?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs uppercase text-muted-foreground">{label}</dt>
      <dd className="font-medium" title={title}>
        {children}
      </dd>
    </div>
  );
}

export type TradeAction = 'close' | 'edit';

/**
 * One trade of the journal: its levels, how it ended and what it made, its notes and pictures, and
 * what can be done with it. Closing and editing open in the page's dialog (`onAct`), which stays
 * open when the trade moves between the lists.
 */
export function TradeCard({ trade, onAct }: { trade: Trade; onAct: (action: TradeAction, trade: Trade) => void }) {
  const [confirmDelete, setConfirmDelete] = useState(false);
  const remove = useDeleteTrade();
  const headingId = `trade-${trade.id}`;
  const { figures, plan } = trade;
  const taken = trade.status !== 'skipped';
  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-border bg-card p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="font-semibold">
          {tradeTitle(trade)}
          <span className="sr-only">
            , {STATUS_LABEL[trade.status]}, opened {formatDateTime(trade.openedAt)}
          </span>
        </h3>
        <span
          className={cn('rounded-full border px-2 text-xs font-medium', STATUS_CLASSES[trade.status])}
          aria-hidden="true"
        >
          {STATUS_LABEL[trade.status]}
        </span>
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        {taken && (
          <>
            <Figure label="Entry">{formatPrice(trade.entry)}</Figure>
            <Figure label="Stop loss">{formatPrice(trade.stop)}</Figure>
            <Figure label="Take profit">{formatPrice(trade.target)}</Figure>
            <Figure label="Lot size">{trade.lotSize ?? '—'}</Figure>
          </>
        )}
        <Figure label={taken ? 'Opened' : 'Noted'}>{formatDateTime(trade.openedAt)}</Figure>
        <Figure label="Time frame">{trade.timeFrame}</Figure>
        {trade.status === 'closed' && (
          <>
            <Figure label="Closed">{trade.closedAt ? formatDateTime(trade.closedAt) : '—'}</Figure>
            <Figure label="Outcome">{trade.outcome ? TRADE_OUTCOME_LABEL[trade.outcome] : '—'}</Figure>
            <Figure label="Exit">{formatPrice(trade.exitPrice)}</Figure>
          </>
        )}
        {figures && (
          <>
            <Figure label="R">{formatR(figures.r)}</Figure>
            <Figure label={figures.pipUnit === 'pips' ? 'Pips' : 'Points'}>{formatPips(figures)}</Figure>
            <Figure label="Money" title={figures.moneyBasis}>
              {figures.money === null ? '—' : formatMoney(figures.money, figures.approximate)}
            </Figure>
          </>
        )}
      </dl>
      {figures && <p className="mt-1 text-xs text-muted-foreground">{figures.moneyBasis}</p>}
      <p className="mt-2 text-xs text-muted-foreground">
        PipLens's plan ({SOURCE_LABEL[plan.source === 'engine' ? 'engine' : 'model']}, {plan.confidence}% confidence):{' '}
        {plan.action}
        {plan.entry !== null && ` at ${plan.entry}, stop ${formatPrice(plan.stop)}, target ${formatPrice(plan.target)}`}
        .
      </p>
      {trade.notes && <p className="mt-2 whitespace-pre-line text-sm">{trade.notes}</p>}
      {taken && <TradePhotos trade={trade} />}
      <div className="mt-3 flex flex-wrap gap-2">
        {trade.status === 'open' && (
          <Button size="sm" onClick={() => onAct('close', trade)}>
            Close trade
          </Button>
        )}
        {taken && (
          <Button size="sm" variant="outline" onClick={() => onAct('edit', trade)}>
            Edit
          </Button>
        )}
        <Button size="sm" variant="outline" onClick={() => setConfirmDelete(true)}>
          Delete
        </Button>
      </div>
      <AlertDialog.Root open={confirmDelete} onOpenChange={setConfirmDelete}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-[60] bg-black/60" />
          <AlertDialog.Content className="fixed left-1/2 top-1/2 z-[60] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl border border-border bg-card p-6 text-foreground shadow-xl">
            <AlertDialog.Title className="text-lg font-semibold">Delete this trade?</AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-sm text-muted-foreground">
              {tradeTitle(trade)}, opened {formatDateTime(trade.openedAt)}, and its pictures are deleted from your
              journal. This cannot be undone.
            </AlertDialog.Description>
            <div className="mt-6 flex flex-wrap justify-end gap-2">
              <AlertDialog.Cancel className={buttonVariants({ variant: 'outline' })}>Cancel</AlertDialog.Cancel>
              <AlertDialog.Action
                className={buttonVariants({ variant: 'destructive' })}
                onClick={() =>
                  remove.mutate(trade.id, {
                    onSuccess: () => toast({ title: 'Trade deleted', variant: 'success' }),
                    onError: (error) => toast({ title: error.message, variant: 'destructive' }),
                  })
                }
              >
                Delete trade
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </article>
  );
}
