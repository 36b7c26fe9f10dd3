import type { AppInstance } from '../../types';
import { bulkRoutes } from './bulk.routes';
import { createRoutes } from './create.routes';
import { editRoutes } from './edit.routes';
import { knownAddressRoutes } from './known-addresses.routes';
import { readRoutes } from './read.routes';
import type { ListingsRoutesOptions } from './route-context';
import { createSealPool } from './seal-pool';
import { validateRoutes } from './validate.routes';
import { watchedRoutes } from './watched.routes';
import type { OnListedFn } from './bulk-create.service';

export { bulkCreateListings } from './bulk-create.service';
export { createListing } from './create-listing.service';
export { expirePromotions } from './listing-type';
export { listingStatusRepository } from './listing-status.repository';
export { listingsRepository, type ListingRow } from './listings.repository';
export { listingRecord } from './listing-record';
export { orderReservationOf, type OrderReservation } from './order-reservation';
export { loadKnownAddresses } from './known-addresses.repository';
export { createSealPool } from './seal-pool';

/**
 * A bulk upload's committed chunks are offered to the bids after the answer's work, not in it
 * (docs/domain.md#bids-and-offers): one chunk after another in the background, counted by `app.inFlight` so a
 * shutdown waits for them. The admin's 100,000-row answer does not wait on buyers' fills; each fill still happens
 * within moments of its chunk, without anyone's click.
 */
function afterBulkChunks(app: AppInstance, opts: ListingsRoutesOptions): OnListedFn | undefined {
  const onListed = opts.onListed;
  if (!onListed) return undefined;
  let queue: Promise<unknown> = Promise.resolve();
  return async (ids) => {
    queue = app.inFlight.track(queue.then(() => onListed(ids)));
  };
}

/** Every listing route. Needs `app.vault` (vaultPlugin) registered first. */
export async function listingsRoutes(app: AppInstance, opts: ListingsRoutesOptions = {}): Promise<void> {
  const pool = createSealPool(app.vault.masterKey);
  app.addHook('onClose', () => pool.close());
  await app.register(createRoutes, opts);
  await app.register(bulkRoutes, { pool, accountCheck: opts.accountCheck, onListed: afterBulkChunks(app, opts) });
  await app.register(readRoutes, opts);
  await app.register(editRoutes, opts);
  await app.register(validateRoutes);
  await app.register(knownAddressRoutes);
  await app.register(watchedRoutes, opts);
}
