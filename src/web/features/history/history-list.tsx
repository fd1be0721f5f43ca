import { TrendingDown, TrendingUp, MoveRight } from 'lucide-react';
import type { HistoryItem } from '../../../shared/history';
import type { TradeStatus } from '../../../shared/journal';
import { cn } from '../../lib/utils';
import { useAuth } from '../accounts/auth-context';
import { setByTraderText } from '../analysis/set-by-trader';
import { useHistory } from './history-api';

const ACTION_CLASSES = {
  buy: 'text-green-700 dark:text-green-400',
  sell: 'text-red-700 dark:text-red-400',
  wait: 'text-yellow-700 dark:text-yellow-300',
} as const;

/** The history's word for an analysis that became a journal entry. */
export const TRADE_BADGE: Record<TradeStatus, string> = { open: 'Trade open', closed: 'Trade closed', skipped: 'Skipped' };
const TRADE_BADGE_CLASSES: Record<TradeStatus, string> = {
  open: 'border-emerald-700/60 bg-emerald-50 text-emerald-950 dark:bg-emerald-950/40 dark:text-emerald-100',
  closed: 'border-border bg-muted text-foreground',
  skipped: 'border-amber-500/60 bg-amber-50 text-amber-950 dark:bg-amber-950/40 dark:text-amber-100',
};

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'always' });
export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['day', 86400],
    ['hour', 3600],
    ['minute', 60],
  ];
  for (const [unit, size] of units) if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  return relative.format(Math.min(-1, seconds), 'second');
}

/**
 * One analysis in the list. One the trader corrected carries a "Set by you" badge; its sentence is
 * part of the item's accessible name, and shown in full once the item is selected. One that became
 * a journal entry says so ("Trade open", "Trade closed", "Skipped"), in its accessible name too.
 */
export function HistoryEntry({ item, selected, onSelect }: { item: HistoryItem; selected: boolean; onSelect: (item: HistoryItem) => void }) {
  const Icon = item.result.trend === 'uptrend' ? TrendingUp : item.result.trend === 'downtrend' ? TrendingDown : MoveRight;
  const setByYou = setByTraderText(item.result, item.chart);
  return (
    <button
      type="button"
      onClick={() => onSelect(item)}
      aria-current={selected}
      className={cn('flex w-full gap-3 rounded-lg border border-border p-2 text-left hover:bg-muted', selected && 'border-primary bg-accent')}
    >
      <img src={item.thumbnailUrl} alt="" className="h-14 w-20 shrink-0 rounded object-cover" loading="lazy" />
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-sm">
          <Icon className="h-4 w-4" aria-label={item.result.trend} />
          <strong className={cn('uppercase', ACTION_CLASSES[item.result.recommendedAction])}>{item.result.recommendedAction}</strong>
          <span>{item.settings.timeFrame}</span>
          <span className="text-muted-foreground">{timeAgo(item.createdAt)}</span>
          {setByYou && (
            <span
              aria-hidden="true"
              data-set-by-trader-badge
              className="rounded-full border border-sky-600/60 bg-sky-50 px-2 text-xs font-medium text-sky-950 dark:bg-sky-950/40 dark:text-sky-100"
            >
              Set by you
            </span>
          )}
          {item.trade && (
            <span data-trade-badge className={cn('rounded-full border px-2 text-xs font-medium', TRADE_BADGE_CLASSES[item.trade.status])}>
              {TRADE_BADGE[item.trade.status]}
            </span>
          )}
        </span>
        <span className="block text-xs">
          {item.result.entryPoint} → {item.result.takeProfit}
        </span>
        <span className="block truncate text-xs text-muted-foreground">{item.result.analysis}</span>
        {setByYou && (
          <span data-set-by-trader className={selected ? 'mt-1 block text-xs font-medium text-sky-950 dark:text-sky-100' : 'sr-only'}>
            {setByYou}
          </span>
        )}
      </span>
    </button>
  );
}

export function HistoryList({ selectedId, onSelect }: { selectedId: string | null; onSelect: (item: HistoryItem) => void }) {
  const { user } = useAuth();
  const history = useHistory(Boolean(user));
  const items = history.data ?? [];
  return (
    <section aria-labelledby="history-heading" className="rounded-xl border border-border bg-card p-5">
      <h2 id="history-heading" className="text-lg font-semibold">
        Analysis History
      </h2>
      {history.isError ? (
        <p className="mt-3 text-sm text-red-700 dark:text-red-400">Failed to load analysis history</p>
      ) : items.length === 0 ? (
        <div className="mt-3 text-center">
          <p className="font-medium">No Analysis History</p>
          <p className="mt-1 text-sm text-muted-foreground">Your analysis history will appear here. Upload a chart and analyze it to get started.</p>
        </div>
      ) : (
        <ul className="mt-3 max-h-[500px] space-y-2 overflow-y-auto pr-1">
          {items.map((item) => (
            <li key={item.id}>
              <HistoryEntry item={item} selected={item.id === selectedId} onSelect={onSelect} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
