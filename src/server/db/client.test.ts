import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';

const root = mkdtempSync(path.join(tmpdir(), 'piplens-db-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the embedded database on disk', () => {
  it('is made in a process of its own, replaces a half-made one, and keeps its data across starts', async () => {
    const dataDir = path.join(root, 'data');
    // What a start killed during the database's creation could leave: files, no PG_VERSION.
    mkdirSync(path.join(dataDir, 'db', 'base'), { recursive: true });
    writeFileSync(path.join(dataDir, 'db', 'base', 'partial'), 'x');

    const first = await openDatabase({ dataDir });
    expect(existsSync(path.join(dataDir, 'db', 'PG_VERSION'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'db', 'base', 'partial'))).toBe(false);
    expect(readdirSync(dataDir)).toEqual(['db']);
    const settings = await first.db.execute(sql`show shared_buffers`);
    expect(JSON.stringify(settings)).toContain('16MB');
    await first.db.execute(sql`insert into audit_log (id, action) values ('kept', 'test')`);
    await first.close();

    const again = await openDatabase({ dataDir });
    const rows = await again.db.execute(sql`select id from audit_log where id = 'kept'`);
    expect(JSON.stringify(rows)).toContain('kept');
    await again.close();
  }, 120_000);
});
