import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  AnalysisResponseSchema,
  JobStageSchema,
  type AnalysisSettings,
  type JobStage,
} from '../../../../shared/analysis';
import { cropField, type Crop } from '../../../../shared/crop';
import { correctionField, type Correction } from '../../../../shared/correction';
import { apiFetch } from '../../../lib/api';
import { subscriptionKeys } from '../../billing/use-subscription';
import { prepareUpload } from './prepare-upload';

export async function analyseChart(input: {
  file: Blob;
  settings: AnalysisSettings;
  jobId: string;
  /** The chart area to analyse; null for the whole picture. */
  crop?: Crop | null;
  rerunToken?: string;
  /** The scale and/or last price the trader set, in shares of the picture's height. */
  correction?: Correction | null;
}) {
  const form = new FormData();
  form.set('chartImage', await prepareUpload(input.file), 'chart');
  form.set('jobId', input.jobId);
  for (const [key, value] of Object.entries(input.settings)) if (value !== undefined) form.set(key, String(value));
  if (input.crop) form.set('crop', cropField(input.crop));
  if (input.rerunToken) form.set('rerunToken', input.rerunToken);
  if (input.correction) form.set('correction', correctionField(input.correction));
  return apiFetch('/api/analyses', AnalysisResponseSchema, { method: 'POST', body: form });
}

export function useAnalyseChart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: analyseChart,
    onSettled: () => queryClient.invalidateQueries({ queryKey: subscriptionKeys.status }),
  });
}

const POLL_MS = 300;
/** The server knows a job once its upload has arrived and passed the checks: no poll before that. */
const FIRST_POLL_MS = 700;
const finished = (stage: JobStage | undefined) => stage?.stage === 'done' || stage?.stage === 'failed';

/**
 * Follows a running job's stage while the analysis request is in flight (`jobId` null once it
 * settles); polling stops as soon as the job is done or failed, or the server does not know it.
 */
export function useJobStage(jobId: string | null) {
  const [startedFor, setStartedFor] = useState<string | null>(null);
  useEffect(() => {
    if (!jobId) return;
    const timer = setTimeout(() => setStartedFor(jobId), FIRST_POLL_MS);
    return () => clearTimeout(timer);
  }, [jobId]);
  return useQuery({
    queryKey: ['analysis-job', jobId],
    queryFn: () => apiFetch(`/api/analyses/jobs/${jobId}`, JobStageSchema),
    enabled: jobId !== null && startedFor === jobId,
    refetchInterval: (query) => (finished(query.state.data) || query.state.error ? false : POLL_MS),
    retry: false,
    gcTime: 0,
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
