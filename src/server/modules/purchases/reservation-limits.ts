import { address } from '@solana/kit';
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { ChainRpc } from '@chain/rpc/chain-rpc';
import { ErrorCode } from '@shared/api/errors';
import { lamportsToSolString } from '@shared/money';
import type { Queryable } from '@server/db/database';
import { OPEN_PURCHASE_STATUSES, transactions } from '@server/db/schema';
import { AppError, conflict } from '@server/http/app-error';

/**
 * Anti-squatting rules at initiate (docs/domain.md#reservation-limits). A reservation takes a
 * listing off the market for 15 minutes, so without these one wallet holding no SOL could reserve every listing, renew
 * each one as it expired, and answer every honest buyer with "no longer available".
 */
export interface ReservationRules {
  /** Open (initiated or pending) purchases one wallet may hold at once. */
  maxOpenReservations: number;
  /** After a wallet lets a reservation expire, how long before it may reserve that same listing again. */
  reservationCooldownMs: number;
}

/** The buyer's balance at `confirmed`, read before the database transaction so no row lock waits on the RPC. */
export async function buyerBalance(rpc: ChainRpc, wallet: string): Promise<bigint> {
  const { value } = await rpc.getBalance(address(wallet), { commitment: 'confirmed' }).send();
  return value;
}

/**
 * Refuses a reservation that breaks a rule. Runs inside initiate's transaction after the buyer's user row was
 * upserted (which row-locks it), so two initiates by one wallet are serialised and cannot both slip under the cap.
 */
export async function checkReservationRules(
  db: Queryable,
  rules: ReservationRules,
  input: { buyerId: string; addressId: string; now: Date; balance: bigint; totalLamports: bigint },
): Promise<void> {
  const open = await db
    .select({
      status: transactions.status,
      amount: sql<string>`${transactions.priceLamports} + ${transactions.commissionLamports} + ${transactions.networkFeeLamports}`,
    })
    .from(transactions)
    .where(
      and(
        eq(transactions.buyerId, input.buyerId),
        inArray(transactions.status, [...OPEN_PURCHASE_STATUSES]),
        // Only reservations count: an Actions POST (docs/domain.md#solana-pay-and-actions) can name any account, so its
        // unreserved rows must not use up a stranger's quota or start their cool-down.
        eq(transactions.reservesListing, true),
      ),
    );
  if (open.length >= rules.maxOpenReservations) {
    throw conflict(
      ErrorCode.TOO_MANY_RESERVATIONS,
      `You already have ${open.length} open purchase${open.length === 1 ? '' : 's'}; a wallet may hold at most ` +
        `${rules.maxOpenReservations} at once. Pay for one or let it expire first.`,
    );
  }

  const [lastExpired] = await db
    .select({ expiresAt: transactions.expiresAt })
    .from(transactions)
    .where(
      and(
        eq(transactions.buyerId, input.buyerId),
        eq(transactions.addressId, input.addressId),
        eq(transactions.status, 'failed'),
        eq(transactions.failureKind, 'expired'),
        eq(transactions.reservesListing, true),
        gt(transactions.expiresAt, new Date(input.now.getTime() - rules.reservationCooldownMs)),
      ),
    )
    .orderBy(desc(transactions.expiresAt))
    .limit(1);
  if (lastExpired) {
    const until = new Date(lastExpired.expiresAt.getTime() + rules.reservationCooldownMs);
    throw new AppError(
      429,
      ErrorCode.RESERVATION_COOLDOWN,
      `Your last reservation of this address expired unpaid; you may reserve it again after ${until.toISOString()}.`,
    );
  }

  // Unpaid reservations (initiated) still have to be paid from the same balance; pending ones are already paid.
  const owed = open.filter((o) => o.status === 'initiated').reduce((sum, o) => sum + BigInt(o.amount), 0n);
  const needed = input.totalLamports + owed;
  if (input.balance < needed) {
    throw conflict(
      ErrorCode.INSUFFICIENT_FUNDS,
      `Your wallet holds ${lamportsToSolString(input.balance)} SOL; this purchase needs ` +
        `${lamportsToSolString(input.totalLamports)} SOL (price + fees)` +
        (owed > 0n ? ` on top of ${lamportsToSolString(owed)} SOL for your other open purchase` : '') +
        '. Add SOL to your wallet and try again.',
    );
  }
}
