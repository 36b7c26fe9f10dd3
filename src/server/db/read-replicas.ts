import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from './query-handles';
import { judgeReplica, type ReplicaHealth } from './replica-lag';
import { marksReplicaDown, ReplicaFallbackPool } from './replica-pool';
import * as schema from './schema';

/** How often each replica's state is read: a background check, never one per request. */
export const REPLICA_CHECK_INTERVAL_MS = 2_000;
/** A replica that cannot connect within this is skipped: the primary answers instead of making a buyer wait. */
const REPLICA_CONNECT_TIMEOUT_MS = 2_000;
const CHECK_TIMEOUT_MS = 2_000;
/** The name replica connections carry in pg_stat_activity. */
export const REPLICA_APPLICATION_NAME = 'vanity-vault-read';

/** One replica as /api/health shows it. */
export interface ReplicaStatus {
  /** The URL without credentials or parameters (`redactUrl`). */
  url: string;
  state: ReplicaHealth;
  lagSeconds: number | null;
  checkedAt: string | null;
  /** Why it is down, as the driver said it (no URL in it). */
  error?: string;
}

/** The streaming replicas of the primary and which of them may serve reads now (docs/decisions/0019). */
export interface ReadReplicas {
  /** The next ready replica (round robin), or null when none is: the caller reads from the primary. */
  pick(): Db | null;
  status(): ReplicaStatus[];
  /**
   * The most a replica that serves reads may be behind: the lag limit, plus one check interval (replay may stop
   * just after a check found it caught up). A caller who wrote reads from the primary for at least this long.
   */
  readonly maxStalenessMs: number;
  /** Called on every change of a replica's state (the app logs them); returns the unsubscribe. */
  onChange(listener: (status: ReplicaStatus, previous: ReplicaHealth) => void): () => void;
  close(): Promise<void>;
}

export interface ReadReplicaOptions {
  maxLagMs: number;
  checkIntervalMs?: number;
  /** Connections per replica pool (the primary's size by default). */
  max?: number;
  queryTimeoutMs: number;
}

/** `postgres://host:port/db`: what may be shown of a connection string (no user, password or parameters). */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return 'postgres://(unparsable URL)';
  }
}

interface Replica {
  status: ReplicaStatus;
  pool: pg.Pool;
  db: Db;
}

const CHECK_SQL = `SELECT pg_is_in_recovery() AS standby,
  pg_last_wal_replay_lsn() >= $1::pg_lsn AS caught_up,
  extract(epoch FROM now() - pg_last_xact_replay_timestamp())::float8 AS since_last_replay`;

/** Opens a pool per replica URL (lazily connected) and checks them every few seconds in the background. */
export function openReadReplicas(urls: readonly string[], primary: pg.Pool, opts: ReadReplicaOptions): ReadReplicas {
  const listeners = new Set<(status: ReplicaStatus, previous: ReplicaHealth) => void>();
  const interval = opts.checkIntervalMs ?? REPLICA_CHECK_INTERVAL_MS;

  const setState = (replica: Replica, next: Omit<ReplicaStatus, 'url'>) => {
    const previous = replica.status.state;
    replica.status = { url: replica.status.url, ...next };
    if (previous !== next.state) for (const listener of listeners) listener(replica.status, previous);
  };
  const down = (replica: Replica, err: unknown) =>
    setState(replica, {
      state: 'down',
      lagSeconds: null,
      checkedAt: new Date().toISOString(),
      error: err instanceof Error ? err.message : String(err),
    });

  const replicas: Replica[] = urls.map((url) => {
    const pool = new pg.Pool({
      connectionString: url,
      max: opts.max ?? 20,
      connectionTimeoutMillis: REPLICA_CONNECT_TIMEOUT_MS,
      query_timeout: opts.queryTimeoutMs,
      statement_timeout: opts.queryTimeoutMs,
      application_name: REPLICA_APPLICATION_NAME,
      keepAlive: true,
    });
    // As for the primary's pool (open-postgres.ts): a dropped connection must not crash the process.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const replica = {
      status: { url: redactUrl(url), state: 'starting', lagSeconds: null, checkedAt: null },
      pool,
    } as Omit<Replica, 'db'> as Replica;
    const client = new ReplicaFallbackPool(pool, primary, (err) => {
      if (marksReplicaDown(err) && replica.status.state !== 'down') down(replica, err);
    });
    replica.db = drizzle({ client: client as unknown as pg.Pool, schema, casing: 'snake_case' }) as unknown as Db;
    return replica;
  });

  async function check(replica: Replica, primaryLsn: string | null): Promise<void> {
    try {
      const { rows } = await replica.pool.query<{
        standby: boolean;
        caught_up: boolean | null;
        since_last_replay: number | null;
      }>({ text: CHECK_SQL, values: [primaryLsn], query_timeout: CHECK_TIMEOUT_MS } as pg.QueryConfig);
      const row = rows[0]!;
      const judged = judgeReplica(
        { standby: row.standby, caughtUp: row.caught_up, sinceLastReplaySeconds: row.since_last_replay },
        opts.maxLagMs / 1000,
      );
      const lagSeconds = judged.lagSeconds === null ? null : Math.round(judged.lagSeconds * 1000) / 1000;
      setState(replica, { state: judged.health, lagSeconds, checkedAt: new Date().toISOString() });
    } catch (err) {
      down(replica, err);
    }
  }

  async function checkAll(): Promise<void> {
    // The primary's position first: a replica that has replayed up to it holds every commit made before the check.
    const primaryLsn = await primary
      .query<{ lsn: string }>({
        text: 'SELECT pg_current_wal_lsn()::text AS lsn',
        query_timeout: CHECK_TIMEOUT_MS,
      } as pg.QueryConfig)
      .then((r) => r.rows[0]?.lsn ?? null)
      .catch(() => null);
    await Promise.all(replicas.map((replica) => check(replica, primaryLsn)));
  }

  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const loop = () => {
    running = checkAll().finally(() => {
      if (closed) return;
      timer = setTimeout(loop, interval);
      timer.unref();
    });
  };
  loop();

  let next = 0;
  return {
    pick() {
      const ready = replicas.filter((r) => r.status.state === 'ready');
      if (ready.length === 0) return null;
      return ready[next++ % ready.length]!.db;
    },
    status: () => replicas.map((r) => r.status),
    maxStalenessMs: opts.maxLagMs + interval,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      await running;
      await Promise.all(replicas.map((r) => r.pool.end()));
    },
  };
}
