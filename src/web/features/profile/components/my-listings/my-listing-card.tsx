import type { OwnListing } from '@shared/api/listings';
import { Pencil, ShieldX } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { Badge } from '@web/components/badge';
import { Button } from '@web/components/button';
import { Card, CardContent } from '@web/components/card';
import { ListingOffers } from '@web/features/bids';
import { DeleteListingDialog } from '@web/features/listings';
import { ListingEditForm } from './listing-edit-form';

export function MyListingCard({ listing, wallet }: { listing: OwnListing; wallet: string }) {
  const [editing, setEditing] = useState(false);

  return (
    <Card data-testid="my-listing" className={listing.status === 'sold' ? 'opacity-80' : undefined}>
      <CardContent className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={listing.isListed ? 'money' : 'neutral'}>{listing.isListed ? 'Listed' : 'Unlisted'}</Badge>
          {listing.status !== 'available' && (
            <Badge tone="danger" className="uppercase">
              {listing.status}
            </Badge>
          )}
          {listing.isFeatured && <Badge tone="premium">Featured</Badge>}
          {listing.isPromoted && <Badge tone="info">Promoted</Badge>}
          {listing.isPremiumListing && <Badge tone="gold">Premium</Badge>}
        </div>
        {listing.unlistedReason && (
          <p
            role="alert"
            data-testid="unlisted-reason"
            className="flex items-start gap-2 rounded-lg bg-danger-500/10 p-3 text-sm wrap-anywhere text-danger-400 ring-1 ring-danger-500/40"
          >
            <ShieldX aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
            <span className="min-w-0">{listing.unlistedReason}</span>
          </p>
        )}
        <Link
          to={`/address/${encodeURIComponent(listing.address)}`}
          className="font-mono text-sm break-all text-vault-100 hover:text-money-300"
        >
          {listing.address}
        </Link>
        <p className="font-mono text-lg font-semibold text-money-300">
          {listing.price} {listing.currency}
        </p>
        <p className="text-sm text-vault-300">
          <span className="capitalize">{listing.category.replace(/-/g, ' ')}</span>
          {listing.pattern && listing.pattern !== 'custom' && (
            <>
              {' · '}pattern <span className="font-mono text-vault-100">{listing.pattern}</span>
            </>
          )}
        </p>
        {listing.status === 'available' && <ListingOffers addressId={listing.id} />}
        {editing ? (
          <ListingEditForm listing={listing} wallet={wallet} onDone={() => setEditing(false)} />
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
              <Pencil aria-hidden className="h-4 w-4" /> Edit
            </Button>
            <DeleteListingDialog listingId={listing.id} wallet={wallet} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
