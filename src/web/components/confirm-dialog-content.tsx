import { Button } from './button';
import { Dialog, DialogClose, DialogContent } from './dialog';

/** The dialog half of ConfirmDialog (confirm-dialog.tsx), loaded the first time its trigger is pressed. */
export function ConfirmDialogContent({
  open,
  onOpenChange,
  opener,
  title,
  description,
  confirm,
  pending,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Gets the focus back when the dialog closes. */
  opener: HTMLElement;
  title: string;
  description: string;
  confirm: string;
  pending: boolean;
  onConfirm: () => Promise<unknown>;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={title} description={description} returnFocusTo={opener}>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button
            variant="danger"
            loading={pending}
            onClick={() => void onConfirm().finally(() => onOpenChange(false))}
          >
            {confirm}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
