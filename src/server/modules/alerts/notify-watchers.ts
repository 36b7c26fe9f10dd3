import { inArray } from 'drizzle-orm';
import { addressKeys, matchesPattern } from '@shared/pattern-keys';
import type { PatternPosition } from '@shared/domain-values';
import type { Queryable } from '@server/db/database';
import { addresses } from '@server/db/schema';
import { notify, type NotificationInput } from './notify';
import { watchesRepository, type WatchRow } from './watches.repository';

export interface NewListing {
  id: string;
  address: string;
  /** SOL, as the API shows it. */
  price: string;
}

/** How the bell writes a pattern: `sol…`, `…sol`, `…sol…`. */
export const shownPattern = (pattern: string, position: PatternPosition): string =>
  position === 'prefix' ? `${pattern}…` : position === 'suffix' ? `…${pattern}` : `…${pattern}…`;

/**
 * Tells every wallet watching a pattern that a new listing matches it (kind 'watch-match'), in the caller's
 * transaction. Watches are found through pattern_watches_match_idx, never scanned: for each (position, case, length)
 * class some watch has, each listing is cut into the keys a watch of that class would have to equal, and those keys
 * are looked up. A seller is not told about its own listing; a wallet with two watches matching one listing is told
 * once.
 */
export async function notifyWatchers(db: Queryable, listings: readonly NewListing[]): Promise<void> {
  if (listings.length === 0) return;
  const matches: { listing: NewListing; watch: WatchRow }[] = [];
  for (const c of await watchesRepository.classes(db)) {
    const keys = new Set(listings.flatMap((l) => addressKeys(l.address, c)));
    const watches = await watchesRepository.matching(db, c, [...keys]);
    for (const watch of watches) {
      for (const listing of listings) if (matchesPattern(listing.address, watch)) matches.push({ listing, watch });
    }
  }
  if (matches.length === 0) return;

  const sellers = new Map(
    (
      await db
        .select({ id: addresses.id, sellerId: addresses.sellerId })
        .from(addresses)
        .where(inArray(addresses.id, [...new Set(matches.map((m) => m.listing.id))]))
    ).map((r) => [r.id, r.sellerId]),
  );
  const told = new Set<string>();
  const items: NotificationInput[] = [];
  for (const { listing, watch } of matches) {
    if (sellers.get(listing.id) === watch.userId) continue;
    const once = `${watch.wallet} ${listing.id}`;
    if (told.has(once)) continue;
    told.add(once);
    items.push({
      wallet: watch.wallet,
      kind: 'watch-match',
      message: `A listing matching ${shownPattern(watch.pattern, watch.position)} appeared at ${listing.price} SOL`,
      data: { addressId: listing.id, address: listing.address },
    });
  }
  await notify(db, items);
}
