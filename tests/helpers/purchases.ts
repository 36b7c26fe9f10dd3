import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  address,
  createSignerFromKeyPair,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  signTransactionMessageWithSigners,
} from '@solana/kit';
import { buildPaymentTransaction } from '@chain/payment/build-payment-transaction';
import { chainPaymentOf } from '@chain/payment/chain-payment';
import type { PaymentInstructions as ChainPayment } from '@chain/payment/payment-types';
import { createLocalValidator, serveLocalValidator, type LocalValidator } from '@local-chain';
import { createChainRpc, type ChainRpc } from '@chain/rpc/chain-rpc';
import type { InitiatePurchaseResponse, PaymentInstructions } from '@shared/api/transactions';
import { buildApp } from '@server/app';
import { createChainContext } from '@server/modules/chain';
import { loadEnv, type Env } from '@server/config/env';
import { seedReferenceData } from '@server/db/seed-reference-data';
import { purchaseDepsOf, type PurchaseDeps } from '@server/modules/purchases';
import { testEnvVars, type TestApp } from '@tests/helpers/app';
import { createTestDatabase, type TestDatabase } from '@tests/helpers/db';
import type { SignedInWallet } from '@tests/helpers/wallet';
import { LAMPORTS_PER_SOL } from '@shared/money';

/** Helpers for the purchase API tests (tests/api/purchases/ and most money-path tests). */

export const SOL = LAMPORTS_PER_SOL;

/** A local validator served over loopback JSON-RPC, as the browser and the server reach a real cluster. */
export interface TestChain {
  validator: LocalValidator;
  url: string;
  rpc: ChainRpc;
  close(): Promise<void>;
}

export async function createTestChain(): Promise<TestChain> {
  // Short slots so "finalized" (2 slots after landing) comes quickly.
  const validator = await createLocalValidator({ slotMs: 50 });
  const served = await serveLocalValidator(validator);
  return {
    validator,
    url: served.url,
    rpc: createChainRpc([served.url]),
    async close() {
      await served.close();
      await validator.close();
    },
  };
}

export interface PurchaseTestApp extends TestApp {
  chain: TestApp['chain'] & { rpc: ChainRpc };
  /** The purchase services' dependencies, with the clock moved by `shiftMs` (to expire reservations). */
  deps(shiftMs?: number): PurchaseDeps;
}

/**
 * The whole app on `chain`, with its own database or a shared one (`database`, for "the server died and another
 * instance took over"). `masterKey` must be shared by instances reading each other's vault rows.
 */
export async function createPurchaseApp(opts: {
  chain: TestChain;
  database?: TestDatabase;
  masterKey?: string;
  env?: Record<string, string>;
  /** Every log line the app writes, at LOG_LEVEL (off without one). */
  logStream?: { write(line: string): void };
}): Promise<PurchaseTestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vv-purchase-'));
  const env: Env = loadEnv({
    ...testEnvVars(dataDir),
    ...(opts.masterKey === undefined ? {} : { VAULT_MASTER_KEY: opts.masterKey }),
    // Listing reads answer from the database every time: the tests read their own writes, and the database fault
    // tests use the featured read as a request that needs the database.
    PUBLIC_LISTINGS_MAX_AGE_SECONDS: '0',
    ...opts.env,
  });
  const ownDatabase = !opts.database;
  const database = opts.database ?? (await createTestDatabase());
  await seedReferenceData(database.db); // as the runtime does at start-up
  const base = await createChainContext(env);
  const chain = { ...base, rpc: opts.chain.rpc };
  const app = await buildApp(
    { env, database, chain },
    opts.logStream ? { logStream: opts.logStream } : { logger: false },
  );
  await app.ready();
  return {
    app,
    database,
    env,
    chain,
    dataDir,
    deps: (shiftMs = 0) => ({
      ...purchaseDepsOf(database.db, env, chain, app.vault.cipher),
      now: () => new Date(Date.now() + shiftMs),
    }),
    async close() {
      await app.close();
      await base.close();
      if (ownDatabase) await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function fund(chain: TestChain, wallet: string, lamports = 100n * SOL): Promise<void> {
  await chain.validator.airdrop(wallet, lamports);
}

export async function balanceOf(chain: TestChain, wallet: string): Promise<bigint> {
  const { value } = await chain.rpc.getBalance(address(wallet), { commitment: 'confirmed' }).send();
  return value;
}

/**
 * Builds, signs (with the buyer's real key) and sends the purchase payment over JSON-RPC, as the browser does.
 * `tweak` changes the payment first, for attack tests. Returns the signature.
 */
export async function pay(
  chain: TestChain,
  buyer: SignedInWallet,
  payment: PaymentInstructions,
  tweak: (p: ChainPayment) => ChainPayment = (p) => p,
): Promise<string> {
  const signer = await createSignerFromKeyPair(buyer.keys);
  const { value: lifetime } = await chain.rpc.getLatestBlockhash({ commitment: 'confirmed' }).send();
  const message = buildPaymentTransaction({ payment: tweak(chainPaymentOf(payment)), buyer: signer, lifetime });
  const signed = await signTransactionMessageWithSigners(message);
  await chain.rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' }).send();
  return getSignatureFromTransaction(signed);
}

const json = (cookie: string) => ({ cookie, 'content-type': 'application/json' });

export function initiate(
  t: TestApp,
  buyer: SignedInWallet,
  listing: { id: string; price: string | number },
  extra: object = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/transactions/initiate',
    headers: json(buyer.cookie),
    payload: {
      addressId: listing.id,
      buyerId: buyer.walletAddress,
      price: Number(listing.price),
      currency: 'SOL',
      membershipTier: 'basic',
      ...extra,
    },
  });
}

export async function initiateOk(t: TestApp, buyer: SignedInWallet, listing: { id: string; price: string | number }) {
  const res = await initiate(t, buyer, listing);
  if (res.statusCode !== 201) throw new Error(`initiate failed: ${res.statusCode} ${res.body}`);
  return res.json() as InitiatePurchaseResponse;
}

/**
 * Confirm and verify answer once a sale is decided and send its payout and refunds after the answer: these helpers
 * return once that sending is done too, so a test reads the chain and the ledger as they will be. A server in another
 * process (scale-out tests) sends on its own time: those tests wait for the transfers to land.
 */
async function settled<T>(t: TestApp, answer: Promise<T>): Promise<T> {
  const res = await answer;
  if ('inFlight' in t.app) await t.app.inFlight.drain();
  return res;
}

export function confirm(t: TestApp, buyer: SignedInWallet, id: string, txHash: string) {
  return settled(
    t,
    t.app.inject({
      method: 'POST',
      url: `/api/transactions/${id}/confirm`,
      headers: json(buyer.cookie),
      payload: { txHash, buyerWallet: buyer.walletAddress },
    }),
  );
}

export function verify(t: TestApp, who: SignedInWallet, id: string) {
  return settled(
    t,
    t.app.inject({ method: 'PATCH', url: `/api/transactions/${id}/verify`, headers: { cookie: who.cookie } }),
  );
}

export function reveal(t: TestApp, who: SignedInWallet, id: string, headerWallet = who.walletAddress) {
  return t.app.inject({
    method: 'POST',
    url: `/api/transactions/${id}/reveal-private-key`,
    headers: { cookie: who.cookie, 'x-wallet-address': headerWallet },
  });
}

export function destroy(t: TestApp, who: SignedInWallet, id: string) {
  return t.app.inject({
    method: 'DELETE',
    url: `/api/transactions/${id}/private-key`,
    headers: json(who.cookie),
    payload: { wallet: who.walletAddress },
  });
}

export async function countRows(t: TestApp, table: string, where = 'true'): Promise<number> {
  const [row] = await t.database.query<{ n: number }>(`select count(*)::int as n from ${table} where ${where}`);
  return row?.n ?? 0;
}

export async function statusOf(t: TestApp, transactionId: string) {
  const [row] = await t.database.query<{ status: string; dispute_reason: string | null; tx_hash: string | null }>(
    'select status, dispute_reason, tx_hash from transactions where id = $1',
    [transactionId],
  );
  return row;
}

export async function listingStatus(t: TestApp, addressId: string) {
  const [row] = await t.database.query<{ status: string; is_listed: boolean }>(
    'select status, is_listed from addresses where id = $1',
    [addressId],
  );
  return row;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
