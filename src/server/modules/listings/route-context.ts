import type { SafetyCheck } from '@shared/api/trust';
import type { AccountCheckFn, OnListedFn } from './bulk-create.service';
import type { ViewContext, UsdPerSol } from './listing-view';

export interface ListingsRoutesOptions {
  /** USD per SOL for `usdPrice` / `formattedUsd`; default: the spec's fallback 197. Swap in the live rate. */
  usdPerSol?: UsdPerSol;
  /**
   * The chain safety checks (docs/domain.md#account-safety-checks), run before a single create; wired by the app from
   * the trust module.
   */
  safetyCheck?: SafetyCheckFn;
  /** The `system-owned` check for many addresses, run by bulk create (docs/domain.md#account-safety-checks). */
  accountCheck?: AccountCheckFn;
  /**
   * Records the payments that landed in the escrows of a listing's waiting purchases (docs/domain.md#settlement), run
   * before a seller's unlist, reprice or delete so a payment nobody confirmed yet still stops them; wired by the app.
   */
  observePayments?: (addressId: string) => Promise<void>;
  /**
   * Sells listings just created (single or bulk) or repriced to the open pattern bids that match them
   * (docs/domain.md#bids-and-offers); wired by the app, which catches and logs its failures: the listing stands
   * whatever happens there.
   */
  onListed?: OnListedFn;
}

/** Every account-safety check of one address: a `fail` refuses the create, a `warn` is returned with it. */
export type SafetyCheckFn = (address: string) => Promise<{ checks: SafetyCheck[] }>;

export const ADMIN_ONLY_CREATE = 'Create listing is restricted to authorized admin wallets only';
export const ADMIN_ONLY_MANAGE = 'Managing listings is restricted to authorized admin wallets only';

export { actorOf } from '@server/http/actor';

/** The same for every caller (decision 0004): a listing's view never depends on who asks. */
export async function viewContext(usdPerSol: UsdPerSol): Promise<ViewContext> {
  return { usdPerSol: await usdPerSol() };
}
