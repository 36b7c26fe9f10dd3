import { and, asc, count, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import {
  ACTIVE_ORDER_STATUSES,
  OPEN_ESCROW_ORDER_STATUSES,
  addresses,
  customOrders,
  transactions,
  users,
  type OrderStatus,
} from '../../db/schema';
import { OWNED_STATUSES } from '@shared/api/transactions';
import type { Moves } from '@server/db/state-machine';
import { orderStates } from './order-states';

export type OrderRow = typeof customOrders.$inferSelect;
export type NewOrderRow = typeof customOrders.$inferInsert;

const active = inArray(customOrders.status, [...ACTIVE_ORDER_STATUSES]);
/** Holding one of the wallet's order slots: active, or placed and waiting for its deposit. */
const holdingSlot = inArray(customOrders.status, [...OPEN_ESCROW_ORDER_STATUSES]);

/** Every status of `from` moving to `to`: the moves of an UPDATE guarded by `status in (from…)`. */
const movesTo = (from: readonly OrderStatus[], to: OrderStatus): Moves<OrderStatus> =>
  Object.fromEntries(from.map((status) => [status, to]));

// pg_advisory_xact_lock key that serialises placing orders ('vv-order'): the shop-wide, per-wallet and per-IP caps are
// each a count then an insert, exact only if no two placements interleave. Placing is rare and its transaction short.
const PLACE_LOCK_KEY = 0x76762d6f72646572n;

/**
 * The purchase by which the wallet that ordered the address bought it: a sale (a verified or completed purchase) to the
 * requester's wallet, or null. A sold listing alone does not say so: once the reservation lapses the address is on open
 * sale, and a stranger who buys it before the next settlement pass must not make the order read "purchased".
 */
const requesterPurchaseId = sql<string | null>`(select ${transactions.id} from ${transactions}
  join ${users} on ${users.id} = ${customOrders.requesterId}
  where ${transactions.addressId} = ${customOrders.addressId} and ${transactions.buyerWallet} = ${users.walletAddress}
    and ${inArray(transactions.status, [...OWNED_STATUSES])}
  order by ${transactions.createdAt} limit 1)`;
const boughtByRequester = sql<boolean>`${requesterPurchaseId} is not null`;

/**
 * Fair turns: an order's turn is how many active orders its wallet placed before it. The claim takes the
 * lowest turn first, then the oldest, so a wallet's second order waits behind every wallet's first. Computed when
 * claiming (not stored), so a wallet whose first order finished has its next one at turn 0 again.
 */
const turnOf = sql<number>`(select count(*) from custom_orders earlier
  where earlier.requester_id = ${customOrders.requesterId} and earlier.status in ('queued', 'grinding')
  and (earlier.created_at, earlier.id) < (${customOrders.createdAt}, ${customOrders.id}))`;

/**
 * `custom_orders` rows: the queue, the grinders' leases and the requester's view. The only writer of an order's status
 * (docs/domain.md#order-states): each status write checks its moves against `orderStates` before it runs.
 */
export const ordersRepository = {
  async insert(db: Queryable, row: NewOrderRow): Promise<OrderRow> {
    const [inserted] = await db.insert(customOrders).values(row).returning();
    return inserted!;
  },

  /** Holds the placement lock until the transaction ends. */
  async lockPlacement(db: Queryable): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(${sql.raw(PLACE_LOCK_KEY.toString())})`);
  },

  /**
   * What the wallet has committed to: its orders queued or grinding, and its found orders still reserved for it. The
   * balance must cover all of them and the new one.
   */
  committedFor(db: Queryable, requesterId: string, now: Date) {
    return db
      .select({
        status: customOrders.status,
        price: customOrders.price,
        lane: customOrders.lane,
        forBid: customOrders.forBid,
      })
      .from(customOrders)
      .where(
        and(
          eq(customOrders.requesterId, requesterId),
          or(holdingSlot, and(eq(customOrders.status, 'found'), gt(customOrders.reservedUntil, now))),
        ),
      );
  },

  /** Orders waiting for a deposit, queued or grinding that were placed from this client address. */
  async activeCountForIp(db: Queryable, ip: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(customOrders)
      .where(and(eq(customOrders.ip, ip), holdingSlot));
    return Number(row?.n ?? 0);
  },

  async requesterWallet(db: Queryable, requesterId: string): Promise<string | undefined> {
    const [row] = await db.select({ walletAddress: users.walletAddress }).from(users).where(eq(users.id, requesterId));
    return row?.walletAddress;
  },

  /** Orders waiting or grinding, shop-wide: the queue-length cap counts these. */
  async activeCount(db: Queryable): Promise<number> {
    const [row] = await db.select({ n: count() }).from(customOrders).where(active);
    return Number(row?.n ?? 0);
  },

  /** Active orders the claim takes before this one (fair turns, then age): its place in the queue. */
  async ahead(db: Queryable, order: OrderRow): Promise<number> {
    const q = db.$with('q').as(
      db
        .select({
          id: customOrders.id,
          createdAt: customOrders.createdAt,
          turn: sql<number>`row_number() over (partition by ${customOrders.requesterId} order by ${customOrders.createdAt}, ${customOrders.id})`.as(
            'turn',
          ),
        })
        .from(customOrders)
        .where(active),
    );
    const [row] = await db
      .with(q)
      .select({ n: count() })
      .from(q)
      .where(sql`(${q.turn}, ${q.createdAt}, ${q.id}) < (select turn, created_at, id from q where id = ${order.id})`);
    return Number(row?.n ?? 0);
  },

  async findWithAddress(db: Queryable, id: string) {
    const [row] = await db
      .select({ order: customOrders, address: addresses.address, purchaseId: requesterPurchaseId })
      .from(customOrders)
      .leftJoin(addresses, eq(addresses.id, customOrders.addressId))
      .where(eq(customOrders.id, id));
    return row;
  },

  listFor(db: Queryable, requesterId: string) {
    return db
      .select({ order: customOrders, address: addresses.address, purchaseId: requesterPurchaseId })
      .from(customOrders)
      .leftJoin(addresses, eq(addresses.id, customOrders.addressId))
      .where(eq(customOrders.requesterId, requesterId))
      .orderBy(sql`${customOrders.createdAt} desc`)
      .limit(20);
  },

  /**
   * The requester cancels while waiting for the deposit, queued or grinding; the holder of a lease sees it at its next
   * heartbeat. A paid-up-front order's deposit is then refunded by its settlement pass (order-escrow.ts).
   */
  async cancel(db: Queryable, id: string, requesterId: string, now: Date): Promise<OrderRow | undefined> {
    orderStates.assertMoves(movesTo(OPEN_ESCROW_ORDER_STATUSES, 'cancelled'));
    const [row] = await db
      .update(customOrders)
      .set({ status: 'cancelled', finishedAt: now, leaseOwner: null, leaseUntil: null })
      .where(and(eq(customOrders.id, id), eq(customOrders.requesterId, requesterId), holdingSlot))
      .returning();
    return row;
  },

  /** The delivered split-key or seed-derived order that ground `address`, if any. */
  async deliveredAt(db: Queryable, address: string): Promise<OrderRow | undefined> {
    const [row] = await db
      .select()
      .from(customOrders)
      .where(and(eq(customOrders.foundAddress, address), eq(customOrders.status, 'delivered')))
      .limit(1);
    return row;
  },

  /** The order row locked for its settlement pass. */
  async lockForSettlement(db: Queryable, id: string): Promise<OrderRow | undefined> {
    const [row] = await db.select().from(customOrders).where(eq(customOrders.id, id)).for('update');
    return row;
  },

  /**
   * A paid-up-front order moves on: paid (queued), expired unpaid, refunded at its deadline, delivered. A `set.status`
   * is a move from `from`, refused before the write when `orderStates` lacks it.
   */
  async update(db: Queryable, id: string, from: OrderStatus, set: Partial<NewOrderRow>): Promise<boolean> {
    if (set.status !== undefined) orderStates.assertMoves({ [from]: set.status });
    const rows = await db
      .update(customOrders)
      .set(set)
      .where(and(eq(customOrders.id, id), eq(customOrders.status, from)))
      .returning({ id: customOrders.id });
    return rows.length === 1;
  },

  /**
   * Claims the paid-up-front orders whose escrow the settlement pass reads now, as the purchases' passes claim
   * theirs (background.repository.ts): an open one every 2 seconds at most; a closed one, whose escrow may still
   * receive a late payment to refund, less often as it ages (a tenth of its age, between 15 seconds and 6 hours).
   * `FOR UPDATE SKIP LOCKED`, so instances share the work.
   */
  async claimEscrowsToSettle(db: Queryable, now: Date, limit: number): Promise<OrderRow[]> {
    const at = sql`${now.toISOString()}::timestamptz`;
    const due = or(
      isNull(customOrders.escrowCheckedAt),
      and(holdingSlot, lt(customOrders.escrowCheckedAt, new Date(now.getTime() - 2_000))),
      and(
        sql`not (${holdingSlot})`,
        sql`${customOrders.escrowCheckedAt} < ${at} - greatest(interval '15 seconds', least(interval '6 hours', (${at} - coalesce(${customOrders.finishedAt}, ${customOrders.createdAt})) / 10))`,
      ),
    );
    const claimable = db
      .select({ id: customOrders.id })
      .from(customOrders)
      .where(and(sql`${customOrders.escrow} is not null`, due))
      .orderBy(sql`${customOrders.escrowCheckedAt} asc nulls first`)
      .limit(limit)
      .for('update', { skipLocked: true });
    return db.update(customOrders).set({ escrowCheckedAt: now }).where(inArray(customOrders.id, claimable)).returning();
  },

  /**
   * Claims the next order nobody holds: queued, or grinding under a lease that has run out (its instance died); the
   * lowest fair turn first (`turnOf`), then the oldest. `FOR UPDATE SKIP LOCKED` lets several instances claim at once
   * without waiting on or taking each other's.
   */
  async claim(db: Queryable, owner: string, now: Date, leaseMs: number): Promise<OrderRow | undefined> {
    orderStates.assertMoves(movesTo(ACTIVE_ORDER_STATUSES, 'grinding'));
    const claimable = db
      .select({ id: customOrders.id })
      .from(customOrders)
      .where(
        and(
          active,
          or(isNull(customOrders.leaseUntil), lt(customOrders.leaseUntil, now)),
          // A paid-up-front order past its deadline is the settlement pass's to refund, not to grind.
          or(isNull(customOrders.deadline), gt(customOrders.deadline, now)),
        ),
      )
      .orderBy(asc(turnOf), asc(customOrders.createdAt), asc(customOrders.id))
      .limit(1)
      .for('update', { skipLocked: true });
    const [row] = await db
      .update(customOrders)
      .set({
        status: 'grinding',
        leaseOwner: owner,
        leaseUntil: new Date(now.getTime() + leaseMs),
        startedAt: sql`coalesce(${customOrders.startedAt}, ${now})`,
      })
      .where(inArray(customOrders.id, claimable))
      .returning();
    return row;
  },

  /**
   * Adds the attempts since the last beat and extends the lease, only while this instance still holds it and
   * the order still grinds. False means stop: cancelled, or the lease was lost to another instance.
   */
  async heartbeat(
    db: Queryable,
    id: string,
    owner: string,
    beat: { attempts: number; rate: number; now: Date; leaseMs: number },
  ): Promise<boolean> {
    const rows = await db
      .update(customOrders)
      .set({
        attempts: sql`${customOrders.attempts} + ${BigInt(Math.round(beat.attempts))}`,
        rate: beat.rate,
        leaseUntil: new Date(beat.now.getTime() + beat.leaseMs),
      })
      .where(and(eq(customOrders.id, id), eq(customOrders.leaseOwner, owner), eq(customOrders.status, 'grinding')))
      .returning({ id: customOrders.id });
    return rows.length === 1;
  },

  /** Cancels an order this instance holds, with the reason the requester is shown. */
  async cancelHeld(db: Queryable, id: string, owner: string, now: Date, closedReason: string): Promise<void> {
    orderStates.assertMoves({ grinding: 'cancelled' });
    await db
      .update(customOrders)
      .set({ status: 'cancelled', finishedAt: now, closedReason, leaseOwner: null, leaseUntil: null })
      .where(and(eq(customOrders.id, id), eq(customOrders.leaseOwner, owner), eq(customOrders.status, 'grinding')));
  },

  /** Lets go of a lease at shutdown so another instance (or this one after restart) resumes at once. */
  async release(db: Queryable, id: string, owner: string): Promise<void> {
    await db
      .update(customOrders)
      .set({ leaseOwner: null, leaseUntil: null })
      .where(and(eq(customOrders.id, id), eq(customOrders.leaseOwner, owner)));
  },

  /** The order row locked for recording a match, only if this instance still holds its grinding lease. */
  async lockHeld(db: Queryable, id: string, owner: string): Promise<OrderRow | undefined> {
    const [row] = await db
      .select()
      .from(customOrders)
      .where(and(eq(customOrders.id, id), eq(customOrders.leaseOwner, owner), eq(customOrders.status, 'grinding')))
      .for('update');
    return row;
  },

  /**
   * The key is listed: `found`, reserved for the requester until `reservedUntil`; or, with `closedReason`, `expired` at
   * once (no reservation: the listing is on open sale) because the requester's wallet no longer covers the price.
   * Updated by id alone: its one caller (record-match.ts) holds the row locked by `lockHeld`, so still `grinding`.
   */
  async markFound(
    db: Queryable,
    id: string,
    found: { addressId: string; attempts: number; now: Date; reservedUntil: Date; closedReason?: string | undefined },
  ): Promise<void> {
    const closed = found.closedReason !== undefined;
    orderStates.assertMoves({ grinding: closed ? 'expired' : 'found' });
    await db
      .update(customOrders)
      .set({
        status: closed ? 'expired' : 'found',
        addressId: found.addressId,
        attempts: sql`${customOrders.attempts} + ${BigInt(Math.round(found.attempts))}`,
        foundAt: found.now,
        reservedUntil: closed ? found.now : found.reservedUntil,
        closedReason: found.closedReason ?? null,
        finishedAt: closed ? found.now : null,
        leaseOwner: null,
        leaseUntil: null,
      })
      .where(eq(customOrders.id, id));
  },

  /**
   * found → purchased once its requester has bought the address, found → expired once the reservation has run out
   * without that (the listing is then on open sale: the reservation rule only ever looks at `reservedUntil`, so a
   * stranger may have bought it since).
   */
  async settle(db: Queryable, now: Date): Promise<{ purchased: number; expired: number }> {
    orderStates.assertMoves({ found: 'purchased' });
    const purchased = await db
      .update(customOrders)
      .set({ status: 'purchased', finishedAt: now })
      .where(and(eq(customOrders.status, 'found'), boughtByRequester))
      .returning({ id: customOrders.id });
    orderStates.assertMoves({ found: 'expired' });
    const expired = await db
      .update(customOrders)
      .set({ status: 'expired', finishedAt: now })
      .where(and(eq(customOrders.status, 'found'), lt(customOrders.reservedUntil, now)))
      .returning({ id: customOrders.id });
    return { purchased: purchased.length, expired: expired.length };
  },
};
