import { pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { id, timestamptz } from './columns';
import { transactions } from './transactions';

/**
 * Signed receipts (docs/domain.md#receipts): one sale receipt per verified purchase, one destroy receipt per destroyed
 * key. The statement is kept as its canonical JSON text, so the stored bytes are exactly the signed bytes.
 */
export const receipts = pgTable(
  'receipts',
  {
    id: id(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'restrict' }),
    kind: text('kind').notNull(),
    statement: text('statement').notNull(),
    signature: text('signature').notNull(),
    signer: text('signer').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [unique('receipts_transaction_kind_key').on(t.transactionId, t.kind)],
);
