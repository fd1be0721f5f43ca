import { randomUUID } from 'node:crypto';
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  EMAIL_UNCONFIRMED_MESSAGE,
  PREMIUM_EXPIRED_MESSAGE,
  dailyLimitMessage,
  trialExpiredMessage,
} from '../../../shared/access';
import { AnalysisResponseSchema, AnalysisSettingsSchema, JobStageSchema } from '../../../shared/analysis';
import { CropSchema, RERUN_WINDOW_MS, type ChartLocationResponse } from '../../../shared/crop';
import { correctionField, parseCorrection } from '../../../shared/correction';
import { EngineError } from '../../../engine';
import { FREE_DAILY_ANALYSES } from '../../../shared/constants';
import { requireUser } from '../../auth/guards';
import type { AppEnv, SessionUser } from '../../lib/context';
import { ApiError } from '../../lib/errors';
import { createRouter, errorResponse, jsonResponse } from '../../lib/openapi';
import { getSubscriptionState } from '../billing/subscription.service';
import { analyseUpload, type AnalysisJobInput } from './analysis-run';
import { databaseCooldowns } from './cooldowns';
import { RefusedReading } from './analysis.service';
import {
  countAnalysesOfUpload,
  findRecentSame,
  makeThumbnail,
  recordRefusal,
  sha256,
  storeAnalysis,
} from './analysis.store';
import { analysedIdentity, cropBox, cropImage, rerunGrant, rerunGranted } from './crop';
import { releaseDailySlot, reserveDailySlot } from './daily-usage';
import type { ChartEngine } from './engine-pool';
import type { DatabaseJobs } from './job-queue';
import type { AnalysisQueue } from './job-tracker';
import { checkUpload, NO_IMAGE_MESSAGE, ONE_IMAGE_MESSAGE, UPLOAD_UNREADABLE_MESSAGE, uploadBodyLimit } from './upload';

/** Re-runs one grant covers: the first analysis of the upload and this many after it take one slot. */
export const MAX_RERUNS = 5;

export const LOCATE_BUSY_MESSAGE =
  'PipLens is still finding the chart in your last picture. Please wait a moment and try again.';

const UploadFormSchema = AnalysisSettingsSchema.safeExtend({
  chartImage: z.string().meta({ format: 'binary', description: 'The screenshot: PNG or JPEG, at most 5 MB' }),
  jobId: z.string().optional().meta({ description: "The browser's id for following the job's stage" }),
  crop: z
    .string()
    .optional()
    .meta({ description: 'The chart area, as JSON in shares of the picture (shared/crop.ts)' }),
  correction: z
    .string()
    .optional()
    .meta({ description: "The trader's scale and/or last price, as JSON (shared/correction.ts)" }),
  rerunToken: z.string().optional().meta({ description: 'The grant of an earlier analysis of the same upload' }),
});

const uploadErrors = {
  400: errorResponse('No picture, one that cannot be read, or settings, crop or correction that are not valid'),
  401: errorResponse('Not signed in'),
  403: errorResponse('Email not confirmed, or trial or Premium ended'),
  413: errorResponse('Over 5 MB'),
  415: errorResponse('Not a PNG or JPEG'),
};

/** The two upload routes parse their multipart forms by hand; their contracts are declared here. */
const analyseDoc = {
  method: 'post' as const,
  path: '/',
  summary: 'Analyse a chart screenshot (the engine, then the models when configured, checked against the chart)',
  request: { body: { content: { 'multipart/form-data': { schema: UploadFormSchema } }, required: true } },
  responses: {
    200: jsonResponse(AnalysisResponseSchema, 'The analysis (cached: the same chart and settings in the last day)'),
    ...uploadErrors,
    422: errorResponse(
      'No chart in the picture, or one nobody could read (details: models asked, trend, correctable chart)',
    ),
    429: errorResponse('The daily limit of free analyses is reached'),
    503: errorResponse('Every reader failed; the slot is given back'),
  },
};

const locateDoc = {
  method: 'post' as const,
  path: '/locate',
  summary: 'Where the chart is in a screenshot (the frame the dashboard proposes); no slot taken, nothing kept',
  request: {
    body: {
      content: { 'multipart/form-data': { schema: z.object({ chartImage: z.string().meta({ format: 'binary' }) }) } },
      required: true,
    },
  },
  responses: {
    200: jsonResponse(
      z.object({ image: z.object({ width: z.number(), height: z.number() }), chart: z.unknown(), plot: z.unknown() }),
      'The picture size, and the chart and plot boxes found (or null)',
    ),
    ...uploadErrors,
    429: errorResponse('Still locating the last picture'),
  },
};

const jobStageRoute = createRoute({
  method: 'get',
  path: '/jobs/{jobId}',
  summary: "A running analysis's stage, for its owner",
  request: { params: z.object({ jobId: z.string().max(100) }) },
  responses: {
    200: jsonResponse(JobStageSchema, 'The stage'),
    401: errorResponse('Not signed in'),
    404: errorResponse('No such analysis job'),
  },
});

/**
 * `jobs`, with DATABASE_URL: analyses go to the worker tier through PostgreSQL; without it they run
 * in this process's queue.
 */
export function analysisRoutes(queue: AnalysisQueue, engine: ChartEngine, jobs: DatabaseJobs | null = null) {
  const routes = createRouter();
  routes.use(requireUser);
  routes.openAPIRegistry.registerPath(locateDoc);
  routes.openAPIRegistry.registerPath(analyseDoc);

  // Where the chart is in a screenshot (the layout stage alone, no OCR), for the crop the dashboard
  // proposes before an analysis: no daily slot is taken, and nothing is kept. Only for a trader
  // who may analyse (email confirmed, trial or Premium), one picture at a time: each costs the
  // engine's time, which analyses share.
  const locating = new Set<string>();
  const locate = async (c: Context<AppEnv>) => {
    let parts: Record<string, string | File | (string | File)[]>;
    try {
      parts = await c.req.parseBody({ all: true });
    } catch {
      throw new ApiError(400, 'INVALID_UPLOAD', NO_IMAGE_MESSAGE);
    }
    const file = parts.chartImage;
    if (Array.isArray(file)) throw new ApiError(400, 'INVALID_UPLOAD', ONE_IMAGE_MESSAGE);
    if (!(file instanceof File)) throw new ApiError(400, 'NO_IMAGE', NO_IMAGE_MESSAGE);
    const image = await checkUpload(Buffer.from(await file.arrayBuffer()));
    try {
      const found = await engine.locate(image.bytes);
      c.header('Cache-Control', 'no-store');
      return c.json({ image: found.image, chart: found.chart, plot: found.plot } satisfies ChartLocationResponse);
    } catch (error) {
      if (error instanceof EngineError) throw new ApiError(400, 'UNREADABLE_IMAGE', UPLOAD_UNREADABLE_MESSAGE);
      throw error;
    }
  };
  routes.post('/locate', uploadBodyLimit(), async (c) => {
    const user = c.get('user') as SessionUser;
    if (!user.emailVerified) throw new ApiError(403, 'EMAIL_UNCONFIRMED', EMAIL_UNCONFIRMED_MESSAGE);
    const state = await getSubscriptionState(c.get('db'), user);
    if (!state.hasAccess) {
      throw new ApiError(
        403,
        'ACCESS_EXPIRED',
        state.subscriptionEndDate ? PREMIUM_EXPIRED_MESSAGE : trialExpiredMessage(),
      );
    }
    if (locating.has(user.id)) throw new ApiError(429, 'LOCATE_BUSY', LOCATE_BUSY_MESSAGE);
    locating.add(user.id);
    try {
      return await locate(c);
    } finally {
      locating.delete(user.id);
    }
  });

  routes.post('/', uploadBodyLimit(), async (c) => {
    const user = c.get('user') as SessionUser;
    if (!user.emailVerified) throw new ApiError(403, 'EMAIL_UNCONFIRMED', EMAIL_UNCONFIRMED_MESSAGE);
    const db = c.get('db');
    const { env } = c.get('deps');
    let parts: Record<string, string | File | (string | File)[]>;
    try {
      parts = await c.req.parseBody({ all: true });
    } catch {
      throw new ApiError(400, 'INVALID_UPLOAD', NO_IMAGE_MESSAGE);
    }
    // Exactly one of each field: a second image would be read by nobody, yet uploaded and checked.
    if (Object.values(parts).some(Array.isArray)) {
      throw new ApiError(400, 'INVALID_UPLOAD', ONE_IMAGE_MESSAGE);
    }
    const form = parts as Record<string, string | File>;
    const file = form.chartImage;
    if (!(file instanceof File)) throw new ApiError(400, 'NO_IMAGE', NO_IMAGE_MESSAGE);
    const settingsParsed = AnalysisSettingsSchema.safeParse({
      timeFrame: form.timeFrame,
      riskReward: form.riskReward,
      capitalSize: form.capitalSize,
      lotSize: form.lotSize,
      tradingStrategy: form.tradingStrategy,
      symbol: form.symbol,
      pipSize: form.pipSize,
      contractSize: form.contractSize,
    });
    if (!settingsParsed.success) {
      throw new ApiError(400, 'VALIDATION_FAILED', 'The analysis settings are not valid.', settingsParsed.error.issues);
    }
    const settings = settingsParsed.data;
    const cropParsed = form.crop === undefined || form.crop === '' ? null : CropSchema.safeParse(form.crop);
    if (cropParsed && !cropParsed.success) {
      throw new ApiError(400, 'VALIDATION_FAILED', 'The chart area is not valid.', cropParsed.error.issues);
    }
    const crop = cropParsed?.data ?? null;
    // The trader's own scale and/or last price for a chart PipLens misread or refused.
    const correctionParsed =
      form.correction === undefined || form.correction === '' ? null : parseCorrection(form.correction);
    if (correctionParsed && !correctionParsed.ok)
      throw new ApiError(400, 'CORRECTION_INVALID', correctionParsed.message);
    const correction = correctionParsed?.correction ?? null;
    const upload = await checkUpload(Buffer.from(await file.arrayBuffer()));
    // The trader's crop is analysed; its findings are put back in the upload's pixels below.
    const box = crop ? cropBox(crop, upload) : null;
    const image = box ? await cropImage(upload, box) : upload;

    const state = await getSubscriptionState(db, user);
    if (!state.hasAccess) {
      throw new ApiError(
        403,
        'ACCESS_EXPIRED',
        state.subscriptionEndDate ? PREMIUM_EXPIRED_MESSAGE : trialExpiredMessage(),
      );
    }
    const uploadSha256 = sha256(upload.bytes);
    const cropped = analysedIdentity(uploadSha256, crop);
    const imageSha256 = correction ? `${cropped}:${correctionField(correction)}` : cropped;
    // A re-run on a crop of an upload analysed in the last minutes is part of that analysis: the
    // server's signed grant says so (bound to this trader and these bytes), and no slot is taken.
    // A grant covers a few re-runs, not every crop of a screenshot holding many charts (each one
    // is a reading, and the models' time): past MAX_RERUNS, a re-run is an analysis like any other.
    const granted = rerunGranted(env.APP_SECRET, form.rerunToken, user.id, uploadSha256);
    const rerun =
      granted &&
      (await countAnalysesOfUpload(db, user.id, uploadSha256, new Date(Date.now() - RERUN_WINDOW_MS))) <= MAX_RERUNS;
    // The grant a re-run came with goes back with its answer, its time unchanged.
    const kept =
      rerun && typeof form.rerunToken === 'string'
        ? { rerunToken: form.rerunToken, rerunUntil: new Date(Number(form.rerunToken.split('.')[0])).toISOString() }
        : null;
    // A cached answer takes no slot, so it gives no new grant (or a trader could renew one all
    // day by sending the same upload again).
    const cached = await findRecentSame(db, user.id, imageSha256, settings);
    if (cached) return c.json({ ...cached, cached: true, ...(kept ?? {}) });

    const takesSlot = !state.isSubscribed && !rerun;
    if (takesSlot && !(await reserveDailySlot(db, user.id, FREE_DAILY_ANALYSES))) {
      throw new ApiError(429, 'DAILY_LIMIT', dailyLimitMessage());
    }
    // Only an analysis that took its slot (or a Premium one, which takes none) opens a grant.
    const grant = kept ?? rerunGrant(env.APP_SECRET, user.id, uploadSha256);
    const jobId = typeof form.jobId === 'string' && /^[\w-]{8,64}$/.test(form.jobId) ? form.jobId : randomUUID();
    const job: AnalysisJobInput = {
      userId: user.id,
      settings,
      imageSha256,
      image,
      upload: { width: upload.width, height: upload.height },
      box,
      correction,
    };
    // The thumbnail is made while the engine reads the chart; a failed job never waits for it.
    const thumbnail = makeThumbnail(upload.bytes);
    thumbnail.catch(() => undefined);

    if (jobs) {
      // With the worker tier, a worker reads the chart and stores the answer; the slot goes back
      // there if the job fails, so a web instance that stops does not lose or double it.
      let queued: string;
      try {
        queued = await jobs.enqueue(db, {
          ...job,
          clientJobId: jobId,
          premium: state.isSubscribed,
          takesSlot,
          thumbnail: await thumbnail,
        });
      } catch (error) {
        if (takesSlot) await releaseDailySlot(db, user.id);
        throw error;
      }
      const outcome = await jobs.outcome(db, queued);
      if (outcome.engineMs !== null) c.header('Server-Timing', `engine;dur=${outcome.engineMs.toFixed(1)}`);
      return c.json({ ...outcome.stored, cached: false, ...grant });
    }

    try {
      const run = await queue.run(
        { id: jobId, userId: user.id, premium: state.isSubscribed },
        (setStage, releaseSlot) =>
          analyseUpload({ env, engine, logger: c.get('logger'), cooldowns: databaseCooldowns(db) }, job, {
            setStage,
            releaseSlot,
          }),
      );
      const { engineMs, ...recorded } = run;
      const stored = await storeAnalysis(db, {
        userId: user.id,
        thumbnail: await thumbnail,
        imageSha256,
        settings,
        ...recorded,
      });
      c.header('Server-Timing', `engine;dur=${engineMs.toFixed(1)}`);
      return c.json({ ...stored, cached: false, ...grant });
    } catch (error) {
      // A failed analysis gives its slot back.
      if (takesSlot) await releaseDailySlot(db, user.id);
      // The engine's refusal is kept for the admin's review; a failure to keep it is logged and the
      // trader gets the refusal all the same.
      if (error instanceof RefusedReading) {
        await recordRefusal(db, user.id, error.refusal).catch((e: unknown) => {
          c.get('logger').warn({ err: e }, 'engine refusal not recorded');
        });
      }
      throw error;
    }
  });

  routes.openapi(jobStageRoute, async (c) => {
    const userId = (c.get('user') as SessionUser).id;
    const { jobId } = c.req.valid('param');
    const stage = jobs ? await jobs.stageOf(c.get('db'), jobId, userId) : queue.stageOf(jobId, userId);
    c.header('Cache-Control', 'no-store');
    return stage ? c.json(stage, 200) : c.json({ error: { code: 'NOT_FOUND', message: 'No such analysis job' } }, 404);
  });

  return routes;
}
