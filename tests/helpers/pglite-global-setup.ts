import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { drizzleOf, embeddedClient } from '@server/db/open-embedded';
import { migrateEmbedded } from '@server/db/migrate';

/**
 * Migrates one in-memory PGlite per test run and dumps its data directory to a file; every test file's database
 * loads that dump (`createTestDatabase`), as the PostgreSQL project copies its template. Creating and migrating a
 * PGlite took 4–16 s of CPU per test file on CI's two cores; loading the dump takes a quarter of that.
 */
export default async function setup(project: TestProject) {
  const client = await embeddedClient();
  await migrateEmbedded(drizzleOf(client));
  const dump = await client.dumpDataDir('none');
  await client.close();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vv_pglite_template_'));
  const file = path.join(dir, 'migrated.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rm(dir, { recursive: true, force: true });
}
