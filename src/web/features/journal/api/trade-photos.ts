import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TradeSchema, type PhotoPhase } from '../../../../shared/journal';
import { apiFetch } from '../../../lib/api';
import { journalKeys, parseAnswer } from './journal';

export async function addTradePhoto({ tradeId, file, phase }: { tradeId: string; file: File; phase: PhotoPhase }) {
  const form = new FormData();
  form.set('photo', file);
  form.set('phase', phase);
  const answer = await apiFetch<unknown>(`/api/journal/trades/${encodeURIComponent(tradeId)}/photos`, {
    method: 'POST',
    body: form,
  });
  return parseAnswer(TradeSchema, answer);
}

export const deleteTradePhoto = (photoId: string) =>
  apiFetch<void>(`/api/journal/photos/${encodeURIComponent(photoId)}`, { method: 'DELETE' });

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
