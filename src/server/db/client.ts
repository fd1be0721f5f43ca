import { existsSync, mkdirSync } from 'node:fs';
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
    mkdirSync(dir, { recursive: true });
  }
  const client = await PGlite.create(dir);
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
