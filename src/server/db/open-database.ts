import type { Database } from './database';
import { openEmbeddedDatabase } from './open-embedded';
import { openPostgresDatabase } from './open-postgres';

/**
 * `DATABASE_URL` selects PostgreSQL; otherwise the embedded database lives in DATA_DIR (docs/domain.md#configuration).
 */
export function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** DATABASE_READ_URLS and READ_REPLICA_MAX_LAG_SECONDS: the server's; a CLI needs no replicas. */
  readUrls?: readonly string[];
  maxReplicaLagMs?: number;
}): Promise<Database> {
  return opts.databaseUrl
    ? openPostgresDatabase(opts.databaseUrl, { readUrls: opts.readUrls, maxReplicaLagMs: opts.maxReplicaLagMs })
    : openEmbeddedDatabase(opts.dataDir);
}
