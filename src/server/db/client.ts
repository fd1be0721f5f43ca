import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

/** Held while migrations run on PostgreSQL (an arbitrary key, PipLens's own). */
const MIGRATION_LOCK = 7_240_322;

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Migrations sit at the project root; the source and the bundle in dist both find them from here. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    path.resolve(here, '../../../drizzle'),
    path.resolve(here, '../drizzle'),
    path.resolve('drizzle'),
  ];
  const found = candidates.find((folder) => existsSync(path.join(folder, 'meta', '_journal.json')));
  if (!found) throw new Error('Database migrations folder (drizzle/) not found');
  return found;
}

/**
 * The embedded database's memory: PostgreSQL's defaults (128 MB of shared buffers, all of it
 * touched in PGlite's WebAssembly heap) held a later start at ~300 MB idle for a database of a
 * few megabytes; 16 MB holds it at ~160 MB (docs/ARCHITECTURE.md, "Embedded database memory").
 */
export const EMBEDDED_POSTGRESQL_CONF = ['shared_buffers = 16MB', 'wal_buffers = 1MB'].join('\n');

/**
 * A new data directory is made by PostgreSQL's initdb, whose memory (~700 MB at its peak, ~300 MB
 * kept) the process never gets back. It runs in a short-lived process of its own, which closes
 * the directory cleanly before the server opens it: the server's first start then costs what a
 * later one does. It is made beside the data directory and renamed into place once whole, so a
 * start killed half-way leaves no half-made database to open.
 */
export function initialiseDataDir(dir: string): void {
  if (existsSync(path.join(dir, 'PG_VERSION'))) return;
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const script = `const { PGlite } = require(${JSON.stringify(pglite)});
PGlite.create(process.argv[1], { postgresqlconf: process.argv[2] })
  .then((db) => db.close())
  .catch((error) => { console.error(error); process.exit(1); });`;
  const staging = `${dir}.new-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  execFileSync(process.execPath, ['-e', script, staging, EMBEDDED_POSTGRESQL_CONF], { stdio: ['ignore', 'ignore', 'inherit'] });
  // Without PG_VERSION the directory is no database: what is there is an earlier start's leftover.
  rmSync(dir, { recursive: true, force: true });
  renameSync(staging, dir);
}

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** In-memory PGlite, for tests. */
  memory?: boolean;
  /**
   * Told when PostgreSQL drops an idle pooled connection (server restart, failover, network). The
   * pool replaces it on the next query; without a listener the error would crash the process.
   */
  onIdleClientError?: (error: Error) => void;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const migrations = { migrationsFolder: migrationsFolder() };
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    pool.on('error', (error) => options.onIdleClientError?.(error));
    const db = drizzlePg(pool, { schema });
    // Several processes may start at once on one database (web instances, workers): one migrates at
    // a time, and the others find the work done.
    const lock = await pool.connect();
    try {
      await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(db, migrations);
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      lock.release();
    }
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
    };
  }
  let dir: string | undefined;
  if (!options.memory) {
    dir = path.join(options.dataDir ?? './data', 'db');
    mkdirSync(path.dirname(dir), { recursive: true });
    initialiseDataDir(dir);
  }
  const client = await PGlite.create(dir, { postgresqlconf: EMBEDDED_POSTGRESQL_CONF });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, migrations);
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}
