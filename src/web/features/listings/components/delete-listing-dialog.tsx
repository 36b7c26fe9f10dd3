import { Trash2 } from 'lucide-react';
import { Button } from '@web/components/button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { toast } from '@web/components/toast-store';
import { ApiRequestError } from '@web/lib/api-client';
import { useDeleteListing } from '../api/delete-listing';

/**
 * The owner's Delete button, its confirmation (docs/product-spec.md#validation-rules) and the outcome's toast
 * (docs/product-spec.md#listing-errors).
 */
export function DeleteListingDialog({
  listingId,
  wallet,
  compact = false,
}: {
  listingId: string;
  wallet: string;
  /** The trash icon alone (named Delete for assistive technology), for a card's narrow row. */
  compact?: boolean;
}) {
  const remove = useDeleteListing(wallet);

  const onConfirm = () =>
    remove
      .mutateAsync(listingId)
      .then(() => toast({ title: 'Listing deleted successfully', variant: 'success' }))
      .catch((error: unknown) =>
        toast({
          title: 'Error',
          // The server's text when it answered; otherwise (no answer at all) the spec's fallback.
          description: error instanceof ApiRequestError ? error.message : 'Failed to delete listing',
          variant: 'error',
        }),
      );

  return (
    <ConfirmDialog
      trigger={
        compact ? (
          <Button variant="ghost" size="icon" className="text-danger-400" aria-label="Delete" title="Delete listing">
            <Trash2 aria-hidden className="h-4 w-4" />
          </Button>
        ) : (
          <Button variant="ghost" size="sm" className="text-danger-400">
            <Trash2 aria-hidden className="h-4 w-4" /> Delete
          </Button>
        )
      }
      title="Delete listing?"
      description="Are you sure you want to delete this listing? This action cannot be undone."
      confirm="Delete Listing"
      pending={remove.isPending}
      onConfirm={onConfirm}
    />
  );
}
