import type { Database } from '@server/db/database';

/**
 * What a refused request may write by design, and so is left out of the fingerprint. Each entry says why; keep the
 * list short, since anything here is a place where "a refused request changes nothing" is not checked.
 */
const EXCLUDED_TABLES: Record<string, string> = {
  // Rate-limit counters must count refused requests too, or a script could guess forever with malformed input;
  // the guard bumps them before the body is validated. They hold nothing a user sees.
  rate_limits: 'counts refused requests on purpose',
};
const VOLATILE_COLUMNS: Record<string, readonly string[]> = {
  // Any request that carries a session cookie slides the session's expiry once a minute (session.ts), refused or not.
  sessions: ['last_seen_at', 'expires_at'],
};
const ROW_FILTERS: Record<string, string> = {
  // The security audit records refused attempts on purpose (docs/domain.md#sign-in-sessions-and-roles,
  // docs/domain.md#key-vault): a failed sign-in (auth.routes.ts) and every refused reveal or destroy of a key
  // (keys.service.ts: "a stranger probing for keys is what the audit is for"). Only those rows are left out; any other
  // audit row a refusal wrote would still show.
  transaction_audit: "action not in ('auth.sign_in_failed', 'key.reveal_refused', 'key.destroy_refused')",
};

export type Fingerprint = Record<string, string>;

export interface Fingerprinter {
  /** Per table, one SQL round trip for all: see `tableSignature`. */
  take(): Promise<Fingerprint>;
  tables: readonly string[];
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Builds the one fingerprint query over every table of the public schema, as the database has it now. */
export async function createFingerprinter(database: Database): Promise<Fingerprinter> {
  const columns = await database.query<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns
     where table_schema = 'public' order by table_name, ordinal_position`,
  );
  const byTable = new Map<string, string[]>();
  for (const { table_name: table, column_name: column } of columns) {
    if (table in EXCLUDED_TABLES || VOLATILE_COLUMNS[table]?.includes(column)) continue;
    byTable.set(table, [...(byTable.get(table) ?? []), column]);
  }
  const tables = [...byTable.keys()];
  if (tables.length === 0) throw new Error('no tables to fingerprint');
  const sql = tables.map((table) => tableSignature(table, byTable.get(table)!)).join('\nunion all\n');
  return {
    tables,
    async take() {
      const rows = await database.query<{ t: string; n: number; h: string }>(sql);
      return Object.fromEntries(rows.map((r) => [r.t, `${r.n}:${r.h}`]));
    },
  };
}

/**
 * `count:signature` of one table. Every insert or update writes row versions stamped with a transaction id (`xmin`)
 * newer than any before, and a delete lowers the count, so count and newest xmin change with any committed write,
 * and cost one scan. A table with volatile columns is compared by content instead (md5 of the other columns, sorted),
 * since touching a volatile column restamps the row too.
 */
function tableSignature(table: string, columns: readonly string[]): string {
  const where = ROW_FILTERS[table] ? ` where ${ROW_FILTERS[table]}` : '';
  if (!VOLATILE_COLUMNS[table]) {
    return (
      `select '${table}' as t, count(*)::int as n, coalesce(max(xmin::text::bigint), 0)::text as h ` +
      `from ${quote(table)}${where}`
    );
  }
  const row = `row(${columns.map(quote).join(', ')})::text`;
  return (
    `select '${table}' as t, count(*)::int as n, coalesce(md5(string_agg(h, '' order by h)), '') as h ` +
    `from (select md5(${row}) as h from ${quote(table)}${where}) s`
  );
}

/** The tables whose fingerprint differs, e.g. `['addresses (3:… → 4:…)']`. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names]
    .filter((name) => before[name] !== after[name])
    .sort()
    .map((name) => `${name} (${before[name] ?? 'none'} → ${after[name] ?? 'none'})`);
}

export interface ChangeTracker {
  /** The tables changed since the last call (or since the tracker was made); [] when none. */
  changed(): Promise<string[]>;
}

/**
 * Cheap per-request change detection. Reads never take a transaction id, writes always do, so while the next
 * transaction id (`pg_snapshot_xmax`) stands still nothing can have changed and the fingerprint is not re-read.
 * On a shared PostgreSQL server other databases move the id too: that costs a fingerprint, never a wrong answer.
 */
export async function createChangeTracker(database: Database): Promise<ChangeTracker> {
  const fingerprinter = await createFingerprinter(database);
  const mark = async () =>
    (await database.query<{ x: string }>('select pg_snapshot_xmax(pg_current_snapshot())::text as x'))[0]!.x;
  let lastMark = await mark();
  let last = await fingerprinter.take();
  return {
    async changed() {
      const now = await mark();
      if (now === lastMark) return [];
      const current = await fingerprinter.take();
      const diff = changedTables(last, current);
      last = current;
      lastMark = now;
      return diff;
    },
  };
}
