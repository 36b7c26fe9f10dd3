import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@web/components/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@web/components/dialog';

export function DeleteListingDialog({ onConfirm, pending }: { onConfirm: () => Promise<unknown>; pending: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" className="text-danger-400">
          <Trash2 aria-hidden className="h-4 w-4" /> Delete
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Delete listing?"
        description="Are you sure you want to delete this listing? This action cannot be undone."
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button variant="danger" loading={pending} onClick={() => void onConfirm().finally(() => setOpen(false))}>
            Delete Listing
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
