import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  address,
  createSignerFromKeyPair,
  createSolanaRpc,
  devnet,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  lamports,
  signTransactionMessageWithSigners,
  signature as toSignature,
} from '@solana/kit';
import { expect } from 'vitest';
import { buildPaymentTransaction } from '@chain/payment/build-payment-transaction';
import { chainPaymentOf } from '@chain/payment/chain-payment';
import type { PaymentInstructions as ChainPayment } from '@chain/payment/payment-types';
import type { ChallengeResponse } from '@shared/api/auth';
import type { InitiatePurchaseResponse, PaymentInstructions } from '@shared/api/transactions';
import type { CrashPoint } from '@server/config/crash-point';
import type { Database } from '@server/db/database';
import { openEmbeddedDatabase } from '@server/db/open-embedded';
import { createTestDatabase, testDriver, type TestDatabase } from '@tests/helpers/db';
import { newWallet, signChallenge, type TestWallet } from '@tests/helpers/wallet';
import { freePort, RUN_TYPESCRIPT } from '@tests/helpers/server-process';

/**
 * The kill-at-every-step tests (docs/reliability.md#crashes-sigkill-at-every-step): the real server
 * (`src/server/main.ts`, as `npm start` runs it) in a child process, SIGKILLed at a crash point (FAULT_CRASH_AT,
 * src/server/config/crash-point.ts) or between steps, and started again on the same data: the same DATA_DIR (embedded
 * database, chain state, master key) and, on the api-postgres project, the same PostgreSQL database, copied from the
 * migrated template.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const START_TIMEOUT_MS = 120_000;
const CRASH_TIMEOUT_MS = 60_000;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it returns a value other than undefined; fails with `what` after `timeoutMs`. */
export async function eventually<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`${what}: not reached in ${timeoutMs} ms (${String(last ?? '')})`);
    await sleep(250);
  }
}

type Arm = CrashPoint | `${CrashPoint}#${number}` | undefined;

interface Running {
  crashAt: Arm;
  child: ChildProcess;
  output: { text: string; all: string };
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export class FaultServer {
  private running: Running | undefined;
  /** Every start, for the report at the end: which crash point each life was armed with. */
  readonly starts: { crashAt: string | undefined; ms: number }[] = [];

  private constructor(
    readonly origin: string,
    private readonly port: number,
    readonly dataDir: string,
    private readonly adminWallets: string[],
    private readonly database: TestDatabase | undefined,
    private readonly extraEnv: Record<string, string> = {},
  ) {}

  /** A server home on this project's driver: a temp DATA_DIR, and on api-postgres a database of its own. */
  static async create(adminWallets: string[], extraEnv: Record<string, string> = {}): Promise<FaultServer> {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vv-kill-'));
    const port = await freePort();
    const database = testDriver() === 'postgres' ? await createTestDatabase() : undefined;
    return new FaultServer(`http://127.0.0.1:${port}`, port, dataDir, adminWallets, database, extraEnv);
  }

  get driver() {
    return testDriver();
  }

  /** Starts the server (armed to SIGKILL itself at `crashAt`, if given) and waits for /api/health. */
  async start(crashAt?: Arm): Promise<void> {
    if (this.running) throw new Error('the server is already running');
    const began = Date.now();
    const child = spawn(process.execPath, [...RUN_TYPESCRIPT, 'src/server/main.ts'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        PORT: String(this.port),
        HOST: '127.0.0.1',
        PUBLIC_ORIGIN: this.origin,
        DATA_DIR: this.dataDir,
        LOCAL_RPC_PORT: '0',
        DEMO_DATA: 'false',
        LOG_LEVEL: 'warn',
        // These tests read a listing right after the write they check: no kept public answers in between.
        PUBLIC_LISTINGS_MAX_AGE_SECONDS: '0',
        ADMIN_WALLETS: this.adminWallets.join(','),
        ...(this.database?.url ? { DATABASE_URL: this.database.url } : {}),
        ...(crashAt ? { FAULT_CRASH_AT: crashAt } : {}),
        ...this.extraEnv,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = { text: '', all: '' };
    // Both pipes are drained, or a chatty server would block on a full pipe. All of it is kept for `stop()`.
    const keep = (chunk: Buffer) => {
      output.all += String(chunk);
      output.text = (output.text + String(chunk)).slice(-20_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    this.running = { crashAt, child, output, exited };
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        this.running = undefined;
        throw new Error(`the server exited during start-up:\n${output.text}`);
      }
      const ok = await fetch(`${this.origin}/api/health`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`no healthy server within ${START_TIMEOUT_MS} ms:\n${output.text}`);
      await sleep(200);
    }
    this.starts.push({ crashAt, ms: Date.now() - began });
  }

  /**
   * A running server armed with `crashAt`. Normally the previous test restarted it so (its restart is this test's
   * start); after a failure it is (re)started here, so one failing scenario does not take the next ones with it.
   */
  async ensure(crashAt?: Arm): Promise<void> {
    if (this.running && this.running.crashAt === crashAt) return;
    if (this.running) await this.kill();
    await this.start(crashAt);
  }

  /**
   * Runs `action`, which must make the server reach its armed crash point, and waits for the process to die of
   * SIGKILL having announced `at`. The action's own failure (the connection dies with the server) is expected.
   */
  async crash(at: CrashPoint, action: () => Promise<unknown>): Promise<void> {
    const running = this.running;
    if (!running) throw new Error('the server is not running');
    await action().catch(() => undefined);
    const timeout = sleep(CRASH_TIMEOUT_MS).then(() => 'timeout' as const);
    const result = await Promise.race([running.exited, timeout]);
    if (result === 'timeout') throw new Error(`the server did not die at ${at}:\n${running.output.text}`);
    this.running = undefined;
    expect(result, running.output.text).toEqual({ code: null, signal: 'SIGKILL' });
    expect(running.output.text).toContain(`FAULT_CRASH_AT: killing the process at ${at}`);
  }

  /** Resolves once the running server has printed something matching `pattern` (e.g. a request's log line). */
  waitForOutput(pattern: RegExp): Promise<void> {
    const running = this.running;
    if (!running) return Promise.reject(new Error('the server is not running'));
    return new Promise((resolve, reject) => {
      const check = () => {
        if (!pattern.test(running.output.all)) return;
        running.child.stdout?.off('data', check);
        resolve();
      };
      running.child.stdout?.on('data', check);
      void running.exited.then(() => reject(new Error(`the server exited before printing ${String(pattern)}`)));
      check();
    });
  }

  /** SIGKILL from outside, between two steps. */
  async kill(): Promise<void> {
    const running = this.running;
    if (!running) throw new Error('the server is not running');
    running.child.kill('SIGKILL');
    expect(await running.exited).toEqual({ code: null, signal: 'SIGKILL' });
    this.running = undefined;
  }

  /** A clean stop (SIGTERM): in-flight requests finish, the database is closed. Returns everything it printed. */
  async stop(): Promise<string> {
    const running = this.running;
    if (!running) return '';
    running.child.kill('SIGTERM');
    const { code } = await running.exited;
    this.running = undefined;
    expect(code, running.output.text).toBe(0);
    return running.output.all;
  }

  /**
   * The server's database, opened by the test while the server is down (PGlite allows one process per data
   * directory). After a SIGKILL this open is itself the crash recovery of the embedded database.
   */
  async whileDown<T>(inspect: (db: Database) => Promise<T>): Promise<T> {
    if (this.running) throw new Error('whileDown needs the server stopped');
    if (this.database) return inspect(this.database);
    const db = await openEmbeddedDatabase(this.dataDir);
    try {
      return await inspect(db);
    } finally {
      await db.close();
    }
  }

  /**
   * `npm run ledger -- check` on this server's data, as an operator runs it with the server stopped: exit code and
   * output (docs/domain.md#ledger).
   */
  ledgerCheck(): Promise<{ code: number; out: string; err: string }> {
    if (this.running) throw new Error('ledger -- check runs with the server stopped');
    return new Promise((resolve) => {
      execFile(
        process.execPath,
        [...RUN_TYPESCRIPT, 'src/server/cli/ledger.ts', 'check'],
        {
          cwd: ROOT,
          timeout: 120_000,
          env: {
            PATH: process.env.PATH ?? '',
            DATA_DIR: this.dataDir,
            LOG_LEVEL: 'silent',
            ...(this.database?.url ? { DATABASE_URL: this.database.url } : {}),
            ...this.extraEnv,
          },
        },
        (error, out, err) => resolve({ code: error ? Number(error.code ?? -1) : 0, out, err }),
      );
    });
  }

  async close(): Promise<void> {
    if (this.running) {
      this.running.child.kill('SIGKILL');
      await this.running.exited;
      this.running = undefined;
    }
    await this.database?.close();
    await rm(this.dataDir, { recursive: true, force: true });
  }

  rpc() {
    // `devnet()` only brands the URL so kit's types include requestAirdrop.
    return createSolanaRpc(devnet(`${this.origin}/rpc`));
  }

  async balance(wallet: string): Promise<bigint> {
    return (await this.rpc().getBalance(address(wallet), { commitment: 'confirmed' }).send()).value;
  }

  async airdrop(wallet: string, amount: bigint): Promise<void> {
    await this.rpc().requestAirdrop(address(wallet), lamports(amount)).send();
  }

  /** The landed transaction of `signature` as the chain reports it now, or null. */
  async landed(signature: string) {
    return this.rpc()
      .getTransaction(toSignature(signature), {
        commitment: 'confirmed',
        encoding: 'json',
        maxSupportedTransactionVersion: 0,
      })
      .send();
  }
}

export interface ApiResponse {
  status: number;
  body: Record<string, unknown>;
}

/** A signed-in wallet talking to the server over HTTP, as the browser does. Sessions live in the database. */
export class Client {
  private constructor(
    readonly server: FaultServer,
    readonly wallet: TestWallet,
    private readonly cookie: string,
  ) {}

  get walletAddress() {
    return this.wallet.walletAddress;
  }

  static async signIn(server: FaultServer, wallet?: TestWallet): Promise<Client> {
    const w = wallet ?? (await newWallet());
    const challenge = await fetch(`${server.origin}/api/auth/challenge`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address: w.walletAddress }),
    });
    if (challenge.status !== 200) throw new Error(`challenge: ${challenge.status} ${await challenge.text()}`);
    const verify = await fetch(`${server.origin}/api/auth/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(await signChallenge((await challenge.json()) as ChallengeResponse, w.keys)),
    });
    const cookie = verify.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .find((c) => /^vv_session=./.test(c));
    if (verify.status !== 200 || !cookie) throw new Error(`sign-in: ${verify.status} ${await verify.text()}`);
    return new Client(server, w, cookie);
  }

  async call(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse> {
    const res = await fetch(`${this.server.origin}${url}`, {
      method,
      headers: {
        cookie: this.cookie,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  }

  /** A CSV file through the bulk upload route, as the browser's file picker sends it. */
  async uploadCsv(csv: string): Promise<ApiResponse> {
    const form = new FormData();
    form.append('walletAddress', this.walletAddress);
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'listings.csv');
    const res = await fetch(`${this.server.origin}/api/bulk-create-listings/upload`, {
      method: 'POST',
      headers: { cookie: this.cookie },
      body: form,
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  async createListing(listingAddress: string, privateKey: string, price: string): Promise<string> {
    const res = await this.call('POST', '/api/addresses', { address: listingAddress, privateKey, price });
    if (res.status !== 201) throw new Error(`create listing: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id as string;
  }

  initiate(listing: { id: string; price: string }) {
    return this.call('POST', '/api/transactions/initiate', {
      addressId: listing.id,
      buyerId: this.walletAddress,
      price: Number(listing.price),
      currency: 'SOL',
      membershipTier: 'basic',
    });
  }

  async initiateOk(listing: { id: string; price: string }): Promise<InitiatePurchaseResponse> {
    const res = await this.initiate(listing);
    if (res.status !== 201) throw new Error(`initiate: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as unknown as InitiatePurchaseResponse;
  }

  /**
   * Signs the purchase payment with this wallet's key; the signature is known before anything is sent. `tweak`
   * changes what is paid (a wrong amount or memo, for the rejected-payment paths).
   */
  async signPayment(payment: PaymentInstructions, tweak: (p: ChainPayment) => ChainPayment = (p) => p) {
    const rpc = this.server.rpc();
    const { value: lifetime } = await rpc.getLatestBlockhash({ commitment: 'confirmed' }).send();
    const buyer = await createSignerFromKeyPair(this.wallet.keys);
    const signed = await signTransactionMessageWithSigners(
      buildPaymentTransaction({ payment: tweak(chainPaymentOf(payment)), buyer, lifetime }),
    );
    return {
      signature: getSignatureFromTransaction(signed) as string,
      send: () => rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' }).send(),
    };
  }

  /** Pays on chain and waits for the answer (the chain has saved it by then); returns the signature. */
  async pay(payment: PaymentInstructions, tweak?: (p: ChainPayment) => ChainPayment): Promise<string> {
    const signed = await this.signPayment(payment, tweak);
    await signed.send();
    return signed.signature;
  }

  /**
   * Signs the payment; `action` then sends it and confirms it, as one action for `FaultServer.crash`. The background
   * verifier finds a landed payment by its reference (every 2 s) and may reach the armed point first, even before the
   * send's answer is read: whichever of them gets there, the kill happens inside the action.
   */
  async payThenConfirm(id: string, payment: PaymentInstructions, tweak?: (p: ChainPayment) => ChainPayment) {
    const signed = await this.signPayment(payment, tweak);
    return {
      signature: signed.signature,
      action: async () => {
        await signed.send();
        return this.confirm(id, signed.signature);
      },
    };
  }

  confirm(id: string, txHash: string) {
    return this.call('POST', `/api/transactions/${id}/confirm`, { txHash, buyerWallet: this.walletAddress });
  }

  reveal(id: string) {
    return this.call('POST', `/api/transactions/${id}/reveal-private-key`, undefined, {
      'x-wallet-address': this.walletAddress,
    });
  }

  destroy(id: string) {
    return this.call('DELETE', `/api/transactions/${id}/private-key`, { wallet: this.walletAddress });
  }
}

export async function purchaseOf(server: FaultServer, id: string) {
  const res = await fetch(`${server.origin}/api/transactions/${id}`);
  if (res.status !== 200) throw new Error(`GET transaction ${id}: ${res.status}`);
  return (await res.json()) as {
    status: string;
    txHash: string | null;
    disputeReason: string | null;
    failureKind: string | null;
    failureCode: string | null;
    privateKeyDestroyed: boolean;
    refundSignatures: string[];
    payoutSignature: string | null;
  };
}

export async function listingOf(server: FaultServer, listingAddress: string) {
  const res = await fetch(`${server.origin}/api/addresses/by-address/${encodeURIComponent(listingAddress)}`);
  if (res.status !== 200) throw new Error(`GET listing ${listingAddress}: ${res.status}`);
  return (await res.json()) as { id: string; status: string; isListed: boolean };
}

/** Waits until the background verifier (or anything else) has moved the purchase to one of `statuses`. */
export function purchaseReaches(server: FaultServer, id: string, statuses: string[], timeoutMs = 30_000) {
  return eventually(
    `purchase ${id} in ${statuses.join('/')}`,
    async () => {
      const p = await purchaseOf(server, id);
      return statuses.includes(p.status) ? p : undefined;
    },
    timeoutMs,
  );
}
