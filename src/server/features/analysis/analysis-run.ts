import type { AnalysisSettings } from '../../../shared/analysis';
import type { PixelBox } from '../../../shared/crop';
import type { Env } from '../../env';
import type { Logger } from '../../logger';
import { configuredProviders, runAnalysis, type AnalysisRun } from './analysis.service';
import type { CooldownStore } from './cooldowns';
import { toWholePicture, type ChartFactsWithReading } from './crop';
import type { ChartEngine } from './engine-pool';
import type { JobStage } from './job-tracker';
import type { CheckedImage } from './upload';

/** One analysis as the web instance accepted it: what a worker needs to read it and store the answer. */
export interface AnalysisJobInput {
  userId: string;
  settings: AnalysisSettings;
  /** What was analysed (the upload, and the crop when there is one): the 24-hour reuse key. */
  imageSha256: string;
  /** The picture the engine and the models read: the crop when there is one. */
  image: CheckedImage;
  /** The upload's size and the crop's box in it, to put the findings back in the upload's pixels. */
  upload: { width: number; height: number };
  box: PixelBox | null;
}

/**
 * The engine, then the models (analysis.service.ts), with the chart facts put back in the upload's
 * pixels: the answer to store, whichever process runs it.
 */
export async function analyseUpload(
  deps: { env: Env; engine: ChartEngine; logger: Logger; cooldowns: CooldownStore | null },
  job: AnalysisJobInput,
  hooks: { setStage: (stage: JobStage) => void; releaseSlot?: () => void },
): Promise<AnalysisRun> {
  const { env } = deps;
  const run = await runAnalysis({
    engine: deps.engine,
    image: job.image,
    settings: job.settings,
    providers: configuredProviders(env),
    timeoutMs: env.AI_TIMEOUT_MS,
    deadlineMs: env.AI_DEADLINE_MS,
    logger: deps.logger,
    setStage: hooks.setStage,
    cooldowns: deps.cooldowns,
    ...(hooks.releaseSlot ? { releaseSlot: hooks.releaseSlot } : {}),
  });
  if (job.box && run.chart) run.chart = toWholePicture(run.chart as ChartFactsWithReading, job.box, job.upload);
  return run;
}
