import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import type { Database } from './database';
import { migrateEmbedded } from './migrate';
import * as schema from './schema';

/**
 * Opens the embedded PostgreSQL (PGlite) in `dir`, or in memory when `dir` is undefined (tests).
 * pg_trgm has to be handed to PGlite at every open: the extension's code is not stored in the data directory.
 * The caller holds the DATA_DIR lock; PGlite itself would let two processes corrupt one directory.
 */
export async function openEmbeddedDatabase(dir: string | undefined): Promise<Database> {
  let dataDir: string | undefined;
  if (dir) {
    dataDir = path.join(dir, 'pglite');
    await mkdir(dataDir, { recursive: true });
  }
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  const db = drizzle({ client, schema, casing: 'snake_case' });
  await migrateEmbedded(db);
  return {
    db: db as unknown as Database['db'],
    driver: 'pglite',
    async query<T>(sql: string, params?: unknown[]) {
      const result = await client.query<T>(sql, params);
      return result.rows;
    },
    close: () => client.close(),
  };
}
