import { sql, type SQL } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, unique, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, id, lamports, oneOf, rarity, timestamptz } from './columns';
import { users } from './users';
import { CURRENCIES, LISTING_STATUSES, NETWORKS, PROMOTION_TYPES } from './values';

/**
 * What the marketplace shows (GET /api/addresses/search): listed and not deleted. Written out as SQL, not bind
 * parameters, and shared by the search filter and the partial indexes below: the planner uses a partial index
 * only when it can prove the query's WHERE implies the index's, which it does for these literal terms.
 */
export const marketplaceListing = (t: { isListed: AnyPgColumn; status: AnyPgColumn }): SQL =>
  sql`${t.isListed} and ${t.status} <> 'deleted'`;

/** A listed vanity address (the spec's "Listing"). Its private key lives in `encrypted_keys`, never here. */
export const addresses = pgTable(
  'addresses',
  {
    id: id(),
    address: text('address').notNull().unique(),
    network: text('network').notNull().default('solana'),
    // A seller with listings cannot be deleted: sold listings are part of money records.
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    price: lamports('price').notNull(),
    currency: text('currency').notNull().default('SOL'),
    rarityScore: rarity('rarity_score').notNull().default('0'),
    estimatedValue: lamports('estimated_value'),
    category: text('category').notNull().default('custom'),
    pattern: text('pattern'),
    // Where the pattern sits (prefix, suffix, middle); open-ended, so no CHECK.
    patternPosition: text('pattern_position'),
    isListed: boolean('is_listed').notNull().default(true),
    // Why the shop took it off the market (docs/domain.md#account-safety-checks: failed account-safety checks at
    // initiate), shown to its owner; cleared when the owner lists it again.
    unlistedReason: text('unlisted_reason'),
    status: text('status').notNull().default('available'),
    isFeatured: boolean('is_featured').notNull().default(false),
    featuredUntil: timestamptz('featured_until'),
    listingTier: text('listing_tier').notNull().default('basic'),
    isPremiumListing: boolean('is_premium_listing').notNull().default(false),
    isPromoted: boolean('is_promoted').notNull().default(false),
    promotionType: text('promotion_type').notNull().default('standard'),
    promotionWeight: integer('promotion_weight').notNull().default(0),
    searchTags: text('search_tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // Pattern features computed by the rarity model (docs/domain.md#features-and-categories) when the listing is
    // created.
    patternLength: integer('pattern_length').notNull().default(0),
    repeatingDigits: integer('repeating_digits').notNull().default(0),
    hasLeadingZeros: boolean('has_leading_zeros').notNull().default(false),
    leadingZeroCount: integer('leading_zero_count').notNull().default(0),
    hasTrailingZeros: boolean('has_trailing_zeros').notNull().default(false),
    trailingZeroCount: integer('trailing_zero_count').notNull().default(0),
    hasPalindrome: boolean('has_palindrome').notNull().default(false),
    hasSequence: boolean('has_sequence').notNull().default(false),
    hasWordPattern: boolean('has_word_pattern').notNull().default(false),
    // Grinders (solana-keygen grind) match case-sensitively unless told otherwise.
    caseSensitivePattern: boolean('case_sensitive_pattern').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
    // Listings are soft-deleted: a deleted listing may still be referenced by failed purchases.
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [
    check('addresses_network_check', oneOf(t.network, NETWORKS)),
    check('addresses_currency_check', oneOf(t.currency, CURRENCIES)),
    check('addresses_status_check', oneOf(t.status, LISTING_STATUSES)),
    check('addresses_promotion_type_check', oneOf(t.promotionType, PROMOTION_TYPES)),
    // A zero price would let anyone "buy" the key for the network fee alone.
    check('addresses_price_positive', sql`${t.price} > 0`),
    check('addresses_rarity_score_range', sql`${t.rarityScore} between 0 and 10`),
    // Substring search (`address ILIKE '%text%' OR pattern ILIKE '%text%'`) on the marketplace search box: with
    // both columns indexed the planner can OR the two bitmaps instead of scanning the table.
    index('addresses_address_trgm_idx').using('gin', t.address.op('gin_trgm_ops')),
    index('addresses_pattern_trgm_idx').using('gin', t.pattern.op('gin_trgm_ops')),
    // "Starts with" and "Ends with" (position=start/end) at 10M listings (decision 0023): a B-tree range on the
    // lowercased address, and on it reversed, instead of the trigram index's posting list of the padding trigram
    // ("  a" lists 1 address in 30). text_pattern_ops compares bytes, so `LIKE 'abc%'` becomes a range whatever the
    // database's collation. Partial on the marketplace's predicate like the sort indexes: nothing else reads them.
    // Each also carries the address, status and sort keys (INCLUDE, in migration 0016: drizzle's builder has none),
    // so a search's matches are collected by an index-only scan, without a heap page per match (decision 0024).
    index('addresses_market_address_lower_idx')
      .using('btree', sql`lower(${t.address}) text_pattern_ops`)
      .where(marketplaceListing(t)),
    index('addresses_market_address_reversed_idx')
      .using('btree', sql`reverse(lower(${t.address})) text_pattern_ops`)
      .where(marketplaceListing(t)),
    // GET /api/addresses/search, one index per sort, each read in either direction (id breaks ties the same way).
    // Partial on exactly the marketplace's predicate, so a page is the first 20 entries of one index. status
    // rides along in the default sort's index so the (capped) count for excludeSold is an index-only scan.
    index('addresses_market_created_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.status)
      .where(marketplaceListing(t)),
    // status rides along in every filter's index too: the capped count of a filter (category, length, price or
    // rarity range) is then an index-only scan of its own index, which stops after COUNT_CAP entries.
    index('addresses_market_price_idx').on(t.price, t.id, t.status).where(marketplaceListing(t)),
    index('addresses_market_rarity_idx').on(t.rarityScore, t.id, t.status).where(marketplaceListing(t)),
    // The marketplace's category and pattern-length filters. Price and rarity ranges use the sort
    // indexes above.
    index('addresses_market_category_idx').on(t.category, t.status).where(marketplaceListing(t)),
    index('addresses_market_pattern_length_idx').on(t.patternLength, t.status).where(marketplaceListing(t)),
    // GET /api/addresses/user (a seller's own listings, newest first) and the seller foreign key.
    index('addresses_seller_created_idx').on(t.sellerId, t.createdAt.desc().nullsFirst()),
    // GET /api/addresses/featured, in its order. Partial: a handful of rows, and no cost to the other inserts.
    index('addresses_featured_idx')
      .on(t.promotionWeight.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id)
      .where(sql`${t.isFeatured} and ${t.isListed} and ${t.status} = 'available'`),
  ],
);

/** Addresses a user follows. Not a money record, so it goes with either side. */
export const watchlist = pgTable(
  'watchlist',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addressId: uuid('address_id')
      .notNull()
      .references(() => addresses.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('watchlist_user_address_unique').on(t.userId, t.addressId),
    index('watchlist_address_id_idx').on(t.addressId),
  ],
);
