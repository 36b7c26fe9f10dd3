import { useState, type ReactNode } from 'react';
import { Button } from './button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from './dialog';

/**
 * A destructive action behind a confirmation: the trigger opens it, Cancel or Esc closes it, and the danger button
 * runs `onConfirm` and closes the dialog once that has settled.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirm,
  pending,
  onConfirm,
}: {
  /** The button that opens the dialog. */
  trigger: ReactNode;
  title: string;
  description: string;
  /** The danger button's label. */
  confirm: string;
  pending: boolean;
  onConfirm: () => Promise<unknown>;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent title={title} description={description}>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button variant="danger" loading={pending} onClick={() => void onConfirm().finally(() => setOpen(false))}>
            {confirm}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
