/**
 * A one-slot toast store (docs/product-spec.md#constants-and-limits: only one toast shows at a time — a new toast
 * replaces the current one). Kept outside React so any event handler can call `toast()`; the Toaster subscribes with
 * useSyncExternalStore. Features call it from their own handlers, never from the HTTP client.
 */
export type ToastVariant = 'default' | 'success' | 'error';

export interface ToastItem {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
}

let current: ToastItem | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function toast(input: { title: string; description?: string; variant?: ToastVariant }): number {
  current = { id: nextId++, title: input.title, description: input.description, variant: input.variant ?? 'default' };
  emit();
  return current.id;
}

/** Removes the toast (when `id` is given, only if it is still the one showing). */
export function dismissToast(id?: number) {
  if (!current || (id !== undefined && current.id !== id)) return;
  current = null;
  emit();
}

export const toastStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: () => current,
};
