import { buildPaymentTransaction } from '@chain/payment/build-payment-transaction';
import { chainPaymentOf } from '@chain/payment/chain-payment';
import type { InitiatePurchaseResponse } from '@shared/api/transactions';
import type { TestKeypair } from '@tests/helpers/keypair';
import {
  createKeyPairSignerFromBytes,
  createSolanaRpc,
  devnet,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  signTransactionMessageWithSigners,
} from '@solana/kit';
import { expect } from 'vitest';
import { airdrop, signIn } from './trade-fixtures';

/**
 * A whole purchase made outside the browser, as another visitor's device would: sign in, reserve, pay with a real
 * signed transfer on the server's local chain, hand in the signature, and wait until the server has verified it.
 * For tests of what others then see (the address page's activity); the buying screens have their own tests.
 * Returns the payment's signature.
 */
export async function buyThroughApi(
  baseUrl: string,
  key: TestKeypair,
  listing: { id: string; price: string },
): Promise<string> {
  await airdrop(baseUrl, key.address, 1);
  const buyer = await signIn(baseUrl, key);
  const started = await buyer.call<InitiatePurchaseResponse>('POST', '/api/transactions/initiate', {
    addressId: listing.id,
    buyerId: key.address,
    price: listing.price,
    currency: 'SOL',
    membershipTier: 'basic',
  });
  expect(started.status, 'initiate').toBe(201);

  const config = (await (await fetch(`${baseUrl}/api/config`)).json()) as { rpcUrls: string[] };
  const rpc = createSolanaRpc(devnet(new URL(config.rpcUrls[0]!, baseUrl).toString()));
  const signer = await createKeyPairSignerFromBytes(new Uint8Array(getBase58Encoder().encode(key.forms.base58Secret)));
  const { value: lifetime } = await rpc.getLatestBlockhash({ commitment: 'confirmed' }).send();
  const message = buildPaymentTransaction({ payment: chainPaymentOf(started.body.payment), buyer: signer, lifetime });
  const signed = await signTransactionMessageWithSigners(message);
  await rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' }).send();
  const signature = getSignatureFromTransaction(signed);

  const id = started.body.transactionId;
  const confirmed = await buyer.call('POST', `/api/transactions/${id}/confirm`, {
    txHash: signature,
    buyerWallet: key.address,
  });
  expect(confirmed.status, 'confirm').toBeLessThan(300);
  // Verified once the chain confirms the payment; until then verify answers 409 (docs/decisions/0003).
  await expect
    .poll(async () => (await buyer.call<{ status: string }>('PATCH', `/api/transactions/${id}/verify`)).body.status, {
      timeout: 30_000,
    })
    .toMatch(/verified|completed/);
  return signature;
}
