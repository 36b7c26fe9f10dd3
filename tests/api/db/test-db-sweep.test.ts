import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { testDriver, withDatabase } from '@tests/helpers/db';
import { createdAtOfName, sweepStaleTestDatabases, templateNameAt } from '@tests/helpers/stale-test-databases';

/**
 * PostgreSQL test databases left by runs that crashed before their teardown are dropped by
 * the next run's global setup once they are over a day old, proven by the time in their name; databases of live
 * runs (younger, or with someone connected) and databases that are not the test runs' are kept.
 */

const hex = (n: number) => randomBytes(n).toString('hex');
const HOUR = 60 * 60 * 1000;

describe.runIf(testDriver() === 'postgres')('sweeping test databases left by crashed runs', () => {
  let admin: pg.Client;
  let holder: pg.Client | undefined;
  const created: string[] = [];

  const createDatabase = async (name: string) => {
    await admin.query(`CREATE DATABASE ${name}`);
    created.push(name);
    return name;
  };
  const exists = async (name: string) =>
    (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: inject('postgresAdminUrl') });
    await admin.connect();
  });
  afterAll(async () => {
    await holder?.end();
    for (const name of created) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('drops a crashed run’s template and copies older than a day, and nothing younger, in use or foreign', async () => {
    const twoDaysAgo = new Date(Date.now() - 48 * HOUR);
    const staleTemplate = await createDatabase(templateNameAt(twoDaysAgo));
    const staleCopy = await createDatabase(`${staleTemplate.replace(/^vv_tpl_/, 'vv_t_')}_${hex(6)}`);
    const liveTemplate = await createDatabase(templateNameAt(new Date(Date.now() - 2 * HOUR)));
    const staleInUse = await createDatabase(templateNameAt(new Date(Date.now() - 30 * HOUR)));
    // Named the way runs named their databases before the time was in the name: created now, so kept.
    const oldStyle = await createDatabase(`vv_t_${hex(4)}_${hex(6)}`);
    const foreign = await createDatabase(`vv_other_${Math.floor(twoDaysAgo.getTime() / 1000)}_${hex(4)}`);
    holder = new pg.Client({ connectionString: withDatabase(inject('postgresAdminUrl'), staleInUse) });
    await holder.connect();

    const dropped = await sweepStaleTestDatabases(admin);

    expect(dropped).toEqual(expect.arrayContaining([staleTemplate, staleCopy]));
    expect(await exists(staleTemplate)).toBe(false);
    expect(await exists(staleCopy)).toBe(false);
    for (const kept of [liveTemplate, staleInUse, oldStyle, foreign]) {
      expect(dropped).not.toContain(kept);
      expect(await exists(kept)).toBe(true);
    }
    // This run's own template is young and named the new way.
    const ownTemplate = inject('postgresTemplate');
    expect(await exists(ownTemplate)).toBe(true);
    expect(Date.now() - createdAtOfName(ownTemplate)!.getTime()).toBeLessThan(HOUR * 24);
  });
});
