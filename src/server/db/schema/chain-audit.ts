import { bigint, boolean, index, integer, jsonb, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, lamports, timestamptz } from './columns';
import { transactions } from './transactions';

/**
 * What the chain said about a payment, kept for disputes and support. On Solana the "gas" figures are
 * compute units (`gasUsed`), the fee per compute unit in micro-lamports (`gasPrice`) and the fee in SOL.
 */
export const blockchainTransactionAudit = pgTable(
  'blockchain_transaction_audit',
  {
    id: id(),
    transactionId: uuid('transaction_id').references(() => transactions.id, { onDelete: 'restrict' }),
    txHash: text('tx_hash').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }), // the slot on Solana
    blockHash: text('block_hash'),
    confirmations: integer('confirmations'),
    gasUsed: bigint('gas_used', { mode: 'number' }),
    gasPrice: numeric('gas_price'),
    gasFee: lamports('gas_fee'),
    fromAddress: text('from_address'),
    toAddress: text('to_address'),
    value: lamports('value'),
    recipients: jsonb('recipients').$type<{ address: string; amount: string }[]>(),
    status: text('status').notNull(),
    networkStatus: text('network_status'), // processed, confirmed, finalized
    errorMessage: text('error_message'),
    network: text('network').notNull().default('solana'),
    currency: text('currency').notNull().default('SOL'),
    confirmedAt: timestamptz('confirmed_at'),
    lastCheckedAt: timestamptz('last_checked_at'),
    rawData: jsonb('raw_data'),
    explorerUrls: jsonb('explorer_urls').$type<string[]>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('blockchain_transaction_audit_transaction_id_idx').on(t.transactionId),
    index('blockchain_transaction_audit_tx_hash_idx').on(t.txHash),
  ],
);

/** Fee estimates against what the chain charged, to tune `fee_config.gasFeeMultiplier`. */
export const gasEstimationAudit = pgTable(
  'gas_estimation_audit',
  {
    id: id(),
    transactionId: uuid('transaction_id').references(() => transactions.id, { onDelete: 'restrict' }),
    network: text('network').notNull().default('solana'),
    currency: text('currency').notNull().default('SOL'),
    transactionType: text('transaction_type').notNull(), // e.g. purchase, purchase_with_commission
    recipientCount: integer('recipient_count').notNull().default(1),
    estimatedGas: bigint('estimated_gas', { mode: 'number' }),
    estimatedFee: lamports('estimated_fee'),
    actualGas: bigint('actual_gas', { mode: 'number' }),
    actualFee: lamports('actual_fee'),
    accuracy: numeric('accuracy', { precision: 7, scale: 2 }), // actual ÷ estimated, in percent
    errors: jsonb('errors').$type<string[]>(),
    success: boolean('success').notNull().default(true),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
  },
  (t) => [index('gas_estimation_audit_transaction_id_idx').on(t.transactionId)],
);
