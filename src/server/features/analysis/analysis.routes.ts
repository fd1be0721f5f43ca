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
import {
  ChartLocationResponseSchema,
  CropSchema,
  RERUN_WINDOW_MS,
  type ChartLocationResponse,
} from '../../../shared/crop';
import { correctionField, parseCorrection } from '../../../shared/correction';
import { EngineError } from '../../../engine';
import { FREE_DAILY_ANALYSES } from '../../../shared/constants';
import { requireUser } from '../../auth/guards';
import type { AppEnv, SessionUser } from '../../lib/context';
import { ApiError } from '../../lib/errors';
import { createRouter, errorResponse, jsonResponse } from '../../lib/openapi';
import { getSubscriptionState } from '../billing/subscription.service';
import type { Db } from '../../db/client';
import { AnalysisFailure } from './analysis-failure';
import type { AnalysisJob, AnalysisJobs } from './analysis-jobs';
import { countAnalysesOfUpload, findRecentSame, makeThumbnail, sha256 } from './analysis.store';
import { analysedIdentity, cropBox, cropImage, rerunGrant, rerunGranted } from './crop';
import { reserveDailySlot } from './daily-usage';
import { TraderQueue } from './trader-queue';
import type { ChartEngine } from './engine-pool';
import {
  checkUpload,
  NO_IMAGE_MESSAGE,
  ONE_IMAGE_MESSAGE,
  UPLOAD_UNREADABLE_MESSAGE,
  uploadBodyLimit,
  type CheckedImage,
} from './upload';

/** Re-runs one grant covers: the first analysis of the upload and this many after it take one slot. */
export const MAX_RERUNS = 5;

/** Locates of one trader at a time: one at work and the next picture waiting behind it. */
export const LOCATES_PER_TRADER = 2;

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
    200: jsonResponse(ChartLocationResponseSchema, 'The picture size, and the chart and plot boxes found (or null)'),
    ...uploadErrors,
    429: errorResponse('Still locating the last two pictures'),
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

const FAILURE_STATUS = { 'bad-input': 400, unanswered: 422, lost: 503, internal: 500 } as const;

/** An analysis's failure as the API's answer. */
const failureAnswer = (failure: AnalysisFailure) =>
  new ApiError(FAILURE_STATUS[failure.reason], failure.code, failure.message, failure.details);

type UploadForm = Record<string, string | File>;

/** The upload's multipart form: exactly one of each field (a second image would be read by nobody). */
async function readUploadForm(c: Context<AppEnv>): Promise<{ form: UploadForm; file: File }> {
  let parts: Record<string, string | File | (string | File)[]>;
  try {
    parts = await c.req.parseBody({ all: true });
  } catch {
    throw new ApiError(400, 'INVALID_UPLOAD', NO_IMAGE_MESSAGE);
  }
  if (Object.values(parts).some(Array.isArray)) throw new ApiError(400, 'INVALID_UPLOAD', ONE_IMAGE_MESSAGE);
  const form = parts as UploadForm;
  const file = form.chartImage;
  if (!(file instanceof File)) throw new ApiError(400, 'NO_IMAGE', NO_IMAGE_MESSAGE);
  return { form, file };
}

const checkedUpload = async (file: File): Promise<CheckedImage> => checkUpload(Buffer.from(await file.arrayBuffer()));

/** The signed-in trader, with a confirmed address. */
function confirmedTrader(c: Context<AppEnv>): SessionUser {
  const user = c.get('user') as SessionUser;
  if (!user.emailVerified) throw new ApiError(403, 'EMAIL_UNCONFIRMED', EMAIL_UNCONFIRMED_MESSAGE);
  return user;
}

/** The trader's subscription state, when a trial or Premium is under way: they may analyse. */
async function analysisAccess(c: Context<AppEnv>, user: SessionUser) {
  const state = await getSubscriptionState(c.get('db'), user);
  if (!state.hasAccess) {
    throw new ApiError(
      403,
      'ACCESS_EXPIRED',
      state.subscriptionEndDate ? PREMIUM_EXPIRED_MESSAGE : trialExpiredMessage(),
    );
  }
  return state;
}

/** The settings, crop and correction of an analysis's form, each checked. */
function analysisRequest(form: UploadForm) {
  const settings = AnalysisSettingsSchema.safeParse({
    timeFrame: form.timeFrame,
    riskReward: form.riskReward,
    capitalSize: form.capitalSize,
    lotSize: form.lotSize,
    tradingStrategy: form.tradingStrategy,
    symbol: form.symbol,
    pipSize: form.pipSize,
    contractSize: form.contractSize,
  });
  if (!settings.success) {
    throw new ApiError(400, 'VALIDATION_FAILED', 'The analysis settings are not valid.', settings.error.issues);
  }
  const crop = form.crop === undefined || form.crop === '' ? null : CropSchema.safeParse(form.crop);
  if (crop && !crop.success)
    throw new ApiError(400, 'VALIDATION_FAILED', 'The chart area is not valid.', crop.error.issues);
  // The trader's own scale and/or last price for a chart PipLens misread or refused.
  const correction = form.correction === undefined || form.correction === '' ? null : parseCorrection(form.correction);
  if (correction && !correction.ok) throw new ApiError(400, 'CORRECTION_INVALID', correction.message);
  const rerunToken = typeof form.rerunToken === 'string' ? form.rerunToken : undefined;
  const jobId = typeof form.jobId === 'string' && /^[\w-]{8,64}$/.test(form.jobId) ? form.jobId : randomUUID();
  return {
    settings: settings.data,
    crop: crop?.data ?? null,
    correction: correction?.correction ?? null,
    rerunToken,
    jobId,
  };
}

/**
 * Analyses run through `jobs` (in this process, or on the worker tier with DATABASE_URL); the
 * route checks the request, takes the day's slot and answers with the job's outcome.
 */
export function analysisRoutes(jobs: AnalysisJobs, engine: ChartEngine) {
  const routes = createRouter();
  routes.use(requireUser);
  routes.openAPIRegistry.registerPath(locateDoc);
  routes.openAPIRegistry.registerPath(analyseDoc);

  // Where the chart is in a screenshot (the layout stage alone, no OCR), for the crop the dashboard
  // proposes before an analysis: no daily slot is taken, and nothing is kept. Only for a trader
  // who may analyse, one picture at a time: each costs the engine's time, which analyses share.
  // A trader who picks another picture at once has it located right after the last one.
  const locates = new TraderQueue(LOCATES_PER_TRADER, () => new ApiError(429, 'LOCATE_BUSY', LOCATE_BUSY_MESSAGE));
  routes.post('/locate', uploadBodyLimit(), async (c) => {
    const user = confirmedTrader(c);
    await analysisAccess(c, user);
    const found = await locates.run(user.id, async () => {
      const upload = await checkedUpload((await readUploadForm(c)).file);
      return engine.locate(upload.bytes).catch((error: unknown) => {
        throw error instanceof EngineError ? new ApiError(400, 'UNREADABLE_IMAGE', UPLOAD_UNREADABLE_MESSAGE) : error;
      });
    });
    c.header('Cache-Control', 'no-store');
    return c.json({ image: found.image, chart: found.chart, plot: found.plot } satisfies ChartLocationResponse);
  });

  routes.post('/', uploadBodyLimit(), async (c) => {
    const user = confirmedTrader(c);
    const db = c.get('db');
    const { env } = c.get('deps');
    const { form, file } = await readUploadForm(c);
    const { settings, crop, correction, rerunToken, jobId } = analysisRequest(form);
    const upload = await checkedUpload(file);
    // The trader's crop is analysed; its findings are put back in the upload's pixels.
    const box = crop ? cropBox(crop, upload) : null;
    const image = box ? await cropImage(upload, box) : upload;
    const state = await analysisAccess(c, user);

    const uploadSha256 = sha256(upload.bytes);
    const cropped = analysedIdentity(uploadSha256, crop);
    const imageSha256 = correction ? `${cropped}:${correctionField(correction)}` : cropped;
    const rerun = await rerunOf(db, env.APP_SECRET, user.id, uploadSha256, rerunToken);
    // A cached answer takes no slot, so it gives no new grant (or a trader could renew one all
    // day by sending the same upload again).
    const cached = await findRecentSame(db, user.id, imageSha256, settings);
    if (cached) return c.json({ ...cached, cached: true, ...(rerun ?? {}) });

    const takesSlot = !state.isSubscribed && !rerun;
    if (takesSlot && !(await reserveDailySlot(db, user.id, FREE_DAILY_ANALYSES))) {
      throw new ApiError(429, 'DAILY_LIMIT', dailyLimitMessage());
    }
    // Only an analysis that took its slot (or a Premium one, which takes none) opens a grant.
    const grant = rerun ?? rerunGrant(env.APP_SECRET, user.id, uploadSha256);
    // The thumbnail is made while the engine reads the chart; a failed job never waits for it.
    const thumbnail = makeThumbnail(upload.bytes);
    thumbnail.catch(() => undefined);
    const job: AnalysisJob = {
      userId: user.id,
      settings,
      imageSha256,
      image,
      upload: { width: upload.width, height: upload.height },
      box,
      correction,
      clientJobId: jobId,
      premium: state.isSubscribed,
      takesSlot,
      thumbnail,
    };
    // The job gives the slot back if it fails, wherever it runs.
    const outcome = await jobs
      .submit(job)
      .then((id) => jobs.outcome(id))
      .catch((error: unknown) => {
        throw error instanceof AnalysisFailure ? failureAnswer(error) : error;
      });
    if (outcome.engineMs !== null) c.header('Server-Timing', `engine;dur=${outcome.engineMs.toFixed(1)}`);
    return c.json({ ...outcome.stored, cached: false, ...grant });
  });

  routes.openapi(jobStageRoute, async (c) => {
    const userId = (c.get('user') as SessionUser).id;
    const { jobId } = c.req.valid('param');
    const stage = await jobs.stageOf(jobId, userId);
    c.header('Cache-Control', 'no-store');
    return stage ? c.json(stage, 200) : c.json({ error: { code: 'NOT_FOUND', message: 'No such analysis job' } }, 404);
  });

  return routes;
}

/**
 * A re-run on a crop of an upload analysed in the last minutes is part of that analysis: the
 * server's signed grant says so (bound to this trader and these bytes), and no slot is taken. A
 * grant covers a few re-runs, not every crop of a screenshot holding many charts (each one is a
 * reading, and the models' time): past MAX_RERUNS, a re-run is an analysis like any other. The
 * grant a re-run came with goes back with its answer, its time unchanged; null when no re-run.
 */
async function rerunOf(db: Db, secret: string, userId: string, uploadSha256: string, token: string | undefined) {
  if (!token || !rerunGranted(secret, token, userId, uploadSha256)) return null;
  const since = new Date(Date.now() - RERUN_WINDOW_MS);
  if ((await countAnalysesOfUpload(db, userId, uploadSha256, since)) > MAX_RERUNS) return null;
  return { rerunToken: token, rerunUntil: new Date(Number(token.split('.')[0])).toISOString() };
}
