import { and, eq, gt } from 'drizzle-orm';
import { ErrorCode } from '@shared/api/errors';
import type { Queryable } from '@server/db/database';
import { customOrders, users } from '@server/db/schema';
import { forbidden } from '@server/http/app-error';

/**
 * A listing the shop ground for a custom order (docs/domain.md#custom-orders) is reserved for that order's requester
 * until `reservedUntil`; after that it is on open sale like any other. Read at initiate with the listing row locked, so
 * the answer cannot change under the purchase. Kept apart from initiate.service.ts: other purchase rules (reservation
 * caps, balance checks, unreserved Solana Pay purchases) change that file too.
 */
export async function assertNotReservedForAnother(
  db: Queryable,
  addressId: string,
  buyerWallet: string,
  now: Date,
): Promise<void> {
  const [reservation] = await db
    .select({ requester: users.walletAddress, until: customOrders.reservedUntil })
    .from(customOrders)
    .innerJoin(users, eq(users.id, customOrders.requesterId))
    .where(and(eq(customOrders.addressId, addressId), gt(customOrders.reservedUntil, now)));
  if (reservation && reservation.requester !== buyerWallet) {
    throw forbidden(
      ErrorCode.RESERVED_FOR_REQUESTER,
      `This address was ground to order and is reserved for the wallet that ordered it until ${reservation.until!.toISOString()}`,
    );
  }
}
