import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { HistoryListSchema, SavedAnalysisSchema } from '../../../shared/history';
import { apiFetch } from '../../lib/api';
import { toast } from '../../components/ui/use-toast';
import { historyKeys } from './clear-history';

export function useHistory(enabled: boolean) {
  return useQuery({
    queryKey: historyKeys.all,
    queryFn: () => apiFetch('/api/history', HistoryListSchema),
    enabled,
    select: (data) => data.items,
  });
}

export function useSaveAnalysis() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/api/history/${id}`, SavedAnalysisSchema, { method: 'POST' }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: historyKeys.all });
      toast({ title: 'Analysis saved to history', variant: 'success' });
    },
    onError: () => toast({ title: 'Failed to save analysis to history', variant: 'destructive' }),
  });
}
