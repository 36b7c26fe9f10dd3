import { fileURLToPath } from 'node:url';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Schema } from './database';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

export function migrateEmbedded(db: PgliteDatabase<Schema>): Promise<void> {
  return migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
}

export function migratePostgresDb(db: NodePgDatabase<Schema>): Promise<void> {
  return migratePostgres(db, { migrationsFolder: MIGRATIONS_FOLDER });
}
