import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ReadingTrace } from '../../shared/engine-trace';
import type { TradePlan } from '../../shared/journal';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

// --- Tables owned by better-auth (names and fields as its drizzle adapter expects) ---

export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  role: text('role').notNull().default('user'),
  /** When the address was first confirmed: the trial starts then. */
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** When the password was last set through a link mailed to the address (a reset): the admin role needs it. */
  passwordFromInboxAt: timestamp('password_from_inbox_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

// --- PipLens's own tables ---

/** Failed login attempts, keyed by 'email:<address>' or 'ip:<address>', for throttling. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    key: text('key').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
    /** The attempt a row was reserved for (one attempt reserves a row under each of its keys). */
    attemptId: text('attempt_id'),
  },
  (t) => [
    index('login_attempts_key_time_idx').on(t.key, t.attemptedAt),
    index('login_attempts_attempt_idx').on(t.attemptId),
  ],
);

export const subscriptions = pgTable('subscriptions', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  status: text('status').notNull(),
  provider: text('provider').notNull(),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const payments = pgTable(
  'payments',
  {
    txRef: text('tx_ref').primaryKey(),
    transactionId: text('transaction_id').unique(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    raw: jsonb('raw'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('payments_user_id_idx').on(t.userId)],
);

export const dailyUsage = pgTable(
  'daily_usage',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

export const analyses = pgTable(
  'analyses',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    settings: jsonb('settings').notNull(),
    result: jsonb('result').notNull(),
    chart: jsonb('chart'),
    modelName: text('model_name').notNull(),
    providersTried: jsonb('providers_tried').notNull().default(sql`'[]'::jsonb`),
    imageSha256: text('image_sha256').notNull(),
    saved: boolean('saved').notNull().default(false),
    shareToken: text('share_token').unique(),
    /** False for an engine answer given because the models were down: never reused for the same image. */
    final: boolean('final').notNull().default(true),
    /**
     * The engine's record of its reading (attempts, stages, decisions; never pixels): its answer's,
     * or its refusal's when a model answered instead. Null where the engine kept none.
     */
    engineTrace: jsonb('engine_trace').$type<ReadingTrace>(),
  },
  (t) => [
    index('analyses_user_created_idx').on(t.userId, t.createdAt),
    index('analyses_user_image_idx').on(t.userId, t.imageSha256),
    // The admin's review of the engine reads the last days of every trader's analyses.
    index('analyses_created_idx').on(t.createdAt),
  ],
);

/**
 * A reading the engine refused that left no analysis (not a chart, or nothing else could read it):
 * its rule id and trace, for the admin's review of the engine. The picture is never kept.
 */
export const engineRefusals = pgTable(
  'engine_refusals',
  {
    id: text('id').primaryKey(),
    createdAt: createdAt(),
    /** Kept apart from the trader: null once their account is gone. */
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    /** The refusal's stable rule id, such as `last-price/tag-unreached`. */
    rule: text('rule').notNull(),
    /** The code the trader was answered with (NOT_A_CHART, AXIS_UNREADABLE, ...). */
    code: text('code').notNull(),
    trace: jsonb('trace').$type<ReadingTrace>(),
  },
  (t) => [index('engine_refusals_created_idx').on(t.createdAt)],
);

/** A model not to ask until `until` (a rate limit, a used-up quota): shared by every process on the database. */
export const modelCooldowns = pgTable('model_cooldowns', {
  model: text('model').primaryKey(),
  until: timestamp('until', { withTimezone: true }).notNull(),
  reason: text('reason').notNull(),
  updatedAt: updatedAt(),
});

export const chartThumbnails = pgTable('chart_thumbnails', {
  analysisId: text('analysis_id')
    .primaryKey()
    .references(() => analyses.id, { onDelete: 'cascade' }),
  webp: bytea('webp').notNull(),
});

export const feedback = pgTable('feedback', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  ipAddress: text('ip_address'),
  createdAt: createdAt(),
});

export const settingsSecrets = pgTable('settings_secrets', {
  name: text('name').primaryKey(),
  ciphertext: text('ciphertext').notNull(),
  updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

export const auditLog = pgTable('audit_log', {
  id: text('id').primaryKey(),
  actorId: text('actor_id'),
  action: text('action').notNull(),
  detail: jsonb('detail'),
  createdAt: createdAt(),
});

/**
 * An analysis handed to the worker tier (with DATABASE_URL): the web instance that took the upload
 * writes it, a worker reads the chart and writes the stage and the outcome, and any web instance
 * answers the polling from here. The queue itself is pg-boss's (its own schema); the picture is
 * kept only until the job is settled.
 */
export const analysisJobs = pgTable(
  'analysis_jobs',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The id the browser polls with; unique per user only. */
    clientJobId: text('client_job_id').notNull(),
    premium: boolean('premium').notNull(),
    /** The UTC day whose free slot this job holds, or null when it takes none. */
    slotDay: date('slot_day'),
    /** The picture the engine reads (the crop when there is one) and what is needed to store the answer. */
    image: bytea('image'),
    input: jsonb('input').notNull(),
    thumbnail: bytea('thumbnail'),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] }).notNull().default('queued'),
    stage: jsonb('stage').notNull(),
    /** Which worker process runs it (host:pid), for operators. */
    worker: text('worker'),
    analysisId: text('analysis_id').references(() => analyses.id, { onDelete: 'set null' }),
    error: jsonb('error'),
    engineMs: integer('engine_ms'),
    /** The engine's trace of its reading, kept when the job is settled (the picture is not). */
    engineTrace: jsonb('engine_trace').$type<ReadingTrace>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('analysis_jobs_user_client_idx').on(t.userId, t.clientJobId), index('analysis_jobs_status_idx').on(t.status)],
);

/**
 * The trade journal: a trade taken (or a plan skipped) from one of the trader's analyses. The
 * plan is copied in (action, confidence, who answered, its levels) so the record stays whole when
 * the history is cleared. `version` grows with every change: an edit or a close carries the
 * version its tab saw, and the second of two tabs is told instead of overwriting the first.
 */
export const trades = pgTable(
  'trades',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    analysisId: text('analysis_id').references(() => analyses.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['open', 'closed', 'skipped'] }).notNull(),
    direction: text('direction', { enum: ['buy', 'sell'] }),
    symbol: text('symbol'),
    pipSize: doublePrecision('pip_size'),
    contractSize: doublePrecision('contract_size'),
    timeFrame: text('time_frame').notNull(),
    strategy: text('strategy').notNull(),
    entry: doublePrecision('entry'),
    stop: doublePrecision('stop'),
    target: doublePrecision('target'),
    lotSize: doublePrecision('lot_size'),
    plan: jsonb('plan').$type<TradePlan>().notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    outcome: text('outcome', { enum: ['target', 'stop', 'manual'] }),
    exitPrice: doublePrecision('exit_price'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    notes: text('notes').notNull().default(''),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('trades_user_opened_idx').on(t.userId, t.openedAt),
    // One journal entry per analysis: a double click or a second tab cannot take the same plan twice.
    uniqueIndex('trades_analysis_idx').on(t.analysisId),
  ],
);

/** Pictures a trader keeps with a trade (before, during, after), stored as the chart thumbnails are. */
export const tradePhotos = pgTable(
  'trade_photos',
  {
    id: text('id').primaryKey(),
    tradeId: text('trade_id')
      .notNull()
      .references(() => trades.id, { onDelete: 'cascade' }),
    phase: text('phase', { enum: ['before', 'during', 'after'] }).notNull(),
    webp: bytea('webp').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('trade_photos_trade_idx').on(t.tradeId)],
);
