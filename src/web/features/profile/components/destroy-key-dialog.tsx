import { Flame } from 'lucide-react';
import { Button } from '@web/components/button';
import { ConfirmDialog } from '@web/components/confirm-dialog';

/** docs/product-spec.md#profile: the confirmation before a key is destroyed for good. */
export function DestroyKeyDialog({ onConfirm, pending }: { onConfirm: () => Promise<unknown>; pending: boolean }) {
  return (
    <ConfirmDialog
      trigger={
        <Button variant="danger" size="sm" loading={pending}>
          <Flame aria-hidden className="h-4 w-4" /> Destroy Key
        </Button>
      }
      title="Permanently Destroy Private Key?"
      description="The stored private key will be permanently deleted from the vault and cannot be recovered. Make sure you have saved it first."
      confirm="Yes, Destroy Forever"
      pending={pending}
      onConfirm={onConfirm}
    />
  );
}
