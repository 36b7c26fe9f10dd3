import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

// The query builder's types on their own, so that read-replicas.ts (which database.ts's `Database` names) can use
// them without importing database.ts back.
export type Schema = typeof schema;

/** The database, whichever driver is behind it. PGlite and node-postgres share the pg-core query builder. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** What a repository function takes first: the database or an open transaction. */
export type Queryable = Db | Tx;
