import type { ReadReplicas } from './read-replicas';
import type { Db } from './query-handles';

export type { Db, Queryable, Schema, Tx } from './query-handles';

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
