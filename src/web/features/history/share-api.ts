import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ShareLinkSchema } from '../../../shared/share';
import { apiFetch, apiSend } from '../../lib/api';
import { historyKeys } from './clear-history';

export const shareAnalysis = (id: string) => apiFetch(`/api/history/${id}/share`, ShareLinkSchema, { method: 'PUT' });
export const revokeShare = (id: string) => apiSend(`/api/history/${id}/share`, { method: 'DELETE' });

/** Sharing saves the analysis too, so the history is refreshed either way. */
export function useShareAnalysis() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: shareAnalysis, onSettled: () => queryClient.invalidateQueries({ queryKey: historyKeys.all }) });
}

export function useRevokeShare() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeShare, onSettled: () => queryClient.invalidateQueries({ queryKey: historyKeys.all }) });
}
