import pg from 'pg';

/**
 * Whether a replica's error says "this server cannot answer now" (the statement would run on the primary), as
 * opposed to the statement's own fault (which the primary would answer the same way). Branches on the error's type
 * and SQLSTATE, never its text: an error PostgreSQL did not send (connection refused or reset, a pool or query
 * timeout, a dropped connection) is the server's; of those it sent, connection exceptions (08), too many
 * connections (53), shutdown and cancellation (57), system errors (58), a database not replicated yet (3D000) and
 * a statement cancelled by a conflict with recovery (40001 on a standby).
 */
export function isReplicaTrouble(err: unknown): boolean {
  if (!(err instanceof pg.DatabaseError)) return true;
  const code = err.code ?? '';
  return ['08', '53', '57', '58'].includes(code.slice(0, 2)) || code === '3D000' || code === '40001';
}

/** Only 40001 leaves the replica in use: the statement lost a race with replay, the server is fine. */
export const marksReplicaDown = (err: unknown) => !(err instanceof pg.DatabaseError && err.code === '40001');

/**
 * What drizzle's node-postgres driver is given for a replica: `query` and `connect` as a pg.Pool has them, each
 * tried on the replica and, when the replica cannot answer (`isReplicaTrouble`), done on the primary instead, so no
 * request fails because a replica died between two health checks. Its class name contains "Pool" because that
 * is how drizzle tells a pool (check out a client for a transaction) from a single client.
 */
export class ReplicaFallbackPool {
  constructor(
    private readonly replica: pg.Pool,
    private readonly primary: pg.Pool,
    private readonly onTrouble: (err: unknown) => void,
  ) {}

  /** The form drizzle calls: a query config (text, name, types, rowMode) or text, and the values. */
  async query(config: string | pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
    try {
      return await this.replica.query(config, values);
    } catch (err) {
      if (!isReplicaTrouble(err)) throw err;
      this.onTrouble(err);
      return this.primary.query(config, values);
    }
  }

  /** A read transaction's connection: the replica's, or the primary's when the replica cannot be reached. */
  async connect(): Promise<pg.PoolClient> {
    try {
      return await this.replica.connect();
    } catch (err) {
      this.onTrouble(err);
      return this.primary.connect();
    }
  }
}
