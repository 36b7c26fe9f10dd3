import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf, timestamptz } from './columns';
import { addresses } from './listings';
import { customOrders } from './orders';
import { users } from './users';
import {
  BID_KINDS,
  BID_STATUSES,
  NOTIFICATION_KINDS,
  PATTERN_POSITIONS,
  WEBHOOK_DELIVERY_STATUSES,
  type BidKind,
  type BidStatus,
  type NotificationKind,
  type PatternPosition,
  type RefundReason,
  type WebhookDeliveryStatus,
} from './values';

/**
 * Pattern bids and offers (docs/domain.md#bids-and-offers): a buyer's standing order, funded by a deposit into
 * its own escrow (settlement tables, owner `bid_id`). A `pattern` bid buys any address matching its pattern at or below
 * `max_price_lamports`; an `offer` names one listing (`address_id`) and buys it at `max_price_lamports` if the seller
 * accepts. `total_lamports` is the deposit asked for: the price ceiling plus the commission at that price and the
 * payout's network fee, as a purchase at that price would cost. The fill is a purchase row (`transactions.bid_id`).
 */
export const bids = pgTable(
  'bids',
  {
    id: id(),
    kind: text('kind').$type<BidKind>().notNull(),
    bidderId: uuid('bidder_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    bidderWallet: text('bidder_wallet').notNull(),
    // A pattern bid's pattern as typed, and the key the match index compares: lower-cased unless case-sensitive.
    pattern: text('pattern'),
    patternKey: text('pattern_key'),
    position: text('position').$type<PatternPosition>(),
    caseSensitive: boolean('case_sensitive'),
    // An offer's listing.
    addressId: uuid('address_id').references(() => addresses.id, { onDelete: 'restrict' }),
    maxPriceLamports: bigint('max_price_lamports', { mode: 'bigint' }).notNull(),
    // "Grind it if nothing is listed": once funded with no stock, a custom order is ground for the bid (`order_id`)
    // and the address it finds is sold to the bid.
    grindIfMissing: boolean('grind_if_missing').notNull().default(false),
    orderId: uuid('order_id').references(() => customOrders.id, { onDelete: 'restrict' }),
    totalLamports: bigint('total_lamports', { mode: 'bigint' }).notNull(),
    escrow: text('escrow').notNull().unique(),
    status: text('status').$type<BidStatus>().notNull().default('awaiting-deposit'),
    expiresAt: timestamptz('expires_at').notNull(),
    // The deposit that funds the bid: held undecided in the escrow until a fill (sale) or a refund decides it.
    depositSignature: text('deposit_signature'),
    fundedAt: timestamptz('funded_at'),
    closedAt: timestamptz('closed_at'),
    // Why a closed bid's deposit goes back (a RefundReason): set with the status that closes it, read by settlement.
    refundReason: text('refund_reason').$type<RefundReason>(),
    // The settlement worker's backoff over this escrow (like a closed purchase's).
    escrowCheckedAt: timestamptz('escrow_checked_at'),
    // When an open pattern bid was last offered the stock: a listing whose matching never ran (the server died
    // between its commit and the match) is still found by the periodic re-check.
    stockCheckedAt: timestamptz('stock_checked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('bids_kind_check', oneOf(t.kind, BID_KINDS)),
    check('bids_status_check', oneOf(t.status, BID_STATUSES)),
    check('bids_position_check', oneOf(t.position, PATTERN_POSITIONS)),
    check(
      'bids_shape',
      sql`(${t.kind} = 'pattern' and ${t.patternKey} is not null and ${t.position} is not null and ${t.caseSensitive} is not null and ${t.addressId} is null)
        or (${t.kind} = 'offer' and ${t.addressId} is not null and ${t.patternKey} is null)`,
    ),
    check('bids_price_positive', sql`${t.maxPriceLamports} > 0 and ${t.totalLamports} >= ${t.maxPriceLamports}`),
    // The match index (a new listing must not scan all bids): open pattern bids by the key a listing's
    // address is cut into, highest price first, earlier first on a tie.
    index('bids_open_match_idx')
      .on(t.position, t.caseSensitive, t.patternKey, t.maxPriceLamports.desc(), t.createdAt)
      .where(sql`${t.status} = 'open' and ${t.kind} = 'pattern'`),
    index('bids_open_offers_idx')
      .on(t.addressId, t.maxPriceLamports.desc(), t.createdAt)
      .where(sql`${t.kind} = 'offer' and ${t.status} in ('awaiting-deposit', 'open')`),
    index('bids_bidder_created_idx').on(t.bidderId, t.createdAt.desc().nullsFirst()),
    index('bids_escrow_due_idx').on(t.escrowCheckedAt),
    // The in-memory match index's refresh: the open pattern bids funded since it was last read.
    index('bids_open_funded_idx')
      .on(t.fundedAt)
      .where(sql`${t.status} = 'open' and ${t.kind} = 'pattern'`),
    index('bids_stock_due_idx')
      .on(t.stockCheckedAt.nullsFirst())
      .where(sql`${t.status} = 'open' and ${t.kind} = 'pattern'`),
  ],
);

/** A watch on a pattern (no deposit): a new listing matching it notifies the wallet. Matched like a bid. */
export const patternWatches = pgTable(
  'pattern_watches',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    wallet: text('wallet').notNull(),
    pattern: text('pattern').notNull(),
    patternKey: text('pattern_key').notNull(),
    position: text('position').$type<PatternPosition>().notNull(),
    caseSensitive: boolean('case_sensitive').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('pattern_watches_position_check', oneOf(t.position, PATTERN_POSITIONS)),
    index('pattern_watches_match_idx').on(t.position, t.caseSensitive, t.patternKey),
    index('pattern_watches_wallet_idx').on(t.wallet),
  ],
);

/** The bell (docs/domain.md#alerts): one row per thing a wallet is told, until and after it is read. */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    wallet: text('wallet').notNull(),
    kind: text('kind').$type<NotificationKind>().notNull(),
    message: text('message').notNull(),
    // Ids the app links to (bidId, offerId, addressId, transactionId); never a secret.
    data: jsonb('data').$type<Record<string, string>>().notNull().default({}),
    readAt: timestamptz('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('notifications_kind_check', oneOf(t.kind, NOTIFICATION_KINDS)),
    index('notifications_wallet_created_idx').on(t.wallet, t.id.desc().nullsFirst()),
  ],
);

/** A wallet's webhook: every notification is also POSTed there, signed with HMAC-SHA256 under `secret`. */
export const webhooks = pgTable('webhooks', {
  wallet: text('wallet').primaryKey(),
  url: text('url').notNull(),
  secret: text('secret').notNull(),
  createdAt: createdAt(),
});

/** The webhook delivery log and retry queue: one row per notification sent to a webhook. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    notificationId: bigint('notification_id', { mode: 'bigint' })
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    wallet: text('wallet').notNull(),
    url: text('url').notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    deliveredAt: timestamptz('delivered_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('webhook_deliveries_status_check', oneOf(t.status, WEBHOOK_DELIVERY_STATUSES)),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_wallet_idx').on(t.wallet, t.id.desc().nullsFirst()),
  ],
);
