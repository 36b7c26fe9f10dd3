import { and, asc, desc, eq, gt, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { BidStatus } from '@shared/domain-values';
import type { IndexedPattern } from '@shared/pattern-index';
import type { PatternClass } from '@shared/pattern-keys';
import type { Queryable } from '@server/db/database';
import { addresses, bids, customOrders, escrowTransfers, transactions } from '@server/db/schema';
import { bidStates } from './bid-states';

export type BidRow = typeof bids.$inferSelect;
export type NewBidRow = typeof bids.$inferInsert;

/** Bids whose deposit is awaited or held: their escrow is read every pass, not on the closed backoff. */
export const LIVE_BID_STATUSES = ['awaiting-deposit', 'open'] as const satisfies readonly BidStatus[];
const live = inArray(bids.status, [...LIVE_BID_STATUSES]);

/** The pattern bids and offers table (docs/domain.md#bids-and-offers); every write takes the caller's handle. */
export const bidsRepository = {
  async insert(db: Queryable, row: NewBidRow): Promise<BidRow> {
    const [stored] = await db.insert(bids).values(row).returning();
    return stored!;
  },

  async findById(db: Queryable, id: string): Promise<BidRow | undefined> {
    const [row] = await db.select().from(bids).where(eq(bids.id, id));
    return row;
  },

  async lock(db: Queryable, id: string): Promise<BidRow | undefined> {
    const [row] = await db.select().from(bids).where(eq(bids.id, id)).for('update');
    return row;
  },

  /**
   * Moves a bid on, only from the status it was read in: two deciders never both move it. A status change must be a
   * move of `bidStates`.
   */
  async update(db: Queryable, id: string, from: BidStatus, set: Partial<NewBidRow>): Promise<BidRow | undefined> {
    if (set.status !== undefined) bidStates.assertMoves({ [from]: set.status as BidStatus });
    const [row] = await db
      .update(bids)
      .set(set)
      .where(and(eq(bids.id, id), eq(bids.status, from)))
      .returning();
    return row;
  },

  /** How many live bids and offers a bidder has: capped, since each is an escrow the worker reads. */
  async liveCount(db: Queryable, bidderId: string): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(bids)
      .where(and(eq(bids.bidderId, bidderId), live));
    return row?.n ?? 0;
  },

  mine(db: Queryable, bidderId: string, kind: BidRow['kind'], limit = 100): Promise<BidRow[]> {
    return db
      .select()
      .from(bids)
      .where(and(eq(bids.bidderId, bidderId), eq(bids.kind, kind)))
      .orderBy(desc(bids.createdAt))
      .limit(limit);
  },

  /** Open offers on the seller's listings, best first. */
  receivedOffers(db: Queryable, sellerId: string): Promise<BidRow[]> {
    return db
      .select({ bid: bids })
      .from(bids)
      .innerJoin(addresses, eq(addresses.id, bids.addressId))
      .where(and(eq(addresses.sellerId, sellerId), eq(bids.kind, 'offer'), eq(bids.status, 'open')))
      .orderBy(desc(bids.maxPriceLamports), asc(bids.createdAt))
      .then((rows) => rows.map((r) => r.bid));
  },

  /** The live offers on one listing (to refund when it sells elsewhere), and the best funded one. */
  liveOffersOf(db: Queryable, addressId: string): Promise<BidRow[]> {
    return db
      .select()
      .from(bids)
      .where(and(eq(bids.kind, 'offer'), eq(bids.addressId, addressId), live))
      .orderBy(desc(bids.maxPriceLamports), asc(bids.createdAt));
  },

  /**
   * The keys of the open pattern bids (all of them, or those funded after `fundedAfter`), for the in-memory match
   * index: an index-only read of bids_open_match_idx, or a range of bids_open_funded_idx.
   */
  async openKeys(db: Queryable, fundedAfter?: Date): Promise<IndexedPattern[]> {
    const rows = await db
      .select({ position: bids.position, caseSensitive: bids.caseSensitive, key: bids.patternKey })
      .from(bids)
      .where(
        and(
          eq(bids.status, 'open'),
          eq(bids.kind, 'pattern'),
          fundedAfter ? gt(bids.fundedAt, fundedAfter) : undefined,
        ),
      );
    return rows.map((r) => ({ position: r.position!, caseSensitive: r.caseSensitive!, key: r.key! }));
  },

  /**
   * Open pattern bids of one class whose key is one of `keys`, at or above `minPriceLamports`, highest first and
   * earlier first on a tie: served by bids_open_match_idx.
   */
  matching(db: Queryable, c: PatternClass, keys: readonly string[]): Promise<BidRow[]> {
    if (keys.length === 0) return Promise.resolve([]);
    return db
      .select()
      .from(bids)
      .where(
        and(
          eq(bids.status, 'open'),
          eq(bids.kind, 'pattern'),
          eq(bids.position, c.position),
          eq(bids.caseSensitive, c.caseSensitive),
          sql`${bids.patternKey} = any(${sql.param([...keys])}::text[])`,
          sql`char_length(${bids.patternKey}) = ${c.length}`,
        ),
      )
      .orderBy(desc(bids.maxPriceLamports), asc(bids.createdAt));
  },

  /**
   * Claims the bids whose escrow the settlement pass reads now, as orders are claimed. A bid waiting for its deposit
   * every 2 seconds at most, as is an open one past its expiry; an open offer every 30 seconds (its listing may have
   * sold elsewhere); an open pattern bid, whose held deposit needs nothing until it fills or closes, and a closed one,
   * whose escrow may still receive a stray or late payment to refund, less often as they age (a tenth of the time
   * since funded or closed, between 15 seconds and 6 hours). Thousands of open bids then cost a few escrow reads a
   * minute, not one each every few seconds. `FOR UPDATE SKIP LOCKED`, so instances share the work.
   */
  async claimEscrowsToSettle(db: Queryable, now: Date, limit: number): Promise<BidRow[]> {
    const at = sql`${now.toISOString()}::timestamptz`;
    const checkedBefore = (ms: number) => lt(bids.escrowCheckedAt, new Date(now.getTime() - ms));
    const aged = (since: SQL) =>
      sql`${bids.escrowCheckedAt} < ${at} - greatest(interval '15 seconds', least(interval '6 hours', (${at} - ${since}) / 10))`;
    const open = eq(bids.status, 'open');
    const due = or(
      isNull(bids.escrowCheckedAt),
      and(eq(bids.status, 'awaiting-deposit'), checkedBefore(2_000)),
      and(open, lt(bids.expiresAt, now), checkedBefore(2_000)),
      and(open, eq(bids.kind, 'offer'), checkedBefore(30_000)),
      and(open, eq(bids.kind, 'pattern'), aged(sql`coalesce(${bids.fundedAt}, ${bids.createdAt})`)),
      and(sql`not (${live})`, aged(sql`coalesce(${bids.closedAt}, ${bids.createdAt})`)),
    );
    const claimable = db
      .select({ id: bids.id })
      .from(bids)
      .where(due)
      .orderBy(sql`${bids.escrowCheckedAt} asc nulls first`)
      .limit(limit)
      .for('update', { skipLocked: true });
    return db.update(bids).set({ escrowCheckedAt: now }).where(inArray(bids.id, claimable)).returning();
  },

  /**
   * Claims open pattern bids whose stock was last checked before `before` (never checked first), marking them
   * checked now: the periodic re-check's batch. `FOR UPDATE SKIP LOCKED`, so instances share the work.
   */
  async claimStockChecks(db: Queryable, now: Date, before: Date, limit: number): Promise<BidRow[]> {
    const claimable = db
      .select({ id: bids.id })
      .from(bids)
      .where(
        and(
          eq(bids.status, 'open'),
          eq(bids.kind, 'pattern'),
          or(isNull(bids.stockCheckedAt), lt(bids.stockCheckedAt, before)),
        ),
      )
      .orderBy(sql`${bids.stockCheckedAt} asc nulls first`)
      .limit(limit)
      .for('update', { skipLocked: true });
    return db.update(bids).set({ stockCheckedAt: now }).where(inArray(bids.id, claimable)).returning();
  },

  /** The open bid a custom order was ground for, with the order's found listing. */
  async openBidOfOrder(db: Queryable, orderId: string) {
    const [row] = await db
      .select({ bid: bids, addressId: customOrders.addressId })
      .from(bids)
      .innerJoin(customOrders, eq(customOrders.id, bids.orderId))
      .where(and(eq(bids.orderId, orderId), eq(bids.status, 'open')));
    return row;
  },

  /** The purchase a bid became, with its listing's address. */
  async fillOf(db: Queryable, bidId: string) {
    const [row] = await db
      .select({ transactionId: transactions.id, address: addresses.address, priceLamports: transactions.priceLamports })
      .from(transactions)
      .innerJoin(addresses, eq(addresses.id, transactions.addressId))
      .where(eq(transactions.bidId, bidId));
    return row;
  },

  /** Refunds that landed from a bid's escrow, oldest first. */
  async refundSignatures(db: Queryable, bidId: string): Promise<string[]> {
    const rows = await db
      .select({ signature: escrowTransfers.signature })
      .from(escrowTransfers)
      .where(
        and(eq(escrowTransfers.bidId, bidId), eq(escrowTransfers.kind, 'refund'), eq(escrowTransfers.status, 'landed')),
      )
      .orderBy(asc(escrowTransfers.createdAt));
    return rows.map((r) => r.signature);
  },
};
