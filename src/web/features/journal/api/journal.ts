import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { JournalSchema, type JournalFilter } from '../../../../shared/journal';
import { ApiRequestError, apiFetch } from '../../../lib/api';

/** What the trader is told when an answer does not have the shape the contract promises. */
export const SOMETHING_WRONG = 'Something went wrong, please try again';

export const journalKeys = {
  all: ['journal'] as const,
  list: (filter: JournalFilter) => ['journal', 'list', filter] as const,
};

/** The answer checked against its shared schema; one that does not match is an error like any other. */
export function parseAnswer<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new ApiRequestError(0, 'BAD_RESPONSE', SOMETHING_WRONG);
  return parsed.data;
}

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
    queryFn: async () => parseAnswer(JournalSchema, await apiFetch<unknown>(`/api/journal${filterQuery(filter)}`)),
  });

/** The journal under a filter (signed in only); the last answer stays on screen while a new filter loads. */
export function useJournal(filter: JournalFilter, enabled: boolean) {
  return useQuery({ ...journalOptions(filter), enabled, placeholderData: keepPreviousData });
}
