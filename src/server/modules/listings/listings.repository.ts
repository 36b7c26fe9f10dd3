import { and, asc, desc, eq, getTableColumns, inArray, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { addresses, OPEN_PURCHASE_STATUSES, transactions, users } from '../../db/schema';

export type NewListingRow = typeof addresses.$inferInsert;
/** Any columns but `status`: its moves are listingStatusRepository's (listing-states.ts). */
export type ListingUpdate = Omit<Partial<typeof addresses.$inferInsert>, 'status'>;

/** A listing with its seller's wallet: what every read returns. */
export const listingColumns = { ...getTableColumns(addresses), sellerWallet: users.walletAddress };
export type ListingRow = typeof addresses.$inferSelect & { sellerWallet: string; soldAt?: Date | null };

/** Listings joined to their seller, for any read to narrow, order and page. */
export const selectListings = (db: Queryable) =>
  db.select(listingColumns).from(addresses).innerJoin(users, eq(users.id, addresses.sellerId));

/**
 * The purchases holding a listing: reservations initiated or pending for it. Unreserved Actions purchases
 * (docs/domain.md#solana-pay-and-actions) do not count: anyone can make them, so they must neither freeze the seller's
 * listing nor keep it off sale. The end of a checkout notice (listingStatusRepository.release) guards on it too.
 */
export const openReservationsOf = (db: Queryable, addressId: string) =>
  db
    .select({ id: transactions.id })
    .from(transactions)
    .where(
      and(
        eq(transactions.addressId, addressId),
        inArray(transactions.status, [...OPEN_PURCHASE_STATUSES]),
        eq(transactions.reservesListing, true),
      ),
    );

export const listingsRepository = {
  /**
   * Multi-row insert; an address that exists already (or is inserted concurrently) is skipped, not an error,
   * so a bulk chunk reports it as a duplicate instead of failing the whole chunk.
   */
  insertMany(db: Queryable, rows: NewListingRow[]) {
    if (rows.length === 0) return Promise.resolve([] as { id: string; address: string }[]);
    return db
      .insert(addresses)
      .values(rows)
      .onConflictDoNothing({ target: addresses.address })
      .returning({ id: addresses.id, address: addresses.address });
  },

  /** Which of `candidates` are listed already: one query (`address = ANY($1)`) per bulk chunk. */
  async existingAddresses(db: Queryable, candidates: readonly string[]): Promise<Set<string>> {
    if (candidates.length === 0) return new Set();
    const rows = await db
      .select({ address: addresses.address })
      .from(addresses)
      .where(sql`${addresses.address} = any(${sql.param([...candidates])}::text[])`);
    return new Set(rows.map((r) => r.address));
  },

  async findById(db: Queryable, id: string, opts: { forUpdate?: boolean } = {}): Promise<ListingRow | undefined> {
    const query = selectListings(db).where(eq(addresses.id, id));
    const [row] = opts.forUpdate ? await query.for('update', { of: addresses }) : await query;
    return row;
  },

  /** The address detail page: with when it sold, if it did. */
  async findByAddress(db: Queryable, address: string): Promise<ListingRow | undefined> {
    const soldAt = sql<Date | null>`(
      select max(coalesce(${transactions.verifiedAt}, ${transactions.completedAt}))
      from ${transactions}
      where ${transactions.addressId} = ${addresses.id} and ${transactions.status} in ('verified', 'completed')
    )`.mapWith((v: unknown) => (v == null ? null : new Date(v as string)));
    const [row] = await db
      .select({ ...listingColumns, soldAt })
      .from(addresses)
      .innerJoin(users, eq(users.id, addresses.sellerId))
      .where(and(eq(addresses.address, address), ne(addresses.status, 'deleted')));
    return row;
  },

  featured(db: Queryable, limit: number): Promise<ListingRow[]> {
    return selectListings(db)
      .where(
        and(
          eq(addresses.isFeatured, true),
          eq(addresses.isListed, true),
          eq(addresses.status, 'available'),
          sql`(${addresses.featuredUntil} is null or ${addresses.featuredUntil} > now())`,
        ),
      )
      .orderBy(desc(addresses.promotionWeight), desc(addresses.createdAt), asc(addresses.id))
      .limit(limit);
  },

  async update(db: Queryable, id: string, set: ListingUpdate): Promise<void> {
    await db.update(addresses).set(set).where(eq(addresses.id, id));
  },

  /** True while a purchase holds the listing (see openReservationsOf). */
  async hasOpenPurchase(db: Queryable, addressId: string): Promise<boolean> {
    const rows = await openReservationsOf(db, addressId).limit(1);
    return rows.length > 0;
  },

  async count(db: Queryable): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(addresses);
    return row?.n ?? 0;
  },
};
