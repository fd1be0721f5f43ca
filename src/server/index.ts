import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { openDatabase } from './db/client';
import { createEnginePool } from './features/analysis/engine-pool';
import { EnvError, isLoopback, loadEnv, type Env } from './env';
import { createMailer } from './lib/mailer';
import { createLogger } from './logger';

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
  const webRoot = findWebRoot();
  if (!webRoot) logger.warn('no built web app found: serving the API only (run npm run build)');
  // The engine reads charts on its own threads: the event loop stays free for every other request.
  const engine = createEnginePool({ threads: env.ENGINE_THREADS });
  const { app } = createApp({ env, database, logger, mailer, webRoot, engine });
  if (env.PAYMENTS_MODE === 'sandbox' && !isLoopback(env.HOST)) {
    logger.warn({ host: env.HOST }, 'sandbox payments on a public address: anyone who reaches it can grant themselves Premium');
  }

  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    logger.info(
      { url: `http://${info.address}:${info.port}`, database: database.kind, payments: env.PAYMENTS_MODE },
      `PipLens is listening; payments: ${env.PAYMENTS_MODE === 'sandbox' ? 'SANDBOX (simulated, anyone can grant themselves Premium)' : 'live (Flutterwave)'}`,
    );
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error('graceful shutdown timed out');
      process.exit(1);
    }, 10_000);
    force.unref();
    // Stop accepting, let requests in flight finish (their charts are read by then), free the
    // engine's threads, then close the database so nothing committed is lost.
    server.close(async () => {
      try {
        await engine.close();
        await database.close();
        logger.info('stopped cleanly');
        process.exit(0);
      } catch (error) {
        logger.error({ err: error }, 'database close failed');
        process.exit(1);
      }
    });
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('PipLens failed to start:', error);
  process.exit(1);
});
