import {
  completeFinalized,
  emptyReport,
  sweepClosed,
  sweepOpen,
  sweepTransfers,
  type SweepReport,
  type PurchaseDeps,
} from '../modules/purchases';

/**
 * One pass of the background verifier and settlement worker (docs/domain.md#background-verifier,
 * docs/domain.md#settlement): waiting purchases are settled from their escrows (or expire), decided ones checked for
 * late payments, payouts and refunds sent and finished, verified ones completed once finalized. Tests call this
 * directly instead of waiting for the timer.
 */
export async function runVerifierOnce(deps: PurchaseDeps): Promise<SweepReport> {
  const report = emptyReport();
  await sweepOpen(deps, report);
  await sweepClosed(deps, report);
  await sweepTransfers(deps, report);
  await completeFinalized(deps, report);
  return report;
}

export type { SweepReport };
