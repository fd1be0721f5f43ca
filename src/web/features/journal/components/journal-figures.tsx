import type { JournalStats } from '../../../../shared/journal';
import { formatMoney, formatR, formatRate, plain } from '../format';

/** The period's figures over its closed trades. */
export function JournalFigures({ stats }: { stats: JournalStats }) {
  const none = '—';
  const figures: [string, string][] = [
    ['Closed trades', String(stats.closed)],
    ['Win rate', stats.winRate === null ? none : formatRate(stats.winRate)],
    ['Average win', stats.averageWinR === null ? none : formatR(stats.averageWinR, 'negative')],
    ['Average loss', stats.averageLossR === null ? none : formatR(stats.averageLossR, 'negative')],
    ['Expectancy', stats.expectancyR === null ? none : formatR(stats.expectancyR, 'negative')],
    ['Profit factor', stats.profitFactor === null ? 'No losing trades yet' : plain(stats.profitFactor, 2)],
    ['Largest losing run', String(stats.largestLosingRun)],
    ['Total', formatR(stats.totalR, 'negative')],
    ['Money', stats.totalMoney === null ? none : formatMoney(stats.totalMoney)],
  ];
  return (
    <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {figures.map(([label, value]) => (
        <div key={label} className="rounded-lg border border-border p-3">
          <dt className="text-xs uppercase text-muted-foreground">{label}</dt>
          <dd className="mt-1 text-lg font-semibold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
