import type { Database } from './database';
import { openEmbeddedDatabase } from './open-embedded';
import { openPostgresDatabase } from './open-postgres';

/**
 * `DATABASE_URL` selects PostgreSQL; otherwise the embedded database lives in DATA_DIR (docs/domain.md#configuration).
 */
export function openDatabase(opts: { databaseUrl?: string | undefined; dataDir: string }): Promise<Database> {
  return opts.databaseUrl ? openPostgresDatabase(opts.databaseUrl) : openEmbeddedDatabase(opts.dataDir);
}
