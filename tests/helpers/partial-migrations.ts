import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { inject } from 'vitest';
import { MIGRATIONS_FOLDER } from '@server/db/migrate';
import { copyPrefixOf, testDriver, withDatabase } from './db';

/**
 * For tests of a migration's backfill: an empty database of the run's driver, migrated step by step (to an old
 * migration, then rows written the way the old code did, then the rest).
 */
export interface RawDatabase {
  migrate(folder: string): Promise<void>;
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export async function openRawDatabase(): Promise<RawDatabase> {
  if (testDriver() === 'pglite') {
    const client = await PGlite.create(undefined, { extensions: { pg_trgm } });
    const db = drizzlePglite({ client });
    return {
      migrate: (migrationsFolder) => migratePglite(db, { migrationsFolder }),
      query: async (sql, params) => (await client.query(sql, params)).rows as never,
      close: () => client.close(),
    };
  }
  const adminUrl = inject('postgresAdminUrl');
  // Named like the run's copies, so the global teardown drops it even if the test file dies.
  const name = `${copyPrefixOf(inject('postgresTemplate'))}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const client = new pg.Client({ connectionString: withDatabase(adminUrl, name) });
  await client.connect();
  const db = drizzlePg({ client });
  return {
    migrate: (migrationsFolder) => migratePg(db, { migrationsFolder }),
    query: async (sql, params) => (await client.query(sql, params)).rows as never,
    async close() {
      await client.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => admin.end());
    },
  };
}

/** A copy of the migrations folder whose journal stops at `last`; the caller removes it. */
export async function migrationsUpTo(last: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'vv-migrations-'));
  await cp(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { idx: number; tag: string }[] };
  const stop = journal.entries.findIndex((e) => e.tag === last);
  if (stop <= 0) throw new Error(`no migration ${last} in the journal`);
  journal.entries = journal.entries.slice(0, stop + 1);
  await writeFile(journalPath, JSON.stringify(journal));
  return dir;
}
