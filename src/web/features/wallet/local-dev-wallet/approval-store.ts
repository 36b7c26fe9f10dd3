import type { TransactionReview } from './review-transaction';

/**
 * The Local Dev Wallet's pending signature request: like a real wallet's popup, it shows what it
 * is about to sign and waits for Approve or Reject. The wallet lives outside React; its dialog reads this store.
 */
export interface ApprovalRequest {
  id: number;
  review: TransactionReview;
}

let current: { request: ApprovalRequest; resolve: (approved: boolean) => void } | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/** Resolves true on Approve, false on Reject. A second request while one is open rejects the first. */
export function askApproval(review: TransactionReview): Promise<boolean> {
  current?.resolve(false);
  return new Promise((resolve) => {
    current = { request: { id: nextId++, review }, resolve };
    emit();
  });
}

export function answerApproval(id: number, approved: boolean): void {
  if (current?.request.id !== id) return;
  const { resolve } = current;
  current = null;
  emit();
  resolve(approved);
}

export const pendingApproval = (): ApprovalRequest | null => current?.request ?? null;

export function subscribeApproval(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
