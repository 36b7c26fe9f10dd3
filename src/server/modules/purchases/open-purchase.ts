import type { InitiatePurchaseResponse } from '@shared/api/transactions';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import { transactions } from '@server/db/schema';
import { feeCalculationOf } from './fees';
import type { PurchaseRow } from './purchases.repository';
import { paymentOf } from './purchase-view';

/**
 * The buyer's own unpaid, unexpired reservation of a listing, if any. A double click, a second tab or
 * a retry after a lost answer asks initiate again; it gets this purchase back instead of a 409 that would leave the
 * buyer looking at their own reservation as "not available". Read with the listing row locked, so a concurrent
 * initiate by the same buyer has either committed its row (found here) or not started.
 */
export async function findOpenReservation(
  db: Queryable,
  input: { buyerWallet: string; addressId: string; now: Date },
): Promise<PurchaseRow | undefined> {
  const [row] = await db
    .select({ tx: transactions })
    .from(transactions)
    .where(
      and(
        eq(transactions.buyerWallet, input.buyerWallet),
        eq(transactions.addressId, input.addressId),
        eq(transactions.status, 'initiated'),
        // Only a reservation: an Actions row (any account, reserves nothing) is not the web buyer's checkout.
        eq(transactions.reservesListing, true),
        gt(transactions.expiresAt, input.now),
      ),
    )
    .orderBy(desc(transactions.createdAt))
    .limit(1);
  return row?.tx;
}

/** The answer initiate gives for a purchase row, the first time and on every repeat alike. */
export function initiateResponseOf(row: PurchaseRow): InitiatePurchaseResponse {
  return {
    transactionId: row.id,
    status: 'initiated',
    expiresAt: row.expiresAt.toISOString(),
    feeCalculation: feeCalculationOf({
      price: row.priceLamports,
      platformFee: row.commissionLamports,
      networkFee: row.networkFeeLamports,
    }),
    payment: paymentOf(row),
  };
}
