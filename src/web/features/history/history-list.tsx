import { TrendingDown, TrendingUp, MoveRight } from 'lucide-react';
import { cn } from '../../lib/utils';
import { useAuth } from '../accounts/auth-context';
import { useHistory, type HistoryItem } from './history-api';

const ACTION_CLASSES = {
  buy: 'text-green-700 dark:text-green-400',
  sell: 'text-red-700 dark:text-red-400',
  wait: 'text-yellow-700 dark:text-yellow-300',
} as const;

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
          {items.map((item) => {
            const Icon = item.result.trend === 'uptrend' ? TrendingUp : item.result.trend === 'downtrend' ? TrendingDown : MoveRight;
            return (
              <li key={item.id}>
                <button
                  type="button"
                  onClick={() => onSelect(item)}
                  aria-current={item.id === selectedId}
                  className={cn('flex w-full gap-3 rounded-lg border border-border p-2 text-left hover:bg-muted', item.id === selectedId && 'border-primary bg-accent')}
                >
                  <img src={item.thumbnailUrl} alt="" className="h-14 w-20 shrink-0 rounded object-cover" loading="lazy" />
                  <span className="min-w-0 flex-1">
                    <span className="flex items-center gap-2 text-sm">
                      <Icon className="h-4 w-4" aria-label={item.result.trend} />
                      <strong className={cn('uppercase', ACTION_CLASSES[item.result.recommendedAction])}>{item.result.recommendedAction}</strong>
                      <span>{item.settings.timeFrame}</span>
                      <span className="text-muted-foreground">{timeAgo(item.createdAt)}</span>
                    </span>
                    <span className="block text-xs">
                      {item.result.entryPoint} → {item.result.takeProfit}
                    </span>
                    <span className="block truncate text-xs text-muted-foreground">{item.result.analysis}</span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
