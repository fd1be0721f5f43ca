/** The PipLens app in this process for the API benches: in-memory database, engine only, silent logs. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApp } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/client';
import { subscriptions } from '../../src/server/db/schema';
import { parseEnv } from '../../src/server/env';
import { createMailer } from '../../src/server/lib/mailer';
import { createLogger } from '../../src/server/logger';

export async function createBenchApp(overrides: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'piplens-bench-'));
  const env = parseEnv({
    DATA_DIR: dataDir,
    APP_SECRET: 'bench-secret-bench-secret-bench-secret',
    LOG_LEVEL: 'silent',
    PORT: '0',
    ANALYSIS_CONCURRENCY: '2',
    ...overrides,
  });
  const database = await openDatabase({ memory: true });
  const logger = createLogger('silent');
  const { app, queue } = createApp({ env, database, logger, mailer: createMailer({ from: env.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox'), logger }) });
  let users = 0;

  /** A signed-up trader (a subscriber when `premium`), as the session cookie to send. */
  async function newTrader(premium: boolean): Promise<string> {
    users += 1;
    const response = await app.request(`${env.APP_URL}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: env.APP_URL },
      body: JSON.stringify({ name: 'Bench Trader', email: `bench${users}-${Date.now()}@example.com`, password: 'bench-password-1' }),
    });
    const cookie = (response.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
    const { user } = (await response.json()) as { user: { id: string } };
    if (premium) {
      await database.db
        .insert(subscriptions)
        .values({ userId: user.id, status: 'active', provider: 'bench', currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000) });
    }
    return cookie;
  }

  async function close() {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }

  return { app, queue, env, database, newTrader, close };
}
