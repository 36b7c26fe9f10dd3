import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { createChainRpc } from '@chain/rpc/chain-rpc';
import { openPostgresDatabase } from '@server/db/open-postgres';
import { createTestDatabase, type TestDatabase } from './db';
import { createAdmin } from './factories';
import { createPurchaseApp, createTestChain, type PurchaseTestApp, type TestChain } from './purchases';
import type { SignedInWallet } from './wallet';

/**
 * File-level fixtures for the money-path API tests: each registers its own beforeAll/afterAll in the calling file
 * (or describe block) and returns a context whose fields are readable once that beforeAll has run.
 */

/** The local chain, the whole app on it, and (with `admin: true`) a seller signed in as admin. */
export interface PurchaseSuite {
  readonly chain: TestChain;
  readonly t: PurchaseTestApp;
  readonly admin: SignedInWallet;
  /** Another server on the same chain, database and master key, as after a restart; the caller closes it. */
  anotherInstance(): Promise<PurchaseTestApp>;
}

/** Endpoints of the test's own between the server and the chain (fault or lying proxies). */
export interface ServerRpcEndpoints {
  urls: string[];
  close(): Promise<void>;
}

export interface PurchaseSuiteOptions {
  /** The app's variables, or a function that makes them once the chain is up (a funded account's address). */
  env?: Record<string, string> | ((chain: TestChain) => Promise<Record<string, string>>);
  /** Sign in an admin before the tests, as the listings' seller (`ctx.admin`). */
  admin?: boolean;
  /**
   * Made once the chain is up; the server is configured with their urls as SOLANA_RPC_URLS, so it reaches the chain
   * through the production fallback transport. They are closed after the app and before the chain.
   */
  serverRpc?: (chain: TestChain) => Promise<ServerRpcEndpoints>;
  logStream?: { write(line: string): void };
}

/** Fields set by a beforeAll: read one any earlier (at collection time) and the test says so, not `undefined`. */
function setInBeforeAll<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw new Error(`${name} is set in beforeAll: read it inside a test or a hook`);
  return value;
}

export function usePurchaseApp(opts: PurchaseSuiteOptions = {}): PurchaseSuite {
  const masterKey = randomBytes(32).toString('base64');
  let chain: TestChain | undefined;
  let endpoints: ServerRpcEndpoints | undefined;
  let t: PurchaseTestApp | undefined;
  let admin: SignedInWallet | undefined;
  beforeAll(async () => {
    chain = await createTestChain();
    const env = typeof opts.env === 'function' ? await opts.env(chain) : opts.env;
    endpoints = await opts.serverRpc?.(chain);
    t = await createPurchaseApp({
      chain: endpoints ? { ...chain, rpc: createChainRpc(endpoints.urls) } : chain,
      masterKey,
      env: { ...env, ...(endpoints ? { SOLANA_RPC_URLS: endpoints.urls.join(',') } : {}) },
      ...(opts.logStream ? { logStream: opts.logStream } : {}),
    });
    if (opts.admin) admin = await createAdmin(t);
  });
  afterAll(async () => {
    await t?.close();
    await endpoints?.close();
    await chain?.close();
  });
  return {
    get chain() {
      return setInBeforeAll(chain, 'chain');
    },
    get t() {
      return setInBeforeAll(t, 't');
    },
    get admin() {
      return setInBeforeAll(admin, 'admin (usePurchaseApp({ admin: true }))');
    },
    anotherInstance() {
      const database = setInBeforeAll(t, 't').database;
      return createPurchaseApp({ chain: setInBeforeAll(chain, 'chain'), database, masterKey });
    },
  };
}

/** Two server instances on one database and one chain, sharing the vault's master key. */
export interface TwoInstances {
  readonly chain: TestChain;
  readonly database: TestDatabase;
  readonly a: PurchaseTestApp;
  readonly b: PurchaseTestApp;
}

export function useTwoInstances(opts: { env?: Record<string, string> } = {}): TwoInstances {
  const masterKey = randomBytes(32).toString('base64');
  let chain: TestChain | undefined;
  let database: TestDatabase | undefined;
  let second: TestDatabase | undefined;
  let a: PurchaseTestApp | undefined;
  let b: PurchaseTestApp | undefined;
  beforeAll(async () => {
    chain = await createTestChain();
    database = await createTestDatabase();
    // On PostgreSQL each instance has its own connection pool, as two processes would; on PGlite they share the handle.
    second = database.url
      ? { ...(await openPostgresDatabase(database.url, { max: 5 })), url: database.url }
      : undefined;
    a = await createPurchaseApp({ chain, database, masterKey, env: opts.env });
    b = await createPurchaseApp({ chain, database: second ?? database, masterKey, env: opts.env });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await second?.close();
    await database?.close();
    await chain?.close();
  });
  return {
    get chain() {
      return setInBeforeAll(chain, 'chain');
    },
    get database() {
      return setInBeforeAll(database, 'database');
    },
    get a() {
      return setInBeforeAll(a, 'a');
    },
    get b() {
      return setInBeforeAll(b, 'b');
    },
  };
}
