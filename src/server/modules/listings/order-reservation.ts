import { and, eq, gt } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { customOrders, users } from '../../db/schema';

export interface OrderReservation {
  until: Date;
  /** Server-side only: the API says whether the viewer is the requester, never who the requester is. */
  requesterWallet: string;
}

/**
 * The live reservation of a listing the shop ground for a custom order (docs/domain.md#custom-orders): its requester's alone
 * until `reservedUntil`, then on open sale. Kept here, beside the listing reads, because initiate, the
 * Actions POST and GET, and the address page all ask the same question and must agree.
 */
export async function orderReservationOf(
  db: Queryable,
  addressId: string,
  now: Date,
): Promise<OrderReservation | undefined> {
  const [row] = await db
    .select({ requesterWallet: users.walletAddress, until: customOrders.reservedUntil })
    .from(customOrders)
    .innerJoin(users, eq(users.id, customOrders.requesterId))
    .where(and(eq(customOrders.addressId, addressId), gt(customOrders.reservedUntil, now)));
  return row?.until ? { until: row.until, requesterWallet: row.requesterWallet } : undefined;
}
