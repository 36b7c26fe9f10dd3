import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from './database';
import { migratePostgresDb } from './migrate';
import { openReadReplicas } from './read-replicas';
import * as schema from './schema';

// Any constant works; it only has to be the same for every instance of this application.
const MIGRATION_LOCK_ID = 0x5661756c; // "Vaul"

// node-postgres returns bigint (int8) and numeric as strings by default; that is what we want for money
// (numeric(18,8) strings at the edges, bigint lamports parsed explicitly), so no type parsers are changed.

/** A new connection must be up within this: a dead or black-holed database host is reported, not waited on. */
export const CONNECT_TIMEOUT_MS = 5_000;
/**
 * A client-side limit per statement. None of the app's statements comes near it; past it the connection is
 * presumed lost (a black-holed network never answers, and TCP would wait many minutes), so the request ends with
 * a 503 instead of hanging. The server enforces the same limit (statement_timeout): a statement the client has
 * given up on is cancelled there too, instead of running on and piling up behind new requests.
 */
export const QUERY_TIMEOUT_MS = 15_000;

export interface PostgresOptions {
  max?: number;
  connectTimeoutMs?: number;
  queryTimeoutMs?: number;
  /** Streaming replicas of `url` for caller-independent reads (DATABASE_READ_URLS). */
  readUrls?: readonly string[];
  /** READ_REPLICA_MAX_LAG_SECONDS, in ms: a replica further behind is skipped. */
  maxReplicaLagMs?: number;
  /** How often the replicas are checked (tests make it short). */
  replicaCheckIntervalMs?: number;
}

/** Connects to PostgreSQL and applies pending migrations, serialised across instances by an advisory lock. */
export async function openPostgresDatabase(url: string, opts: PostgresOptions = {}): Promise<Database> {
  const connectionTimeoutMillis = opts.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
  // Migrations get their own connection without the query timeout: they may wait for another instance's lock or
  // build an index on a big table.
  const migrator = new pg.Client({ connectionString: url, connectionTimeoutMillis });
  migrator.on('error', () => {});
  await migrator.connect();
  try {
    await migrator.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await migratePostgresDb(drizzle({ client: migrator, schema, casing: 'snake_case' }));
    } finally {
      await migrator.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  } finally {
    await migrator.end();
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 20,
    connectionTimeoutMillis,
    query_timeout: opts.queryTimeoutMs ?? QUERY_TIMEOUT_MS,
    statement_timeout: opts.queryTimeoutMs ?? QUERY_TIMEOUT_MS,
    keepAlive: true,
  });
  // A dropped connection must not crash the process; the pool replaces it and the next query reconnects. The pool
  // listens for errors on idle clients only: a client checked out for a transaction whose connection dies would
  // emit an 'error' nobody hears, and an unheard 'error' event kills the process. Its queries fail on their own.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzle({ client: pool, schema, casing: 'snake_case' });
  const replicas =
    opts.readUrls && opts.readUrls.length > 0
      ? openReadReplicas(opts.readUrls, pool, {
          maxLagMs: opts.maxReplicaLagMs ?? 5_000,
          checkIntervalMs: opts.replicaCheckIntervalMs,
          max: opts.max ?? 20,
          queryTimeoutMs: opts.queryTimeoutMs ?? QUERY_TIMEOUT_MS,
        })
      : undefined;
  return {
    db: db as unknown as Database['db'],
    driver: 'postgres',
    async query<T>(sql: string, params?: unknown[]) {
      const result = await pool.query(sql, params);
      return result.rows as T[];
    },
    ...(replicas ? { replicas } : {}),
    async close() {
      await replicas?.close();
      await pool.end();
    },
  };
}
