import { ErrorCode } from '@shared/api/errors';
import { conflict } from '@server/http/app-error';

/**
 * How final a payment must be before its key leaves the vault (docs/domain.md#payment-finality). A
 * purchase is `verified` once its payment is confirmed and `completed` once it is finalized; a confirmed block can
 * still be dropped in a fork, and a key once shown cannot be taken back, so on mainnet-beta the key waits for
 * `finalized`.
 */
export type RevealCommitment = 'confirmed' | 'finalized';

export function assertRevealCommitment(status: string, commitment: RevealCommitment | undefined): void {
  if (commitment === 'finalized' && status !== 'completed') {
    throw conflict(
      ErrorCode.PAYMENT_NOT_FINALIZED,
      'Finalizing… Your payment is verified; the private key unlocks once the network finalizes it (usually under a minute).',
    );
  }
}
