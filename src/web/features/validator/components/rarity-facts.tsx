import type { ValidateAddressResponse } from '@shared/api/listings';
import { RARITY_TIERS } from '@shared/rarity/tier';
import { humanCount, humanDuration, oneIn } from '../human-units';

type Facts = Pick<ValidateAddressResponse, 'pattern' | 'expectedAttempts' | 'grindSeconds'> &
  Partial<Pick<ValidateAddressResponse, 'tier' | 'estimatedValue'>>;

/**
 * docs/domain.md#estimated-value: how hard the pattern is to find — difficulty, expected attempts, time at the
 * reference rate — and, where given, its tier and estimated value (docs/market-data.md#one-rarity-and-price-story).
 * Without a pattern there is no difficulty to state: every key "matches" nothing, and "1 in 1" read as a verdict.
 */
export function RarityFacts({
  facts,
  className,
  withValue = false,
}: {
  facts: Facts;
  className?: string;
  /** Add the tier and the estimated value (the address page; the validator shows them above). */
  withValue?: boolean;
}) {
  const hard = facts.pattern !== null && facts.expectedAttempts > 1;
  const rows: Array<[string, string, string]> = [
    ['Pattern', facts.pattern ?? 'None detected', 'rarity-pattern'],
    ['Difficulty', hard ? oneIn(facts.expectedAttempts) : '—', 'rarity-difficulty'],
    ['Expected attempts', hard ? humanCount(facts.expectedAttempts) : '—', 'rarity-attempts'],
    ['Time to grind', hard && facts.grindSeconds > 0 ? humanDuration(facts.grindSeconds) : '—', 'rarity-time'],
  ];
  if (withValue && facts.tier) rows.push(['Tier', RARITY_TIERS[facts.tier].label, 'rarity-tier']);
  if (withValue && facts.estimatedValue !== undefined) {
    rows.push(['Estimated value', `${facts.estimatedValue} SOL`, 'rarity-value']);
  }
  return (
    <dl className={className ?? 'grid grid-cols-2 gap-3 sm:grid-cols-4'}>
      {rows.map(([label, value, id]) => (
        <div key={label} className="rounded-xl bg-vault-950/60 p-3 ring-1 ring-vault-700/70">
          <dt className="text-xs text-vault-400">{label}</dt>
          <dd className="mt-0.5 font-semibold break-words text-vault-100" data-testid={id}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
