import { Trash2 } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '@web/components/button';

// The dialog (Radix) loads the first time an owner presses Delete, not with every listing card.
const DeleteListingConfirm = lazy(() =>
  import('./delete-listing-confirm').then((m) => ({ default: m.DeleteListingConfirm })),
);

/** The owner's Delete button and, once pressed, its confirmation. */
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
  const trigger = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  // Once mounted the dialog stays mounted, so it can animate out when it closes.
  const [used, setUsed] = useState(false);
  const press = () => {
    setUsed(true);
    setOpen(true);
  };

  return (
    <>
      {compact ? (
        <Button
          ref={trigger}
          variant="ghost"
          size="icon"
          className="text-danger-400"
          aria-label="Delete"
          title="Delete listing"
          aria-haspopup="dialog"
          onClick={press}
        >
          <Trash2 aria-hidden className="h-4 w-4" />
        </Button>
      ) : (
        <Button
          ref={trigger}
          variant="ghost"
          size="sm"
          className="text-danger-400"
          aria-haspopup="dialog"
          onClick={press}
        >
          <Trash2 aria-hidden className="h-4 w-4" /> Delete
        </Button>
      )}
      {used && (
        <Suspense fallback={null}>
          <DeleteListingConfirm
            listingId={listingId}
            wallet={wallet}
            open={open}
            onOpenChange={setOpen}
            trigger={trigger}
          />
        </Suspense>
      )}
    </>
  );
}
