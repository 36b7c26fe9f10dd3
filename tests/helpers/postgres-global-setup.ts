import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgresDatabase } from '@server/db/open-postgres';
import { copyPrefixOf, withDatabase } from './db';
import { sweepStaleTestDatabases, templateNameAt } from './stale-test-databases';

/**
 * Migrates one template database per test run; every test file then copies it. The copies and the template are
 * dropped at the end, so runs never see each other's data. A run that died before its end left its databases
 * behind: each run first drops those more than a day old (stale-test-databases.ts).
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const template = templateNameAt(new Date());
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const swept = await sweepStaleTestDatabases(admin);
  if (swept.length > 0) console.log(`dropped ${swept.length} test databases left by runs over a day ago`);
  await admin.query(`CREATE DATABASE ${template}`);
  const database = await openPostgresDatabase(withDatabase(adminUrl, template), { max: 1 });
  await database.close();
  project.provide('postgresAdminUrl', adminUrl);
  project.provide('postgresTemplate', template);

  return async () => {
    // Only this run's copies: other runs on the same PostgreSQL (another checkout, a second terminal) may be
    // using theirs right now.
    const leftovers = await admin.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [copyPrefixOf(template)],
    );
    for (const { datname } of leftovers.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.end();
  };
}
