import { and, asc, eq, inArray, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import { matchesPattern, type PatternClass } from '@shared/pattern-keys';
import type { Queryable } from '@server/db/database';
import { addresses, users } from '@server/db/schema';
import type { PurchaseDeps } from '../purchases';
import { fillBid, fillFromCandidates } from './bid-fill';
import { bidsRepository, type BidRow } from './bids.repository';
import type { OpenBidIndex } from './open-bid-index';

type PatternOf = Pick<BidRow, 'pattern' | 'position' | 'caseSensitive'>;
const patternOf = (b: PatternOf) => ({ pattern: b.pattern!, position: b.position!, caseSensitive: b.caseSensitive! });

/** `address [I]LIKE …`: the trigram index finds the candidates, `matchesPattern` decides. Base58 has no % or _. */
function likeOf(b: PatternOf) {
  const p = b.pattern!;
  const text = b.position === 'prefix' ? `${p}%` : b.position === 'suffix' ? `%${p}` : `%${p}%`;
  return b.caseSensitive ? sql`${addresses.address} like ${text}` : sql`${addresses.address} ilike ${text}`;
}

/** Listings for sale (listed, available or showing a checkout, not deleted) that also meet `conditions`, with sellers. */
const forSaleWithSeller = (db: Queryable, ...conditions: (SQL | undefined)[]) =>
  db
    .select({ id: addresses.id, address: addresses.address, price: addresses.price, seller: users.walletAddress })
    .from(addresses)
    .innerJoin(users, eq(users.id, addresses.sellerId))
    .where(
      and(
        eq(addresses.isListed, true),
        inArray(addresses.status, ['available', 'pending']),
        isNull(addresses.deletedAt),
        ...conditions,
      ),
    );

/**
 * Listings for sale now that match a pattern, cheapest first (and at most `maxLamports` when given): the bid page's
 * "matching stock" and a newly funded bid's fill from stock.
 */
export async function matchingStock(
  db: Queryable,
  b: PatternOf,
  opts: { maxLamports?: bigint; limit: number; excludeSeller?: string },
): Promise<{ id: string; address: string; price: bigint }[]> {
  const rows = await forSaleWithSeller(
    db,
    likeOf(b),
    // In SQL, not after the limit: a bidder's own cheapest listings must not hide another seller's.
    opts.excludeSeller === undefined ? undefined : ne(users.walletAddress, opts.excludeSeller),
    opts.maxLamports === undefined ? undefined : lte(addresses.price, opts.maxLamports),
  )
    .orderBy(asc(addresses.price), asc(addresses.createdAt))
    .limit(opts.limit);
  return rows
    .filter((r) => matchesPattern(r.address, patternOf(b)))
    .map(({ id, address, price }) => ({ id, address, price }));
}

/** A funded bid buys the cheapest matching listing at or below its price, if there is one (from stock). */
export async function fillFromStock(deps: PurchaseDeps, bid: BidRow): Promise<boolean> {
  if (bid.kind !== 'pattern') return false;
  const stock = await matchingStock(deps.db, bid, {
    maxLamports: bid.maxPriceLamports,
    limit: 5,
    excludeSeller: bid.bidderWallet,
  });
  return fillFromCandidates(
    deps,
    bid,
    stock.map((s) => s.id),
  );
}

export /**
 * How long after its last check an open bid is due to be offered the stock again, and how many one pass takes: 20
 * per 5 s pass (four stock searches a second at most), so with thousands of open bids each waits longer than ten
 * minutes. It is a safety net, not the way bids fill.
 */
const STOCK_RECHECK_MS = 10 * 60 * 1000;
const STOCK_RECHECKS_PER_PASS = 20;

/**
 * The periodic re-check (docs/domain.md#bids-and-offers): each open pattern bid is offered the stock again, the
 * longest-waiting first, a batch per pass, no sooner than ten minutes after its last check. New listings are matched when they are written; this finds the ones whose
 * matching never ran (the server died between the listing's commit and the match), so no bid waits forever.
 */
export async function recheckStock(deps: PurchaseDeps): Promise<number> {
  const now = deps.now();
  const due = await bidsRepository.claimStockChecks(
    deps.db,
    now,
    new Date(now.getTime() - STOCK_RECHECK_MS),
    STOCK_RECHECKS_PER_PASS,
  );
  let filled = 0;
  for (const bid of due) if (await fillFromStock(deps, bid)) filled += 1;
  return filled;
}

interface NewListing {
  id: string;
  address: string;
  priceLamports: bigint;
  sellerWallet: string;
}

/**
 * Matches newly listed (or repriced) addresses against the open pattern bids without scanning them (from
 * new listings): the in-memory index of open bid keys (open-bid-index.ts) proposes the keys each address matches, and
 * only those are looked up in bids_open_match_idx. Each listing goes to its highest matching bid that covers its
 * price (the earlier bid on a tie), in the order given; a bid that fills is not offered another. Returns the
 * listings sold.
 */
export async function fillNewListings(
  deps: PurchaseDeps,
  listings: readonly NewListing[],
  openBids: OpenBidIndex,
): Promise<Set<string>> {
  const sold = new Set<string>();
  if (listings.length === 0) return sold;
  const index = await openBids.current();
  if (index.size === 0) return sold;
  // class → key → the listings whose address it matched
  const hits = new Map<string, { c: PatternClass; byKey: Map<string, NewListing[]> }>();
  for (const l of listings) {
    for (const m of index.matches(l.address)) {
      const id = `${m.position}|${m.caseSensitive}|${m.length}`;
      let entry = hits.get(id);
      if (!entry) hits.set(id, (entry = { c: m, byKey: new Map() }));
      entry.byKey.set(m.key, [...(entry.byKey.get(m.key) ?? []), l]);
    }
  }
  const candidates = new Map<string, BidRow[]>(); // listing id → matching open bids
  for (const { c, byKey } of hits.values()) {
    for (const bid of await bidsRepository.matching(deps.db, c, [...byKey.keys()])) {
      for (const l of byKey.get(bid.patternKey!) ?? []) {
        if (bid.maxPriceLamports < l.priceLamports || bid.bidderWallet === l.sellerWallet) continue;
        candidates.set(l.id, [...(candidates.get(l.id) ?? []), bid]);
      }
    }
  }
  const used = new Set<string>();
  for (const l of listings) {
    const bids = (candidates.get(l.id) ?? []).sort((a, b) =>
      a.maxPriceLamports === b.maxPriceLamports
        ? a.createdAt.getTime() - b.createdAt.getTime()
        : a.maxPriceLamports > b.maxPriceLamports
          ? -1
          : 1,
    );
    for (const bid of bids) {
      if (used.has(bid.id)) continue;
      const outcome = await fillBid(deps, bid.id, l.id);
      if (outcome === 'bid-not-open') {
        used.add(bid.id);
        continue;
      }
      if (outcome === 'filled') {
        used.add(bid.id);
        sold.add(l.id);
      }
      break; // filled, or the listing is no longer for sale (sold first, unsafe): no other bid can have it
    }
  }
  return sold;
}

/** The listings just created or repriced, as matching needs them; those no longer for sale are left out. */
export async function newListingsOf(db: Queryable, ids: readonly string[]): Promise<NewListing[]> {
  if (ids.length === 0) return [];
  const rows = await forSaleWithSeller(db, sql`${addresses.id} = any(${sql.param([...ids])}::uuid[])`);
  const order = new Map(ids.map((id, i) => [id, i]));
  return rows
    .sort((a, b) => order.get(a.id)! - order.get(b.id)!)
    .map((r) => ({ id: r.id, address: r.address, priceLamports: r.price, sellerWallet: r.seller }));
}
