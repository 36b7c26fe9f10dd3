import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import type { Database } from './database';
import { migrateEmbedded } from './migrate';
import * as schema from './schema';

export interface EmbeddedOptions {
  /**
   * Start from this dump of a data directory (`PGlite.dumpDataDir`) instead of an empty one: the tests' in-memory
   * databases load one migrated copy, where creating and migrating each took seconds of CPU.
   */
  from?: Blob;
}

/**
 * Opens the embedded PostgreSQL (PGlite) in `dir`, or in memory when `dir` is undefined (tests), and migrates it.
 * The caller holds the DATA_DIR lock; PGlite itself would let two processes corrupt one directory.
 */
export async function openEmbeddedDatabase(dir: string | undefined, opts: EmbeddedOptions = {}): Promise<Database> {
  let dataDir: string | undefined;
  if (dir) {
    dataDir = path.join(dir, 'pglite');
    await mkdir(dataDir, { recursive: true });
  }
  const client = await embeddedClient(dataDir, opts.from);
  const db = drizzleOf(client);
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

/** PGlite as every open needs it: pg_trgm has to be handed to it each time (its code is not in the data directory). */
export function embeddedClient(dataDir?: string, from?: Blob): Promise<PGlite> {
  return PGlite.create(dataDir, { extensions: { pg_trgm }, ...(from ? { loadDataDir: from } : {}) });
}

export const drizzleOf = (client: PGlite) => drizzle({ client, schema, casing: 'snake_case' });
