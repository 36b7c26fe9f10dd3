import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes SQL migrations from the schema. The same files run on PGlite and PostgreSQL,
// so hand-written migrations (e.g. 0000_extensions) must stay plain SQL both accept.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './src/server/db/migrations',
  strict: true,
  verbose: true,
});
