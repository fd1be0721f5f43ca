import { queryOptions, useQuery } from '@tanstack/react-query';
import { SubscriptionStateSchema } from '../../../shared/access';
import { apiFetch } from '../../lib/api';
import { useAuth } from '../accounts/auth-context';

export const subscriptionKeys = { status: ['billing', 'status'] as const };

export const subscriptionStatusOptions = () =>
  queryOptions({
    queryKey: subscriptionKeys.status,
    queryFn: () => apiFetch('/api/billing/status', SubscriptionStateSchema),
  });

/** The subscription state of SPEC §3, from the server; nothing while signed out. */
export function useSubscription() {
  const { user, loading } = useAuth();
  const query = useQuery({ ...subscriptionStatusOptions(), enabled: Boolean(user) });
  return {
    state: query.data ?? null,
    isCheckingSubscription: loading || (Boolean(user) && query.isPending),
    error: query.error,
  };
}
