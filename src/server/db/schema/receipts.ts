import { sql } from 'drizzle-orm';
import { check, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { id, timestamptz } from './columns';
import { customOrders } from './orders';
import { transactions } from './transactions';

/**
 * Signed receipts (docs/domain.md#receipts): one sale receipt per verified purchase, one destroy receipt per destroyed
 * key, one delivery receipt per delivered split-key or seed-derived order (DESIGN.md §14). The statement is kept as its canonical JSON text, so the stored bytes are exactly the signed bytes.
 */
export const receipts = pgTable(
  'receipts',
  {
    id: id(),
    transactionId: uuid('transaction_id').references(() => transactions.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id').references(() => customOrders.id, { onDelete: 'restrict' }),
    kind: text('kind').notNull(),
    statement: text('statement').notNull(),
    signature: text('signature').notNull(),
    signer: text('signer').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('receipts_transaction_kind_key').on(t.transactionId, t.kind),
    unique('receipts_order_kind_key').on(t.orderId, t.kind),
    check('receipts_one_owner', sql`num_nonnulls(${t.transactionId}, ${t.orderId}) = 1`),
  ],
);
