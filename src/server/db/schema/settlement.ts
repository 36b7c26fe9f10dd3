import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf, timestamptz } from './columns';
import { bids } from './bids';
import { customOrders } from './orders';
import { transactions } from './transactions';
import { ESCROW_TRANSFER_KINDS, ESCROW_TRANSFER_STATUSES, LEDGER_ENTRY_KINDS, RECEIPT_PURPOSES } from './values';

/**
 * Whose escrow a row belongs to: a purchase's, a paid-up-front order's (the split-key and seed-derived lanes,
 * DESIGN.md §14), or a pattern bid's or offer's. Exactly one is set (`oneOwner`); every settlement table
 * carries all three, so the one money path serves them all.
 */
const owners = () => ({
  transactionId: uuid('transaction_id').references(() => transactions.id, { onDelete: 'restrict' }),
  orderId: uuid('order_id').references(() => customOrders.id, { onDelete: 'restrict' }),
  bidId: uuid('bid_id').references(() => bids.id, { onDelete: 'restrict' }),
});
const oneOwner = (table: string, t: { transactionId: unknown; orderId: unknown; bidId: unknown }) =>
  check(`${table}_one_owner`, sql`num_nonnulls(${t.transactionId}, ${t.orderId}, ${t.bidId}) = 1`);

/**
 * Settlement through escrow (docs/domain.md#settlement). One escrow keypair per purchase (or paid order), made from the CSPRNG and
 * sealed by the vault exactly like a listed key (the address is the AAD). Never deleted: a payment that reaches an
 * escrow however late must still find its key to be refunded. Money records are never cascade-deleted.
 */
export const escrowKeys = pgTable(
  'escrow_keys',
  {
    address: text('address').primaryKey(),
    transactionId: uuid('transaction_id')
      .unique()
      .references(() => transactions.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id')
      .unique()
      .references(() => customOrders.id, { onDelete: 'restrict' }),
    bidId: uuid('bid_id')
      .unique()
      .references(() => bids.id, { onDelete: 'restrict' }),
    encryptedPrivateKey: text('encrypted_private_key').notNull(),
    salt: text('salt').notNull(),
    iv: text('iv').notNull(),
    createdAt: createdAt(),
  },
  (t) => [oneOwner('escrow_keys', t)],
);

/** A payment seen landing in an escrow: one row per (escrow, signature), whatever it paid for. */
export const escrowReceipts = pgTable(
  'escrow_receipts',
  {
    escrow: text('escrow')
      .notNull()
      .references(() => escrowKeys.address, { onDelete: 'restrict' }),
    signature: text('signature').notNull(),
    ...owners(),
    /** Who gets the lamports back if they do not buy the key: the source of the transfer into the escrow. */
    payer: text('payer').notNull(),
    lamports: bigint('lamports', { mode: 'bigint' }).notNull(),
    slot: bigint('slot', { mode: 'bigint' }).notNull(),
    /** NULL until settlement decides it: 'sale' (buys the key) or 'refund' (goes back to `payer`). */
    purpose: text('purpose'),
    /** Why a refund: LOST_RACE, AMOUNT_TOO_LOW, LISTING_UNAVAILABLE, UNSAFE_ACCOUNT, … */
    reason: text('reason'),
    /** The outbox transfer that moves these lamports out; set once, in the transaction that writes the transfer. */
    transferId: uuid('transfer_id'),
    observedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.escrow, t.signature] }),
    check('escrow_receipts_purpose_check', oneOf(t.purpose, RECEIPT_PURPOSES)),
    check('escrow_receipts_lamports_positive', sql`${t.lamports} > 0`),
    index('escrow_receipts_transaction_idx').on(t.transactionId),
    index('escrow_receipts_order_idx').on(t.orderId),
    index('escrow_receipts_bid_idx').on(t.bidId),
    oneOwner('escrow_receipts', t),
    // The settlement worker's queue: decided receipts whose lamports have not been sent on yet.
    index('escrow_receipts_unsent_idx')
      .on(t.escrow)
      .where(sql`${t.purpose} is not null and ${t.transferId} is null`),
  ],
);

/**
 * The outbox of payouts and refunds (docs/domain.md#exactly-once-transfers): the signed transaction and its signature
 * are stored before the transaction is sent, so a restart checks that signature before it ever signs again.
 * `legs` are the transfers it makes, `[{ to, lamports, kind }]`, with lamports as decimal strings.
 */
export const escrowTransfers = pgTable(
  'escrow_transfers',
  {
    id: id(),
    escrow: text('escrow')
      .notNull()
      .references(() => escrowKeys.address, { onDelete: 'restrict' }),
    ...owners(),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('signed'),
    legs: jsonb('legs').$type<TransferLeg[]>().notNull(),
    feeLamports: bigint('fee_lamports', { mode: 'bigint' }).notNull(),
    signature: text('signature').notNull().unique(),
    signedTransaction: text('signed_transaction').notNull(),
    lastValidBlockHeight: bigint('last_valid_block_height', { mode: 'bigint' }).notNull(),
    /** Signatures of earlier signings whose blockhash expired without landing: kept so they can be audited. */
    expiredSignatures: text('expired_signatures')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    attempts: integer('attempts').notNull().default(1),
    error: text('error'),
    createdAt: createdAt(),
    landedAt: timestamptz('landed_at'),
  },
  (t) => [
    check('escrow_transfers_kind_check', oneOf(t.kind, ESCROW_TRANSFER_KINDS)),
    check('escrow_transfers_status_check', oneOf(t.status, ESCROW_TRANSFER_STATUSES)),
    index('escrow_transfers_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'signed'`),
    index('escrow_transfers_transaction_idx').on(t.transactionId),
    index('escrow_transfers_order_idx').on(t.orderId),
    index('escrow_transfers_bid_idx').on(t.bidId),
    oneOwner('escrow_transfers', t),
  ],
);

export interface TransferLeg {
  to: string;
  lamports: string;
  kind: 'payout' | 'commission' | 'refund';
}

/**
 * Double-entry ledger in lamports (docs/domain.md#ledger). Each row is one balanced entry: `lamports` leave
 * `fromAccount` and reach `toAccount`. Accounts are `escrow:<address>`, `payer:<wallet>`, `seller:<wallet>`,
 * `treasury:<wallet>` and `network-fees`. An escrow's ledger balance is what reached it minus what left it.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    ...owners(),
    escrow: text('escrow').notNull(),
    kind: text('kind').notNull(),
    fromAccount: text('from_account').notNull(),
    toAccount: text('to_account').notNull(),
    lamports: bigint('lamports', { mode: 'bigint' }).notNull(),
    /** The on-chain transaction that moved the lamports. */
    signature: text('signature').notNull(),
    /** Position of this entry among those of one signature and escrow, so replays insert nothing twice. */
    leg: integer('leg').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('ledger_entries_kind_check', oneOf(t.kind, LEDGER_ENTRY_KINDS)),
    check('ledger_entries_lamports_positive', sql`${t.lamports} > 0`),
    uniqueIndex('ledger_entries_signature_leg').on(t.escrow, t.signature, t.leg),
    index('ledger_entries_transaction_idx').on(t.transactionId),
    index('ledger_entries_order_idx').on(t.orderId),
    index('ledger_entries_bid_idx').on(t.bidId),
    oneOwner('ledger_entries', t),
  ],
);
