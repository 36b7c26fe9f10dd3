import type { PurchaseView } from '@shared/api/transactions';
import { useWallet } from '@web/features/wallet';
import { usePurchases } from './api/get-purchases';

/** A purchase its buyer may still pay: checked out, unpaid, and its checkout not yet over. */
export function isAwaitingPayment(tx: PurchaseView, wallet: string | null, now = Date.now()): boolean {
  return (
    tx.status === 'initiated' &&
    !tx.txHash &&
    wallet !== null &&
    tx.buyer.walletAddress === wallet &&
    Date.parse(tx.expiresAt) > now
  );
}

/**
 * The signed-in wallet's open checkout of a listing, if it has one: the address page offers
 * "Continue checkout" instead of a second Buy. Only asked when `enabled` (the listing shows someone checking out), so
 * a listing nobody is checking out costs no request.
 */
export function useOpenPurchase(addressId: string, enabled: boolean): PurchaseView | null {
  const { address, status } = useWallet();
  const wallet = status === 'connected' ? address : null;
  const purchases = usePurchases(enabled ? wallet : null);
  return purchases.data?.find((tx) => tx.address.id === addressId && isAwaitingPayment(tx, wallet)) ?? null;
}
