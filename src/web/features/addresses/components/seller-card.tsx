import type { Listing } from '@shared/api/listings';
import { profileWallet } from '@shared/format/address';
import { Link } from 'wouter';
import { buttonClass } from '@web/components/button';
import { FetchError } from '@web/components/fetch-error';
import { Skeleton } from '@web/components/skeleton';
import { displayPrice, ListingAddressLink, useIsOwner } from '@web/features/listings';
import { cn } from '@web/lib/cn';
import { useSellerListings } from '../api/get-seller-listings';

/** Other listings shown here; the rest are one click away in the marketplace's seller view. */
const SHOWN = 3;

export const sellerViewPath = (wallet: string) => `/marketplace?seller=${encodeURIComponent(wallet)}`;

/** Whether the marketplace search (listed, not deleted, not sold) counts this listing among the seller's. */
const onMarket = (l: Listing) => l.isListed && l.status !== 'sold' && l.status !== 'deleted';

/** The seller (short wallet, the whole one as its title) and their other listings on the marketplace. */
export function SellerCard({ listing }: { listing: Listing }) {
  const page = useSellerListings(listing.sellerWallet);
  const isOwner = useIsOwner(listing);
  const wallet = listing.sellerWallet;
  const others = page.data?.addresses.filter((l) => l.id !== listing.id) ?? [];
  const total = page.data ? page.data.pagination.total - (onMarket(listing) ? 1 : 0) : 0;
  const count = page.data?.pagination.totalExact === false ? `${total.toLocaleString('en-US')}+` : String(total);
  return (
    <div className="flex flex-col gap-4" data-testid="seller-card">
      <p className="text-sm text-vault-300">
        Listed by{' '}
        <span title={wallet} className="font-mono font-semibold text-vault-100" data-testid="seller-wallet">
          {profileWallet(wallet)}
        </span>
        {isOwner && ' (you)'}
      </p>
      {page.isPending ? (
        <div className="flex flex-col gap-2">
          <Skeleton className="h-8" />
          <Skeleton className="h-8" />
        </div>
      ) : page.isError ? (
        <FetchError what="the seller's listings" error={page.error} />
      ) : others.length === 0 ? (
        <p className="text-sm text-vault-400">No other listings from this seller right now.</p>
      ) : (
        <>
          <p className="text-sm text-vault-300" data-testid="seller-other-count">
            {count === '1' ? '1 other listing' : `${count} other listings`}
          </p>
          <ul className="flex flex-col divide-y divide-vault-800" aria-label="Other listings from this seller">
            {others.slice(0, SHOWN).map((l) => (
              <li key={l.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                <ListingAddressLink address={l.address} />
                <span className="shrink-0 font-semibold text-money-300">{displayPrice(l)}</span>
              </li>
            ))}
          </ul>
          <Link to={sellerViewPath(wallet)} className={cn(buttonClass('secondary', 'sm'), 'self-start')}>
            See all from this seller
          </Link>
        </>
      )}
    </div>
  );
}
