import type { FastifyRequest } from 'fastify';
import type { SafetyCheck } from '@shared/api/trust';
import { unauthorized } from '../../http/app-error';
import type { AccountCheckFn } from './bulk-create.service';
import type { Actor } from './create-listing.service';
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
}

/** Every account-safety check of one address: a `fail` refuses the create, a `warn` is returned with it. */
export type SafetyCheckFn = (address: string) => Promise<{ checks: SafetyCheck[] }>;

export const ADMIN_ONLY_CREATE = 'Create listing is restricted to authorized admin wallets only';
export const ADMIN_ONLY_MANAGE = 'Managing listings is restricted to authorized admin wallets only';

/** The signed-in caller as the services see them. The guard has already required a session. */
export function actorOf(request: FastifyRequest): Actor {
  const session = request.session;
  if (!session) throw unauthorized();
  return {
    userId: session.userId,
    walletAddress: session.walletAddress,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
  };
}

/** The same for every caller (decision 0004): a listing's view never depends on who asks. */
export async function viewContext(usdPerSol: UsdPerSol): Promise<ViewContext> {
  return { usdPerSol: await usdPerSol() };
}
