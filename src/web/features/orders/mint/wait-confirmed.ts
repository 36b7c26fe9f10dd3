import type { ChainRpc } from '@chain/rpc/chain-rpc';
import { signature as toSignature } from '@solana/kit';

const POLL_MS = 1_000;
const LIMIT_MS = 60_000;

/**
 * Resolves once `signature` is confirmed; rejects when the chain reports it failed, or after a minute unseen. The
 * mint's creation is the buyer's own transaction: no server is watching it, so the page waits for it itself.
 */
export async function waitConfirmed(rpc: ChainRpc, signature: string): Promise<void> {
  const deadline = Date.now() + LIMIT_MS;
  for (;;) {
    try {
      const { value } = await rpc.getSignatureStatuses([toSignature(signature)]).send();
      const status = value[0];
      if (status?.err) throw new MintNotCreatedError('The chain refused the transaction: nothing was created.');
      if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') return;
    } catch (error) {
      if (error instanceof MintNotCreatedError) throw error;
      // An RPC hiccup is one missed poll.
    }
    if (Date.now() > deadline) throw new MintNotCreatedError('The transaction was not confirmed within a minute.');
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

export class MintNotCreatedError extends Error {
  override readonly name = 'MintNotCreatedError';
}
