import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../lib/api';
import { toast } from '../../components/ui/use-toast';

export const historyKeys = { all: ['history'] as const };

export const clearHistory = () => apiSend('/api/history', { method: 'DELETE' });

export function useClearHistory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearHistory,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: historyKeys.all });
      toast({ title: 'Analysis history cleared successfully', variant: 'success' });
    },
    onError: () => toast({ title: 'Failed to clear history', variant: 'destructive' }),
  });
}
