import { queryOptions, useQuery } from '@tanstack/react-query';
import { EngineReviewSchema } from '../../../../shared/engine-review';
import { apiFetch } from '../../../lib/api';

export const engineReviewKeys = {
  all: ['admin', 'engine'] as const,
  review: () => [...engineReviewKeys.all, 'review'] as const,
};

export const engineReviewOptions = () =>
  queryOptions({
    queryKey: engineReviewKeys.review(),
    queryFn: () => apiFetch('/api/admin/engine/review', EngineReviewSchema),
  });

/** The engine's refusals and low-confidence answers of the last 7 days, counted by rule id. */
export const useEngineReview = (enabled: boolean) => useQuery({ ...engineReviewOptions(), enabled });
