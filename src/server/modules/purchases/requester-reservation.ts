import { ErrorCode } from '@shared/api/errors';
import type { Queryable } from '@server/db/database';
import { forbidden } from '@server/http/app-error';
import { orderReservationOf } from '../listings';

/**
 * A listing the shop ground for a custom order (docs/domain.md#custom-orders) is reserved for that order's requester until
 * `reservedUntil`; after that it is on open sale like any other. Read at initiate with the listing row locked,
 * so the answer cannot change under the purchase, and at the Actions POST (which names any account). Kept apart
 * from initiate.service.ts: other purchase rules (reservation caps, balance checks, unreserved Solana Pay
 * purchases) change that file too.
 */
export async function assertNotReservedForAnother(
  db: Queryable,
  addressId: string,
  buyerWallet: string,
  now: Date,
): Promise<void> {
  const reservation = await orderReservationOf(db, addressId, now);
  if (reservation && reservation.requesterWallet !== buyerWallet) {
    throw forbidden(
      ErrorCode.RESERVED_FOR_REQUESTER,
      `This address was ground to order and is reserved for the wallet that ordered it until ${reservation.until.toISOString()}`,
    );
  }
}
