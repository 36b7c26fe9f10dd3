import { useQuery } from '@tanstack/react-query';
import type { Listing } from '@shared/api/listings';
import { GRIND_KEYS_PER_SECOND } from '@shared/rarity/valuation';
import { Skeleton } from '@web/components/skeleton';
import { patternOf } from '@web/features/listings';
import { RarityFacts, rarityQueryOptions } from '@web/features/validator';

/**
 * docs/domain.md#rarity-and-value: why this address is rare, from the server's rarity model (the validator endpoint).
 */
export function RarityExplanation({ listing }: { listing: Listing }) {
  const network = listing.network === 'ethereum' ? 'ethereum' : 'solana';
  const pattern = patternOf(listing.pattern) ?? undefined;
  // Valued by the pattern its listing declares (an address ground for '69' is a '69'), the same model its card used.
  const { data, isPending, isError } = useQuery(rarityQueryOptions({ address: listing.address, network, pattern }));
  if (isPending) return <Skeleton className="h-20" />;
  if (isError || !data.isValid)
    return <p className="text-sm text-vault-400">The rarity details are not available right now.</p>;
  return (
    <div className="flex flex-col gap-3">
      <RarityFacts className="grid grid-cols-2 gap-3" facts={data} withValue />
      <p className="text-xs text-vault-400">
        Difficulty is the chance that one random keypair shows this pattern; the estimated value is its suggested price.
        Time to grind is the median search time for one high-end GPU at{' '}
        {new Intl.NumberFormat('en-US').format(Number(GRIND_KEYS_PER_SECOND[network]))} keys per second, the
        vault&apos;s reference rate.
      </p>
    </div>
  );
}
