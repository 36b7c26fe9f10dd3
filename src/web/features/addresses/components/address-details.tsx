import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import type { Listing } from '@shared/api/listings';
import { Badge } from '@web/components/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/card';
import { OfferPanel } from '@web/features/bids';
import {
  TierBadge,
  tierBadge,
  categoryLabel,
  displayPrice,
  displayUsd,
  patternOf,
  useIsOwner,
  useListingAvailability,
} from '@web/features/listings';
import { ListingMarketReading } from '@web/features/market-reading';
import { usePriceHistory } from '../api/get-price-history';
import { ActivityList } from './activity-list';
import { AddressActions } from './address-actions';
import { CustodyCheck } from './custody-check';
import { HighlightedAddress } from './highlighted-address';
import { PriceChart } from './price-chart';
import { RarityExplanation } from './rarity-explanation';
import { SafetyPanel } from './safety-panel';
import { SellerCard } from './seller-card';
import { WatchStar } from './watch-star';

const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

export function ListingDetails({ listing }: { listing: Listing }) {
  const history = usePriceHistory(listing.id);
  const isOwner = useIsOwner(listing);
  const available = listing.status === 'available';
  const pattern = patternOf(listing.pattern);
  const sold = listing.status === 'sold';
  const availability = useListingAvailability(listing);
  return (
    <div className="flex flex-col gap-6">
      <Link
        to="/marketplace"
        className="inline-flex w-fit items-center gap-1 rounded text-sm text-vault-300 hover:text-vault-100"
      >
        <ArrowLeft aria-hidden className="h-4 w-4" /> Back to Marketplace
      </Link>
      <Card>
        <CardContent className="flex flex-col gap-5">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone="premium">Solana</Badge>
              <Badge tone="gold">{listing.rarityScore.toFixed(1)}/10</Badge>
              <TierBadge tier={tierBadge(listing.rarityScore)} />
              {isOwner && <Badge tone="premium">Your Listing</Badge>}
            </div>
            <AddressActions
              address={listing.address}
              leading={<WatchStar listingId={listing.id} address={listing.address} />}
            />
          </div>
          <h1 className="sr-only">Address {listing.address}</h1>
          <HighlightedAddress address={listing.address} pattern={pattern} position={listing.patternPosition} />
          <p className="text-sm text-vault-300">
            <span className="capitalize">{categoryLabel(listing.category)}</span>
            {' · Pattern '}
            <span className="font-mono text-vault-100">{pattern ?? 'none'}</span>
          </p>
          {availability.status}
          <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
            <div>
              <p className="text-xs text-vault-400">
                {sold
                  ? listing.soldAt
                    ? `Sold ${date.format(new Date(listing.soldAt))}`
                    : 'Sold'
                  : `Listed ${date.format(new Date(listing.createdAt))}`}
              </p>
              <p className="text-3xl font-extrabold text-money-300">{displayPrice(listing)}</p>
              <p className="text-sm text-vault-300">{displayUsd(listing)}</p>
            </div>
            {sold ? (
              <p className="text-sm text-vault-300" data-testid="sold-notice">
                {listing.soldAt
                  ? `This address was sold on ${date.format(new Date(listing.soldAt))}.`
                  : 'This address was sold.'}{' '}
                <a href="#activity" className="text-sky-300 underline-offset-2 hover:underline">
                  See its activity
                </a>
              </p>
            ) : (
              // Buy, Continue checkout for the buyer holding its reservation, or why it cannot be bought.
              availability.action
            )}
          </div>
        </CardContent>
      </Card>
      {/* The best offer, and "Make an offer" for a signed-in wallet that does not sell it. */}
      {!sold && <OfferPanel listing={listing} isOwner={isOwner} />}
      <div className="grid gap-6 *:min-w-0 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Price history</CardTitle>
          </CardHeader>
          <CardContent>
            <PriceChart points={history.data?.points} currency={listing.currency} loading={history.isPending} />
          </CardContent>
        </Card>
        <ListingMarketReading listing={listing} />
        <Card id="activity" className="scroll-mt-20">
          <CardHeader>
            <CardTitle>Activity</CardTitle>
          </CardHeader>
          <CardContent>
            <ActivityList listingId={listing.id} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Seller</CardTitle>
          </CardHeader>
          <CardContent>
            <SellerCard listing={listing} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Why it is rare</CardTitle>
          </CardHeader>
          <CardContent>
            <RarityExplanation listing={listing} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Safety check</CardTitle>
          </CardHeader>
          <CardContent>
            <SafetyPanel listingId={listing.id} />
          </CardContent>
        </Card>
        {available && (
          <Card>
            <CardHeader>
              <CardTitle>Proof of custody</CardTitle>
            </CardHeader>
            <CardContent>
              <CustodyCheck listingId={listing.id} address={listing.address} />
            </CardContent>
          </Card>
        )}
      </div>
    </div>
  );
}
