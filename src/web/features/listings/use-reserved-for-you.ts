import type { Listing } from '@shared/api/listings';
import { useMyOrders } from '@web/features/orders';
import { useWallet } from '@web/features/wallet';

/**
 * Whether a listing ground to order is reserved for the signed-in wallet. The listing's answer is the same for every
 * caller and never names the requester, so the requester's browser finds the address among its own orders; only
 * asked for a reserved listing, with a wallet signed in.
 */
export function useReservedForYou(listing: Pick<Listing, 'address' | 'reservedUntil'>): boolean {
  const { address: wallet } = useWallet();
  const orders = useMyOrders(Boolean(listing.reservedUntil) && wallet !== null);
  return orders.data?.orders.some((order) => order.address === listing.address) ?? false;
}
