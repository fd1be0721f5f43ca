import type { Database, Db } from '../db/client';
import type { Env } from '../env';
import type { ChartEngine } from '../features/analysis/engine-pool';
import type { DatabaseJobs } from '../features/analysis/job-queue';
import type { Logger } from '../logger';
import type { Mailer } from './mailer';

/** Everything the app needs from the outside, made once at start (or per test). */
export interface AppDeps {
  env: Env;
  database: Database;
  logger: Logger;
  mailer: Mailer;
  /** Where the built web app lives; absent in API-only tests. */
  webRoot?: string;
  /** The chart engine: the server's worker pool; absent, the engine runs on this thread (tests, benches). */
  engine?: ChartEngine;
  /** With DATABASE_URL and the worker tier: analyses are queued in PostgreSQL for the workers. */
  jobs?: DatabaseJobs;
}

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: string;
  createdAt: Date;
  emailVerified: boolean;
  /** When the address was first confirmed (the trial's start); null until then. */
  confirmedAt: Date | null;
}

export type AppEnv = {
  Variables: {
    requestId: string;
    logger: Logger;
    db: Db;
    deps: AppDeps;
    user: SessionUser | null;
    sessionId: string | null;
  };
};
