import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { lamportsToSolString } from '@shared/money';
import { notifyWatchers } from '../alerts';
import type { PurchaseDeps } from '../purchases';
import { settleBid, settleBidEscrows } from './bid-escrow';
import { fillFromStock, fillNewListings, newListingsOf, recheckStock } from './bid-match';
import type { BidsRuntime } from './bids-runtime';
import { bidsRepository, type BidRow } from './bids.repository';
import { fillBid } from './bid-fill';
import { grindForBid } from './bid-grind';
import { bidPayRoutes } from './bid-pay.routes';
import { bidsRoutes } from './bids.routes';
import { createOpenBidIndex } from './open-bid-index';

export { settleBid } from './bid-escrow';
export { recheckStock } from './bid-match';
export { bidsRepository } from './bids.repository';

declare module 'fastify' {
  interface FastifyInstance {
    bids: BidsRuntime;
  }
}

const SETTLE_MS = 5_000;

/**
 * Pattern bids and offers (docs/domain.md#bids-and-offers). The routes are always there; the settlement pass over bid
 * escrows (deposits, expiry, refunds) runs every 5 s once the server listens (tests call `app.bids.settleAll()`).
 * Needs the orders plugin registered first (for the grind quote).
 */
export const bidsPlugin = fp(
  async (app: FastifyInstance, opts: { purchases: PurchaseDeps }) => {
    const deps = opts.purchases;
    const openBids = createOpenBidIndex(deps.db, deps.now);
    /** A bid just funded: the cheapest matching stock, else (when asked) a grind ordered for it. */
    const afterFunded = async (bid: BidRow) => {
      if ((await fillFromStock(deps, bid)) || !bid.grindIfMissing) return;
      await grindForBid(deps, app.orders, bid).catch((err: unknown) =>
        app.log.warn({ err, bidId: bid.id }, 'no grind ordered for the bid'),
      );
    };
    // The find of a bid's grind is sold to the bid at once (it is reserved for the bidder anyway).
    app.orders.onFound = async (orderId) => {
      const found = await bidsRepository.openBidOfOrder(deps.db, orderId);
      if (found?.addressId) await fillBid(deps, found.bid.id, found.addressId);
    };
    const runtime: BidsRuntime = {
      deps,
      async settle(bid) {
        return (await settleBid(deps, bid, afterFunded)) ?? bid;
      },
      grindQuote(input) {
        if (input.position === 'anywhere') return null; // the grinder takes prefixes and suffixes
        try {
          return app.orders.quote({ ...input, position: input.position, lane: 'wallet' });
        } catch {
          return null; // a pattern too hard to grind
        }
      },
      async onListed(addressIds) {
        const listings = await newListingsOf(deps.db, addressIds);
        const sold = await fillNewListings(deps, listings, openBids);
        // Watchers hear of what is still for sale: a listing a bid bought at once is not news to them.
        await notifyWatchers(
          deps.db,
          listings
            .filter((l) => !sold.has(l.id))
            .map((l) => ({ id: l.id, address: l.address, price: lamportsToSolString(l.priceLamports) })),
        );
        return sold.size;
      },
      async settleAll() {
        const errors = await settleBidEscrows(deps, afterFunded);
        await recheckStock(deps).catch((err: unknown) => errors.push(`stock re-check: ${String(err)}`));
        return errors;
      },
    };
    app.decorate('bids', runtime);
    await app.register(bidsRoutes, { runtime });
    await app.register(bidPayRoutes, { deps });

    let timer: NodeJS.Timeout | undefined;
    let settling: Promise<string[]> | null = null;
    const settleOnce = () => (settling ??= runtime.settleAll().finally(() => (settling = null)));
    app.addHook('onListen', async () => {
      timer = setInterval(
        () =>
          void app.inFlight
            .track(settleOnce())
            .then((errors) => errors.length > 0 && app.log.warn({ errors }, 'bid settlement'))
            .catch((err: unknown) => app.log.warn({ err }, 'bid settlement')),
        SETTLE_MS,
      );
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'vv-bids', dependencies: ['vv-orders'] },
);
