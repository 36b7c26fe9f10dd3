import { useMemo } from 'react';
import { lamportsToSolString } from '@shared/money';
import { analyzeAddress, RARITY_TIERS } from '@shared/rarity';
import { Button } from '@web/components/button';

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumSignificantDigits: 3 });

/**
 * The rarity model's suggested price for the address and its declared pattern: the same price a custom order of equal
 * difficulty is quoted at (docs/market-data.md#one-rarity-and-price-story). Computed here, as the seller types: the
 * model is browser-safe, and a declared pattern is valued exactly as the server will value it (without one, the
 * browser's model has no word list, so an address whose best feature is an English word may be suggested lower).
 */
export function SuggestedPrice({
  address,
  pattern,
  onUse,
}: {
  address: string;
  pattern: string;
  onUse: (price: string) => void;
}) {
  const report = useMemo(
    () =>
      address.trim() ? analyzeAddress(address, { network: 'solana', pattern: pattern.trim() || undefined }) : null,
    [address, pattern],
  );
  if (!report?.isValid) return null;
  const price = lamportsToSolString(report.suggestedPriceLamports);
  const odds = report.pattern
    ? `${report.pattern}: 1 in ${compact.format(report.expectedAttempts)}`
    : 'no pattern found';
  return (
    <div
      className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-vault-950/60 px-3 py-2 text-sm ring-1 ring-vault-700/70"
      data-testid="suggested-price"
    >
      <p className="text-vault-300">
        Suggested price <span className="font-semibold text-money-300">{price} SOL</span>
        {' · '}
        <span className="font-semibold text-vault-100">{RARITY_TIERS[report.tier].label}</span>
        {' · '}
        <span className="font-mono">{odds}</span>
      </p>
      <Button type="button" variant="secondary" size="sm" onClick={() => onUse(price)}>
        Use {price} SOL
      </Button>
    </div>
  );
}
