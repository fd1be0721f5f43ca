import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { openDatabase } from './db/client';
import { createEnginePool } from './features/analysis/engine-pool';
import { DatabaseJobs } from './features/analysis/job-queue';
import { EnvError, isLoopback, loadEnv, type Env } from './env';
import { keepConnectionsAlive } from './lib/keep-alive';
import { createMailer } from './lib/mailer';
import { createLogger } from './logger';

/** How often a stopping server closes the connections its finished requests left idle. */
const IDLE_SWEEP_MS = 100;

function findWebRoot(): string | undefined {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return [path.resolve(here, '../web'), path.resolve(here, '../../dist/web')].find((dir) =>
    existsSync(path.join(dir, 'index.html')),
  );
}

async function main() {
  let env: Env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(env.LOG_LEVEL);
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    onIdleClientError: (error) =>
      logger.warn({ err: error }, 'database connection dropped; it is replaced on the next query'),
  });
  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    outboxDir: path.join(env.DATA_DIR, 'outbox'),
    logger,
  });
  const serves = env.ROLE !== 'worker';
  const works = env.ROLE !== 'web';
  // With PostgreSQL, analyses go through its job queue, so web instances and workers can be many.
  const jobs = env.DATABASE_URL
    ? new DatabaseJobs({
        db: database.db,
        databaseUrl: env.DATABASE_URL,
        timeoutSeconds: env.JOB_TIMEOUT_SECONDS,
        logger,
      })
    : null;
  await jobs?.start();
  // The engine reads charts on its own threads: the event loop stays free for every other request.
  // A web instance only locates charts (no OCR) for the crop: one thread is enough there.
  const engine = createEnginePool({ threads: works ? env.ENGINE_THREADS : 1 });
  if (jobs && works) await jobs.work(env.ANALYSIS_CONCURRENCY, { db: database.db, env, engine, logger });

  let server: ReturnType<typeof serve> | null = null;
  if (serves) {
    const webRoot = findWebRoot();
    if (!webRoot) logger.warn('no built web app found: serving the API only (run npm run build)');
    const { app } = createApp({ env, database, logger, mailer, webRoot, engine, ...(jobs ? { jobs } : {}) });
    if (env.PAYMENTS_MODE === 'sandbox' && !isLoopback(env.HOST)) {
      logger.warn(
        { host: env.HOST },
        'sandbox payments on a public address: anyone who reaches it can grant themselves Premium',
      );
    }
    server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
      logger.info(
        {
          url: `http://${info.address}:${info.port}`,
          database: database.kind,
          payments: env.PAYMENTS_MODE,
          role: env.ROLE,
          engineThreads: works ? env.ENGINE_THREADS : 1,
        },
        `PipLens is listening; payments: ${env.PAYMENTS_MODE === 'sandbox' ? 'SANDBOX (simulated, anyone can grant themselves Premium)' : 'live (Flutterwave)'}`,
      );
    });
    if ('keepAliveTimeout' in server) keepConnectionsAlive(server);
  } else {
    logger.info(
      { database: database.kind, role: env.ROLE, threads: env.ENGINE_THREADS },
      'PipLens worker is taking analysis jobs',
    );
  }

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // A worker may finish its running jobs first; what it cannot finish in time goes to another worker.
    // A request in flight may be an analysis: on the worker tier it waits for its job (a job's time
    // is bounded by JOB_TIMEOUT_SECONDS), in one process for the engine and the models (bounded by
    // AI_DEADLINE_MS). Ten seconds alone would cut such a request and leave the trader no answer.
    const force = setTimeout(
      () => {
        logger.error('graceful shutdown timed out');
        process.exit(1);
      },
      (jobs ? env.JOB_TIMEOUT_SECONDS * 1000 : env.AI_DEADLINE_MS) + 10_000,
    );
    force.unref();
    // Stop accepting, let requests in flight finish (their charts are read by then), stop taking
    // jobs and finish the running ones, free the engine's threads, then close the database so
    // nothing committed is lost.
    const stopServing = new Promise<void>((resolve) => {
      if (!server) return resolve();
      const closing = server;
      // Idle connections are closed now, and each one whose request finishes while we wait as it
      // goes idle: kept alive, it would hold the stop for the whole keep-alive time.
      const sweep =
        'closeIdleConnections' in closing ? setInterval(() => closing.closeIdleConnections(), IDLE_SWEEP_MS) : null;
      closing.close(() => {
        if (sweep) clearInterval(sweep);
        resolve();
      });
      if ('closeIdleConnections' in closing) closing.closeIdleConnections();
    });
    void stopServing.then(async () => {
      try {
        await jobs?.stop();
        await engine.close();
        await database.close();
        logger.info('stopped cleanly');
        process.exit(0);
      } catch (error) {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      }
    });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('PipLens failed to start:', error);
  process.exit(1);
});
