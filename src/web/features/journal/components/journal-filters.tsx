import { useId, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { TIME_FRAMES, TRADING_STRATEGIES } from '../../../../shared/analysis';
import { OTHER_SYMBOL } from '../../../../shared/instruments';
import { JOURNAL_SYMBOLS, type JournalFilter } from '../../../../shared/journal';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { FILTER_KEYS, hasFilter, withFilter, type FilterKey } from '../filter';
import { selectClass } from './field-error';

/** The period and the kind of trade, kept in the address: a filtered journal can be bookmarked and shared between tabs. */
export function JournalFilters({ filter }: { filter: JournalFilter }) {
  const [params, setParams] = useSearchParams();
  const id = useId();
  const set = (key: FilterKey) => (event: { target: { value: string } }) =>
    setParams(withFilter(params, key, event.target.value), { replace: true, preventScrollReset: true });
  const field = (key: FilterKey, label: string, control: ReactNode) => (
    <div className="grid min-w-0 gap-1">
      <label htmlFor={`${id}-${key}`} className="text-sm font-medium">
        {label}
      </label>
      {control}
    </div>
  );
  const select = (key: FilterKey, all: string, options: readonly { value: string; label: string }[]) => (
    <select id={`${id}-${key}`} className={selectClass} value={filter[key] ?? ''} onChange={set(key)}>
      <option value="">{all}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-xl border border-border bg-card p-4 sm:p-5">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        Filters
      </h2>
      <div className="mt-3 grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        {field(
          'from',
          'From',
          <Input id={`${id}-from`} type="date" value={filter.from ?? ''} max={filter.to} onChange={set('from')} />,
        )}
        {field(
          'to',
          'To',
          <Input id={`${id}-to`} type="date" value={filter.to ?? ''} min={filter.from} onChange={set('to')} />,
        )}
        {field(
          'symbol',
          'Instrument',
          select(
            'symbol',
            'All instruments',
            JOURNAL_SYMBOLS.map((symbol) => ({ value: symbol, label: symbol === OTHER_SYMBOL ? 'Other' : symbol })),
          ),
        )}
        {field(
          'timeFrame',
          'Time frame',
          select(
            'timeFrame',
            'All time frames',
            TIME_FRAMES.map((tf) => ({ value: tf, label: tf })),
          ),
        )}
        {field(
          'strategy',
          'Strategy',
          select(
            'strategy',
            'All strategies',
            TRADING_STRATEGIES.map((s) => ({ value: s.key, label: s.label })),
          ),
        )}
        {field(
          'direction',
          'Action',
          select('direction', 'Buy and sell', [
            { value: 'buy', label: 'Buy' },
            { value: 'sell', label: 'Sell' },
          ]),
        )}
      </div>
      {hasFilter(filter) && (
        <Button
          variant="link"
          className="mt-2 h-auto px-0"
          onClick={() =>
            setParams(
              FILTER_KEYS.reduce((next, key) => withFilter(next, key, ''), params),
              { replace: true },
            )
          }
        >
          Clear filters
        </Button>
      )}
    </section>
  );
}
