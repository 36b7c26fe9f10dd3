import { signature as toSignature } from '@solana/kit';
import type { ChainRpc } from '@chain/rpc/chain-rpc';

export interface SignatureState {
  confirmationStatus: 'processed' | 'confirmed' | 'finalized' | null;
  confirmations: number | null;
  slot: bigint;
}

/** How far the cluster has confirmed a signature: a payment is completed only once it is finalized. */
export async function signatureState(rpc: ChainRpc, sig: string): Promise<SignatureState | null> {
  const { value } = await rpc.getSignatureStatuses([toSignature(sig)], { searchTransactionHistory: true }).send();
  const status = value[0];
  if (!status) return null;
  return {
    confirmationStatus: status.confirmationStatus,
    confirmations: status.confirmations === null ? null : Number(status.confirmations),
    slot: status.slot,
  };
}
