import * as RadixToast from '@radix-ui/react-toast';
import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { cn } from '@web/lib/cn';
import { dismissToast, toastStore, type ToastVariant } from './toast-store';

// docs/product-spec.md#constants-and-limits: 5,000 ms on screen, swipe right past 50 px to dismiss, F8 focuses the
// notifications region.
const TOAST_DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;

const icons: Record<ToastVariant, typeof Info> = { default: Info, success: CircleCheck, error: CircleAlert };
const accents: Record<ToastVariant, string> = {
  default: 'text-sky-300',
  success: 'text-money-400',
  error: 'text-danger-400',
};

export function Toaster() {
  const item = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot, toastStore.getSnapshot);
  const Icon = item ? icons[item.variant] : Info;

  return (
    <RadixToast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={SWIPE_THRESHOLD_PX}>
      {item && (
        <RadixToast.Root
          key={item.id}
          open
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          type={item.variant === 'error' ? 'foreground' : 'background'}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border bg-vault-850 p-4 pr-10 shadow-vault',
            item.variant === 'error' ? 'border-danger-500/50' : 'border-vault-600',
            'data-[state=open]:animate-fade-in',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0',
            'data-[swipe=cancel]:transition-transform data-[swipe=end]:translate-x-full data-[swipe=end]:transition-transform',
          )}
          data-variant={item.variant}
        >
          <Icon aria-hidden className={cn('mt-0.5 h-5 w-5 shrink-0', accents[item.variant])} />
          <div className="min-w-0">
            <RadixToast.Title className="text-sm font-semibold text-vault-100">{item.title}</RadixToast.Title>
            {item.description && (
              <RadixToast.Description className="mt-0.5 text-sm wrap-anywhere text-vault-300">
                {item.description}
              </RadixToast.Description>
            )}
          </div>
          <RadixToast.Close
            aria-label="Dismiss notification"
            className="absolute top-3 right-3 rounded-md p-1 text-vault-400 hover:bg-vault-700 hover:text-vault-100"
          >
            <X aria-hidden className="h-4 w-4" />
          </RadixToast.Close>
        </RadixToast.Root>
      )}
      <RadixToast.Viewport
        hotkey={['F8']}
        className="fixed right-0 bottom-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none sm:right-2 sm:bottom-2"
      />
    </RadixToast.Provider>
  );
}
