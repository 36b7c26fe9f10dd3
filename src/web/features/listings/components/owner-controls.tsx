import type { Listing, UpdateListingBody } from '@shared/api/listings';
import { priceProblem } from '@shared/api/listing-rules';
import { Pencil, Star } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@web/components/button';
import { Input } from '@web/components/input';
import { toast } from '@web/components/toast-store';
import { ApiRequestError } from '@web/lib/api-client';
import { cn } from '@web/lib/cn';
import { useUpdateListing } from '../api/update-listing';
import { DeleteListingDialog } from './delete-listing-dialog';

/**
 * What the owner may do on their own listing's card (docs/product-spec.md#roles-and-permissions): edit the price
 * inline, toggle featured, delete. Failures say which change failed (docs/product-spec.md#listing-errors), with the
 * server's reason when it gave one (a purchase in progress, a listing deleted from another tab).
 */
export function OwnerControls({ listing, wallet }: { listing: Listing; wallet: string }) {
  const id = useId();
  const update = useUpdateListing(wallet);
  // null: not editing.
  const [price, setPrice] = useState<string | null>(null);
  const [saving, setSaving] = useState<'price' | 'featured' | null>(null);

  const change = (what: 'price' | 'featured', body: UpdateListingBody, done?: () => void) => {
    setSaving(what);
    update.mutate(
      { id: listing.id, body },
      {
        onSuccess: () => {
          toast({ title: 'Listing updated successfully', variant: 'success' });
          done?.();
        },
        onError: (error) =>
          toast({
            title: 'Update Failed',
            description:
              error instanceof ApiRequestError
                ? error.message
                : what === 'price'
                  ? 'Failed to update price'
                  : 'Failed to update featured status',
            variant: 'error',
          }),
        onSettled: () => setSaving(null),
      },
    );
  };

  const savePrice = (event: FormEvent) => {
    event.preventDefault();
    if (price === null || priceProblem(price) !== null) return;
    change('price', { price: price.trim() }, () => setPrice(null));
  };
  // The shared reader, as typed: "0,5" is 0.5; "-1" is refused with the reason, never rewritten.
  const problem = price === null || price.trim() === '' ? null : priceProblem(price);

  if (price !== null) {
    return (
      <form onSubmit={savePrice} aria-label="Edit price" className="flex flex-col gap-1 border-t border-vault-700 pt-3">
        <div className="flex items-center gap-1.5">
          <label htmlFor={`${id}-price`} className="sr-only">
            New price ({listing.currency})
          </label>
          <Input
            id={`${id}-price`}
            inputMode="decimal"
            autoComplete="off"
            autoFocus
            value={price}
            aria-invalid={problem !== null}
            aria-describedby={problem ? `${id}-price-error` : undefined}
            onChange={(e) => setPrice(e.target.value)}
            className="h-8 min-w-0 flex-1 font-mono"
          />
          <span className="text-sm text-vault-400">{listing.currency}</span>
          <Button size="sm" type="submit" loading={saving === 'price'} disabled={priceProblem(price) !== null}>
            Save
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setPrice(null)}>
            Cancel
          </Button>
        </div>
        {problem && (
          <p id={`${id}-price-error`} role="alert" className="text-xs text-danger-400">
            {problem}
          </p>
        )}
      </form>
    );
  }

  return (
    <div className="flex flex-wrap items-center gap-2 border-t border-vault-700 pt-3">
      <Button size="sm" variant="secondary" onClick={() => setPrice(listing.price)}>
        <Pencil aria-hidden className="h-4 w-4" /> Edit price
      </Button>
      <Button
        size="sm"
        variant="secondary"
        aria-pressed={listing.isFeatured}
        loading={saving === 'featured'}
        onClick={() =>
          change('featured', {
            promotionType: listing.isFeatured ? 'standard' : 'featured',
            isFeatured: !listing.isFeatured,
          })
        }
      >
        <Star aria-hidden className={cn('h-4 w-4', listing.isFeatured && 'fill-premium-400 text-premium-400')} />
        Featured
      </Button>
      <DeleteListingDialog listingId={listing.id} wallet={wallet} compact />
    </div>
  );
}
