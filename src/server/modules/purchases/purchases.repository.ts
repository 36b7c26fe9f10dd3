import { and, desc, eq, exists, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias, type PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Queryable } from '@server/db/database';
import { addresses, escrowReceipts, transactions, users, type PurchaseStatus } from '@server/db/schema';
import { guardedMove, type Moves } from '@server/db/state-machine';
import { EXPIRED_REASON, purchaseStates } from './state-machine';

export type PurchaseRow = typeof transactions.$inferSelect;
export type NewTransactionRow = typeof transactions.$inferInsert;

/** What leaving `failed` clears: a verified purchase carries no failure. */
const NO_FAILURE = { disputeReason: null, failureKind: null, failureCode: null } as const;

const seller = alias(users, 'seller');

/**
 * A transaction with what every read shows beside it: the listing and both wallets. The buyer's is the row's own
 * `buyer_wallet`: an Actions purchase has no users row (docs/domain.md#solana-pay-and-actions).
 */
const detailColumns = {
  purchase: transactions,
  listing: {
    id: addresses.id,
    address: addresses.address,
    network: addresses.network,
    rarityScore: addresses.rarityScore,
    category: addresses.category,
  },
  buyerWallet: transactions.buyerWallet,
  sellerWallet: seller.walletAddress,
};

function detailQuery(db: Queryable) {
  return db
    .select(detailColumns)
    .from(transactions)
    .innerJoin(addresses, eq(addresses.id, transactions.addressId))
    .innerJoin(seller, eq(seller.id, transactions.sellerId));
}
export type PurchaseDetail = Awaited<ReturnType<typeof detailQuery>>[number];

export { isUniqueViolation } from '@server/db/unique-violation';

export const purchasesRepository = {
  async insert(db: Queryable, values: NewTransactionRow): Promise<PurchaseRow> {
    const [row] = await db.insert(transactions).values(values).returning();
    return row!;
  },

  async findById(db: Queryable, id: string): Promise<PurchaseRow | undefined> {
    const [row] = await db.select().from(transactions).where(eq(transactions.id, id));
    return row;
  },

  /** The purchase a pattern bid or an offer became when it filled (docs/domain.md#bids-and-offers). */
  async findByBid(db: Queryable, bidId: string): Promise<PurchaseRow | undefined> {
    const [row] = await db.select().from(transactions).where(eq(transactions.bidId, bidId));
    return row;
  },

  async findDetail(db: Queryable, by: { id: string } | { txHash: string }): Promise<PurchaseDetail | undefined> {
    if ('id' in by) {
      const [row] = await detailQuery(db).where(eq(transactions.id, by.id));
      return row;
    }
    // A hint may name a payment another purchase made: the purchase that payment bought comes first.
    const [row] = await detailQuery(db)
      .where(eq(transactions.txHash, by.txHash))
      .orderBy(sql`${transactions.status} in ('verified', 'completed') desc`, desc(transactions.createdAt))
      .limit(1);
    return row;
  },

  /**
   * A wallet's purchases (role buyer) or every transaction it took part in (either side), newest first; its purchases
   * by wallet, so those it paid through Actions before it ever signed in are there. An unreserved (Actions) purchase
   * shows only once that wallet's own payment reached its escrow: anyone can name any account in an Actions POST (and
   * pay into its escrow from elsewhere), and those rows must not fill a stranger's history.
   */
  listForWallet(
    db: Queryable,
    who: { wallet: string; userId: string | undefined },
    role: 'buyer' | 'any',
    limit = 200,
  ): Promise<PurchaseDetail[]> {
    const bought = eq(transactions.buyerWallet, who.wallet);
    const party = role === 'any' && who.userId ? or(bought, eq(transactions.sellerId, who.userId)) : bought;
    const paid = exists(
      db
        .select({ one: sql`1` })
        .from(escrowReceipts)
        .where(
          and(eq(escrowReceipts.transactionId, transactions.id), eq(escrowReceipts.payer, transactions.buyerWallet)),
        ),
    );
    const where = and(party, or(eq(transactions.reservesListing, true), isNotNull(transactions.txHash), paid));
    return detailQuery(db).where(where).orderBy(desc(transactions.createdAt)).limit(limit);
  },

  /** Sales for the home page: verified or completed, newest first. */
  listRecentSales(db: Queryable, limit: number): Promise<PurchaseDetail[]> {
    return detailQuery(db)
      .where(inArray(transactions.status, ['verified', 'completed']))
      .orderBy(desc(sql`coalesce(${transactions.completedAt}, ${transactions.createdAt})`))
      .limit(limit);
  },

  /**
   * Moves a row by `moves` (from-status → to-status) only if it is still in one of those from-statuses (and matches
   * `extra`), returning the row when this call won. Every state change goes through here, so two instances racing
   * cannot both act on one purchase (docs/domain.md#purchase-states: conditional UPDATE … WHERE status = …), and a
   * move the state machine lacks throws IllegalMoveError before anything is written.
   */
  async transition(
    db: Queryable,
    id: string,
    moves: Moves<PurchaseStatus>,
    set: Omit<PgUpdateSetSource<typeof transactions>, 'status'>,
    extra?: SQL,
  ): Promise<PurchaseRow | undefined> {
    purchaseStates.assertMoves(moves);
    const { status, inFrom } = guardedMove(transactions.status, moves);
    const [row] = await db
      .update(transactions)
      .set({ ...set, status })
      .where(and(eq(transactions.id, id), inFrom, extra))
      .returning();
    return row;
  },

  /**
   * The sale is decided (docs/domain.md#settlement): initiated or pending → verified, or an expired reservation whose
   * payment arrived late → verified. `txHash` becomes the escrow payment that bought the key.
   */
  markVerified(db: Queryable, id: string, txHash: string, at: Date) {
    return purchasesRepository.transition(
      db,
      id,
      { initiated: 'verified', pending: 'verified', failed: 'verified' },
      { txHash, verifiedAt: at, completedAt: at, ...NO_FAILURE },
      or(ne(transactions.status, 'failed'), eq(transactions.failureKind, 'expired')),
    );
  },

  /**
   * What reached the purchase's escrow does not buy the key and goes back (docs/domain.md#settlement): an open or
   * expired purchase fails as `refunded`, with the reason for code and a sentence for people. A purchase whose buyer
   * had not confirmed yet keeps the refunded payment's signature as its own when the buyer sent it, as a confirm first
   * would have left it: the buyer sees which payment came back whichever of the two came first. A stranger's payment
   * is not the buyer's, and would put the purchase in the buyer's history.
   */
  markRefunded(db: Queryable, id: string, refund: { code: string; reason: string; signature: string; payer: string }) {
    return purchasesRepository.transition(
      db,
      id,
      { initiated: 'failed', pending: 'failed', failed: 'failed' },
      {
        disputeReason: refund.reason,
        failureKind: 'refunded',
        failureCode: refund.code,
        txHash: sql`coalesce(${transactions.txHash}, case when ${transactions.buyerWallet} = ${refund.payer} then ${refund.signature} end)`,
      },
      or(ne(transactions.status, 'failed'), eq(transactions.failureKind, 'expired')),
    );
  },

  /**
   * Stores the buyer's payment signature on a purchase that has none yet: initiated → pending, or on an expired
   * reservation (status stays failed). Only a hint: settlement reads what reached the escrow, whatever it says.
   */
  attachSignature(db: Queryable, id: string, txHash: string) {
    return purchasesRepository.transition(
      db,
      id,
      { initiated: 'pending', failed: 'failed' },
      { txHash },
      and(
        isNull(transactions.txHash),
        or(eq(transactions.status, 'initiated'), eq(transactions.failureKind, 'expired')),
      ),
    );
  },

  /** Verified purchases waiting to be completed, oldest sale first. */
  verifiedOldestFirst(db: Queryable, limit: number): Promise<PurchaseRow[]> {
    return db
      .select()
      .from(transactions)
      .where(eq(transactions.status, 'verified'))
      .orderBy(transactions.verifiedAt)
      .limit(limit);
  },

  /** Purchases of a listing still waiting for their payment: their escrows are read before any sale is decided. */
  waitingOfListing(db: Queryable, addressId: string, limit: number): Promise<PurchaseRow[]> {
    return db
      .select()
      .from(transactions)
      .where(and(eq(transactions.addressId, addressId), inArray(transactions.status, ['initiated', 'pending'])))
      .orderBy(desc(transactions.createdAt))
      .limit(limit);
  },

  /** Marks the key destroyed, once: of two destroys racing, one gets the row back. */
  async markKeyDestroyed(db: Queryable, id: string): Promise<PurchaseRow | undefined> {
    const [row] = await db
      .update(transactions)
      .set({ privateKeyDestroyed: true })
      .where(and(eq(transactions.id, id), eq(transactions.privateKeyDestroyed, false)))
      .returning();
    return row;
  },

  /**
   * Claims up to `limit` rows that are `due` for one background pass (docs/domain.md#scale): `FOR UPDATE SKIP LOCKED`
   * lets several instances claim at once without waiting on each other, and the `lastCheckedAt` stamp written by the
   * same statement is a lease: `due` conditions compare against it, so a row another instance just claimed is left
   * alone until its lease has passed.
   */
  async claim(db: Queryable, opts: { due: SQL; now: Date; limit: number }): Promise<PurchaseRow[]> {
    const claimable = db
      .select({ id: transactions.id })
      .from(transactions)
      .where(opts.due)
      .orderBy(sql`${transactions.lastCheckedAt} asc nulls first`)
      .limit(opts.limit)
      .for('update', { skipLocked: true });
    return db
      .update(transactions)
      .set({ lastCheckedAt: opts.now, checkAttempts: sql`${transactions.checkAttempts} + 1` })
      .where(inArray(transactions.id, claimable))
      .returning();
  },

  /**
   * An unpaid reservation ends: initiated (no signature) or pending whose signature never landed. The signature
   * is let go, so the expired purchase keeps no claim on a payment found later by its reference.
   */
  expire(db: Queryable, id: string, from: 'initiated' | 'pending', txHash: string | null) {
    return purchasesRepository.transition(
      db,
      id,
      { [from]: 'failed' },
      { disputeReason: EXPIRED_REASON, failureKind: 'expired', failureCode: null, txHash: null },
      txHash === null ? isNull(transactions.txHash) : eq(transactions.txHash, txHash),
    );
  },
};
