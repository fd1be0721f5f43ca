import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_SUPPORT_EMAIL } from '../shared/constants';

const CORES = Math.min(64, availableParallelism());
const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyAsUndefined, z.url().optional());
/** 'a, b,,c' → ['a', 'b', 'c'], each trimmed, normalised and then checked by `item`. */
const commaList = (normalise: (entry: string) => string, item: z.ZodType<string, string>) =>
  z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .default('')
      .transform((raw) =>
        raw
          .split(',')
          .map((entry) => normalise(entry.trim()))
          .filter(Boolean),
      )
      .pipe(z.array(item)),
  );

/**
 * Model defaults, checked against the providers' model lists (November 2026; gemini-2.0 and 2.5
 * are shut down): Gemini 3.5 Flash-Lite, a stable (GA) model with image input and
 * responseJsonSchema, fast enough for the deadline; on OpenRouter, Qwen VL Max (model 2, the Qwen
 * vision model SPEC names) and Gemini 3.1 Flash Lite (model 3, GA).
 */
export const DEFAULT_GEMINI_MODEL = 'gemini-3.5-flash-lite';
export const DEFAULT_OPENROUTER_MODELS = 'qwen/qwen-vl-max,google/gemini-3.1-flash-lite';

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
    HOST: z.preprocess(emptyAsUndefined, z.string().min(1).default('127.0.0.1')),
    DATA_DIR: z.preprocess(emptyAsUndefined, z.string().min(1).default('./data')),
    DATABASE_URL: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
        .optional(),
    ),
    APP_URL: optionalUrl,
    APP_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
    ADMIN_EMAILS: commaList((email) => email.toLowerCase(), z.email()),
    /** Reverse proxies whose X-Forwarded-For is believed (exact addresses, comma-separated). */
    TRUSTED_PROXIES: commaList(
      (address) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, ''),
      z.union([z.ipv4(), z.ipv6()]),
    ),
    SUPPORT_EMAIL: z.preprocess(emptyAsUndefined, z.email().default(DEFAULT_SUPPORT_EMAIL)),
    SMTP_URL: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
        .optional(),
    ),
    MAIL_FROM: z.preprocess(emptyAsUndefined, z.string().default('PipLens <no-reply@piplens.app>')),
    GEMINI_API_KEY: optionalString,
    GEMINI_MODEL: z.preprocess(emptyAsUndefined, z.string().default(DEFAULT_GEMINI_MODEL)),
    GEMINI_BASE_URL: z.preprocess(
      emptyAsUndefined,
      z.url().default('https://generativelanguage.googleapis.com'),
    ),
    OPENROUTER_API_KEY: optionalString,
    OPENROUTER_MODELS: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .default(DEFAULT_OPENROUTER_MODELS)
        .transform((raw) =>
          raw
            .split(',')
            .map((model) => model.trim())
            .filter(Boolean),
        ),
    ),
    OPENROUTER_BASE_URL: z.preprocess(emptyAsUndefined, z.url().default('https://openrouter.ai/api/v1')),
    PAYMENTS_MODE: z.preprocess(emptyAsUndefined, z.enum(['live', 'sandbox']).optional()),
    /** Serve the client's source maps (default: outside production only). */
    SERVE_SOURCE_MAPS: z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).transform((v) => v === 'true').optional()),
    FLUTTERWAVE_PUBLIC_KEY: optionalString,
    FLUTTERWAVE_SECRET_KEY: optionalString,
    FLUTTERWAVE_ENCRYPTION_KEY: optionalString,
    FLUTTERWAVE_WEBHOOK_HASH: optionalString,
    FLUTTERWAVE_BASE_URL: z.preprocess(emptyAsUndefined, z.url().default('https://api.flutterwave.com')),
    FLUTTERWAVE_SCRIPT_URL: z.preprocess(emptyAsUndefined, z.url().default('https://checkout.flutterwave.com/v3.js')),
    LOG_LEVEL: z.preprocess(
      emptyAsUndefined,
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ),
    /** One model call's limit, and the whole analysis's: after the deadline the engine's answer is given. */
    AI_TIMEOUT_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(100).max(300_000).default(15_000)),
    AI_DEADLINE_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(100).max(300_000).default(20_000)),
    /** Charts read at the same time (the rest wait in the priority queue): one per core by default. */
    ANALYSIS_CONCURRENCY: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(64).default(CORES)),
    /**
     * What this process does: `all` (default) serves the app and runs analyses; with DATABASE_URL,
     * `web` serves the app and queues analyses, `worker` runs the queued analyses.
     */
    ROLE: z.preprocess(emptyAsUndefined, z.enum(['all', 'web', 'worker']).default('all')),
    /** With DATABASE_URL: after this long a job whose worker went silent is run by another worker. */
    JOB_TIMEOUT_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(2).max(3600).default(60)),
    /** Threads of the engine's worker pool; unset: `defaultEngineThreads(ROLE)`. */
    ENGINE_THREADS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(64).optional()),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && env.PAYMENTS_MODE === 'sandbox') {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENTS_MODE'],
        message: 'sandbox payments are refused in production; set PAYMENTS_MODE=live',
      });
    }
    if (env.DATABASE_URL && env.JOB_TIMEOUT_SECONDS * 1000 < env.AI_DEADLINE_MS + 5000) {
      ctx.addIssue({
        code: 'custom',
        path: ['JOB_TIMEOUT_SECONDS'],
        message: 'must leave an analysis its AI_DEADLINE_MS and 5 seconds more, or running jobs are taken for lost',
      });
    }
    if (env.ROLE !== 'all' && !env.DATABASE_URL) {
      ctx.addIssue({ code: 'custom', path: ['ROLE'], message: `${env.ROLE} needs DATABASE_URL (the job queue lives in PostgreSQL)` });
    }
    if (env.NODE_ENV === 'production' && !env.APP_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['APP_SECRET'], message: 'is required in production' });
    }
  });

export type RawEnv = z.infer<typeof EnvSchema>;
export type Env = Omit<RawEnv, 'APP_SECRET' | 'PAYMENTS_MODE' | 'APP_URL' | 'SERVE_SOURCE_MAPS' | 'ENGINE_THREADS'> & {
  ENGINE_THREADS: number;
  APP_SECRET: string;
  PAYMENTS_MODE: 'live' | 'sandbox';
  SERVE_SOURCE_MAPS: boolean;
  APP_URL: string;
};

/**
 * A worker gives the engine every core. A process that also serves HTTP keeps one core for its event
 * loop (sign-in, pages, history, health, and the embedded database, which runs on that thread):
 * with as many engine threads as cores, the event loop waits for the engine's threads to be
 * descheduled, and every other request with it.
 */
export const defaultEngineThreads = (role: RawEnv['ROLE'], cores = CORES) => (role === 'worker' ? cores : Math.max(1, cores - 1));

/** Whether the server listens only on this machine (127.0.0.0/8, ::1, localhost). */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Outside production a missing APP_SECRET is generated once and kept in DATA_DIR, so sessions survive restarts. */
function secretFromDataDir(dataDir: string): string {
  const file = path.join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    throw new EnvError(parsed.error.issues.map((issue) => `${issue.path.join('.') || 'env'}: ${issue.message}`));
  }
  const raw = parsed.data;
  const dataDir = path.resolve(raw.DATA_DIR);
  return {
    ...raw,
    DATA_DIR: dataDir,
    APP_SECRET: raw.APP_SECRET ?? secretFromDataDir(dataDir),
    // The sandbox lets anyone grant themselves Premium: only where asked for, or on a loopback address.
    PAYMENTS_MODE: raw.PAYMENTS_MODE ?? (raw.NODE_ENV !== 'production' && isLoopback(raw.HOST) ? 'sandbox' : 'live'),
    SERVE_SOURCE_MAPS: raw.SERVE_SOURCE_MAPS ?? raw.NODE_ENV !== 'production',
    ENGINE_THREADS: raw.ENGINE_THREADS ?? defaultEngineThreads(raw.ROLE),
    APP_URL: (raw.APP_URL ?? `http://${raw.HOST}:${raw.PORT}`).replace(/\/$/, ''),
  };
}

/** The only place that reads process.env on the server. */
export function loadEnv(): Env {
  // eslint-disable-next-line no-restricted-properties -- the env module is the one sanctioned reader
  return parseEnv(process.env);
}
