import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { onCleanup } from './cleanup';
import { withPgClient } from '../../tests/helpers/pg-client';

/** The server the bench may create scratch databases on; only `vv_bench_*` names are ever created or dropped. */
export const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function urlOf(name: string): string {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

const admin = <T>(fn: (c: pg.Client) => Promise<T>): Promise<T> => withPgClient(adminUrl, fn);

/** A fresh, empty `vv_bench_<label>_<random>` database, dropped by the cleanups (or earlier via `drop`). */
export async function createBenchDatabase(
  label: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `vv_bench_${label}_${randomBytes(4).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  const drop = onCleanup(`drop ${name}`, () =>
    admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  );
  return { name, url: urlOf(name), drop };
}
