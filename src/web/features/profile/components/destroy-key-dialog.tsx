import { Flame } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@web/components/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@web/components/dialog';

/** docs/product-spec.md#profile: the confirmation before a key is destroyed for good. */
export function DestroyKeyDialog({ onConfirm, pending }: { onConfirm: () => Promise<unknown>; pending: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="danger" size="sm" loading={pending}>
          <Flame aria-hidden className="h-4 w-4" /> Destroy Key
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Permanently Destroy Private Key?"
        description="The stored private key will be permanently deleted from the vault and cannot be recovered. Make sure you have saved it first."
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button variant="danger" loading={pending} onClick={() => void onConfirm().finally(() => setOpen(false))}>
            Yes, Destroy Forever
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
