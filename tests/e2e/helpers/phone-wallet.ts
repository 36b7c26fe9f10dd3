import {
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getTransactionDecoder,
  type SignatureBytes,
} from '@solana/kit';
import { expect } from 'vitest';
import type { TestKeypair } from '@tests/helpers/keypair';

/**
 * The phone wallet: what Phantom does with a `solana:<link>` transaction request read from a QR code. It reads the
 * request's label, posts its account, signs the transaction the server built and sends it through the app's /rpc.
 */
export async function payFromPhone(serverUrl: string, solanaPayUrl: string, phone: TestKeypair): Promise<void> {
  const link = decodeURIComponent(solanaPayUrl.slice('solana:'.length));
  const meta = await fetch(link);
  expect(meta.status).toBe(200);
  expect(await meta.json()).toMatchObject({ label: 'Vanity Vault' });
  const res = await fetch(link, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'https://phantom.example' },
    body: JSON.stringify({ account: phone.address }),
  });
  expect(res.status).toBe(200);
  const { transaction } = (await res.json()) as { transaction: string };
  await signAndSend(serverUrl, transaction, phone);
}

/** Signs a server-built (base64) transaction with `key` and sends it through the app's /rpc. */
export async function signAndSend(serverUrl: string, transaction: string, key: TestKeypair): Promise<void> {
  const tx = getTransactionDecoder().decode(getBase64Encoder().encode(transaction));
  const signature = key.sign(new Uint8Array(tx.messageBytes)) as SignatureBytes;
  const signed = { ...tx, signatures: { ...tx.signatures, [key.address]: signature } };
  const sent = await fetch(`${serverUrl}/rpc`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'sendTransaction',
      params: [getBase64EncodedWireTransaction(signed as typeof tx), { encoding: 'base64' }],
    }),
  });
  const answer = (await sent.json()) as { result?: string; error?: unknown };
  expect(answer.error).toBeUndefined();
  expect(answer.result).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
}
