import {
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getSignatureFromTransaction,
  getTransactionDecoder,
  signTransaction,
} from '@solana/kit';
import type { PurchaseView } from '@shared/api/transactions';
import { runVerifierOnce } from '@server/jobs';
import { addressOfSecretKey } from '@server/modules/key-crypto';
import type { TestApp } from '@tests/helpers/app';
import type { PurchaseTestApp, TestChain } from './purchases';

/** Helpers for the Solana Pay and Actions API tests (tests/api/pay/). */

export const SYSTEM_PROGRAM = '11111111111111111111111111111111';

export const actionUrl = (address: string) => `/api/actions/listings/${address}`;

/** A wallet or blink client on another site: no cookie, its own Origin. */
export const FOREIGN = { origin: 'https://wallet.example', 'content-type': 'application/json' };

export function postAccount(t: TestApp, url: string, account: unknown, remoteAddress?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: FOREIGN,
    payload: { account },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/** The fee payer and program ids of a server-built transaction, read from its wire bytes. */
export function inspect(base64: string) {
  const tx = getTransactionDecoder().decode(getBase64Encoder().encode(base64));
  const message = getCompiledTransactionMessageDecoder().decode(tx.messageBytes);
  if (!('instructions' in message)) throw new Error(`unexpected message version ${String(message.version)}`);
  const keys = message.staticAccounts.map(String);
  return {
    signatures: Object.values(tx.signatures),
    feePayer: keys[0],
    programs: message.instructions.map((ix) => keys[ix.programAddressIndex]),
    accounts: keys,
  };
}

/** What the wallet does with a server-built transaction: decode, sign with its own key, send. */
export async function signAndSend(chain: TestChain, keys: CryptoKeyPair, base64: string): Promise<string> {
  const tx = getTransactionDecoder().decode(getBase64Encoder().encode(base64));
  const signed = await signTransaction([keys], tx);
  await chain.rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' }).send();
  return getSignatureFromTransaction(signed);
}

/** The address a revealed base58 private key belongs to. */
export const addressOfRevealed = (privateKey: string) =>
  addressOfSecretKey(new Uint8Array(getBase58Encoder().encode(privateKey)));

/**
 * One pass of the background verifier and settlement worker, `shiftMs` ahead (past the leases of an earlier pass);
 * throws if any row reported an error, so a test cannot go on from a half-settled state.
 */
export async function settle(t: PurchaseTestApp, shiftMs = 0) {
  const report = await runVerifierOnce(t.deps(shiftMs));
  if (report.errors.length > 0) throw new Error(`verifier errors: ${report.errors.join('; ')}`);
  return report;
}

/** GET /api/transactions/{id}: the public view of a purchase, with its escrow, payout and refunds. */
export async function purchaseView(t: TestApp, id: string): Promise<PurchaseView> {
  const res = await t.app.inject({ method: 'GET', url: `/api/transactions/${id}` });
  if (res.statusCode !== 200) throw new Error(`GET /api/transactions/${id}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** The purchase rows the Actions POSTs made for a listing, oldest first. */
export function actionRows(t: TestApp, addressId: string) {
  return t.database.query<{
    id: string;
    status: string;
    failure_kind: string | null;
    failure_code: string | null;
    dispute_reason: string | null;
    payment_reference: string;
    buyer_id: string | null;
    buyer_wallet: string;
  }>(
    `select id, status, failure_kind, failure_code, dispute_reason, payment_reference, buyer_id, buyer_wallet
       from transactions where address_id = $1 and not reserves_listing order by created_at`,
    [addressId],
  );
}
