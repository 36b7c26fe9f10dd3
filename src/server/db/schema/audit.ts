import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { id, timestamptz } from './columns';
import { transactions } from './transactions';

/**
 * Security-relevant actions (docs/domain.md#sign-in-sessions-and-roles): sign-in, listing changes, purchase steps,
 * reveal, destroy. `performedBy` is a wallet address (or 'system'), not a user id: failed sign-ins by unknown wallets
 * are audited too. Audit rows outlive nothing they describe: the transaction foreign key restricts.
 */
export const transactionAudit = pgTable(
  'transaction_audit',
  {
    id: id(),
    transactionId: uuid('transaction_id').references(() => transactions.id, { onDelete: 'restrict' }),
    action: text('action').notNull(),
    performedBy: text('performed_by'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    timestamp: timestamptz('timestamp').notNull().defaultNow(),
  },
  (t) => [
    index('transaction_audit_transaction_id_idx').on(t.transactionId),
    index('transaction_audit_performer_time_idx').on(t.performedBy, t.timestamp),
  ],
);
