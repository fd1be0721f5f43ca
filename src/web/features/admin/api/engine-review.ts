import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EngineReview } from '../../../../shared/engine-review';
import { apiFetch } from '../../../lib/api';

export const engineReviewKeys = {
  all: ['admin', 'engine'] as const,
  review: () => [...engineReviewKeys.all, 'review'] as const,
};

export const engineReviewOptions = () =>
  queryOptions({
    queryKey: engineReviewKeys.review(),
    queryFn: () => apiFetch<EngineReview>('/api/admin/engine/review'),
  });

/** The engine's refusals and low-confidence answers of the last 7 days, counted by rule id. */
export const useEngineReview = (enabled: boolean) => useQuery({ ...engineReviewOptions(), enabled });
