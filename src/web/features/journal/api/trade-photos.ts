import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TradeSchema, type PhotoPhase } from '../../../../shared/journal';
import { apiFetch, apiSend } from '../../../lib/api';
import { journalKeys } from './journal';

export function addTradePhoto({ tradeId, file, phase }: { tradeId: string; file: File; phase: PhotoPhase }) {
  const form = new FormData();
  form.set('photo', file);
  form.set('phase', phase);
  return apiFetch(`/api/journal/trades/${encodeURIComponent(tradeId)}/photos`, TradeSchema, { method: 'POST', body: form });
}

export const deleteTradePhoto = (photoId: string) =>
  apiSend(`/api/journal/photos/${encodeURIComponent(photoId)}`, { method: 'DELETE' });

export function useAddTradePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addTradePhoto,
    onSettled: () => queryClient.invalidateQueries({ queryKey: journalKeys.all }),
  });
}

export function useDeleteTradePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTradePhoto,
    onSettled: () => queryClient.invalidateQueries({ queryKey: journalKeys.all }),
  });
}
