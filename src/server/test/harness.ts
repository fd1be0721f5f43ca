import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { createApp } from '../app';
import { openDatabase, type Database } from '../db/client';
import { user } from '../db/schema';
import { parseEnv, type Env } from '../env';
import { createEnginePool, type ChartEngine } from '../features/analysis/engine-pool';
import type { AppDeps } from '../lib/context';
import { createMailer } from '../lib/mailer';
import { createLogger } from '../logger';

export const TEST_APP_URL = 'http://localhost:3000';

export type DatabaseKind = 'pglite' | 'postgres';

/** The databases every integration test runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function testDatabases(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** A fresh PostgreSQL database per test file, dropped afterwards. */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `piplens_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export interface TestServer {
  deps: AppDeps;
  env: Env;
  database: Database;
  dataDir: string;
  app: ReturnType<typeof createApp>['app'];
  auth: ReturnType<typeof createApp>['auth'];
  jobs: ReturnType<typeof createApp>['jobs'];
  close(): Promise<void>;
}

/**
 * The engine as the server runs it, in its pool of worker threads (one thread), shared by the
 * servers of one test file and closed with the last of them.
 */
let sharedPool: { engine: ChartEngine; users: number } | null = null;

function borrowEnginePool(): { engine: ChartEngine; giveBack: () => Promise<void> } {
  sharedPool ??= { engine: createEnginePool({ threads: 1 }), users: 0 };
  const pool = sharedPool;
  pool.users += 1;
  return {
    engine: pool.engine,
    giveBack: async () => {
      pool.users -= 1;
      if (pool.users > 0) return;
      if (sharedPool === pool) sharedPool = null;
      await pool.engine.close();
    },
  };
}

export async function createTestServer(
  kind: DatabaseKind,
  envOverrides: Record<string, string> = {},
  options: { engine?: ChartEngine } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'piplens-test-'));
  const postgres = kind === 'postgres' ? await createPostgresDatabase() : null;
  const env = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    APP_URL: TEST_APP_URL,
    APP_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: 'silent',
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ...envOverrides,
  });
  // Dropping the test database ends its idle connections on purpose; that is not a test failure.
  const database = await openDatabase(
    postgres ? { databaseUrl: postgres.url, onIdleClientError: () => {} } : { memory: true },
  );
  const logger = createLogger(env.LOG_LEVEL);
  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    outboxDir: path.join(dataDir, 'outbox'),
    logger,
  });
  const pool = options.engine ? null : borrowEnginePool();
  const engine = options.engine ?? (pool as NonNullable<typeof pool>).engine;
  const deps: AppDeps = { env, database, logger, mailer, engine };
  const { app, auth, jobs } = createApp(deps);
  return {
    deps,
    env,
    database,
    dataDir,
    app,
    auth,
    jobs,
    close: async () => {
      await pool?.giveBack();
      await database.close();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs the same suite once per test database, each with its own fresh server. */
export function describeEachDatabase(
  name: string,
  suite: (server: () => TestServer) => void,
  envOverrides: Record<string, string> | (() => Record<string, string>) = {},
  options: { engine?: ChartEngine } = {},
) {
  for (const kind of testDatabases()) {
    describe(`${name} [${kind}]`, () => {
      let server: TestServer | undefined;
      beforeAll(async () => {
        server = await createTestServer(
          kind,
          typeof envOverrides === 'function' ? envOverrides() : envOverrides,
          options,
        );
      });
      afterAll(async () => {
        await server?.close();
      });
      suite(() => {
        if (!server) throw new Error('test server not started');
        return server;
      });
    });
  }
}

/** A browser-like client: same-origin Origin header and a cookie jar. */
export class TestClient {
  private cookies = new Map<string, string>();

  constructor(readonly server: TestServer) {}

  async request(
    pathname: string,
    init: {
      method?: string;
      json?: unknown;
      headers?: Record<string, string>;
      body?: BodyInit;
      /** The socket's peer address, as @hono/node-server would give it. */
      remoteAddress?: string;
    } = {},
  ) {
    const headers = new Headers(init.headers);
    if (!headers.has('origin')) headers.set('origin', TEST_APP_URL);
    if (this.cookies.size > 0) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    const bindings = init.remoteAddress
      ? { incoming: { socket: { remoteAddress: init.remoteAddress, remotePort: 50000, remoteFamily: 'IPv4' } } }
      : undefined;
    const response = await this.server.app.request(
      `${TEST_APP_URL}${pathname}`,
      { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers, body },
      bindings,
    );
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [key, ...value] = (pair ?? '').split('=');
      if (!key) continue;
      if (/max-age=0/i.test(cookie) || value.join('=') === '') this.cookies.delete(key.trim());
      else this.cookies.set(key.trim(), value.join('='));
    }
    return response;
  }

  /** The jar as a Cookie header, for requests made outside this client (a real connection). */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  get signedIn() {
    return [...this.cookies.keys()].some((k) => k.includes('session_token'));
  }
}

let counter = 0;
export function uniqueEmail(prefix = 'trader') {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}

/**
 * A trader as they are after signing up and opening the confirmation link: signed in with a
 * confirmed address (`confirm: false` stops after the sign-up, signed out and unconfirmed).
 */
export async function signUp(
  client: TestClient,
  overrides: { name?: string; email?: string; password?: string; confirm?: boolean } = {},
) {
  const { confirm = true, ...fields } = overrides;
  const body = { name: 'Test Trader', email: uniqueEmail(), password: 'correct-horse-battery', ...fields };
  const response = await client.request('/api/auth/sign-up/email', { json: body });
  if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  if (confirm) {
    const confirmed = await confirmEmail(client, client.server, body.email.toLowerCase());
    if (confirmed.status !== 302) throw new Error(`confirmation failed: ${confirmed.status} ${await confirmed.text()}`);
  }
  return body;
}

/** The mails the server wrote to DATA_DIR/outbox (no SMTP_URL in tests). */
export function outboxMails(server: TestServer): string[] {
  const dir = path.join(server.dataDir, 'outbox');
  try {
    return readdirSync(dir).map((file) => readFileSync(path.join(dir, file), 'utf8'));
  } catch {
    return [];
  }
}

/** Polls until `probe` returns a value (for work the server finishes after answering, such as mail). */
export async function waitFor<T>(probe: () => T | undefined, timeoutMs = 5000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Mail as text: quoted-printable soft breaks and =XX escapes undone. */
export function unfoldMail(mail: string): string {
  return mail
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The newest link under `path` (an /api/auth/... route) in the mails to `email`, waited for. */
async function newestLink(server: TestServer, email: string, path: string): Promise<URL> {
  const pattern = new RegExp(`https?://[^\\s"<]+${path.replace(/[?]/g, '\\?')}[^\\s"<]+`);
  const mail = await waitFor(() =>
    outboxMails(server)
      .map(unfoldMail)
      .filter((m) => m.includes(`To: ${email}`) && m.includes(path))
      .at(-1),
  );
  const link = pattern.exec(mail)?.[0];
  if (!link) throw new Error(`no ${path} link in the mail to ${email}`);
  return new URL(link.replace(/&amp;/g, '&'));
}

/** The newest confirmation link mailed to `email` (welcome or resend mail). */
export async function confirmationLink(server: TestServer, email: string): Promise<string> {
  return (await newestLink(server, email, '/api/auth/verify-email?token=')).toString();
}

/** Opens the confirmation link mailed to `email` with `client`, as the trader's browser would. */
export async function confirmEmail(client: TestClient, server: TestServer, email: string): Promise<Response> {
  const link = new URL(await confirmationLink(server, email));
  return client.request(link.pathname + link.search);
}

/**
 * Sets a new password through the newest reset link mailed to `email` (a reset, or an admin's
 * set-up mail), as the owner of the inbox would, then signs `client` in with it.
 */
export async function setPasswordFromInbox(client: TestClient, server: TestServer, email: string, newPassword: string) {
  const url = await newestLink(server, email, '/api/auth/reset-password/');
  const opened = await new TestClient(server).request(url.pathname + url.search);
  const token = new URL(opened.headers.get('location') ?? '', 'http://x').searchParams.get('token');
  if (!token) throw new Error(`the reset link gave no token: ${opened.status}`);
  const reset = await new TestClient(server).request('/api/auth/reset-password', { json: { newPassword, token } });
  if (reset.status !== 200) throw new Error(`reset failed: ${reset.status} ${await reset.text()}`);
  const login = await client.request('/api/auth/sign-in/email', { json: { email, password: newPassword } });
  if (login.status !== 200) throw new Error(`login after reset failed: ${login.status}`);
}

/**
 * An admin as they are after the whole honest route: listed in ADMIN_EMAILS, signed up, confirmed,
 * and their password set through the set-up mail; `client` is signed in as them.
 */
export async function signUpAdmin(server: TestServer): Promise<{ client: TestClient; id: string; email: string }> {
  const email = uniqueEmail('admin');
  server.deps.env.ADMIN_EMAILS = [email];
  const client = new TestClient(server);
  await signUp(client, { email });
  await setPasswordFromInbox(client, server, email, 'the-admins-own-password');
  server.deps.env.ADMIN_EMAILS = [];
  const [row] = await server.database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return { client, id: row?.id as string, email };
}
