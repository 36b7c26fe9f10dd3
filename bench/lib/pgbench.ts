import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { SentStatement } from './minimal-search-server';

const run = promisify(execFile);

export interface PgbenchResult {
  tps: number;
  /** Average latency of one script (all its statements), ms. */
  latencyMs: number;
}

/** `$3` → `:p3`, so a statement's parameters become pgbench variables (bound as parameters with -M prepared). */
const withVariables = (sql: string, prefix: string) =>
  // After a colon (an array slice, `[$1::int:$2::int]`) a space, or pgbench reads `::` and not the variable.
  sql.replace(/(:?)\$(\d+)/g, (_, colon: string, n: string) => `${colon ? ': ' : ''}:${prefix}${n}`);

/** A parameter as a pgbench variable's text: arrays in PostgreSQL's `{a,b}` form. */
const text = (v: unknown) => (Array.isArray(v) ? `{${v.join(',')}}` : String(v));

/**
 * The floor under the floor: pgbench sending the app's statements themselves (`-M prepared`, the same
 * parameters, `connections` clients), one script per request. A script of several statements passes one's
 * result to the next with `\gset`, as the app does (a substring's matching ids, then their rows).
 */
export async function pgbench(
  url: string,
  scripts: { statements: { stmt: SentStatement; gset?: boolean; params?: unknown[] }[] }[],
  seconds: number,
  connections: number,
  /** `extended`: each statement unnamed, so planned for its values every time, as the app sends a substring's. */
  mode: 'prepared' | 'extended' = 'prepared',
): Promise<PgbenchResult> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vv_pgbench_'));
  try {
    const args = ['-n', '-M', mode, '-c', String(connections), '-j', '2', '-T', String(seconds)];
    for (const [i, script] of scripts.entries()) {
      const lines = script.statements.map(({ stmt, gset, params }, j) => {
        const prefix = `s${i}q${j}p`;
        (params ?? stmt.params).forEach((p, k) => {
          // A parameter that is the previous statement's result (`:ids`) stays a variable reference.
          if (!(typeof p === 'string' && p.startsWith(':'))) args.push('-D', `${prefix}${k + 1}=${text(p)}`);
        });
        const sql = withVariables(stmt.sql, prefix).replace(/:(s\d+q\d+p\d+)/g, (m, name: string) => {
          const k = Number(name.replace(/^.*p/, '')) - 1;
          const p = (params ?? stmt.params)[k];
          return typeof p === 'string' && p.startsWith(':') ? p : m;
        });
        const one = sql.replace(/\s+/g, ' ');
        // The columns named, so that `\gset` sets `:ids` whatever drizzle called them.
        return gset ? `SELECT coalesce(ids, '{}') AS ids FROM (${one}) AS t(n, ids) \\gset` : `${one};`;
      });
      const file = path.join(dir, `script${i}.sql`);
      await writeFile(file, `${lines.join('\n')}\n`);
      args.push('-f', file);
    }
    args.push(url);
    const { stdout } = await run('pgbench', args, { maxBuffer: 16 * 1024 * 1024 });
    const tps = Number(/tps = ([\d.]+)/.exec(stdout)?.[1] ?? NaN);
    const latencyMs = Number(/latency average = ([\d.]+) ms/.exec(stdout)?.[1] ?? NaN);
    return { tps, latencyMs };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
