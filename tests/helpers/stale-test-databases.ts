import { randomBytes } from 'node:crypto';
import type pg from 'pg';

/**
 * PostgreSQL databases left behind by test runs that never reached their teardown (a crash, a kill, a closed
 * terminal). Each run names its template `vv_tpl_<unix seconds>_<random>` and its copies `vv_t_<same>_<random>`
 * (tests/helpers/db.ts), so the name proves the age. A run's template and copies are dropped once they are more
 * than a day old and nobody is connected: other runs on the same server (another checkout, a second terminal) are
 * never that old, and a database someone is using is never dropped.
 */
export const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

/** A fresh template name carrying its creation time. */
export const templateNameAt = (now: Date) =>
  `vv_tpl_${Math.floor(now.getTime() / 1000)}_${randomBytes(4).toString('hex')}`;

const NAMED = /^vv_(?:tpl|t)_(\d{10})_[0-9a-f]+(?:_[0-9a-f]+)?$/;
/** Names from before the creation time was in the name: vv_tpl_<8 hex>, vv_t_<8 hex>_<12 hex>. */
const OLD_STYLE = /^vv_(?:tpl_[0-9a-f]{8}|t_[0-9a-f]{8}_[0-9a-f]{12})$/;

/** When a test database was created according to its name; undefined for any other name. */
export function createdAtOfName(name: string): Date | undefined {
  const m = NAMED.exec(name);
  return m ? new Date(Number(m[1]) * 1000) : undefined;
}

interface Candidate {
  datname: string;
  connections: number;
  /** For old-style names only: when PostgreSQL wrote the database's PG_VERSION file, i.e. CREATE DATABASE. */
  created: Date | null;
}

/**
 * Drops this prefix's databases older than `STALE_AFTER_MS` with no connection; returns their names. Old-style
 * names carry no time, so their age comes from the database directory's PG_VERSION file (written once, by
 * CREATE DATABASE); reading it needs a superuser, and without one they are left alone.
 */
export async function sweepStaleTestDatabases(admin: pg.Client, now = new Date()): Promise<string[]> {
  const { rows } = await admin.query<{ datname: string; oid: number; connections: number }>(
    `SELECT d.datname, d.oid::int AS oid,
            (SELECT count(*) FROM pg_stat_activity a WHERE a.datid = d.oid)::int AS connections
       FROM pg_database d
      WHERE starts_with(d.datname, 'vv_tpl_') OR starts_with(d.datname, 'vv_t_')`,
  );
  const candidates: Candidate[] = [];
  for (const row of rows) {
    if (NAMED.test(row.datname)) candidates.push({ ...row, created: null });
    else if (OLD_STYLE.test(row.datname)) candidates.push({ ...row, created: await createdOnDisk(admin, row.oid) });
  }
  const dropped: string[] = [];
  for (const c of candidates) {
    const created = createdAtOfName(c.datname) ?? c.created;
    if (!created || c.connections > 0 || now.getTime() - created.getTime() <= STALE_AFTER_MS) continue;
    // Not WITH (FORCE): should a client connect meanwhile, the drop fails and the database stays.
    const ok = await admin.query(`DROP DATABASE IF EXISTS "${c.datname}"`).then(
      () => true,
      () => false,
    );
    if (ok) dropped.push(c.datname);
  }
  return dropped;
}

async function createdOnDisk(admin: pg.Client, oid: number): Promise<Date | null> {
  return admin.query<{ modification: Date }>(`SELECT (pg_stat_file($1)).modification`, [`base/${oid}/PG_VERSION`]).then(
    (r) => r.rows[0]?.modification ?? null,
    () => null,
  );
}
