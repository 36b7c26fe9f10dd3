import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { amount, createdAt, id, oneOf, timestamptz } from './columns';
import { addresses } from './listings';
import { users } from './users';
import { CURRENCIES, FAILURE_KINDS, type FailureKind, OPEN_TRANSACTION_STATUSES, TRANSACTION_STATUSES } from './values';

/**
 * A purchase (docs/domain.md#purchase-states). The numeric(18,8) columns are the spec's SOL amounts for display; the
 * `*Lamports` columns are what the buyer must pay and what verification checks, as exact integers. Money records are
 * never cascade-deleted: every foreign key here restricts.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: id(),
    addressId: uuid('address_id')
      .notNull()
      .references(() => addresses.id, { onDelete: 'restrict' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    price: amount('price').notNull(),
    currency: text('currency').notNull().default('SOL'),
    exchangeFee: amount('exchange_fee').notNull().default('0'),
    commissionFee: amount('commission_fee').notNull().default('0'),
    totalAmount: amount('total_amount').notNull(),
    status: text('status').notNull().default('initiated'),
    // The payment signature; unique so one payment can never complete two purchases. NULL until confirmed.
    txHash: text('tx_hash').unique(),
    verificationHash: text('verification_hash'),
    // The human account of a failure (shown to buyer and seller); code reads failureKind and failureCode instead.
    disputeReason: text('dispute_reason'),
    failureKind: text('failure_kind').$type<FailureKind>(),
    // The PaymentVerificationCode of the check that failed, when one did.
    failureCode: text('failure_code'),
    isTestData: boolean('is_test_data').notNull().default(false),
    privateKeyDestroyed: boolean('private_key_destroyed').notNull().default(false),
    // Payment parameters fixed at initiation; the browser only carries them (docs/domain.md#reservation).
    paymentReference: text('payment_reference').notNull().unique(), // base58 public key
    paymentMemo: text('payment_memo').notNull(), // vv:<transactionId>
    recipientWallet: text('recipient_wallet').notNull(), // the seller's wallet when the purchase began
    priceLamports: bigint('price_lamports', { mode: 'bigint' }).notNull(),
    commissionLamports: bigint('commission_lamports', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    networkFeeLamports: bigint('network_fee_lamports', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    treasuryWallet: text('treasury_wallet'), // NULL: no commission transfer expected
    // The cluster's slot at initiate: a payment must land at or after it (slots, not clocks; issue 17 finding 5).
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
    updatedAt: timestamptz('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    check('transactions_status_check', oneOf(t.status, TRANSACTION_STATUSES)),
    check('transactions_currency_check', oneOf(t.currency, CURRENCIES)),
    check('transactions_failure_kind_check', oneOf(t.failureKind, FAILURE_KINDS)),
    check('transactions_failure_only_when_failed', sql`${t.failureKind} is null or ${t.status} = 'failed'`),
    check(
      'transactions_failure_code_has_kind',
      sql`${t.failureCode} is null or (${t.failureKind} is not null and ${oneOf(t.failureKind, ['payment_rejected', 'refund_due'])})`,
    ),
    check('transactions_price_lamports_positive', sql`${t.priceLamports} > 0`),
    check('transactions_fee_lamports_nonnegative', sql`${t.commissionLamports} >= 0 and ${t.networkFeeLamports} >= 0`),
    // The database's own guard against selling a listing twice: two racing initiations cannot both hold it.
    // Unreserved (Actions) rows hold nothing, so any number of them may be open beside one reservation.
    uniqueIndex('transactions_one_open_per_address')
      .on(t.addressId)
      .where(sql`${oneOf(t.status, OPEN_TRANSACTION_STATUSES)} and ${t.reservesListing}`),
    index('transactions_address_id_idx').on(t.addressId),
    // GET /api/transactions/purchases and /user: one wallet's history, newest first.
    index('transactions_buyer_created_idx').on(t.buyerId, t.createdAt.desc().nullsFirst()),
    index('transactions_seller_created_idx').on(t.sellerId, t.createdAt.desc().nullsFirst()),
    // Background verifier and reservation expiry: `status IN (…) AND expires_at < now()`.
    index('transactions_status_expires_idx').on(t.status, t.expiresAt),
    // GET /api/transactions/recent.
    index('transactions_created_at_idx').on(t.createdAt.desc().nullsFirst()),
  ],
);
