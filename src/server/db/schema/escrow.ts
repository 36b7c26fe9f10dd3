import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, lamports, timestamptz } from './columns';

/**
 * Escrowed payments (docs/product-spec.md#stored-tables). Purchases pay the seller directly
 * (docs/domain.md#purchase-states), so nothing writes here yet; the table exists so the stored model is complete.
 * Status is left open until an escrow flow defines it.
 */
export const escrowTransactions = pgTable('escrow_transactions', {
  id: id(),
  network: text('network').notNull().default('solana'),
  amount: lamports('amount').notNull(),
  currency: text('currency').notNull().default('SOL'),
  senderAddress: text('sender_address').notNull(),
  recipientAddress: text('recipient_address').notNull(),
  status: text('status').notNull().default('pending'),
  txHash: text('tx_hash').unique(),
  releaseTxHash: text('release_tx_hash').unique(),
  releaseTime: timestamptz('release_time'),
  createdAt: createdAt(),
});
