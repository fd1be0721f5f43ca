import type { AnalysisSettings, ChartFactsWithReading, RefusalDetails } from '../../../shared/analysis';
import type { PixelBox } from '../../../shared/crop';
import type { Correction } from '../../../shared/correction';
import type { Env } from '../../env';
import type { Logger } from '../../logger';
import { AnalysisFailure } from './analysis-failure';
import { configuredProviders, runAnalysis, type AnalysisRun } from './analysis.service';
import type { CooldownStore } from './cooldowns';
import { toWholePicture } from './crop';
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
  /** The trader's scale and/or last price, in shares of the upload's height. */
  correction: Correction | null;
}

/** The trader's marks, from shares of the upload's height to shares of the crop's. */
export function correctionInCrop(c: Correction, upload: { height: number }, box: PixelBox | null): Correction {
  if (!box || !c.scale) return c;
  const y = (share: number) => (share * upload.height - box.top) / (box.bottom - box.top);
  const [a, b] = c.scale;
  return { ...c, scale: [{ ...a, y: y(a.y) }, { ...b, y: y(b.y) }] };
}

/** A refusal's correctable chart, from the crop's pixels to the upload's. */
function correctableInUpload(error: unknown, box: PixelBox, upload: { width: number; height: number }): unknown {
  const details = error instanceof AnalysisFailure ? (error.details as RefusalDetails | undefined) : undefined;
  const found = details?.correctable;
  if (!details || !found) return error;
  const { left: dx, top: dy } = box;
  details.correctable = {
    image: upload,
    plot: { left: found.plot.left + dx, top: found.plot.top + dy, right: found.plot.right + dx, bottom: found.plot.bottom + dy },
    labels: found.labels,
    scale: found.scale ? { slope: found.scale.slope, intercept: found.scale.intercept - found.scale.slope * dy } : null,
  };
  return error;
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
    correction: job.correction ? correctionInCrop(job.correction, job.upload, job.box) : null,
  }).catch((error: unknown) => {
    throw job.box ? correctableInUpload(error, job.box, job.upload) : error;
  });
  if (job.box && run.chart) run.chart = toWholePicture(run.chart as ChartFactsWithReading, job.box, job.upload);
  return run;
}
