import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TradeSchema, type CloseTrade, type EditTrade } from '../../../../shared/journal';
import { apiFetch, apiSend, postJson } from '../../../lib/api';
import { historyKeys } from '../../history/clear-history';
import { journalKeys } from './journal';

const tradePath = (id: string) => `/api/journal/trades/${encodeURIComponent(id)}`;

export const editTrade = ({ id, body }: { id: string; body: EditTrade }) =>
  apiFetch(tradePath(id), TradeSchema, { method: 'PATCH', body: JSON.stringify(body) });

export const closeTrade = ({ id, body }: { id: string; body: CloseTrade }) =>
  postJson(`${tradePath(id)}/close`, TradeSchema, body);

export const deleteTrade = (id: string) => apiSend(tradePath(id), { method: 'DELETE' });

/**
 * Every change refetches the journal and the history's marks, whether it worked or not: a change
 * refused because another tab got there first shows the trade as it is now.
 */
function useJournalMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: journalKeys.all }),
        queryClient.invalidateQueries({ queryKey: historyKeys.all }),
      ]),
  });
}

export const useEditTrade = () => useJournalMutation(editTrade);
export const useCloseTrade = () => useJournalMutation(closeTrade);
export const useDeleteTrade = () => useJournalMutation(deleteTrade);
