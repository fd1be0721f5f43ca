/**
 * The PipLens app in this process for the API benches: engine only, silent logs, an in-memory
 * database (or, with `onDisk`, the embedded database in DATA_DIR as `npm start` keeps it).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApp } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/client';
import { eq } from 'drizzle-orm';
import { subscriptions, user as users } from '../../src/server/db/schema';
import { parseEnv } from '../../src/server/env';
import { createEnginePool, type ChartEngine } from '../../src/server/features/analysis/engine-pool';
import { createMailer } from '../../src/server/lib/mailer';
import { createLogger } from '../../src/server/logger';

export async function createBenchApp(overrides: Record<string, string> = {}, options: { engine?: ChartEngine; onDisk?: boolean } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'piplens-bench-'));
  const env = parseEnv({
    DATA_DIR: dataDir,
    APP_SECRET: 'bench-secret-bench-secret-bench-secret',
    LOG_LEVEL: 'silent',
    PORT: '0',
    ...overrides,
  });
  const database = await openDatabase(options.onDisk ? { dataDir: env.DATA_DIR } : { memory: true });
  const logger = createLogger('silent');
  const mailer = createMailer({ from: env.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox'), logger });
  // The engine in its pool of threads, as the server runs it (the caller's, or one of the server's default size).
  const ownEngine = options.engine ? null : createEnginePool({ threads: env.ENGINE_THREADS });
  const engine = options.engine ?? (ownEngine as ChartEngine);
  const { app } = createApp({ env, database, logger, mailer, engine });
  let count = 0;

  /** A signed-up trader with a confirmed address (a subscriber when `premium`), as the session cookie to send. */
  async function newTrader(premium: boolean): Promise<string> {
    count += 1;
    const email = `bench${count}-${Date.now()}@example.com`;
    const password = 'bench-password-1';
    const post = (pathname: string, body: unknown) =>
      app.request(`${env.APP_URL}${pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: env.APP_URL },
        body: JSON.stringify(body),
      });
    const signUp = await post('/api/auth/sign-up/email', { name: 'Bench Trader', email, password });
    if (signUp.status !== 200) throw new Error(`sign-up failed with ${signUp.status}`);
    // The confirmation mail's link is not the subject here: the address is confirmed directly.
    const [row] = await database.db
      .update(users)
      .set({ emailVerified: true, confirmedAt: new Date() })
      .where(eq(users.email, email))
      .returning({ id: users.id });
    if (!row) throw new Error('the bench trader was not created');
    if (premium) {
      await database.db
        .insert(subscriptions)
        .values({ userId: row.id, status: 'active', provider: 'bench', currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000) });
    }
    const signIn = await post('/api/auth/sign-in/email', { email, password });
    if (signIn.status !== 200) throw new Error(`sign-in failed with ${signIn.status}`);
    return (signIn.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
  }

  async function close() {
    await ownEngine?.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }

  return { app, env, database, newTrader, close };
}
