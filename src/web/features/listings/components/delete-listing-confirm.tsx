import type { RefObject } from 'react';
import { Button } from '@web/components/button';
import { Dialog, DialogClose, DialogContent } from '@web/components/dialog';
import { toast } from '@web/components/toast-store';
import { ApiRequestError } from '@web/lib/api-client';
import { useDeleteListing } from '../api/delete-listing';

/**
 * The Delete confirmation (docs/product-spec.md#validation-rules) and the outcome's toast
 * (docs/product-spec.md#listing-errors). Loaded the first time an owner presses Delete (delete-listing-dialog.tsx).
 */
export function DeleteListingConfirm({
  listingId,
  wallet,
  open,
  onOpenChange,
  trigger,
}: {
  listingId: string;
  wallet: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The Delete button, which gets the focus back when the dialog closes. */
  trigger: RefObject<HTMLButtonElement | null>;
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
      )
      .finally(() => onOpenChange(false));

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Delete listing?"
        description="Are you sure you want to delete this listing? This action cannot be undone."
        returnFocusTo={trigger}
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button variant="danger" loading={remove.isPending} onClick={() => void onConfirm()}>
            Delete Listing
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
