import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnalysisResult, AnalysisSettings, ChartFacts } from '../../../shared/analysis';
import type { TradeMark } from '../../../shared/journal';
import { apiFetch } from '../../lib/api';
import { toast } from '../../components/ui/use-toast';
import { historyKeys } from './clear-history';

export interface HistoryItem {
  id: string;
  createdAt: string;
  settings: AnalysisSettings;
  result: AnalysisResult;
  chart: ChartFacts | null;
  thumbnailUrl: string;
  shareToken: string | null;
  /** The journal entry this analysis became (a trade or a skipped plan), if any. */
  trade: TradeMark | null;
}

export function useHistory(enabled: boolean) {
  return useQuery({
    queryKey: historyKeys.all,
    queryFn: () => apiFetch<{ items: HistoryItem[] }>('/api/history'),
    enabled,
    select: (data) => data.items,
  });
}

export function useSaveAnalysis() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<{ id: string }>(`/api/history/${id}`, { method: 'POST' }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: historyKeys.all });
      toast({ title: 'Analysis saved to history', variant: 'success' });
    },
    onError: () => toast({ title: 'Failed to save analysis to history', variant: 'destructive' }),
  });
}
