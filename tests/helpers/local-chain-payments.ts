import { generateKeyPairSigner, type Address, type KeyPairSigner, type Signature, type Transaction } from '@solana/kit';
import { buildPaymentTransaction } from '@chain/payment/build-payment-transaction';
import type { PaymentInstructions } from '@chain/payment/payment-types';
import { latestLifetime, sendSigned, signMessage, solTransferMessage, type TestRpc } from './local-chain';

// Test support (node-only): the transactions tests land on the local chain, each under the chain's latest blockhash.

/** A payment of `lamports` to a fresh escrow that is also its reference, as the server starts a purchase. */
export async function toFreshEscrow(
  lamports: bigint,
): Promise<{ recipient: Address; lamports: bigint; reference: Address }> {
  const escrow = (await generateKeyPairSigner()).address;
  return { recipient: escrow, lamports, reference: escrow };
}

/** The purchase transaction the app builds for `buyer`, not yet signed: what a wallet is handed. */
export async function paymentMessage(
  rpc: TestRpc,
  buyer: KeyPairSigner,
  payment: PaymentInstructions,
  version?: 0 | 'legacy',
) {
  return buildPaymentTransaction({ payment, buyer, lifetime: await latestLifetime(rpc), version });
}

/** The same, signed by the buyer: what its wallet sends. */
export async function signedPayment(
  rpc: TestRpc,
  buyer: KeyPairSigner,
  payment: PaymentInstructions,
  version?: 0 | 'legacy',
): Promise<Transaction> {
  return signMessage(await paymentMessage(rpc, buyer, payment, version));
}

/** A System transfer of `amount` lamports from `from`, who pays the fee too, signed. */
export async function signedTransfer(
  rpc: TestRpc,
  from: KeyPairSigner,
  to: Address,
  amount: bigint,
  version: 0 | 'legacy' = 0,
): Promise<Transaction> {
  return signMessage(solTransferMessage(from, to, amount, await latestLifetime(rpc), version));
}

/** Signs and sends a transfer; returns its signature. */
export async function sendTransfer(rpc: TestRpc, from: KeyPairSigner, to: Address, amount: bigint): Promise<Signature> {
  return sendSigned(rpc, await signedTransfer(rpc, from, to, amount));
}
