import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from './database';
import { migratePostgresDb } from './migrate';
import * as schema from './schema';

// Any constant works; it only has to be the same for every instance of this application.
const MIGRATION_LOCK_ID = 0x5661756c; // "Vaul"

// node-postgres returns bigint (int8) and numeric as strings by default; that is what we want for money
// (numeric(18,8) strings at the edges, bigint lamports parsed explicitly), so no type parsers are changed.

/** Connects to PostgreSQL and applies pending migrations, serialised across instances by an advisory lock. */
export async function openPostgresDatabase(url: string, opts: { max?: number } = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: opts.max ?? 20 });
  // A dropped connection must not crash the process; the pool replaces it and the next query reconnects.
  pool.on('error', () => {});
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await migratePostgresDb(drizzle({ client, schema, casing: 'snake_case' }));
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  } finally {
    client.release();
  }
  const db = drizzle({ client: pool, schema, casing: 'snake_case' });
  return {
    db: db as unknown as Database['db'],
    driver: 'postgres',
    async query<T>(sql: string, params?: unknown[]) {
      const result = await pool.query(sql, params);
      return result.rows as T[];
    },
    close: () => pool.end(),
  };
}
