import { address, signature as toSignature } from '@solana/kit';
import type { ChainRpc } from '../rpc/chain-rpc';
import type { FetchedTransaction } from './payment-types';

export interface ReferenceSignature {
  signature: string;
  slot: bigint;
  /** Whether the transaction failed on chain (verification will say so too). */
  failed: boolean;
  blockTime: bigint | null;
}

/**
 * Transactions that carry a purchase's reference key, newest first (getSignaturesForAddress on the reference).
 * Each is a candidate payment for verifyPayment; usually there is exactly one.
 */
export async function findPaymentByReference(
  rpc: ChainRpc,
  reference: string,
  options: { limit?: number; commitment?: 'confirmed' | 'finalized' } = {},
): Promise<ReferenceSignature[]> {
  const found = await rpc
    .getSignaturesForAddress(address(reference), {
      limit: options.limit ?? 10,
      commitment: options.commitment ?? 'confirmed',
    })
    .send();
  return found.map((s) => ({ signature: s.signature, slot: s.slot, failed: s.err !== null, blockTime: s.blockTime }));
}

/** Fetches a transaction in the form verifyPayment reads; null while it is unknown at that commitment. */
export async function fetchPaymentTransaction(
  rpc: ChainRpc,
  signature: string,
  commitment: 'confirmed' | 'finalized' = 'confirmed',
): Promise<FetchedTransaction | null> {
  return rpc
    .getTransaction(toSignature(signature), { encoding: 'json', maxSupportedTransactionVersion: 0, commitment })
    .send();
}
