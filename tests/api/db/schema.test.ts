import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, algorithmAdjustments, feeConfig, membershipTiers, transactions, users } from '@server/db/schema';
import { seedReferenceData } from '@server/db/seed-reference-data';
import { EXPIRED_REASON, purchasesRepository } from '@server/modules/purchases';
import { IllegalMoveError } from '@server/db/state-machine';
import { createTestDatabase, type TestDatabase } from '@tests/helpers/db';

// The stored data model (docs/product-spec.md#stored-tables plus the tables docs/domain.md adds), checked against the
// migrated database itself: catalog queries for shape, real inserts for defaults and constraints. Column names are the
// SQL (snake_case) names the schema declares explicitly on every column.

/**
 * Every table with every column docs/product-spec.md#stored-tables and docs/domain.md require, by SQL name. Extra
 * columns are allowed.
 */
// prettier-ignore
const REQUIRED_COLUMNS: Record<string, string[]> = {
  users: ['id', 'wallet_address', 'is_admin', 'created_at'],
  addresses: [
    'id', 'address', 'network', 'seller_id', 'price', 'currency', 'rarity_score', 'category', 'pattern',
    'is_listed', 'status', 'is_featured', 'featured_until', 'listing_tier', 'is_premium_listing', 'is_promoted',
    'promotion_type', 'promotion_weight', 'search_tags', 'pattern_length', 'repeating_digits',
    'has_leading_zeros', 'leading_zero_count', 'has_trailing_zeros', 'trailing_zero_count', 'has_palindrome',
    'has_sequence', 'has_word_pattern', 'case_sensitive_pattern', 'created_at',
    'updated_at', 'deleted_at', 'estimated_value', 'pattern_position',
  ],
  transactions: [
    'id', 'address_id', 'buyer_id', 'buyer_wallet', 'seller_id', 'price', 'currency', 'exchange_fee', 'commission_fee',
    'total_amount', 'status', 'tx_hash', 'verification_hash', 'dispute_reason', 'is_test_data',
    'private_key_destroyed', 'created_at', 'completed_at', 'updated_at',
    'expires_at', 'payment_reference', 'payment_memo', 'recipient_wallet', 'price_lamports',
    'commission_lamports', 'network_fee_lamports', 'treasury_wallet', 'verified_at', 'last_checked_at',
    'check_attempts',
  ],
  watchlist: ['user_id', 'address_id'],
  price_cache: ['currency', 'usd_price', 'last_updated'],
  encrypted_keys: ['address_id', 'encrypted_private_key', 'salt', 'iv', 'created_at'],
  fee_config: [
    'network', 'exchange_fee_percentage', 'commission_fee_percentage', 'minimum_fee', 'maximum_fee',
    'gas_fee_multiplier', 'effective_from', 'is_active',
  ],
  transaction_audit: ['transaction_id', 'action', 'performed_by', 'metadata', 'ip_address', 'user_agent', 'timestamp'],
  membership_tiers: [
    'name', 'price', 'currency', 'billing_period', 'features', 'max_listings', 'featured_listings_included',
    'commission_discount', 'is_active',
  ],
  price_history: [
    'address_id', 'price', 'currency', 'price_usd', 'change_type', 'previous_price', 'change_percentage',
    'market_cap', 'volume_24h', 'transaction_id', 'timestamp',
  ],
  market_trends: [
    'category', 'network', 'avg_price', 'median_price', 'min_price', 'max_price', 'total_volume',
    'active_listings', 'sold_count', 'price_change_24h', 'price_change_7d', 'volume_change_24h', 'period',
    'timestamp',
  ],
  listing_promotions: [
    'address_id', 'promotion_type', 'price', 'currency', 'duration', 'start_time', 'end_time', 'is_active',
    'purchased_by',
  ],
  fee_structure: ['service', 'tier', 'fee_type', 'amount', 'percentage', 'currency', 'description', 'is_active'],
  blockchain_transaction_audit: [
    'transaction_id', 'tx_hash', 'block_number', 'block_hash', 'confirmations', 'gas_used', 'gas_price',
    'gas_fee', 'from_address', 'to_address', 'value', 'recipients', 'status', 'network_status', 'error_message',
    'network', 'currency', 'confirmed_at', 'last_checked_at', 'raw_data', 'explorer_urls',
  ],
  gas_estimation_audit: [
    'transaction_id', 'network', 'currency', 'transaction_type', 'recipient_count', 'estimated_gas',
    'estimated_fee', 'actual_gas', 'actual_fee', 'accuracy', 'errors', 'success', 'failure_reason',
  ],
  algorithm_adjustments: [
    'network', 'base_value_multiplier', 'sales_data_period', 'last_adjustment', 'next_adjustment', 'sales_count',
    'average_actual_price', 'average_estimated_price', 'adjustment_reason', 'confidence_score', 'is_active',
  ],
  sales_analytics: [
    'transaction_id', 'address_id', 'network', 'rarity_score', 'category', 'estimated_value',
    'actual_sale_price', 'price_variance', 'sale_date', 'leading_zeros', 'patterns',
  ],
  escrow_transactions: [
    'id', 'network', 'amount', 'currency', 'sender_address', 'recipient_address', 'status', 'tx_hash',
    'release_tx_hash', 'release_time',
  ],
  sessions: ['id', 'token_hash', 'user_id', 'wallet_address', 'created_at', 'expires_at', 'last_seen_at', 'ip', 'user_agent'],
  auth_nonces: ['nonce', 'address', 'issued_at', 'expires_at', 'used_at'],
  known_addresses: ['address', 'label', 'added_by', 'created_at'],
  rate_limits: ['key', 'count', 'reset_at'],
};

/** [table, column, precision, scale]: money is numeric(18,8), rarity numeric(3,1). */
const NUMERIC_PRECISIONS: [string, string, number, number][] = [
  ['addresses', 'price', 18, 8],
  ['addresses', 'rarity_score', 3, 1],
  ['addresses', 'estimated_value', 18, 8],
  ['transactions', 'price', 18, 8],
  ['transactions', 'total_amount', 18, 8],
  ['transactions', 'commission_fee', 18, 8],
  ['sales_analytics', 'actual_sale_price', 18, 8],
  ['sales_analytics', 'rarity_score', 3, 1],
  ['price_history', 'price', 18, 8],
  ['escrow_transactions', 'amount', 18, 8],
];

/** [table, index]: each index serves a query of docs/product-spec.md or docs/domain.md (the schema files say which). */
const INDEXES: [string, string][] = [
  ['addresses', 'addresses_address_trgm_idx'],
  ['addresses', 'addresses_pattern_trgm_idx'],
  ['addresses', 'addresses_market_created_idx'],
  ['addresses', 'addresses_market_price_idx'],
  ['addresses', 'addresses_market_rarity_idx'],
  ['addresses', 'addresses_seller_created_idx'],
  ['addresses', 'addresses_featured_idx'],
  ['transactions', 'transactions_buyer_created_idx'],
  ['transactions', 'transactions_buyer_wallet_created_idx'],
  ['transactions', 'transactions_seller_created_idx'],
  ['transactions', 'transactions_status_expires_idx'],
  ['transactions', 'transactions_address_id_idx'],
  ['transactions', 'transactions_created_at_idx'],
  ['transactions', 'transactions_open_by_address_idx'],
  ['transactions', 'transactions_tx_hash_idx'],
  ['watchlist', 'watchlist_user_address_unique'],
  ['sessions', 'sessions_token_hash_unique'],
  ['sessions', 'sessions_expires_at_idx'],
  ['auth_nonces', 'auth_nonces_nonce_unique'],
  ['price_history', 'price_history_address_time_idx'],
  ['sales_analytics', 'sales_analytics_network_sale_date_idx'],
  ['transaction_audit', 'transaction_audit_transaction_id_idx'],
  ['transaction_audit', 'transaction_audit_performer_time_idx'],
];

let t: TestDatabase;
const unique = (prefix: string) => `${prefix}${randomUUID().replaceAll('-', '')}`;

async function createUser() {
  const [user] = await t.db
    .insert(users)
    .values({ walletAddress: unique('wallet') })
    .returning();
  return user!;
}

async function createListing(sellerId: string) {
  const [listing] = await t.db
    .insert(addresses)
    .values({ address: unique('addr'), sellerId, price: 1_500_000_000n })
    .returning();
  return listing!;
}

async function createPurchase(overrides: Partial<typeof transactions.$inferInsert> = {}) {
  const seller = await createUser();
  const buyer = await createUser();
  const listing = await createListing(seller.id);
  const [purchase] = await t.db
    .insert(transactions)
    .values({
      addressId: listing.id,
      buyerId: buyer.id,
      buyerWallet: buyer.walletAddress,
      sellerId: seller.id,
      price: 1_500_000_000n,
      totalAmount: 1_500_000_000n,
      paymentReference: unique('ref'),
      paymentMemo: 'vv:test',
      recipientWallet: seller.walletAddress,
      priceLamports: 1_500_000_000n,
      ...overrides,
    })
    .returning();
  return purchase!;
}

/** Runs a raw statement expected to break a unique constraint (SQLSTATE 23505). */
async function expectUniqueViolation(statement: string, params: unknown[]) {
  const error = await t.query(statement, params).then(
    () => undefined,
    (e: unknown) => e as { code?: string },
  );
  expect(error?.code, `expected a unique violation from: ${statement}`).toBe('23505');
}

beforeAll(async () => {
  t = await createTestDatabase();
});

afterAll(async () => {
  await t?.close();
});

describe('stored data model', () => {
  it.each(Object.entries(REQUIRED_COLUMNS))('table %s has its columns', async (table, required) => {
    const rows = await t.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1`,
      [table],
    );
    const present = rows.map((r) => r.column_name);
    expect(present.length, `table ${table} exists`).toBeGreaterThan(0);
    expect(required.filter((c) => !present.includes(c))).toEqual([]);
  });

  it.each(NUMERIC_PRECISIONS)('%s.%s is numeric(%i,%i)', async (table, column, precision, scale) => {
    const [row] = await t.query<{ data_type: string; numeric_precision: number; numeric_scale: number }>(
      `SELECT data_type, numeric_precision, numeric_scale FROM information_schema.columns
       WHERE table_schema = 'public' AND table_name = $1 AND column_name = $2`,
      [table, column],
    );
    expect(row).toEqual({ data_type: 'numeric', numeric_precision: precision, numeric_scale: scale });
  });

  it.each(INDEXES)('%s has index %s', async (table, index) => {
    const rows = await t.query(
      `SELECT 1 FROM pg_indexes WHERE schemaname = 'public' AND tablename = $1 AND indexname = $2`,
      [table, index],
    );
    expect(rows).toHaveLength(1);
  });
});

describe('defaults, read back from real rows', () => {
  it('fills a minimal listing with the spec defaults', async () => {
    const listing = await createListing((await createUser()).id);
    expect(listing).toMatchObject({
      network: 'solana',
      currency: 'SOL',
      isListed: true,
      status: 'available',
      isFeatured: false,
      listingTier: 'basic',
      isPremiumListing: false,
      isPromoted: false,
      promotionType: 'standard',
      searchTags: [],
      deletedAt: null,
      price: 1_500_000_000n,
    });
    expect(listing.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(listing.createdAt).toBeInstanceOf(Date);
  });

  it('starts a purchase as initiated with its key kept and a 15-minute reservation', async () => {
    const purchase = await createPurchase();
    expect(purchase).toMatchObject({
      status: 'initiated',
      privateKeyDestroyed: false,
      isTestData: false,
      txHash: null,
      commissionLamports: 0n,
      checkAttempts: 0,
    });
    expect(purchase.expiresAt.getTime() - purchase.createdAt.getTime()).toBe(15 * 60 * 1000);
  });

  it('defaults the gas multiplier to 1.20, the sales period to 30 days and confidence to 0.5', async () => {
    // A network no seed touches, so the one-active-row-per-network indexes do not interfere.
    const [fees] = await t.db.insert(feeConfig).values({ network: 'ethereum' }).returning();
    const [adjustment] = await t.db.insert(algorithmAdjustments).values({ network: 'ethereum' }).returning();
    expect(fees!.gasFeeMultiplier).toBe('1.20');
    expect(adjustment!.salesDataPeriod).toBe(30);
    expect(Number(adjustment!.confidenceScore)).toBe(0.5);
    expect(Number(adjustment!.baseValueMultiplier)).toBe(1);
  });
});

describe('unique constraints', () => {
  it.each([
    ['users.wallet_address', `INSERT INTO users (wallet_address) VALUES ($1)`],
    ['price_cache.currency', `INSERT INTO price_cache (currency, usd_price) VALUES ($1, 200)`],
    ['membership_tiers.name', `INSERT INTO membership_tiers (name) VALUES ($1)`],
  ])('%s rejects a duplicate', async (_, statement) => {
    const value = unique('v');
    await t.query(statement, [value]);
    await expectUniqueViolation(statement, [value]);
  });

  it('addresses.address rejects a duplicate', async () => {
    const listing = await createListing((await createUser()).id);
    await expectUniqueViolation(`INSERT INTO addresses (address, seller_id, price) VALUES ($1, $2, 1)`, [
      listing.address,
      listing.sellerId,
    ]);
  });

  it('encrypted_keys.address_id allows one key per listing', async () => {
    const listing = await createListing((await createUser()).id);
    const statement = `INSERT INTO encrypted_keys (address_id, encrypted_private_key, salt, iv) VALUES ($1, 'c', 's', 'i')`;
    await t.query(statement, [listing.id]);
    await expectUniqueViolation(statement, [listing.id]);
  });

  it('transactions.payment_reference rejects a duplicate: each purchase has its own escrow', async () => {
    const first = await createPurchase({ status: 'failed' });
    const second = await createPurchase({ status: 'failed' });
    await expectUniqueViolation(`UPDATE transactions SET payment_reference = $1 WHERE id = $2`, [
      first.paymentReference,
      second.id,
    ]);
  });

  it('lets purchases share a tx_hash: it is a hint, and the escrow a payment reached ties it to its purchase', async () => {
    // docs/domain.md#settlement: a hint naming another purchase's payment must not stop that purchase's sale.
    const hint = unique('sig');
    await createPurchase({ txHash: hint, status: 'failed' });
    await createPurchase({ txHash: hint, status: 'failed' });
    await createPurchase({ txHash: null, status: 'failed' });
    await createPurchase({ txHash: null, status: 'failed' });
  });
});

describe('open purchases of one listing', () => {
  it('accepts any number at once: a reservation is a notice, and the first payment to land buys the key', async () => {
    const first = await createPurchase();
    const insertAnother = (status: string) =>
      t.query(
        `INSERT INTO transactions (address_id, buyer_wallet, seller_id, price, total_amount, status, payment_reference,
           payment_memo, recipient_wallet, price_lamports)
         VALUES ($1, $2, $3, 1.5, 1.5, $4, $5, 'vv:test', 'w', 1500000000)`,
        [first.addressId, unique('wallet'), first.sellerId, status, unique('ref')],
      );
    await insertAnother('initiated');
    await insertAnother('pending');
    const [open] = await t.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM transactions WHERE address_id = $1 AND status IN ('initiated', 'pending')`,
      [first.addressId],
    );
    expect(open?.n).toBe(3);
  });
});

describe('the buyer of a purchase', () => {
  it('is a wallet on every row, and a user only when one signed in (an Actions purchase creates none)', async () => {
    const actions = await createPurchase({ buyerId: null, buyerWallet: unique('wallet'), reservesListing: false });
    expect(actions.buyerId).toBeNull();
    const error = await createPurchase({ buyerWallet: null as unknown as string }).then(
      () => undefined,
      (e: { code?: string; cause?: { code?: string } }) => e.cause?.code ?? e.code,
    );
    expect(error).toBe('23502'); // not_null_violation
  });
});

describe('purchase state machine, against real rows', () => {
  const statusOf = async (id: string) => (await purchasesRepository.findById(t.db, id))?.status;

  it('refuses a move the state machine lacks and leaves the row as it was', async () => {
    const done = await createPurchase({ status: 'completed' });
    await expect(purchasesRepository.transition(t.db, done.id, { completed: 'pending' }, {})).rejects.toThrow(
      IllegalMoveError,
    );
    const failed = await createPurchase({ status: 'failed', failureKind: 'payment_rejected' });
    await expect(
      purchasesRepository.transition(t.db, failed.id, { failed: 'initiated' }, { txHash: unique('sig') }),
    ).rejects.toThrow(IllegalMoveError);
    expect(await purchasesRepository.findById(t.db, done.id)).toEqual(done);
    expect(await purchasesRepository.findById(t.db, failed.id)).toEqual(failed);
  });

  it('moves a row only from the status the caller expects', async () => {
    const open = await createPurchase({ status: 'initiated' });
    expect(await purchasesRepository.transition(t.db, open.id, { pending: 'verified' }, {})).toBeUndefined();
    expect(await statusOf(open.id)).toBe('initiated');
    expect(await purchasesRepository.transition(t.db, open.id, { initiated: 'failed' }, {})).toMatchObject({
      status: 'failed',
    });
  });

  it('makes a different move per from-status in one statement (attaching a payment signature)', async () => {
    const open = await createPurchase({ status: 'initiated' });
    const expired = await createPurchase({ status: 'failed', failureKind: 'expired', disputeReason: EXPIRED_REASON });
    const rejected = await createPurchase({ status: 'failed', failureKind: 'payment_rejected' });
    expect(await purchasesRepository.attachSignature(t.db, open.id, unique('sig'))).toMatchObject({
      status: 'pending',
    });
    expect(await purchasesRepository.attachSignature(t.db, expired.id, unique('sig'))).toMatchObject({
      status: 'failed',
      failureKind: 'expired',
    });
    // Only an expired reservation takes a late payment.
    expect(await purchasesRepository.attachSignature(t.db, rejected.id, unique('sig'))).toBeUndefined();
  });
});

describe('failure columns', () => {
  const violation = (run: Promise<unknown>) =>
    run.then(
      () => undefined,
      (e: { code?: string; cause?: { code?: string } }) => e.cause?.code ?? e.code,
    );

  it('accept only the known kinds, only on a failed purchase, and a code only with a kind that has one', async () => {
    expect(await violation(createPurchase({ status: 'failed', failureKind: 'bogus' as 'expired' }))).toBe('23514');
    expect(await violation(createPurchase({ status: 'pending', failureKind: 'expired' }))).toBe('23514');
    expect(await violation(createPurchase({ status: 'failed', failureCode: 'AMOUNT_MISMATCH' }))).toBe('23514');
    expect(
      await violation(createPurchase({ status: 'failed', failureKind: 'expired', failureCode: 'AMOUNT_MISMATCH' })),
    ).toBe('23514');
    const rejected = await createPurchase({
      status: 'failed',
      failureKind: 'payment_rejected',
      failureCode: 'AMOUNT_MISMATCH',
    });
    expect(rejected).toMatchObject({ failureKind: 'payment_rejected', failureCode: 'AMOUNT_MISMATCH' });
  });
});

describe('substring search', () => {
  it('has pg_trgm installed and a GIN trigram index on addresses.address', async () => {
    expect(await t.query(`SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'`)).toHaveLength(1);
    const [index] = await t.query<{ indexdef: string }>(
      `SELECT indexdef FROM pg_indexes WHERE indexname = 'addresses_address_trgm_idx'`,
    );
    expect(index?.indexdef).toMatch(/USING gin \(address gin_trgm_ops\)/);
  });

  it('plans an ILIKE substring search through the trigram index', async () => {
    const plan = await t.db.transaction(async (tx) => {
      // Few rows here: forbid the sequential scan so the plan shows whether the index can serve the query.
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const result = await tx.execute(sql`EXPLAIN SELECT id FROM addresses WHERE address ILIKE '%abcd%'`);
      return (result as unknown as { rows: { 'QUERY PLAN': string }[] }).rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('addresses_address_trgm_idx');
  });

  it('plans the search box (address or pattern) as a BitmapOr of the two trigram indexes', async () => {
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const result = await tx.execute(
        sql`EXPLAIN SELECT id FROM addresses WHERE address ILIKE '%abcd%' OR pattern ILIKE '%abcd%'`,
      );
      return (result as unknown as { rows: { 'QUERY PLAN': string }[] }).rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('BitmapOr');
    expect(plan).toContain('addresses_address_trgm_idx');
    expect(plan).toContain('addresses_pattern_trgm_idx');
  });
});

describe('seedReferenceData', () => {
  it('inserts the fee, tier and valuation defaults once, however often it runs', async () => {
    await Promise.all([seedReferenceData(t.db), seedReferenceData(t.db)]);
    await seedReferenceData(t.db);

    const fees = await t.db.select().from(feeConfig).where(eq(feeConfig.network, 'solana'));
    expect(fees).toHaveLength(1);
    expect(fees[0]).toMatchObject({ commissionFeePercentage: '2.50', exchangeFeePercentage: '0.00', isActive: true });

    const tiers = await t.db.select().from(membershipTiers);
    const names = tiers.map((tier) => tier.name);
    expect(names).toEqual(expect.arrayContaining(['basic', 'pro', 'elite']));
    expect(tiers.find((tier) => tier.name === 'basic')?.commissionDiscount).toBe('0.00');

    const active = await t.db.select().from(algorithmAdjustments).where(eq(algorithmAdjustments.network, 'solana'));
    expect(active).toHaveLength(1);
    expect(active[0]).toMatchObject({ salesDataPeriod: 30, isActive: true });
  });
});
