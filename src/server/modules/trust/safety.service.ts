import type { ChainRpc } from '@chain/rpc/chain-rpc';
import { readSafetyFacts } from '@chain/safety/read-account-safety';
import type { SafetyReport } from '@shared/api/trust';
import { findLookalike, lookalikeReason } from '@shared/lookalike';
import type { Queryable } from '../../db/database';
import { loadKnownAddresses } from '../listings';
import { evaluateSafety } from './safety.rules';

/** Reads the chain and applies every safety rule to one address (docs/domain.md#account-safety-checks). */
export async function checkAddressSafety(
  deps: { db: Queryable; rpc: ChainRpc; now?: () => Date },
  address: string,
): Promise<SafetyReport> {
  const [facts, known] = await Promise.all([readSafetyFacts(deps.rpc, address), loadKnownAddresses(deps.db)]);
  const lookalike = findLookalike(address, known);
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
