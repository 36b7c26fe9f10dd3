import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@web/lib/cn';

export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

/** Modal content with title and description wired for screen readers; Radix traps focus and handles Esc. */
export function DialogContent({
  title,
  description,
  children,
  className,
  returnFocusTo,
}: {
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** Where focus goes on close when the dialog was opened without a DialogTrigger (Radix returns it to one). */
  returnFocusTo?: HTMLElement;
}) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-40 bg-vault-950/80 backdrop-blur-sm animate-fade-in" />
      <RadixDialog.Content
        onCloseAutoFocus={
          returnFocusTo
            ? (event) => {
                event.preventDefault();
                returnFocusTo.focus();
              }
            : undefined
        }
        className={cn(
          'fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2',
          'rounded-2xl border border-vault-700 bg-vault-900 p-5 shadow-vault animate-fade-in sm:p-6',
          className,
        )}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <div className="min-w-0">
            <RadixDialog.Title className="text-lg font-semibold text-vault-100">{title}</RadixDialog.Title>
            {description && (
              <RadixDialog.Description className="mt-1 text-sm text-vault-300">{description}</RadixDialog.Description>
            )}
          </div>
          <RadixDialog.Close
            aria-label="Close"
            className="-mt-1 -mr-1 rounded-md p-1 text-vault-400 hover:bg-vault-800 hover:text-vault-100"
          >
            <X aria-hidden className="h-5 w-5" />
          </RadixDialog.Close>
        </div>
        {children}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}
