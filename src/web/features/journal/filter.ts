import { JournalFilterSchema, type JournalFilter } from '../../../shared/journal';

export const FILTER_KEYS = ['from', 'to', 'symbol', 'timeFrame', 'strategy', 'direction'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/** The filter the address holds: each parameter the journal understands, anything else left out. */
export function filterFromParams(params: URLSearchParams): JournalFilter {
  const filter: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value && JournalFilterSchema.shape[key].safeParse(value).success) filter[key] = value;
  }
  return filter as JournalFilter;
}

/** The address's parameters with one filter set (or cleared with ''); others, unknown ones too, stay. */
export function withFilter(params: URLSearchParams, key: FilterKey, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value) next.set(key, value);
  else next.delete(key);
  return next;
}

export const hasFilter = (filter: JournalFilter) => FILTER_KEYS.some((key) => Boolean(filter[key]));
