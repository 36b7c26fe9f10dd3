import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, lamports, oneOf, timestamptz, ZERO_LAMPORTS } from './columns';
import { bids } from './bids';
import { addresses } from './listings';
import { users } from './users';
import { CURRENCIES, FAILURE_KINDS, type FailureKind, OPEN_PURCHASE_STATUSES, PURCHASE_STATUSES } from './values';

/**
 * A purchase (docs/domain.md#purchase-states). The numeric(18,8) columns are the spec's stored amounts (read and
 * written as lamports by their column type); the `*Lamports` columns are what the buyer must pay and what verification
 * checks, as the escrow settles them. Money records are
 * never cascade-deleted: every foreign key here restricts.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: id(),
    addressId: uuid('address_id')
      .notNull()
      .references(() => addresses.id, { onDelete: 'restrict' }),
    // The signed-in buyer of a web purchase; NULL for a Solana Actions purchase: anyone may POST any
    // account there, and a users row per named account would let strangers fill the table.
    buyerId: uuid('buyer_id').references(() => users.id, { onDelete: 'restrict' }),
    // The buyer's wallet, on every purchase: who must pay, who may reveal the key once signed in.
    buyerWallet: text('buyer_wallet').notNull(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    price: lamports('price').notNull(),
    currency: text('currency').notNull().default('SOL'),
    exchangeFee: lamports('exchange_fee').notNull().default(ZERO_LAMPORTS),
    commissionFee: lamports('commission_fee').notNull().default(ZERO_LAMPORTS),
    totalAmount: lamports('total_amount').notNull(),
    status: text('status').notNull().default('initiated'),
    // The payment signature: the buyer's hint at confirm, then the escrow payment that bought the key. Not unique: a
    // payment is tied to its purchase by the escrow it paid, and a hint naming another purchase's payment must not
    // stop that purchase's sale (docs/domain.md#settlement). NULL until confirmed or found.
    txHash: text('tx_hash'),
    verificationHash: text('verification_hash'),
    // The human account of a failure (shown to buyer and seller); code reads failureKind and failureCode instead.
    disputeReason: text('dispute_reason'),
    failureKind: text('failure_kind').$type<FailureKind>(),
    // The PaymentVerificationCode of the check that failed, when one did.
    failureCode: text('failure_code'),
    isTestData: boolean('is_test_data').notNull().default(false),
    privateKeyDestroyed: boolean('private_key_destroyed').notNull().default(false),
    // Payment parameters fixed at initiation; the browser only carries them (docs/domain.md#reservation).
    // The purchase's escrow address (docs/domain.md#settlement): where the buyer pays, and the payment's reference.
    paymentReference: text('payment_reference').notNull().unique(), // base58 public key
    paymentMemo: text('payment_memo').notNull(), // vv:<transactionId>; no longer on the buyer's transaction
    recipientWallet: text('recipient_wallet').notNull(), // the seller's wallet when the purchase began: the payout's
    priceLamports: bigint('price_lamports', { mode: 'bigint' }).notNull(),
    commissionLamports: bigint('commission_lamports', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    // The payout transaction's network fee, paid out of the escrow; part of what the buyer pays.
    networkFeeLamports: bigint('network_fee_lamports', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    treasuryWallet: text('treasury_wallet'), // NULL: no commission transfer expected
    // The cluster's slot at initiate: a payment must land at or after it (slots, not clocks).
    initiatedSlot: bigint('initiated_slot', { mode: 'bigint' }),
    // false for a Solana Actions purchase (docs/domain.md#solana-pay-and-actions): anyone may name any account there,
    // so such a row never holds its listing; its payment must claim the listing when it lands, like a late payment.
    reservesListing: boolean('reserves_listing').notNull().default(true),
    // The service sets the reservation window; the default only ensures a forgotten value still expires.
    expiresAt: timestamptz('expires_at')
      .notNull()
      .default(sql`now() + interval '15 minutes'`),
    verifiedAt: timestamptz('verified_at'),
    lastCheckedAt: timestamptz('last_checked_at'),
    checkAttempts: integer('check_attempts').notNull().default(0),
    createdAt: createdAt(),
    completedAt: timestamptz('completed_at'),
    // The pattern bid or offer this purchase filled: paid from that bid's escrow, which stays the bid's.
    bidId: uuid('bid_id')
      .unique()
      .references(() => bids.id, { onDelete: 'restrict' }),
    updatedAt: timestamptz('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    check('transactions_status_check', oneOf(t.status, PURCHASE_STATUSES)),
    check('transactions_currency_check', oneOf(t.currency, CURRENCIES)),
    check('transactions_failure_kind_check', oneOf(t.failureKind, FAILURE_KINDS)),
    check('transactions_failure_only_when_failed', sql`${t.failureKind} is null or ${t.status} = 'failed'`),
    check(
      'transactions_failure_code_has_kind',
      sql`${t.failureCode} is null or (${t.failureKind} is not null and ${oneOf(t.failureKind, ['refunded', 'payment_rejected', 'refund_due'])})`,
    ),
    check('transactions_price_lamports_positive', sql`${t.priceLamports} > 0`),
    check('transactions_fee_lamports_nonnegative', sql`${t.commissionLamports} >= 0 and ${t.networkFeeLamports} >= 0`),
    // A reservation is a notice, not a lock (docs/domain.md#settlement): any number of purchases of one listing may
    // wait for their payment at once, and settlement sells to the first payment that lands. This index finds them.
    index('transactions_open_by_address_idx')
      .on(t.addressId)
      .where(sql`${oneOf(t.status, OPEN_PURCHASE_STATUSES)}`),
    index('transactions_address_id_idx').on(t.addressId),
    index('transactions_tx_hash_idx').on(t.txHash),
    // A signed-in buyer's reservations (reservation-limits.ts), newest first.
    index('transactions_buyer_created_idx').on(t.buyerId, t.createdAt.desc().nullsFirst()),
    // GET /api/transactions/purchases and /user: one wallet's history, Actions purchases included, newest first.
    index('transactions_buyer_wallet_created_idx').on(t.buyerWallet, t.createdAt.desc().nullsFirst()),
    index('transactions_seller_created_idx').on(t.sellerId, t.createdAt.desc().nullsFirst()),
    // Background verifier and reservation expiry: `status IN (…) AND expires_at < now()`.
    index('transactions_status_expires_idx').on(t.status, t.expiresAt),
    // GET /api/transactions/recent.
    index('transactions_created_at_idx').on(t.createdAt.desc().nullsFirst()),
  ],
);
