import type { Database, Db } from '../db/client';
import type { Env } from '../env';
import type { ChartEngine } from '../features/analysis/engine-pool';
import type { AnalysisJobs } from '../features/analysis/analysis-jobs';
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
  /** The chart engine: its pool of worker threads (or a test's stand-in for it). */
  engine: ChartEngine;
  /** With DATABASE_URL: analyses queued in PostgreSQL for the workers; absent, they run in this process. */
  jobs?: AnalysisJobs;
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
