import {
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getSignatureFromTransaction,
  getTransactionDecoder,
  signTransaction,
} from '@solana/kit';
import type { TestApp } from '@tests/helpers/app';
import { addressOfSecretKey } from '@server/modules/vault';
import type { TestChain } from './purchases-helpers';

/** Helpers for the Solana Pay and Actions API tests (tests/api/pay*.test.ts). */

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
