import type { Database } from './database';

/**
 * What a caller is told while the database cannot be reached (docs/domain.md#errors: a code, a message, no internals).
 */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'The service is temporarily unavailable: its database cannot be reached. Please try again in a moment.';

/** What a caller is told while the database (or DATA_DIR) has no space left to write. */
export const STORAGE_FULL_MESSAGE = 'The service cannot save changes right now. Please try again later.';

/**
 * SQLSTATEs that say the connection failed, not the statement: class 08 (connection exception), the server
 * shutting down or killing the backend (57P01–57P03), too many connections (53300).
 */
const CONNECTION_SQLSTATE = /^(08...|57P0[1-3]|53300)$/;
/** Socket errors node-postgres passes through when the database host cannot be reached. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * node-postgres reports a lost connection without any code, in one of these fixed messages (pg/lib/client.js,
 * pg-pool/index.js). They are matched here and nowhere else. The last one matters most: when a connection dies
 * inside a transaction, Drizzle's ROLLBACK on the dead client fails with it and replaces the original error.
 */
const PG_CONNECTION_MESSAGES = new Set([
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
]);

/** True when `err` (or an error it wraps, as Drizzle's DrizzleQueryError does) is a lost database connection. */
export function isConnectionFailure(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (CONNECTION_SQLSTATE.test(code) || SOCKET_CODES.has(code))) return true;
    if (typeof message === 'string' && PG_CONNECTION_MESSAGES.has(message)) return true;
  }
  return false;
}

/**
 * True when `err` says the disk is full: PostgreSQL's or PGlite's disk_full (53100), Node's ENOSPC/EDQUOT (the local
 * chain's state file), or Emscripten's ENOSPC/EDQUOT (WASI errno 51/19) from PGlite's own file system.
 */
export function isStorageFull(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, errno, name } = e as { code?: unknown; errno?: unknown; name?: unknown };
    if (code === '53100' || code === 'ENOSPC' || code === 'EDQUOT') return true;
    if (name === 'ErrnoError' && (errno === 51 || errno === 19)) return true;
  }
  return false;
}

/**
 * Whether the database answers `SELECT 1` within `timeoutMs`. Used by /api/health and by the error handler to tell
 * "the database is down" (503) from a bug (500) for errors node-postgres reports without a code, such as
 * "Connection terminated unexpectedly" or a connect/query timeout.
 */
export async function databaseAnswers(database: Database, timeoutMs = 2_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const probe = database.query('SELECT 1').then(
    () => true,
    () => false,
  );
  return Promise.race([probe, timeout]).finally(() => clearTimeout(timer));
}
