import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { appendFile, chmod, chown, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type pg from 'pg';
import { freePort } from './server-process';
import { withPgClient } from './pg-client';

const run = promisify(execFile);

/**
 * A real streaming replica of a local PostgreSQL cluster, for the read-replica tests and `npm run bench -- replica`:
 * `pg_basebackup -R` into a temporary folder, then `pg_ctl start` on a free port, with the cluster's own binaries
 * (Debian's /usr/lib/postgresql/<major>/bin). It replicates the whole cluster, so every database a test creates
 * on the primary appears on it within milliseconds.
 *
 * PostgreSQL refuses to run as root: as root (CI, this machine), the replica's folder belongs to the `postgres` OS
 * user and every command runs as that user (`runuser`). A replica left running by a process that died is stopped
 * by the next `createStreamingReplica` (each folder names its owner's pid), and a process that exits without
 * `close()` stops its replica on the way out.
 */
export interface StreamingReplica {
  port: number;
  /** The replica's URL for one database: the primary's, with the replica's port. */
  urlOf(database: string): string;
  query<T = Record<string, unknown>>(database: string, sql: string, params?: unknown[]): Promise<T[]>;
  /**
   * Every statement the replica ran in `database` so far, from its log (`logStatements`), as
   * `{ app, sql }` with the connection's application_name and the statement's first line.
   */
  statements(database: string): { app: string; sql: string }[];
  /** Waits until the replica has replayed everything the primary had written when called. */
  caughtUp(timeoutMs?: number): Promise<void>;
  /** `pg_ctl stop -m fast`: the replica is down until `start`. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the replica at once and removes its folder. Safe to call twice. */
  close(): Promise<void>;
}

const PREFIX = 'vv-replica-';
const OWNER_FILE = 'owner-pid';
/**
 * Settings a standby must hold at least as high as its primary, or it refuses to start; and shared_buffers, so a
 * benchmark compares like with like.
 */
const AT_LEAST_PRIMARY = [
  'shared_buffers',
  'max_connections',
  'max_prepared_transactions',
  'max_locks_per_transaction',
  'max_wal_senders',
  'max_worker_processes',
];

const asRoot = process.getuid?.() === 0;
/** argv run as the `postgres` OS user when this process is root (postgres will not run as root). */
const asPostgres = (argv: string[]): [string, string[]] =>
  asRoot ? ['runuser', ['-u', 'postgres', '--', ...argv]] : [argv[0]!, argv.slice(1)];

function binDir(major: number): string {
  const debian = `/usr/lib/postgresql/${major}/bin`;
  if (existsSync(path.join(debian, 'pg_ctl'))) return debian;
  return execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
}

/** Stops and removes the replicas of test processes that died without closing them. */
function sweepOrphans(pgCtl: string): void {
  for (const name of readdirSync(os.tmpdir()).filter((n) => n.startsWith(PREFIX))) {
    const dir = path.join(os.tmpdir(), name);
    const ownerFile = path.join(dir, OWNER_FILE);
    if (!existsSync(ownerFile)) {
      // Another process may have made it a moment ago and not named itself yet: only an old one is an orphan.
      if (Date.now() - statSync(dir).mtimeMs < 10 * 60_000) continue;
    } else if (isAlive(Number(readFileSync(ownerFile, 'utf8')))) {
      continue; // its owner is alive: not ours to touch
    }
    stopSync(pgCtl, path.join(dir, 'data'));
    execFileSync('rm', ['-rf', dir]);
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function stopSync(pgCtl: string, dataDir: string): void {
  if (!existsSync(path.join(dataDir, 'postmaster.pid'))) return;
  const [cmd, args] = asPostgres([pgCtl, '-D', dataDir, '-m', 'immediate', '-w', 'stop']);
  try {
    execFileSync(cmd, args, { stdio: 'ignore' });
  } catch {
    // not running
  }
}

/**
 * Replication connections need their own pg_hba.conf line (`all` does not cover them). The test cluster trusts
 * 127.0.0.1 for everything else; this adds the same for replication, once, and reloads. Needs the rights to write
 * the cluster's pg_hba.conf (root or the postgres user, as in CI); otherwise it says which line to add.
 */
async function allowLocalReplication(admin: pg.Client): Promise<void> {
  const { rows } = await admin.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_hba_file_rules
      WHERE 'replication' = ANY(database) AND (type = 'local' OR address = '127.0.0.1') AND error IS NULL`,
  );
  if (rows[0]!.n > 0) return;
  const { rows: rules } = await admin.query<{ auth_method: string }>(
    "SELECT auth_method FROM pg_hba_file_rules WHERE type = 'host' AND address = '127.0.0.1' AND 'all' = ANY(database)",
  );
  const method = rules[0]?.auth_method ?? 'trust';
  const line = `host replication all 127.0.0.1/32 ${method}`;
  const { rows: file } = await admin.query<{ hba_file: string }>('SHOW hba_file');
  try {
    await appendFile(
      file[0]!.hba_file,
      `\n# Vanity Vault tests: a streaming replica of this cluster (tests/helpers/streaming-replica.ts)\n${line}\n`,
    );
  } catch (err) {
    throw new Error(`The replica tests need "${line}" in ${file[0]!.hba_file}: ${(err as Error).message}`, {
      cause: err,
    });
  }
  await admin.query('SELECT pg_reload_conf()');
}

export interface StreamingReplicaOptions {
  /** log_statement = all, read back by `statements()`: how a test counts the reads the replica served. */
  logStatements?: boolean;
}

const LOG_PREFIX = 'vvlog|';

export async function createStreamingReplica(
  primaryUrl: string,
  opts: StreamingReplicaOptions = {},
): Promise<StreamingReplica> {
  const primary = new URL(primaryUrl);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(primary.hostname)) {
    throw new Error(`A streaming replica needs a cluster on this machine; ${primary.hostname} is not`);
  }
  const { major, settings } = await withPgClient(primaryUrl, async (admin) => {
    await allowLocalReplication(admin);
    const version = await admin.query<{ v: number }>("SELECT current_setting('server_version_num')::int AS v");
    const found = await admin.query<{ name: string; setting: string }>(
      'SELECT name, current_setting(name) AS setting FROM pg_settings WHERE name = ANY($1)', // with units: 128MB
      [AT_LEAST_PRIMARY],
    );
    return { major: Math.floor(version.rows[0]!.v / 10_000), settings: found.rows };
  });
  const bin = binDir(major);
  const pgCtl = path.join(bin, 'pg_ctl');
  sweepOrphans(pgCtl);

  const root = await mkdtemp(path.join(os.tmpdir(), PREFIX));
  const dataDir = path.join(root, 'data');
  const logFile = path.join(root, 'log');
  await writeFile(path.join(root, OWNER_FILE), String(process.pid));
  const exitGuard = () => {
    stopSync(pgCtl, dataDir);
    execFileSync('rm', ['-rf', root]);
  };
  process.once('exit', exitGuard);
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    process.removeListener('exit', exitGuard);
    stopSync(pgCtl, dataDir);
    await rm(root, { recursive: true, force: true });
  };

  try {
    const port = await freePort();
    const owner = asRoot
      ? execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim() +
        ':' +
        execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()
      : undefined;
    if (owner) {
      const [uid, gid] = owner.split(':').map(Number);
      await chown(root, uid!, gid!);
    }
    await chmod(root, 0o700);
    // Retried briefly: after pg_reload_conf() the postmaster reads pg_hba.conf when it gets to it.
    for (let attempt = 1; ; attempt++) {
      try {
        const [cmd, args] = asPostgres([
          path.join(bin, 'pg_basebackup'),
          '-d',
          primaryUrl,
          '-D',
          dataDir,
          '-R', // standby.signal and primary_conninfo: start as a streaming replica of the primary
          '-X',
          'stream',
          '-c',
          'fast', // checkpoint now, rather than waiting for the next one
        ]);
        await run(cmd, args);
        break;
      } catch (err) {
        if (attempt >= 5) throw err;
        await rm(dataDir, { recursive: true, force: true });
        await new Promise((r) => setTimeout(r, 200 * attempt));
      }
    }
    // Debian keeps postgresql.conf and pg_hba.conf outside the data folder, so the copy has neither.
    const conf = [
      "listen_addresses = '127.0.0.1'",
      `port = ${port}`,
      `unix_socket_directories = '${root}'`,
      'hot_standby = on',
      'fsync = off', // a throw-away copy: durability buys nothing here
      ...settings.map((s) => `${s.name} = '${s.setting}'`),
      ...(opts.logStatements ? ["log_statement = 'all'", `log_line_prefix = '${LOG_PREFIX}%d|%a|'`] : []),
    ];
    await writeFile(path.join(dataDir, 'postgresql.conf'), `${conf.join('\n')}\n`);
    await writeFile(path.join(dataDir, 'pg_hba.conf'), 'local all all trust\nhost all all 127.0.0.1/32 trust\n');
    await writeFile(path.join(dataDir, 'pg_ident.conf'), '');
    if (owner) execFileSync('chown', ['-R', owner, root]);

    const pgCtlRun = (...args: string[]) => {
      const [cmd, argv] = asPostgres([pgCtl, '-D', dataDir, ...args]);
      return run(cmd, argv).then(() => undefined);
    };
    const urlOf = (database: string) => {
      const u = new URL(primaryUrl);
      u.port = String(port);
      u.pathname = `/${database}`;
      return u.toString();
    };
    const query = <T>(database: string, sql: string, params?: unknown[]) =>
      withPgClient(urlOf(database), async (c) => (await c.query(sql, params)).rows as T[]);

    const statements = (database: string) => {
      const head = `${LOG_PREFIX}${database}|`;
      return readFileSync(logFile, 'utf8')
        .split('\n')
        .filter((line) => line.startsWith(head))
        .map((line) => /^[^|]*\|[^|]*\|([^|]*)\|\w+:\s+(?:statement|execute [^:]*): (.*)$/.exec(line))
        .filter((m): m is RegExpExecArray => m !== null)
        .map((m) => ({ app: m[1]!, sql: m[2]! }));
    };

    await pgCtlRun('-l', logFile, '-w', '-t', '60', 'start');
    const adminDb = primary.pathname.slice(1) || 'postgres';
    return {
      port,
      urlOf,
      query,
      statements,
      async caughtUp(timeoutMs = 30_000) {
        const [{ lsn }] = await withPgClient(
          primaryUrl,
          async (c) => (await c.query('SELECT pg_current_wal_lsn() AS lsn')).rows,
        );
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          const [row] = await query<{ ok: boolean }>(adminDb, 'SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS ok', [
            lsn,
          ]).catch(() => [{ ok: false }]);
          if (row?.ok) return;
          if (Date.now() > deadline) throw new Error(`the replica did not replay up to ${lsn} within ${timeoutMs} ms`);
          await new Promise((r) => setTimeout(r, 50));
        }
      },
      stop: () => pgCtlRun('-m', 'fast', '-w', 'stop'),
      start: () => pgCtlRun('-l', logFile, '-w', '-t', '60', 'start'),
      close,
    };
  } catch (err) {
    const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-2000) : '';
    await close();
    throw log ? new Error(`${(err as Error).message}\n--- replica log ---\n${log}`, { cause: err }) : err;
  }
}
