import { and, eq } from 'drizzle-orm';
import type { ChainRpc } from '@chain/rpc/chain-rpc';
import { readSafetyFacts } from '@chain/safety/read-account-safety';
import type { SafetyReport } from '@shared/api/trust';
import { findLookalike, lookalikeReason } from '@shared/lookalike';
import type { Queryable } from '../../db/database';
import { addresses } from '../../db/schema';
import type { Actor } from '../../http/actor';
import { recordAudit } from '../audit';
import { loadKnownAddresses } from '../listings';
import { evaluateSafety } from './safety.rules';

/** Reads the chain and applies every safety rule to one address (docs/domain.md#account-safety-checks). */
export async function checkAddressSafety(
  deps: { db: Queryable; rpc: ChainRpc; now?: () => Date },
  address: string,
): Promise<SafetyReport> {
  const [facts, known] = await Promise.all([readSafetyFacts(deps.rpc, address), loadKnownAddresses(deps.db)]);
  // The address itself on the list is not an imitation of itself (an admin adding a listed
  // address must not make it fail its own check); adding a listed address is refused anyway (known-addresses.routes).
  const lookalike = findLookalike(
    address,
    known.filter((k) => k.address !== address),
  );
  return evaluateSafety(address, facts, lookalike ? lookalikeReason(lookalike) : null, deps.now?.() ?? new Date());
}

/** Per-address answers kept for at most `maxAgeMs`, so the public read cannot be used to hammer the RPC. */
export function createSafetyCache(maxAgeMs: number) {
  const entries = new Map<string, { at: number; report: Promise<SafetyReport> }>();
  return async (address: string, fresh: boolean, load: () => Promise<SafetyReport>): Promise<SafetyReport> => {
    const now = Date.now();
    const hit = entries.get(address);
    if (!fresh && hit && now - hit.at < maxAgeMs) return hit.report;
    const report = load();
    entries.set(address, { at: now, report });
    report.catch(() => entries.delete(address));
    if (entries.size > 10_000) entries.delete(entries.keys().next().value!);
    return report;
  };
}

/**
 * Takes a listing whose fresh report failed off the market, with the reason its owner sees; true when it did. Called only
 * for the listing's owner or an admin acting on it (docs/domain.md#account-safety-checks): a purchase attempt or an
 * anonymous read never unlists (docs/domain.md#account-safety-checks).
 */
export async function unlistUnsafe(
  db: Queryable,
  listing: { id: string; address: string },
  report: SafetyReport,
  actor: Actor,
): Promise<boolean> {
  const failed = report.checks.filter((c) => c.status === 'fail');
  if (failed.length === 0) return false;
  const reason = failed.map((c) => `${c.name}: ${c.detail}`).join('; ');
  const unlistedReason = `Unlisted by the shop at ${report.checkedAt}: the address failed the account-safety checks (${reason})`;
  const unlisted = await db
    .update(addresses)
    .set({ isListed: false, unlistedReason })
    .where(and(eq(addresses.id, listing.id), eq(addresses.isListed, true)))
    .returning({ id: addresses.id });
  if (unlisted.length === 0) return false;
  await recordAudit(db, {
    action: 'listing.unlist_unsafe',
    performedBy: actor.wallet,
    metadata: { addressId: listing.id, address: listing.address, reason, slot: report.slot },
    ip: actor.ip ?? null,
    userAgent: actor.userAgent ?? null,
  });
  return true;
}
