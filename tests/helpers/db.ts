import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import type { Database, DriverName } from '@server/db/database';
import { openEmbeddedDatabase } from '@server/db/open-embedded';
import { openPostgresDatabase } from '@server/db/open-postgres';

export interface TestDatabase extends Database {
  /** The connection string of this test's own PostgreSQL database (postgres driver only). */
  url?: string;
}

/** Which database the current vitest project runs API tests on (see vitest.config.ts). */
export function testDriver(): DriverName {
  return process.env.TEST_DB_DRIVER === 'postgres' ? 'postgres' : 'pglite';
}

/** `vv_tpl_<run>` → `vv_t_<run>_`: the prefix of every copy a test run makes of its template. */
export const copyPrefixOf = (template: string) => `${template.replace(/^vv_tpl_/, 'vv_t_')}_`;

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Read replicas for a test's own database (PostgreSQL only): tests/api/db/read-replicas.test.ts. */
export interface TestDatabaseOptions {
  /** Streaming replicas of the test cluster (streaming-replica.ts): each names its URL for a database. */
  readReplicas?: readonly { urlOf(database: string): string }[];
  maxReplicaLagMs?: number;
  replicaCheckIntervalMs?: number;
}

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or a PostgreSQL database copied from the
 * template the global setup migrated once (`CREATE DATABASE … TEMPLATE`, a file-level copy: fast and isolated).
 */
export async function createTestDatabase(opts: TestDatabaseOptions = {}): Promise<TestDatabase> {
  if (testDriver() === 'pglite') {
    if (opts.readReplicas?.length) throw new Error('PGlite has no read replicas');
    // The run's migrated dump (pglite-global-setup.ts), when the project made one.
    const template = inject('pgliteTemplate');
    return openEmbeddedDatabase(undefined, template ? { from: new Blob([await readFile(template)]) } : {});
  }

  const adminUrl = inject('postgresAdminUrl');
  const template = inject('postgresTemplate');
  if (!adminUrl || !template) throw new Error('The PostgreSQL test project needs TEST_DATABASE_URL');
  // Named after this run's template, so a run's teardown drops its own copies and never another run's.
  const name = `${copyPrefixOf(template)}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(adminUrl, name);
  const database = await openPostgresDatabase(url, {
    max: 5,
    readUrls: opts.readReplicas?.map((replica) => replica.urlOf(name)),
    maxReplicaLagMs: opts.maxReplicaLagMs,
    replicaCheckIntervalMs: opts.replicaCheckIntervalMs,
  });
  return {
    ...database,
    url,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => dropper.end());
    },
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
    postgresTemplate: string;
    pgliteTemplate: string;
  }
}
