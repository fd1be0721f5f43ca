import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { JournalSchema, type JournalFilter } from '../../../../shared/journal';
import { apiFetch } from '../../../lib/api';

export const journalKeys = {
  all: ['journal'] as const,
  list: (filter: JournalFilter) => ['journal', 'list', filter] as const,
};

/** The filter as query parameters, in a fixed order (also for the CSV link). */
export function filterQuery(filter: JournalFilter): string {
  const params = new URLSearchParams();
  for (const key of ['from', 'to', 'symbol', 'timeFrame', 'strategy', 'direction'] as const) {
    const value = filter[key];
    if (value) params.set(key, value);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const journalCsvUrl = (filter: JournalFilter) => `/api/journal/trades.csv${filterQuery(filter)}`;

export const journalOptions = (filter: JournalFilter) =>
  queryOptions({
    queryKey: journalKeys.list(filter),
    queryFn: () => apiFetch(`/api/journal${filterQuery(filter)}`, JournalSchema),
  });

/** The journal under a filter (signed in only); the last answer stays on screen while a new filter loads. */
export function useJournal(filter: JournalFilter, enabled: boolean) {
  return useQuery({ ...journalOptions(filter), enabled, placeholderData: keepPreviousData });
}
