import {
  checkPending,
  completeFinalized,
  emptyReport,
  sweepInitiated,
  sweepLatePayments,
  type SweepReport,
  type PurchaseDeps,
} from '../modules/purchases';

/**
 * One pass of the background verifier (docs/domain.md#background-verifier): pending payments are verified, initiated
 * ones looked up by their reference (or expired), late payments settled, verified ones completed once finalized. Tests
 * call this directly instead of waiting for the timer.
 */
export async function runVerifierOnce(deps: PurchaseDeps): Promise<SweepReport> {
  const report = emptyReport();
  await checkPending(deps, report);
  await sweepInitiated(deps, report);
  await sweepLatePayments(deps, report);
  await completeFinalized(deps, report);
  return report;
}

export type { SweepReport };
