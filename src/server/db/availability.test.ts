import { describe, expect, it } from 'vitest';
import { databaseAnswers, isConnectionFailure, isStorageFull } from './availability';
import type { Database } from './database';

const withCode = (code: string) => Object.assign(new Error('failed'), { code });
/** Drizzle wraps every driver error: `Failed query: …` with the driver's error as `cause`. */
const drizzleWrapped = (cause: unknown) => new Error('Failed query: select 1\nparams: ', { cause });

describe('isConnectionFailure', () => {
  it.each([
    ['ECONNREFUSED', withCode('ECONNREFUSED')],
    ['ECONNRESET', withCode('ECONNRESET')],
    ['57P01 admin_shutdown (pg_terminate_backend)', withCode('57P01')],
    ['08006 connection_failure', withCode('08006')],
    ['53300 too_many_connections', withCode('53300')],
    ['node-postgres: connection ended', new Error('Connection terminated unexpectedly')],
    ['node-postgres: connect timeout', new Error('Connection terminated due to connection timeout')],
    ['node-postgres: query timeout', new Error('Query read timeout')],
    ['node-postgres: dead client', new Error('Client has encountered a connection error and is not queryable')],
  ])('recognises %s, bare or wrapped by Drizzle', (_name, err) => {
    expect(isConnectionFailure(err)).toBe(true);
    expect(isConnectionFailure(drizzleWrapped(err))).toBe(true);
  });

  it.each([
    ['23505 unique_violation', withCode('23505')],
    ['42P01 undefined_table', withCode('42P01')],
    ['57014 query_canceled (statement_timeout)', withCode('57014')],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a message that merely mentions a connection', new Error('Connection terminated unexpectedly, said the user')],
  ])('leaves %s alone', (_name, err) => {
    expect(isConnectionFailure(drizzleWrapped(err))).toBe(false);
  });
});

describe('databaseAnswers', () => {
  const fake = (query: () => Promise<unknown[]>) => ({ query }) as unknown as Database;

  it('is true when SELECT 1 answers, false when it fails', async () => {
    expect(await databaseAnswers(fake(async () => [{ '?column?': 1 }]))).toBe(true);
    expect(await databaseAnswers(fake(async () => Promise.reject(withCode('ECONNREFUSED'))))).toBe(false);
  });

  it('gives up after its timeout on a database that never answers', async () => {
    const started = Date.now();
    expect(
      await databaseAnswers(
        fake(() => new Promise(() => {})),
        100,
      ),
    ).toBe(false);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});

describe('isStorageFull', () => {
  it.each([
    ['PostgreSQL / PGlite disk_full (53100)', withCode('53100')],
    ["Node's ENOSPC (the local chain's state file)", withCode('ENOSPC')],
    ["Node's EDQUOT", withCode('EDQUOT')],
    ["PGlite's Emscripten ENOSPC (WASI errno 51)", Object.assign(new Error(), { name: 'ErrnoError', errno: 51 })],
  ])('recognises %s, bare or wrapped', (_name, err) => {
    expect(isStorageFull(err)).toBe(true);
    expect(isStorageFull(drizzleWrapped(err))).toBe(true);
  });

  it('leaves other errors alone', () => {
    expect(isStorageFull(withCode('53200'))).toBe(false); // out of memory
    expect(isStorageFull(withCode('EROFS'))).toBe(false);
    expect(isStorageFull(Object.assign(new Error(), { name: 'ErrnoError', errno: 44 }))).toBe(false);
  });
});
