import { sweepAll, type PurchaseDeps, type SweepReport } from '../modules/purchases';

/**
 * One pass of the background verifier and settlement worker: every purchase sweep (`sweepAll`). Tests call this
 * directly instead of waiting for the timer.
 */
export const runVerifierOnce = (deps: PurchaseDeps): Promise<SweepReport> => sweepAll(deps);

export type { SweepReport };
