import { and, asc, eq } from 'drizzle-orm';
import { canonicalJson } from '@shared/trust/receipt';
import type { Receipt, ReceiptStatement } from '@shared/trust/receipt-schema';
import type { Queryable } from '../../db/database';
import { receipts } from '../../db/schema';

export type ReceiptKind = 'sale' | 'destroy';

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

  async listForTransaction(db: Queryable, transactionId: string): Promise<(Receipt & { kind: ReceiptKind })[]> {
    const rows = await db
      .select()
      .from(receipts)
      .where(and(eq(receipts.transactionId, transactionId)))
      .orderBy(asc(receipts.createdAt));
    return rows.map((r) => ({
      kind: r.kind as ReceiptKind,
      statement: JSON.parse(r.statement) as ReceiptStatement,
      signature: r.signature,
      signer: r.signer,
    }));
  },
};
