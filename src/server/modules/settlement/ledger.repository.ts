import { and, asc, count, desc, eq, gt, gte, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import {
  addresses,
  bids,
  customOrders,
  escrowKeys,
  escrowReceipts,
  escrowTransfers,
  ledgerEntries,
  transactions,
  type EscrowTransferKind,
  type EscrowTransferStatus,
  type LedgerEntryKind,
} from '@server/db/schema';
import type { TransferRow } from './settlement.repository';

/**
 * Read-only queries over the ledger and the outbox, for the reconciliation (`ledger-check.ts`) and the admin
 * Settlement page (docs/domain.md#ledger). Nothing here writes: the settlement worker owns every money row.
 */

/** `escrow:<address>` of each ledger row's own escrow, in SQL: the account whose balance is that escrow's. */
const ownAccount = sql`('escrow:' || ${ledgerEntries.escrow})`;
/**
 * An escrow's ledger balance: what reached its account minus what left it. Summed per escrow in SQL; the sums are
 * numeric there and read back as text, so no lamport passes through a float.
 */
const balance: SQL<string> = sql<string>`(coalesce(sum(${ledgerEntries.lamports}) filter (where ${ledgerEntries.toAccount} = ${ownAccount}), 0) - coalesce(sum(${ledgerEntries.lamports}) filter (where ${ledgerEntries.fromAccount} = ${ownAccount}), 0))`;

export interface EscrowOfPurchase {
  escrow: string;
  transactionId: string | null;
  orderId: string | null;
  bidId: string | null;
  /** The purchase's status, the paid-up-front order's, or the bid's. */
  purchaseStatus: string;
}

/** The status of what owns an escrow: its purchase, its order (DESIGN.md §14), or its bid. */
const ownerStatus = sql<string>`coalesce(${transactions.status}, ${customOrders.status}, ${bids.status})`;

/**
 * A stored transfer whose lamports the ledger does not show leaving: `signed` (not seen landed yet) takes its legs
 * and its fee when it lands; `failed` (landed with an error) took its fee alone.
 */
export interface UnrecordedTransfer {
  signature: string;
  status: 'signed' | 'failed';
  /** What it takes out of the escrow on chain. */
  lamports: bigint;
}

/** Every lamport a transfer moves out of its escrow, fee excluded. */
export const transferLamports = (t: Pick<TransferRow, 'legs'>): bigint =>
  t.legs.reduce((sum, leg) => sum + BigInt(leg.lamports), 0n);

export const ledgerRepository = {
  /** One page of escrows in address order (keyset paging: there may be hundreds of thousands), with their purchase. */
  escrowPage(db: Queryable, after: string | null, limit: number): Promise<EscrowOfPurchase[]> {
    return db
      .select({
        escrow: escrowKeys.address,
        transactionId: escrowKeys.transactionId,
        orderId: escrowKeys.orderId,
        bidId: escrowKeys.bidId,
        purchaseStatus: ownerStatus,
      })
      .from(escrowKeys)
      .leftJoin(transactions, eq(transactions.id, escrowKeys.transactionId))
      .leftJoin(customOrders, eq(customOrders.id, escrowKeys.orderId))
      .leftJoin(bids, eq(bids.id, escrowKeys.bidId))
      .where(after === null ? undefined : gt(escrowKeys.address, after))
      .orderBy(asc(escrowKeys.address))
      .limit(limit);
  },

  /** The ledger balance of each of `escrows` that has ledger rows, in one grouped query. */
  async balances(db: Queryable, escrows: readonly string[]): Promise<Map<string, bigint>> {
    if (escrows.length === 0) return new Map();
    const rows = await db
      .select({ escrow: ledgerEntries.escrow, balance: sql<string>`${balance}::text` })
      .from(ledgerEntries)
      .where(inArray(ledgerEntries.escrow, [...escrows]))
      .groupBy(ledgerEntries.escrow);
    return new Map(rows.map((r) => [r.escrow, BigInt(r.balance)]));
  },

  /** Those of `escrows` holding a receipt that no transfer has claimed yet: settlement still owes them a decision or a send. */
  async withUnsentReceipts(db: Queryable, escrows: readonly string[]): Promise<Set<string>> {
    if (escrows.length === 0) return new Set();
    const rows = await db
      .selectDistinct({ escrow: escrowReceipts.escrow })
      .from(escrowReceipts)
      .where(and(inArray(escrowReceipts.escrow, [...escrows]), isNull(escrowReceipts.transferId)));
    return new Set(rows.map((r) => r.escrow));
  },

  /** The transfers of `escrows` that have no ledger rows (`signed` and `failed`), by escrow. */
  async unrecorded(db: Queryable, escrows: readonly string[]): Promise<Map<string, UnrecordedTransfer[]>> {
    const found = new Map<string, UnrecordedTransfer[]>();
    if (escrows.length === 0) return found;
    const rows = await db
      .select({
        escrow: escrowTransfers.escrow,
        signature: escrowTransfers.signature,
        status: escrowTransfers.status,
        legs: escrowTransfers.legs,
        fee: escrowTransfers.feeLamports,
      })
      .from(escrowTransfers)
      .where(and(inArray(escrowTransfers.escrow, [...escrows]), inArray(escrowTransfers.status, ['signed', 'failed'])));
    for (const row of rows) {
      const list = found.get(row.escrow) ?? [];
      const status = row.status as UnrecordedTransfer['status'];
      // A failed transaction still pays its fee; its transfers do not happen.
      const lamports = status === 'signed' ? transferLamports(row) + row.fee : row.fee;
      list.push({ signature: row.signature, status, lamports });
      found.set(row.escrow, list);
    }
    return found;
  },

  /** Lamports per ledger entry kind, over the whole ledger. */
  async totalsByKind(db: Queryable): Promise<Map<LedgerEntryKind, bigint>> {
    const rows = await db
      .select({ kind: ledgerEntries.kind, lamports: sql<string>`sum(${ledgerEntries.lamports})::text` })
      .from(ledgerEntries)
      .groupBy(ledgerEntries.kind);
    return new Map(rows.map((r) => [r.kind as LedgerEntryKind, BigInt(r.lamports)]));
  },

  /**
   * Escrows whose ledger balance is above 0 (received, not yet sent on), the longest-waiting first, with their
   * listing and purchase, and the sum over all of them however many are listed.
   */
  async openEscrows(db: Queryable, limit: number) {
    const rows = await db
      .select({
        escrow: ledgerEntries.escrow,
        transactionId: escrowKeys.transactionId,
        orderId: escrowKeys.orderId,
        bidId: escrowKeys.bidId,
        address: sql<string | null>`coalesce(${addresses.address}, ${customOrders.foundAddress})`,
        purchaseStatus: ownerStatus,
        balance: sql<string>`${balance}::text`,
        receivedAt:
          sql<Date>`min(${ledgerEntries.createdAt}) filter (where ${ledgerEntries.toAccount} = ${ownAccount})`.mapWith(
            ledgerEntries.createdAt,
          ),
        allOpen: sql<string>`(sum(${balance}) over ())::text`,
      })
      .from(ledgerEntries)
      .innerJoin(escrowKeys, eq(escrowKeys.address, ledgerEntries.escrow))
      .leftJoin(transactions, eq(transactions.id, escrowKeys.transactionId))
      .leftJoin(addresses, eq(addresses.id, transactions.addressId))
      .leftJoin(customOrders, eq(customOrders.id, escrowKeys.orderId))
      .leftJoin(bids, eq(bids.id, escrowKeys.bidId))
      .groupBy(
        ledgerEntries.escrow,
        escrowKeys.transactionId,
        escrowKeys.orderId,
        escrowKeys.bidId,
        bids.status,
        addresses.address,
        transactions.status,
        customOrders.foundAddress,
        customOrders.status,
      )
      .having(sql`${balance} > 0`)
      .orderBy(
        sql`min(${ledgerEntries.createdAt}) filter (where ${ledgerEntries.toAccount} = ${ownAccount})`,
        asc(ledgerEntries.escrow),
      )
      .limit(limit);
    return { rows, openLamports: BigInt(rows[0]?.allOpen ?? 0) };
  },

  /**
   * Refunds settlement made: the refund legs that landed (each is one ledger row, written when its transfer landed)
   * and the lamports they sent back, since `since` or ever. A sale's transfer can carry a refund leg too (an
   * overpayment's excess), so this counts legs, not refund transfers.
   */
  async refundsLanded(db: Queryable, since?: Date): Promise<{ refunds: number; lamports: bigint }> {
    const [row] = await db
      .select({ n: count(), lamports: sql<string>`coalesce(sum(${ledgerEntries.lamports}), 0)::text` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.kind, 'refund'), since ? gte(ledgerEntries.createdAt, since) : undefined));
    return { refunds: Number(row?.n ?? 0), lamports: BigInt(row?.lamports ?? '0') };
  },

  /** Transfers in `statuses` (of `kind`, if given): the oldest first, or the latest landed first. */
  transfers(
    db: Queryable,
    filter: { statuses: readonly EscrowTransferStatus[]; kind?: EscrowTransferKind },
    order: 'oldest' | 'latest-landed',
    limit: number,
  ): Promise<TransferRow[]> {
    return db
      .select()
      .from(escrowTransfers)
      .where(
        and(
          inArray(escrowTransfers.status, [...filter.statuses]),
          filter.kind ? eq(escrowTransfers.kind, filter.kind) : undefined,
        ),
      )
      .orderBy(
        ...(order === 'oldest'
          ? [asc(escrowTransfers.createdAt), asc(escrowTransfers.id)]
          : [desc(escrowTransfers.landedAt), desc(escrowTransfers.id)]),
      )
      .limit(limit);
  },
};
