import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnalysisResponse, AnalysisSettings, JobStage } from '../../../../shared/analysis';

export type { AnalysisResponse, JobStage };
import { apiFetch } from '../../../lib/api';
import { subscriptionKeys } from '../../billing/use-subscription';
import { prepareUpload } from './prepare-upload';

export async function analyseChart(input: { file: Blob; settings: AnalysisSettings; jobId: string }) {
  const form = new FormData();
  form.set('chartImage', await prepareUpload(input.file), 'chart');
  form.set('jobId', input.jobId);
  for (const [key, value] of Object.entries(input.settings)) form.set(key, String(value));
  return apiFetch<AnalysisResponse>('/api/analyses', { method: 'POST', body: form });
}

export function useAnalyseChart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: analyseChart,
    onSettled: () => queryClient.invalidateQueries({ queryKey: subscriptionKeys.status }),
  });
}

/** Follows a running job's stage while the analysis request is in flight. */
export function useJobStage(jobId: string | null) {
  return useQuery({
    queryKey: ['analysis-job', jobId],
    queryFn: () => apiFetch<JobStage>(`/api/analyses/jobs/${jobId}`),
    enabled: jobId !== null,
    refetchInterval: 300,
    retry: false,
  });
}

export function describeStage(stage: JobStage | undefined): string {
  switch (stage?.stage) {
    case 'queued':
      return `Waiting in line (position ${stage.position})`;
    case 'asking-model':
      return `Asking AI model ${stage.model}`;
    case 'checking':
      return 'Checking the answer against the chart';
    case 'reading-chart':
    default:
      return 'Reading the chart';
  }
}
