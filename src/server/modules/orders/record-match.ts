import { analyzeAddress } from '@server/rarity';
import type { Db } from '../../db/database';
import { recordAudit } from '../audit';
import { listingRecord, listingsRepository } from '../listings';
import { addressOfSecretKey, isConsistentSecretKey, type VaultCipher } from '../key-crypto';
import { vaultRepository } from '../vault';
import { matcherOf } from './grind-match';
import type { GrindHit } from './grind-pool';
import { ordersRepository, type OrderRow } from './orders.repository';
import { ORDER_LISTING_TAG } from './shop-seller';

/** How long a found address is kept for its requester before it goes on open sale. */
export const ORDER_RESERVATION_MS = 24 * 3600 * 1000;

export interface RecordMatchDeps {
  db: Db;
  cipher: VaultCipher;
  seller: { id: string; walletAddress: string };
  now(): Date;
  /**
   * Asked once the key is sealed, before it is listed: why the requester may no longer hold it reserved (its wallet
   * no longer covers the price), or undefined when it may.
   */
  reservationProblem?(order: OrderRow): Promise<string | undefined>;
}

/**
 * A grinder's match goes straight into the vault (docs/domain.md#custom-orders): the key must control the address and
 * the address must match the order (the ownership proof of every listing), it is sealed at once, and the listing by the
 * shop's seller, its key and the order's `found` state are written in one transaction, only while this instance still
 * holds the order's lease (a cancelled or taken-over order keeps nothing). The secret is wiped here whatever happens,
 * and never logged: errors name the order, never the key.
 */
export async function recordMatch(
  deps: RecordMatchDeps,
  order: OrderRow,
  owner: string,
  hit: GrindHit,
  attempts: number,
): Promise<'found' | 'lost'> {
  let sealed;
  try {
    if (!isConsistentSecretKey(hit.secretKey) || addressOfSecretKey(hit.secretKey) !== hit.address) {
      throw new Error(`order ${order.id}: the grinder's key does not control its address`);
    }
    if (!matcherOf(order)(hit.address)) throw new Error(`order ${order.id}: the address does not match the order`);
    sealed = deps.cipher.encrypt(hit.address, hit.secretKey);
  } finally {
    hit.secretKey.fill(0);
  }
  const report = analyzeAddress(hit.address, { network: 'solana', pattern: order.pattern });
  const now = deps.now();
  const record = listingRecord({
    address: hit.address,
    sellerId: deps.seller.id,
    priceLamports: order.price,
    report,
  });
  record.searchTags = [...(record.searchTags ?? []), ORDER_LISTING_TAG];
  // Read before the transaction, so no row lock waits on the RPC.
  const closedReason = await deps.reservationProblem?.(order);

  return deps.db.transaction(async (tx) => {
    if (!(await ordersRepository.lockHeld(tx, order.id, owner))) return 'lost';
    const [listing] = await listingsRepository.insertMany(tx, [record]);
    if (!listing) throw new Error(`order ${order.id}: the found address is listed already`);
    await vaultRepository.insertMany(tx, [{ addressId: listing.id, ...sealed }]);
    await ordersRepository.markFound(tx, order.id, {
      addressId: listing.id,
      attempts,
      now,
      reservedUntil: new Date(now.getTime() + ORDER_RESERVATION_MS),
      closedReason,
    });
    await recordAudit(tx, {
      action: 'order.found',
      performedBy: deps.seller.walletAddress,
      metadata: {
        orderId: order.id,
        addressId: listing.id,
        address: hit.address,
        price: order.price,
        reserved: closedReason === undefined,
      },
    });
    return 'found';
  });
}
