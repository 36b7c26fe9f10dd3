import { and, asc, eq } from 'drizzle-orm';
import { canonicalJson } from '@shared/trust/receipt';
import type { Receipt, ReceiptStatement } from '@shared/trust/receipt-schema';
import type { Queryable } from '../../db/database';
import { receipts } from '../../db/schema';

export type ReceiptKind = 'sale' | 'destroy' | 'delivery';

export const receiptsRepository = {
  /** Idempotent: a purchase has at most one receipt of each kind, the first one issued. */
  async insert(db: Queryable, transactionId: string, kind: ReceiptKind, receipt: Receipt): Promise<void> {
    await receiptsRepository.insertRow(db, transactionId, kind, receipt);
  },

  /** The insert, not run yet (`inOneStatement`). */
  insertRow(db: Queryable, transactionId: string, kind: ReceiptKind, receipt: Receipt) {
    return db
      .insert(receipts)
      .values({
        transactionId,
        kind,
        statement: canonicalJson(receipt.statement as Record<string, string>),
        signature: receipt.signature,
        signer: receipt.signer,
      })
      .onConflictDoNothing({ target: [receipts.transactionId, receipts.kind] });
  },

  /** A delivered order's receipt (DESIGN.md §14): one per order, the first one issued. */
  insertForOrder(db: Queryable, orderId: string, receipt: Receipt) {
    return db
      .insert(receipts)
      .values({
        orderId,
        kind: 'delivery',
        statement: canonicalJson(receipt.statement as Record<string, string>),
        signature: receipt.signature,
        signer: receipt.signer,
      })
      .onConflictDoNothing({ target: [receipts.orderId, receipts.kind] });
  },

  async findForOrder(db: Queryable, orderId: string): Promise<Receipt | undefined> {
    const [row] = await db.select().from(receipts).where(eq(receipts.orderId, orderId));
    return row
      ? { statement: JSON.parse(row.statement) as ReceiptStatement, signature: row.signature, signer: row.signer }
      : undefined;
  },

  async listForTransaction(
    db: Queryable,
    transactionId: string,
  ): Promise<(Receipt & { kind: Exclude<ReceiptKind, 'delivery'> })[]> {
    const rows = await db
      .select()
      .from(receipts)
      .where(and(eq(receipts.transactionId, transactionId)))
      .orderBy(asc(receipts.createdAt));
    return rows.map((r) => ({
      kind: r.kind as Exclude<ReceiptKind, 'delivery'>, // a purchase's receipts: a delivery receipt is an order's
      statement: JSON.parse(r.statement) as ReceiptStatement,
      signature: r.signature,
      signer: r.signer,
    }));
  },
};
