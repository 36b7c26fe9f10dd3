import { cloneElement, lazy, Suspense, useState, type MouseEvent, type ReactElement } from 'react';
import type { ButtonProps } from './button';

// The dialog (Radix) loads the first time a trigger is pressed, not with every card that shows one.
const ConfirmDialogContent = lazy(() =>
  import('./confirm-dialog-content').then((m) => ({ default: m.ConfirmDialogContent })),
);

/**
 * A destructive action behind a confirmation: the trigger opens it, Cancel or Esc closes it, and the danger button
 * runs `onConfirm` and closes the dialog once that has settled.
 */
export function ConfirmDialog({
  trigger,
  ...dialog
}: {
  /** The button that opens the dialog. */
  trigger: ReactElement<ButtonProps>;
  title: string;
  description: string;
  /** The danger button's label. */
  confirm: string;
  pending: boolean;
  onConfirm: () => Promise<unknown>;
}) {
  const [open, setOpen] = useState(false);
  // The button that opened it, which gets the focus back; once set, the dialog stays mounted so it can animate out.
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  const button = cloneElement(trigger, {
    'aria-haspopup': 'dialog',
    onClick: (event: MouseEvent<HTMLButtonElement>) => {
      setOpener(event.currentTarget);
      setOpen(true);
    },
  });

  return (
    <>
      {button}
      {opener && (
        <Suspense fallback={null}>
          <ConfirmDialogContent {...dialog} open={open} onOpenChange={setOpen} opener={opener} />
        </Suspense>
      )}
    </>
  );
}
