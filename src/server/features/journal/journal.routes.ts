import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { stringify } from 'csv-stringify/sync';
import {
  CloseTradeSchema,
  EditTradeSchema,
  JournalFilterSchema,
  JournalSchema,
  PhotoPhaseSchema,
  TakeTradeSchema,
  TradeSchema,
  type Trade,
} from '../../../shared/journal';
import { requireUser } from '../../auth/guards';
import type { AppEnv, SessionUser } from '../../lib/context';
import { ApiError } from '../../lib/errors';
import { createRouter, errorResponse, jsonResponse } from '../../lib/openapi';
import { checkUpload, NO_IMAGE_MESSAGE, ONE_IMAGE_MESSAGE, uploadBodyLimit } from '../analysis/upload';
import {
  addPhoto,
  closeTrade,
  deletePhoto,
  deleteTrade,
  editTrade,
  findPhoto,
  JournalError,
  loadJournal,
  takeTrade,
  tradesForExport,
  type JournalErrorReason,
} from './journal.service';

/** How each refusal of the journal reaches the trader. */
const REFUSALS: Record<JournalErrorReason, { status: ContentfulStatusCode; code: string }> = {
  'not-found': { status: 404, code: 'NOT_FOUND' },
  'not-yours': { status: 403, code: 'NOT_YOURS' },
  'access-needed': { status: 403, code: 'ACCESS_NEEDED' },
  premium: { status: 403, code: 'PREMIUM_REQUIRED' },
  already: { status: 409, code: 'ALREADY_IN_JOURNAL' },
  changed: { status: 409, code: 'TRADE_CHANGED' },
  invalid: { status: 400, code: 'TRADE_INVALID' },
};

const toApiError = (error: unknown): never => {
  if (!(error instanceof JournalError)) throw error;
  const { status, code } = REFUSALS[error.reason];
  throw new ApiError(status, code, error.message, error.problems.length ? error.problems : undefined);
};

const IdParams = z.object({ id: z.string().min(1).max(100) });
const json = <T extends z.ZodType>(schema: T) => ({ body: { content: { 'application/json': { schema } }, required: true } });
const signedIn = { middleware: [requireUser] };
const notSignedIn = { 401: errorResponse('Not signed in') };

const journalRoute = createRoute({
  ...signedIn,
  method: 'get',
  path: '/',
  summary: "The trader's journal under a filter: trades, the period's figures and PipLens's confidence record",
  request: { query: JournalFilterSchema },
  responses: { 200: jsonResponse(JournalSchema, 'The journal'), ...notSignedIn },
});

const exportRoute = createRoute({
  ...signedIn,
  method: 'get',
  path: '/trades.csv',
  summary: 'The trades under a filter as CSV (Premium)',
  request: { query: JournalFilterSchema },
  responses: {
    200: { description: 'CSV, one row per trade', content: { 'text/csv': { schema: z.string() } } },
    ...notSignedIn,
    403: errorResponse('Export is a Premium feature'),
  },
});

const takeRoute = createRoute({
  ...signedIn,
  method: 'post',
  path: '/trades',
  summary: '"I took this trade" or "I skipped it" on one of the trader\'s analyses',
  request: json(TakeTradeSchema),
  responses: {
    201: jsonResponse(TradeSchema, 'The new journal entry'),
    400: errorResponse('Levels, size or times that cannot be'),
    ...notSignedIn,
    403: errorResponse("Another trader's analysis, or a trial that has ended"),
    404: errorResponse('No such analysis'),
    409: errorResponse('The analysis is already in the journal'),
  },
});

const changed = {
  400: errorResponse('Levels, size, outcome or times that cannot be'),
  ...notSignedIn,
  404: errorResponse('No such trade in the journal'),
  409: errorResponse('Changed meanwhile in another tab or device'),
};

const editRoute = createRoute({
  ...signedIn,
  method: 'patch',
  path: '/trades/{id}',
  summary: "Edit a trade at the version the trader saw",
  request: { params: IdParams, ...json(EditTradeSchema) },
  responses: { 200: jsonResponse(TradeSchema, 'The trade as it is now'), ...changed },
});

const closeRoute = createRoute({
  ...signedIn,
  method: 'post',
  path: '/trades/{id}/close',
  summary: 'Close an open trade: at its target, at its stop, or by hand at a price',
  request: { params: IdParams, ...json(CloseTradeSchema) },
  responses: { 200: jsonResponse(TradeSchema, 'The closed trade with its result'), ...changed },
});

const deleteRoute = createRoute({
  ...signedIn,
  method: 'delete',
  path: '/trades/{id}',
  summary: 'Delete a trade and its pictures',
  request: { params: IdParams },
  responses: { 204: { description: 'Deleted' }, ...notSignedIn, 404: errorResponse('No such trade in the journal') },
});

const addPhotoRoute = createRoute({
  middleware: [requireUser, uploadBodyLimit()],
  method: 'post',
  path: '/trades/{id}/photos',
  summary: 'Keep a picture with a trade (PNG or JPEG, checked as a chart upload is)',
  request: {
    params: IdParams,
    body: {
      content: { 'multipart/form-data': { schema: z.object({ photo: z.any(), phase: PhotoPhaseSchema }) } },
      required: true,
    },
  },
  responses: {
    201: jsonResponse(TradeSchema, 'The trade with its pictures'),
    400: errorResponse('Not an image, or too many pictures'),
    ...notSignedIn,
    404: errorResponse('No such trade in the journal'),
    413: errorResponse('Over 5 MB'),
    415: errorResponse('Not a PNG or JPEG'),
  },
});

const PhotoParams = z.object({ photoId: z.string().min(1).max(100) });

const photoRoute = createRoute({
  ...signedIn,
  method: 'get',
  path: '/photos/{photoId}',
  summary: "One of the trader's trade pictures",
  request: { params: PhotoParams },
  responses: {
    200: { description: 'WebP picture', content: { 'image/webp': { schema: z.string() } } },
    ...notSignedIn,
    404: errorResponse('No such picture'),
  },
});

const deletePhotoRoute = createRoute({
  ...signedIn,
  method: 'delete',
  path: '/photos/{photoId}',
  summary: 'Delete one of a trade\'s pictures',
  request: { params: PhotoParams },
  responses: { 204: { description: 'Deleted' }, ...notSignedIn, 404: errorResponse('No such picture') },
});

const CSV_COLUMNS = [
  'id',
  'status',
  'symbol',
  'direction',
  'time_frame',
  'strategy',
  'opened_at',
  'entry',
  'stop',
  'target',
  'lot_size',
  'outcome',
  'exit_price',
  'closed_at',
  'r',
  'pips_or_points',
  'money_usd',
  'plan_action',
  'plan_confidence',
  'plan_source',
  'notes',
];

const csvRow = (t: Trade) => [
  t.id,
  t.status,
  t.symbol,
  t.direction,
  t.timeFrame,
  t.strategy,
  t.openedAt,
  t.entry,
  t.stop,
  t.target,
  t.lotSize,
  t.outcome,
  t.exitPrice,
  t.closedAt,
  t.figures ? t.figures.r.toFixed(4) : null,
  t.figures ? t.figures.pips.toFixed(2) : null,
  t.figures?.money == null ? null : t.figures.money.toFixed(2),
  t.plan.action,
  t.plan.confidence,
  t.plan.source,
  t.notes,
];

/** The picture of a multipart form: exactly one file, checked as a chart upload is. */
async function photoOf(c: Context<AppEnv>) {
  const body = await c.req.parseBody({ all: true });
  const file = body.photo;
  if (Array.isArray(file)) throw new ApiError(400, 'INVALID_UPLOAD', ONE_IMAGE_MESSAGE);
  if (!(file instanceof File)) throw new ApiError(400, 'NO_IMAGE', NO_IMAGE_MESSAGE);
  const phase = PhotoPhaseSchema.safeParse(body.phase);
  if (!phase.success) throw new ApiError(400, 'VALIDATION_FAILED', 'Say when the picture was taken: before, during or after the trade.');
  const checked = await checkUpload(Buffer.from(await file.arrayBuffer()));
  return { bytes: checked.bytes, phase: phase.data };
}

/**
 * The trade journal. Every route is the signed-in trader's own: another trader's trade or picture
 * is not found, and taking a trade from another trader's analysis is forbidden.
 */
export function journalRoutes() {
  const routes = createRouter();
  const who = (c: Context<AppEnv>) => c.get('user') as SessionUser;

  routes.openapi(journalRoute, async (c) => {
    const journal = await loadJournal(c.get('db'), who(c), c.req.valid('query'));
    c.header('Cache-Control', 'no-store');
    return c.json(journal, 200);
  });

  routes.openapi(exportRoute, async (c) => {
    const list = await tradesForExport(c.get('db'), who(c), c.req.valid('query')).catch(toApiError);
    const csv = stringify([CSV_COLUMNS, ...list.map(csvRow)]);
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="piplens-journal.csv"',
      'Cache-Control': 'no-store',
    });
  });

  routes.openapi(takeRoute, async (c) => c.json(await takeTrade(c.get('db'), who(c), c.req.valid('json')).catch(toApiError), 201));

  routes.openapi(editRoute, async (c) =>
    c.json(await editTrade(c.get('db'), who(c), c.req.valid('param').id, c.req.valid('json')).catch(toApiError), 200),
  );

  routes.openapi(closeRoute, async (c) =>
    c.json(await closeTrade(c.get('db'), who(c), c.req.valid('param').id, c.req.valid('json')).catch(toApiError), 200),
  );

  routes.openapi(deleteRoute, async (c) => {
    await deleteTrade(c.get('db'), who(c), c.req.valid('param').id).catch(toApiError);
    return c.body(null, 204);
  });

  routes.openapi(addPhotoRoute, async (c) => {
    const { bytes, phase } = await photoOf(c);
    return c.json(await addPhoto(c.get('db'), who(c), c.req.valid('param').id, bytes, phase).catch(toApiError), 201);
  });

  routes.openapi(photoRoute, async (c) => {
    const webp = await findPhoto(c.get('db'), who(c), c.req.valid('param').photoId);
    if (!webp) throw new ApiError(404, 'NOT_FOUND', 'No such picture in your journal.');
    return c.body(new Uint8Array(webp), 200, { 'Content-Type': 'image/webp', 'Cache-Control': 'private, max-age=86400' });
  });

  routes.openapi(deletePhotoRoute, async (c) => {
    await deletePhoto(c.get('db'), who(c), c.req.valid('param').photoId).catch(toApiError);
    return c.body(null, 204);
  });

  return routes;
}
