import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { address } from '@solana/kit';
import type { ChainRpc } from '@chain/rpc/chain-rpc';
import type { AppInstance } from '../../types';
import { sendOn, type PurchaseDeps } from '../purchases';
import { deliverLaneMatch } from './deliver-lane-match';
import { settleOrder, settleOrderEscrows } from './order-escrow';
import { createGrindPool, type GrindPool } from './grind-pool';
import { createGrinder, type Grinder, type GrinderDeps } from './grinder';
import { ordersRepository } from './orders.repository';
import { ordersRoutes } from './orders.routes';
import { placeOrder, quoteOrder, type OrderActor, type OrdersContext } from './orders.service';
import type { Order, OrderPatternBody, OrderQuote } from '@shared/api/orders';

export { ordersRepository } from './orders.repository';
export { createGrindPool, type GrindPool } from './grind-pool';
export { keyMatcherOf, uniformKeyProbability } from './grind-key-match';
export { matcherOf } from './grind-match';
export { createKeySource } from './grind-keys';
export { candidateSourceOf, sampleLane, LANE_KINDS, type LaneKind } from './grind-lanes';

export interface OrdersRuntime {
  /** Starts this instance's grinder pool (measuring its rate) and lease loop; a no-op with GRIND_WORKERS=0. */
  start(): Promise<void>;
  /** Stops the lease loop and the worker threads, letting go of the current order's lease. */
  stop(): Promise<void>;
  rate(): number;
  /** A custom order's quote at this instance's measured rate (the bid page shows what grinding would cost). */
  quote(body: OrderPatternBody): OrderQuote;
  /** Places a wallet-lane order for a pattern bid whose escrow holds the price ("grind it"). */
  placeForBid(actor: OrderActor, body: OrderPatternBody): Promise<Order>;
  /** Called with a wallet-lane order's id once its key is found and listed (set by the bids plugin). */
  onFound: ((orderId: string) => Promise<void>) | null;
  /**
   * found → purchased / expired, and one settlement pass over the paid-up-front orders' escrows (paid, refunded,
   * delivered and paid out), every 5 s once started. Reads never call it (no GET writes): they show
   * the state it is about to write (`shownStatus`).
   */
  settle(): Promise<{ purchased: number; expired: number; escrowErrors: string[] }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    orders: OrdersRuntime;
  }
}

const SETTLE_MS = 5_000;

/**
 * Custom-pattern orders (docs/domain.md#custom-orders). The routes are always there; the grinder starts when the server
 * listens (apps that only `inject`, i.e. tests, start it themselves with `app.orders.start()`), so building an app
 * never spawns threads. Needs `app.vault` registered first.
 */
export const ordersPlugin = fp(
  async (app: FastifyInstance, opts: { rpc: ChainRpc; purchases: PurchaseDeps }) => {
    const env = app.env;
    const balanceOf = async (wallet: string) =>
      (await opts.rpc.getBalance(address(wallet), { commitment: 'confirmed' }).send()).value;
    let pool: GrindPool | null = null;
    let grinder: Grinder | null = null;
    let settleTimer: NodeJS.Timeout | undefined;
    let starting: Promise<void> | null = null;
    const ctx: OrdersContext = {
      db: app.database.db,
      env,
      rate: (lane) => pool?.rate(lane) ?? 0,
      perWorkerRate: (lane) => pool?.perWorkerRate(lane) ?? 0,
      now: () => new Date(),
      balanceOf,
      cipher: app.vault.cipher,
    };
    const settle = async () => ({
      ...(await ordersRepository.settle(app.database.db, new Date())),
      escrowErrors: await settleOrderEscrows(opts.purchases),
    });
    // One pass at a time: a slow RPC must not stack passes over the same escrows.
    let settling: Promise<unknown> | null = null;
    const settleOnce = () => (settling ??= settle().finally(() => (settling = null)));
    const deliver: GrinderDeps['deliver'] = async (order, owner, hit, attempts) => {
      const outcome = await deliverLaneMatch(
        { db: app.database.db, attestation: app.attestation, now: () => new Date() },
        order,
        owner,
        hit,
        attempts,
      );
      // The payout to the shop goes out now (the outbox pass sends whatever this does not).
      if (outcome === 'found' && order.escrow) {
        await sendOn(opts.purchases, [order.escrow]).catch((err: unknown) =>
          app.log.warn({ err, orderId: order.id }, 'order payout not sent yet; the outbox pass sends it'),
        );
      }
      return outcome;
    };

    const runtime: OrdersRuntime = {
      rate: ctx.rate,
      quote: (body) => quoteOrder(ctx, body),
      placeForBid: (actor, body) => placeOrder(ctx, { ...body, lane: 'wallet' }, actor, { forBid: true }),
      onFound: null,
      settle,
      start() {
        starting ??= (async () => {
          settleTimer = setInterval(
            // Tracked: a settle running when shutdown begins finishes before the database closes.
            () => void app.inFlight.track(settleOnce()).catch((err: unknown) => app.log.warn({ err }, 'settle')),
            SETTLE_MS,
          );
          settleTimer.unref();
          if (env.grindWorkers === 0) return;
          pool = await createGrindPool(env.grindWorkers);
          app.log.info({ workers: pool.size, keysPerSecond: Math.round(pool.rate()) }, 'order grinder measured');
          grinder = createGrinder({
            db: app.database.db,
            cipher: app.vault.cipher,
            env,
            pool,
            log: app.log,
            leaseMs: env.orderLeaseMs,
            balanceOf,
            deliver,
            onFound: (orderId) => runtime.onFound?.(orderId) ?? Promise.resolve(),
          });
          grinder.start();
        })();
        return starting;
      },
      async stop() {
        await starting?.catch(() => undefined);
        clearInterval(settleTimer);
        await grinder?.stop();
        await pool?.close();
        grinder = null;
        pool = null;
        starting = null;
      },
    };
    app.decorate('orders', runtime);
    await app.register(async (scope) =>
      ordersRoutes(scope as AppInstance, { ctx, settle: (order) => settleOrder(opts.purchases, order) }),
    );
    app.addHook('onListen', async () => {
      // Measuring takes a few hundred ms: do not hold up the listen callback for it.
      void runtime.start().catch((err: unknown) => app.log.error({ err }, 'order grinder failed to start'));
    });
    app.addHook('onClose', async () => runtime.stop());
  },
  { name: 'vv-orders', dependencies: ['vault', 'attestation'] },
);
