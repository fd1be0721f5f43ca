import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TradeSchema, type TakeTrade } from '../../../../shared/journal';
import { postJson } from '../../../lib/api';
import { historyKeys } from '../../history/clear-history';
import { journalKeys } from './journal';

export const takeTrade = (body: TakeTrade) => postJson('/api/journal/trades', TradeSchema, body);

/** "I took this trade" or "I skipped it": the journal and the history's marks change with it. */
export function useTakeTrade() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: takeTrade,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: journalKeys.all }),
        queryClient.invalidateQueries({ queryKey: historyKeys.all }),
      ]),
  });
}
