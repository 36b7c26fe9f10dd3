import { CheckCircle2, XCircle } from 'lucide-react';
import type { ValidateAddressResponse } from '@shared/api/listings';
import { cn } from '@web/lib/cn';
import { RARITY_TIERS } from '@shared/rarity/tier';
import { RarityFacts } from './rarity-facts';

const categoryLabel = (category: string) => category.replace(/-/g, ' ');

export function ValidationResult({ result }: { result: ValidateAddressResponse }) {
  if (!result.isValid) {
    return (
      <div role="status" className="flex gap-3 rounded-2xl border border-danger-500/40 bg-danger-500/10 p-4">
        <XCircle aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-danger-400" />
        <div>
          <h3 className="font-semibold text-danger-400">Invalid Address</h3>
          <p className="text-sm text-vault-200">{result.message}</p>
        </div>
      </div>
    );
  }
  const facts: Array<[string, string]> = [
    ['Rarity score', `${result.rarityScore.toFixed(1)}/10 ${RARITY_TIERS[result.tier].label}`],
    ['Estimated value', `${result.estimatedValue} SOL`],
    ['Category', categoryLabel(result.category)],
  ];
  return (
    <div role="status" className="flex flex-col gap-4 rounded-2xl border border-money-500/40 bg-money-500/5 p-4 sm:p-5">
      <div className="flex items-center gap-2">
        <CheckCircle2 aria-hidden className="h-5 w-5 text-money-400" />
        <h3 className="font-semibold text-money-300">Valid Address</h3>
        <span className="text-xs text-vault-400 capitalize">{result.network}</span>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {facts.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs text-vault-400">{label}</dt>
            <dd
              className={cn('truncate font-semibold text-vault-100', label === 'Category' && 'capitalize')}
              title={value}
            >
              {value}
            </dd>
          </div>
        ))}
        {/* Whole and as typed: a capitalize here once showed …HxiGGG for a real …hxiGGG. */}
        <div className="col-span-2 min-w-0 sm:col-span-4">
          <dt className="text-xs text-vault-400">Address</dt>
          <dd className="font-mono font-semibold wrap-anywhere text-vault-100" data-testid="validated-address">
            {result.address}
          </dd>
        </div>
      </dl>
      <RarityFacts facts={result} />
    </div>
  );
}
