import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ReadReplicas } from './read-replicas';
import type * as schema from './schema';

export type Schema = typeof schema;

/** The database, whichever driver is behind it. PGlite and node-postgres share the pg-core query builder. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** What a repository function takes first: the database or an open transaction. */
export type Queryable = Db | Tx;

export type DriverName = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  driver: DriverName;
  /** Runs raw SQL, for health checks, tests and maintenance. Application code uses the query builder. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /**
   * PostgreSQL's streaming replicas (DATABASE_READ_URLS), for caller-independent reads only: routes reach them
   * through `request.readDb` (http/read-routing.ts), never directly. Absent on PGlite and without replicas.
   */
  replicas?: ReadReplicas;
  /** Closes the replicas' pools too. */
  close(): Promise<void>;
}
