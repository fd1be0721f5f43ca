import { queryOptions, useQuery } from '@tanstack/react-query';
import { EngineReadingsPageSchema, type ReviewOutcome } from '../../../../shared/engine-review';
import { apiFetch } from '../../../lib/api';
import { engineReviewKeys } from './engine-review';

export interface ReadingsSelection {
  rule: string;
  outcome: ReviewOutcome;
  page: number;
}

export const engineReadingsOptions = ({ rule, outcome, page }: ReadingsSelection) =>
  queryOptions({
    queryKey: [...engineReviewKeys.all, 'readings', rule, outcome, page] as const,
    queryFn: () =>
      apiFetch(
        `/api/admin/engine/readings?${new URLSearchParams({ rule, outcome, page: String(page) })}`,
        EngineReadingsPageSchema,
      ),
  });

/** One page of a rule's readings with their traces; the rule's page shown stays while the next loads. */
export const useEngineReadings = (selection: ReadingsSelection) =>
  useQuery({
    ...engineReadingsOptions(selection),
    placeholderData: (previous) =>
      previous?.rule === selection.rule && previous.outcome === selection.outcome ? previous : undefined,
  });
