import type { ValidateAddressResponse } from '@shared/api/listings';
import { humanCount, humanDuration, oneIn } from '../human-units';

type Facts = Pick<ValidateAddressResponse, 'pattern' | 'expectedAttempts' | 'grindSeconds'>;

/**
 * docs/domain.md#estimated-value: how hard the pattern is to find — difficulty, expected attempts, time at the
 * reference rate.
 */
export function RarityFacts({ facts, className }: { facts: Facts; className?: string }) {
  const rows: Array<[string, string]> = [
    ['Pattern', facts.pattern ?? 'None detected'],
    ['Difficulty', facts.expectedAttempts > 0 ? oneIn(facts.expectedAttempts) : '—'],
    ['Expected attempts', facts.expectedAttempts > 0 ? humanCount(facts.expectedAttempts) : '—'],
    ['Time to grind', facts.grindSeconds > 0 ? humanDuration(facts.grindSeconds) : '—'],
  ];
  return (
    <dl className={className ?? 'grid grid-cols-2 gap-3 sm:grid-cols-4'}>
      {rows.map(([label, value]) => (
        <div key={label} className="rounded-xl bg-vault-950/60 p-3 ring-1 ring-vault-700/70">
          <dt className="text-xs text-vault-400">{label}</dt>
          <dd className="mt-0.5 font-semibold break-words text-vault-100">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
