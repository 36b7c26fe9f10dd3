import { sql } from 'drizzle-orm';
import { bigint, boolean, check, doublePrecision, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, lamports, oneOf, timestamptz } from './columns';
import { addresses } from './listings';
import { users } from './users';
import { ORDER_LANES, ORDER_POSITIONS, ORDER_STATUSES, type OrderLane, type OrderStatus } from './values';

/**
 * A custom-pattern order (docs/domain.md#custom-orders): queued → grinding → found → (purchased | expired), or
 * cancelled. The grinding instance holds a short lease (`leaseOwner`, `leaseUntil`); an expired lease is taken over by
 * any instance, so a killed server's order resumes elsewhere. `attempts` is the keys tried so far across every lease.
 * No key material is ever stored here: a found key goes straight into `encrypted_keys` with its listing.
 */
export const customOrders = pgTable(
  'custom_orders',
  {
    id: id(),
    requesterId: uuid('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    pattern: text('pattern').notNull(),
    position: text('position').$type<(typeof ORDER_POSITIONS)[number]>().notNull(),
    caseSensitive: boolean('case_sensitive').notNull(),
    // The difficulty and price fixed when the order was placed (the quote the requester accepted).
    probability: doublePrecision('probability').notNull(),
    price: lamports('price').notNull(),
    status: text('status').$type<OrderStatus>().notNull().default('queued'),
    attempts: bigint('attempts', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    // Keys per second of the last lease holder's pool, for the requester's ETA.
    rate: doublePrecision('rate').notNull().default(0),
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamptz('lease_until'),
    startedAt: timestamptz('started_at'),
    foundAt: timestamptz('found_at'),
    // The shop's listing of the found address, reserved for the requester until `reservedUntil`.
    addressId: uuid('address_id').references(() => addresses.id, { onDelete: 'restrict' }),
    reservedUntil: timestamptz('reserved_until'),
    finishedAt: timestamptz('finished_at'),
    // The client address that placed it: the per-IP cap counts active orders by it.
    ip: text('ip'),
    // The quote's expected grind time when it was placed (null before the rate was measured): a queued order waiting
    // longer than this is told its place in the queue.
    quotedSeconds: doublePrecision('quoted_seconds'),
    // Why an order ended early: its wallet no longer covered the price when its turn came (cancelled), or when its key
    // was found (expired at once, the key on open sale).
    closedReason: text('closed_reason'),
    // Ground for a pattern bid whose deposit already holds the price in escrow: the requester's wallet
    // balance is not what pays, so it is not checked.
    forBid: boolean('for_bid').notNull().default(false),
    createdAt: createdAt(),
    // What the address is for (DESIGN.md §14). The split-key and seed-derived lanes are paid up front into the
    // order's escrow (escrow_keys.order_id) and delivered as public values, never as a key.
    lane: text('lane').$type<OrderLane>().notNull().default('wallet'),
    // Split key: P = a·G, base58, canonical. Unique over every order ever, so no P is ground twice.
    basePoint: text('base_point'),
    // Seed-derived: the base wallet and the owning program of sha256(base ‖ seed ‖ owner).
    seedBase: text('seed_base'),
    seedOwner: text('seed_owner'),
    // Paid-up-front lanes: the escrow to pay, what to pay (price + the payout's network fee), when the payment
    // landed, and when it is refunded if nothing has been found.
    escrow: text('escrow'),
    // Who the escrow pays once the address is delivered: the shop's wallet when the order was placed.
    payeeWallet: text('payee_wallet'),
    totalLamports: bigint('total_lamports', { mode: 'bigint' }),
    paidAt: timestamptz('paid_at'),
    // When the settlement pass last read the escrow: its lease while open, and its backoff once closed.
    escrowCheckedAt: timestamptz('escrow_checked_at'),
    // The escrow receipt that paid: held undecided while grinding, then the sale (delivered) or the refund.
    paymentSignature: text('payment_signature'),
    deadline: timestamptz('deadline'),
    // What was found on those lanes: the address, and t (base58 of 32 LE bytes) or the seed. Neither controls the
    // address alone; both are shown only to the requester, once delivered.
    foundAddress: text('found_address'),
    tweak: text('tweak'),
    seed: text('seed'),
  },
  (t) => [
    check('custom_orders_status_check', oneOf(t.status, ORDER_STATUSES)),
    check('custom_orders_position_check', oneOf(t.position, ORDER_POSITIONS)),
    check('custom_orders_price_positive', sql`${t.price} > 0`),
    check('custom_orders_lane_check', oneOf(t.lane, ORDER_LANES)),
    check(
      'custom_orders_lane_inputs',
      sql`(${t.lane} = 'wallet') or (${t.lane} = 'split-key' and ${t.basePoint} is not null) or (${t.lane} = 'seed-derived' and ${t.seedBase} is not null and ${t.seedOwner} is not null)`,
    ),
    // The address page's provenance read: which delivered order, if any, ground this address.
    index('custom_orders_found_address_idx')
      .on(t.foundAddress)
      .where(sql`${t.foundAddress} is not null`),
    uniqueIndex('custom_orders_base_point_idx')
      .on(t.basePoint)
      .where(sql`${t.basePoint} is not null`),
    // The settlement worker's pass over paid-up-front orders that still owe a decision.
    index('custom_orders_escrow_open_idx')
      .on(t.createdAt)
      .where(sql`${t.escrow} is not null and ${t.status} in ('awaiting-payment', 'queued', 'grinding')`),
    // A wallet's active orders: the per-wallet cap, and the fair-turn rank of the claim (its earlier active orders).
    index('custom_orders_requester_active_idx')
      .on(t.requesterId, t.createdAt)
      .where(sql`${t.status} in ('queued', 'grinding')`),
    index('custom_orders_ip_active_idx')
      .on(t.ip)
      .where(sql`${t.status} in ('queued', 'grinding')`),
    // The grinders' queue: oldest claimable order first.
    index('custom_orders_queue_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} in ('queued', 'grinding')`),
    // The reservation rule looks orders up by listing at every purchase initiate.
    uniqueIndex('custom_orders_address_idx').on(t.addressId),
  ],
);
