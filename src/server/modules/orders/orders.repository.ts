import { and, asc, count, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { ACTIVE_ORDER_STATUSES, addresses, customOrders } from '../../db/schema';

export type OrderRow = typeof customOrders.$inferSelect;
export type NewOrderRow = typeof customOrders.$inferInsert;

const active = inArray(customOrders.status, [...ACTIVE_ORDER_STATUSES]);

/** `custom_orders` rows: the queue, the grinders' leases and the requester's view. */
export const ordersRepository = {
  async insert(db: Queryable, row: NewOrderRow): Promise<OrderRow> {
    const [inserted] = await db.insert(customOrders).values(row).returning();
    return inserted!;
  },

  async activeFor(db: Queryable, requesterId: string): Promise<OrderRow | undefined> {
    const [row] = await db
      .select()
      .from(customOrders)
      .where(and(eq(customOrders.requesterId, requesterId), active));
    return row;
  },

  /** Orders waiting or grinding, shop-wide: the queue-length cap counts these. */
  async activeCount(db: Queryable): Promise<number> {
    const [row] = await db.select({ n: count() }).from(customOrders).where(active);
    return Number(row?.n ?? 0);
  },

  /** Active orders placed before this one: its place in the queue. */
  async ahead(db: Queryable, order: OrderRow): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(customOrders)
      .where(and(active, lt(customOrders.createdAt, order.createdAt)));
    return Number(row?.n ?? 0);
  },

  async findWithAddress(db: Queryable, id: string) {
    const [row] = await db
      .select({ order: customOrders, address: addresses.address, addressStatus: addresses.status })
      .from(customOrders)
      .leftJoin(addresses, eq(addresses.id, customOrders.addressId))
      .where(eq(customOrders.id, id));
    return row;
  },

  listFor(db: Queryable, requesterId: string) {
    return db
      .select({ order: customOrders, address: addresses.address, addressStatus: addresses.status })
      .from(customOrders)
      .leftJoin(addresses, eq(addresses.id, customOrders.addressId))
      .where(eq(customOrders.requesterId, requesterId))
      .orderBy(sql`${customOrders.createdAt} desc`)
      .limit(20);
  },

  /** The requester cancels while queued or grinding; the holder of a lease sees it at its next heartbeat. */
  async cancel(db: Queryable, id: string, requesterId: string, now: Date): Promise<OrderRow | undefined> {
    const [row] = await db
      .update(customOrders)
      .set({ status: 'cancelled', finishedAt: now, leaseOwner: null, leaseUntil: null })
      .where(and(eq(customOrders.id, id), eq(customOrders.requesterId, requesterId), active))
      .returning();
    return row;
  },

  /**
   * Claims the oldest order nobody holds: queued, or grinding under a lease that has run out (its instance died).
   * `FOR UPDATE SKIP LOCKED` lets several instances claim at once without waiting on or taking each other's.
   */
  async claim(db: Queryable, owner: string, now: Date, leaseMs: number): Promise<OrderRow | undefined> {
    const claimable = db
      .select({ id: customOrders.id })
      .from(customOrders)
      .where(and(active, or(isNull(customOrders.leaseUntil), lt(customOrders.leaseUntil, now))))
      .orderBy(asc(customOrders.createdAt), asc(customOrders.id))
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

  async markFound(
    db: Queryable,
    id: string,
    found: { addressId: string; attempts: number; now: Date; reservedUntil: Date },
  ): Promise<void> {
    await db
      .update(customOrders)
      .set({
        status: 'found',
        addressId: found.addressId,
        attempts: sql`${customOrders.attempts} + ${BigInt(Math.round(found.attempts))}`,
        foundAt: found.now,
        reservedUntil: found.reservedUntil,
        leaseOwner: null,
        leaseUntil: null,
      })
      .where(eq(customOrders.id, id));
  },

  /**
   * found → purchased once its listing is sold, found → expired once the reservation has run out unbought (the
   * listing is then on open sale: the reservation rule only ever looks at `reservedUntil`).
   */
  async settle(db: Queryable, now: Date): Promise<{ purchased: number; expired: number }> {
    const purchased = await db
      .update(customOrders)
      .set({ status: 'purchased', finishedAt: now })
      .where(
        and(
          eq(customOrders.status, 'found'),
          inArray(
            customOrders.addressId,
            db.select({ id: addresses.id }).from(addresses).where(eq(addresses.status, 'sold')),
          ),
        ),
      )
      .returning({ id: customOrders.id });
    const expired = await db
      .update(customOrders)
      .set({ status: 'expired', finishedAt: now })
      .where(and(eq(customOrders.status, 'found'), lt(customOrders.reservedUntil, now)))
      .returning({ id: customOrders.id });
    return { purchased: purchased.length, expired: expired.length };
  },
};
