import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { PurchaseDeps } from '../purchases';
import { settleBid, settleBidEscrows } from './bid-escrow';
import { fillFromStock, fillNewListings, newListingsOf } from './bid-match';
import type { BidsRuntime } from './bids-runtime';
import { bidPayRoutes } from './bid-pay.routes';
import { bidsRoutes } from './bids.routes';

export type { BidsRuntime } from './bids-runtime';
export { fillBid } from './bid-fill';
export { settleBid, settleBidEscrows } from './bid-escrow';
export { fillFromStock } from './bid-match';
export { bidsRepository, type BidRow } from './bids.repository';

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
    const stock = (bid: Parameters<typeof fillFromStock>[1]) => fillFromStock(deps, bid);
    const runtime: BidsRuntime = {
      deps,
      async settle(bid) {
        return (await settleBid(deps, bid, stock)) ?? bid;
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
        return fillNewListings(deps, await newListingsOf(deps.db, addressIds));
      },
      settleAll: () => settleBidEscrows(deps, stock),
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
