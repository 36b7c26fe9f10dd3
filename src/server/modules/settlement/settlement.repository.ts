import { and, asc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import {
  customOrders,
  escrowKeys,
  escrowReceipts,
  escrowTransfers,
  ledgerEntries,
  transactions,
  type LedgerEntryKind,
  type RefundReason,
  type TransferLeg,
} from '@server/db/schema';
import type { SealedEscrowKey } from './escrow-key';
import { transferStates } from './transfer-states';
import type { SaleTerms } from './legs';

export type ReceiptRow = typeof escrowReceipts.$inferSelect;
export type TransferRow = typeof escrowTransfers.$inferSelect;

/**
 * Whose escrow: a purchase's (`transactionId`) or a paid-up-front order's (`orderId`, DESIGN.md §14). Exactly one is
 * set; every receipt, transfer and ledger row of the escrow carries the same pair.
 */
export type EscrowOwner =
  | { transactionId: string; orderId: null; bidId: null }
  | { transactionId: null; orderId: string; bidId: null }
  | { transactionId: null; orderId: null; bidId: string };
export const purchaseOwner = (transactionId: string): EscrowOwner => ({ transactionId, orderId: null, bidId: null });
export const orderOwner = (orderId: string): EscrowOwner => ({ transactionId: null, orderId, bidId: null });
/** A pattern bid's or an offer's escrow: its deposit waits there until a fill or a refund. */
export const bidOwner = (bidId: string): EscrowOwner => ({ transactionId: null, orderId: null, bidId });
/** The owner columns of a stored row, as an EscrowOwner. */
export const ownerOf = (row: {
  transactionId: string | null;
  orderId: string | null;
  bidId: string | null;
}): EscrowOwner =>
  row.bidId !== null
    ? bidOwner(row.bidId)
    : row.orderId !== null
      ? orderOwner(row.orderId)
      : purchaseOwner(row.transactionId!);

export interface LedgerEntry {
  transactionId: string | null;
  orderId: string | null;
  bidId: string | null;
  escrow: string;
  kind: LedgerEntryKind;
  fromAccount: string;
  toAccount: string;
  lamports: bigint;
  signature: string;
  leg: number;
}

export const escrowAccount = (escrow: string) => `escrow:${escrow}`;

/** The settlement tables (docs/domain.md#settlement); every write takes the caller's transaction handle. */
export const settlementRepository = {
  async insertEscrowKey(db: Queryable, owner: EscrowOwner, key: SealedEscrowKey): Promise<void> {
    await db.insert(escrowKeys).values({ ...owner, ...key });
  },

  async findEscrowKey(db: Queryable, address: string): Promise<SealedEscrowKey | undefined> {
    const [row] = await db
      .select({
        address: escrowKeys.address,
        encryptedPrivateKey: escrowKeys.encryptedPrivateKey,
        salt: escrowKeys.salt,
        iv: escrowKeys.iv,
      })
      .from(escrowKeys)
      .where(eq(escrowKeys.address, address));
    return row;
  },

  /** Every signature already accounted for on `escrow`: its receipts and its own transfers, old signings included. */
  async knownSignatures(db: Queryable, escrow: string): Promise<Set<string>> {
    const result = await db.execute(sql`
      select ${escrowReceipts.signature} as s from ${escrowReceipts} where ${escrowReceipts.escrow} = ${escrow}
      union all
      select unnest(array[${escrowTransfers.signature}] || ${escrowTransfers.expiredSignatures}) from ${escrowTransfers}
      where ${escrowTransfers.escrow} = ${escrow}`);
    return new Set((result as unknown as { rows: { s: string }[] }).rows.map((r) => r.s));
  },

  /**
   * A receipt and its ledger entry, once, in one statement (so one commit: a receipt the ledger does not count would
   * be found recorded by the next observation and never counted). True when this call recorded it.
   */
  async recordReceipt(
    db: Queryable,
    receipt: Omit<typeof escrowReceipts.$inferInsert, 'observedAt' | 'transferId'>,
  ): Promise<boolean> {
    const store = db
      .insert(escrowReceipts)
      .values(receipt)
      .onConflictDoNothing()
      .returning({ signature: escrowReceipts.signature });
    const result = await db.execute(sql`
      with stored as (${store.getSQL()}),
      ledger as (
        insert into ${ledgerEntries} (transaction_id, order_id, bid_id, escrow, kind, from_account, to_account, lamports, signature, leg)
        select ${receipt.transactionId ?? null}::uuid, ${receipt.orderId ?? null}::uuid, ${receipt.bidId ?? null}::uuid, ${receipt.escrow}, ${'receipt' satisfies LedgerEntryKind},
          ${`payer:${receipt.payer}`}, ${escrowAccount(receipt.escrow)}, ${receipt.lamports.toString()}::bigint,
          signature, 0
        from stored
        on conflict do nothing
      )
      select count(*)::int as n from stored`);
    return (result as unknown as { rows: { n: number }[] }).rows[0]!.n > 0;
  },

  receiptsOfTransaction(db: Queryable, transactionId: string): Promise<ReceiptRow[]> {
    return db
      .select()
      .from(escrowReceipts)
      .where(eq(escrowReceipts.transactionId, transactionId))
      .orderBy(asc(escrowReceipts.slot), asc(escrowReceipts.observedAt));
  },

  /** Receipts nobody has decided yet, into the escrows of one listing's purchases, in landing order. */
  async undecidedReceiptsOfListing(db: Queryable, addressId: string): Promise<ReceiptRow[]> {
    const rows = await db
      .select({ receipt: escrowReceipts })
      .from(escrowReceipts)
      .innerJoin(transactions, eq(transactions.id, escrowReceipts.transactionId))
      .where(and(eq(transactions.addressId, addressId), isNull(escrowReceipts.purpose)))
      .orderBy(asc(escrowReceipts.slot), asc(escrowReceipts.observedAt));
    return rows.map((r) => r.receipt);
  },

  receiptsOfBid(db: Queryable, bidId: string): Promise<ReceiptRow[]> {
    return db
      .select()
      .from(escrowReceipts)
      .where(eq(escrowReceipts.bidId, bidId))
      .orderBy(asc(escrowReceipts.slot), asc(escrowReceipts.observedAt));
  },

  receiptsOfOrder(db: Queryable, orderId: string): Promise<ReceiptRow[]> {
    return db
      .select()
      .from(escrowReceipts)
      .where(eq(escrowReceipts.orderId, orderId))
      .orderBy(asc(escrowReceipts.slot), asc(escrowReceipts.observedAt));
  },

  /**
   * What a delivered order's escrow pays (DESIGN.md §14): the shop's wallet fixed at placement gets the price; no
   * commission (the price is the shop's own). Null for an order that has no escrow.
   */
  async orderSaleTerms(db: Queryable, orderId: string): Promise<SaleTerms | null> {
    const [row] = await db
      .select({ payee: customOrders.payeeWallet, price: customOrders.price })
      .from(customOrders)
      .where(eq(customOrders.id, orderId));
    if (!row?.payee) return null;
    return {
      sellerWallet: row.payee,
      priceLamports: row.price,
      commissionLamports: 0n,
      treasuryWallet: null,
    };
  },

  async hasUndecidedReceipts(db: Queryable, transactionId: string): Promise<boolean> {
    const rows = await db
      .select({ s: escrowReceipts.signature })
      .from(escrowReceipts)
      .where(and(eq(escrowReceipts.transactionId, transactionId), isNull(escrowReceipts.purpose)))
      .limit(1);
    return rows.length > 0;
  },

  /** Decides a receipt, once. */
  async decide(
    db: Queryable,
    escrow: string,
    signature: string,
    decision: { purpose: 'sale' } | { purpose: 'refund'; reason: RefundReason | (string & {}) },
  ): Promise<boolean> {
    const rows = await db
      .update(escrowReceipts)
      .set({ purpose: decision.purpose, reason: decision.purpose === 'refund' ? decision.reason : null })
      .where(
        and(eq(escrowReceipts.escrow, escrow), eq(escrowReceipts.signature, signature), isNull(escrowReceipts.purpose)),
      )
      .returning({ s: escrowReceipts.signature });
    return rows.length === 1;
  },

  /** Escrows holding decided receipts that no transfer sends on yet (the worker's queue). */
  async escrowsWithUnsent(db: Queryable, limit: number): Promise<string[]> {
    const rows = await db
      .selectDistinct({ escrow: escrowReceipts.escrow })
      .from(escrowReceipts)
      .where(and(isNotNull(escrowReceipts.purpose), isNull(escrowReceipts.transferId)))
      .limit(limit);
    return rows.map((r) => r.escrow);
  },

  unsentReceipts(db: Queryable, escrow: string): Promise<ReceiptRow[]> {
    return db
      .select()
      .from(escrowReceipts)
      .where(
        and(eq(escrowReceipts.escrow, escrow), isNotNull(escrowReceipts.purpose), isNull(escrowReceipts.transferId)),
      )
      .orderBy(asc(escrowReceipts.slot));
  },

  /**
   * The outbox write (docs/domain.md#exactly-once-transfers): the signed transfer, and its claim on each receipt it
   * sends on. False when another instance claimed one of them first; the caller's transaction then rolls back.
   */
  async insertTransfer(
    db: Queryable,
    transfer: EscrowOwner & {
      escrow: string;
      kind: 'payout' | 'refund';
      legs: TransferLeg[];
      feeLamports: bigint;
      signature: string;
      signedTransaction: string;
      lastValidBlockHeight: bigint;
    },
    receipts: readonly string[],
  ): Promise<TransferRow | undefined> {
    const [row] = await db.insert(escrowTransfers).values(transfer).returning();
    const claimed = await db
      .update(escrowReceipts)
      .set({ transferId: row!.id })
      .where(
        and(
          eq(escrowReceipts.escrow, transfer.escrow),
          inArray(escrowReceipts.signature, [...receipts]),
          isNull(escrowReceipts.transferId),
        ),
      )
      .returning({ s: escrowReceipts.signature });
    return claimed.length === receipts.length ? row : undefined;
  },

  /** Transfers stored but not yet seen landed, oldest first. */
  openTransfers(db: Queryable, limit: number, escrow?: string): Promise<TransferRow[]> {
    return db
      .select()
      .from(escrowTransfers)
      .where(and(eq(escrowTransfers.status, 'signed'), escrow ? eq(escrowTransfers.escrow, escrow) : undefined))
      .orderBy(asc(escrowTransfers.createdAt))
      .limit(limit);
  },

  /** A fresh signing of a transfer whose blockhash expired unlanded; only if `oldSignature` is still the current one. */
  async resign(
    db: Queryable,
    id: string,
    oldSignature: string,
    next: { signature: string; signedTransaction: string; lastValidBlockHeight: bigint },
  ): Promise<boolean> {
    const rows = await db
      .update(escrowTransfers)
      .set({
        ...next,
        expiredSignatures: sql`array_append(${escrowTransfers.expiredSignatures}, ${oldSignature})`,
        attempts: sql`${escrowTransfers.attempts} + 1`,
      })
      .where(
        and(
          eq(escrowTransfers.id, id),
          eq(escrowTransfers.signature, oldSignature),
          eq(escrowTransfers.status, 'signed'),
        ),
      )
      .returning({ id: escrowTransfers.id });
    return rows.length === 1;
  },

  async noteError(db: Queryable, id: string, error: string): Promise<void> {
    await db
      .update(escrowTransfers)
      .set({ error: error.slice(0, 500) })
      .where(eq(escrowTransfers.id, id));
  },

  /** signed → landed or failed (`transferStates`), once; the ledger rows of a landed transfer go in the same transaction. */
  async finish(db: Queryable, id: string, status: 'landed' | 'failed', at: Date, error?: string): Promise<boolean> {
    transferStates.assertMoves({ signed: status });
    const rows = await db
      .update(escrowTransfers)
      .set({ status, landedAt: status === 'landed' ? at : null, ...(error ? { error: error.slice(0, 500) } : {}) })
      .where(and(eq(escrowTransfers.id, id), eq(escrowTransfers.status, 'signed')))
      .returning({ id: escrowTransfers.id });
    return rows.length === 1;
  },

  /** Landed transfers of one order's escrow, oldest first. */
  landedTransfersOfOrder(db: Queryable, orderId: string): Promise<TransferRow[]> {
    return db
      .select()
      .from(escrowTransfers)
      .where(and(eq(escrowTransfers.orderId, orderId), eq(escrowTransfers.status, 'landed')))
      .orderBy(asc(escrowTransfers.landedAt));
  },

  /**
   * Landed transfers of these purchases, oldest first: their payout and refund signatures. A purchase a bid or an
   * offer filled was paid into the bid's escrow, whose transfers carry the bid as their owner: pass its id too.
   */
  landedTransfersOf(
    db: Queryable,
    transactionIds: readonly string[],
    bidIds: readonly string[] = [],
  ): Promise<TransferRow[]> {
    if (transactionIds.length === 0 && bidIds.length === 0) return Promise.resolve([]);
    return db
      .select()
      .from(escrowTransfers)
      .where(
        and(
          or(
            transactionIds.length > 0 ? inArray(escrowTransfers.transactionId, [...transactionIds]) : undefined,
            bidIds.length > 0 ? inArray(escrowTransfers.bidId, [...bidIds]) : undefined,
          ),
          eq(escrowTransfers.status, 'landed'),
        ),
      )
      .orderBy(asc(escrowTransfers.landedAt));
  },

  /** Which of these addresses are escrows this shop holds a key for (escrow keys are never deleted). */
  async keptEscrows(db: Queryable, addresses: readonly string[]): Promise<Set<string>> {
    if (addresses.length === 0) return new Set();
    const rows = await db
      .select({ address: escrowKeys.address })
      .from(escrowKeys)
      .where(inArray(escrowKeys.address, [...addresses]));
    return new Set(rows.map((r) => r.address));
  },

  async insertLedger(db: Queryable, entries: readonly LedgerEntry[]): Promise<void> {
    if (entries.length === 0) return;
    await db
      .insert(ledgerEntries)
      .values([...entries])
      .onConflictDoNothing();
  },
};
