import { signature as toSignature } from '@solana/kit';
import type { ChainRpc } from '@chain/rpc/chain-rpc';
import type { PurchaseDeps } from './deps';

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

const STRENGTH = { processed: 1, confirmed: 2, finalized: 3 } as const;
const strengthOf = (s: SignatureState | null) => (s?.confirmationStatus ? STRENGTH[s.confirmationStatus] : 0);

/**
 * signatureState as `quorum` of `rpcs` agree on it (VERIFY_QUORUM): the strongest state that at least `quorum`
 * endpoints report, or null when fewer than that know the signature. One endpoint claiming `finalized` early
 * cannot unlock a key. Throws only when every endpoint failed.
 */
export async function signatureStateByQuorum(
  rpcs: readonly ChainRpc[],
  sig: string,
  quorum: number,
): Promise<SignatureState | null> {
  const settled = await Promise.allSettled(rpcs.map((rpc) => signatureState(rpc, sig)));
  if (settled.every((s) => s.status === 'rejected')) throw (settled[0] as PromiseRejectedResult).reason;
  const states = settled
    .map((s) => (s.status === 'fulfilled' ? s.value : null))
    .sort((a, b) => strengthOf(b) - strengthOf(a));
  return states[quorum - 1] ?? null;
}

/** The endpoints a payment is verified against and how many must agree: deps.rpc alone unless VERIFY_QUORUM > 1. */
export function verifyEndpoints(deps: Pick<PurchaseDeps, 'rpc' | 'verifyRpcs' | 'verifyQuorum'>) {
  const quorum = deps.verifyQuorum ?? 1;
  return quorum > 1 && deps.verifyRpcs ? { rpcs: deps.verifyRpcs, quorum } : { rpcs: [deps.rpc], quorum: 1 };
}

/** How escrows are read (settlement's observeEscrow): what landed in them counts once the verify quorum agrees. */
export function escrowReads(deps: Pick<PurchaseDeps, 'rpc' | 'verifyRpcs' | 'verifyQuorum'>) {
  return { rpc: deps.rpc, ...verifyEndpoints(deps) };
}

/** How final a purchase's payment is, as enough endpoints agree (see signatureStateByQuorum). */
export function paymentState(deps: PurchaseDeps, sig: string): Promise<SignatureState | null> {
  const { rpcs, quorum } = verifyEndpoints(deps);
  return signatureStateByQuorum(rpcs, sig, quorum);
}

/**
 * The slot a payment for a purchase started now must land at or after. `confirmed`: a payment the buyer makes after
 * seeing the payment instructions lands in a later slot than any the cluster had confirmed before.
 */
export async function currentSlot(rpc: ChainRpc): Promise<bigint> {
  return rpc.getSlot({ commitment: 'confirmed' }).send();
}
