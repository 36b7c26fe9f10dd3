import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { runPrepared } from '../../db/prepared';
import { addresses, users } from '../../db/schema';
import type { ListingRow } from './listings.repository';

/**
 * The columns a listing page shows (`toListing`), from `addresses` alone: 21 of its 36. The rest (search tags,
 * pattern features, tier, timestamps nobody reads) would be read from the heap, sent and mapped for nothing.
 */
export const pageColumns = {
  id: addresses.id,
  address: addresses.address,
  network: addresses.network,
  sellerId: addresses.sellerId,
  price: addresses.price,
  currency: addresses.currency,
  rarityScore: addresses.rarityScore,
  estimatedValue: addresses.estimatedValue,
  category: addresses.category,
  pattern: addresses.pattern,
  patternPosition: addresses.patternPosition,
  patternLength: addresses.patternLength,
  caseSensitivePattern: addresses.caseSensitivePattern,
  status: addresses.status,
  isListed: addresses.isListed,
  isFeatured: addresses.isFeatured,
  isPromoted: addresses.isPromoted,
  isPremiumListing: addresses.isPremiumListing,
  promotionType: addresses.promotionType,
  featuredUntil: addresses.featuredUntil,
  createdAt: addresses.createdAt,
};
/** A seller's own list also says why the shop unlisted a listing. */
export const ownPageColumns = { ...pageColumns, unlistedReason: addresses.unlistedReason };

type PageColumn = keyof typeof pageColumns;
/** What `toListing` reads: a page row with its seller's wallet (any full `ListingRow` is one too). */
export type ListingViewRow = Pick<ListingRow, PageColumn | 'sellerWallet' | 'soldAt'> & {
  unlistedReason?: string | null;
};
export type PageRow = Omit<ListingViewRow, 'sellerWallet'>;

/** Wallets kept at most; far more sellers than a page shows, bounded so invented ids cannot grow it. */
const MAX_WALLETS = 50_000;
/** Seller id → wallet. A user's wallet never changes (it is who they are), so a kept one is never stale. */
const wallets = new Map<string, string>();

/**
 * `rows` with their sellers' wallets, instead of joining `users` on every page: the wallets are usually known
 * (a marketplace has far fewer sellers than listings), and the unknown ones are fetched in one statement.
 */
export async function withSellerWallets<R extends PageRow>(
  db: Queryable,
  rows: R[],
): Promise<(R & { sellerWallet: string })[]> {
  const missing = [...new Set(rows.map((r) => r.sellerId))].filter((id) => !wallets.has(id));
  if (missing.length > 0) {
    const found = await runPrepared(
      db
        .select({ id: users.id, wallet: users.walletAddress })
        .from(users)
        .where(sql`${users.id} = any(${sql.param(missing)}::uuid[])`),
    );
    if (wallets.size + found.length > MAX_WALLETS) wallets.clear();
    for (const { id, wallet } of found) wallets.set(id, wallet);
  }
  // Every listing has a seller (a foreign key that forbids deleting one with listings). Set on the statement's own
  // fresh rows rather than copied: a copy per row was a visible part of a computed page.
  const withWallets = rows as (R & { sellerWallet: string })[];
  for (const r of withWallets) r.sellerWallet = wallets.get(r.sellerId)!;
  return withWallets;
}
