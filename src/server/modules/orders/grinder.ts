import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { lamportsToSolString } from '@shared/money';
import type { Db } from '../../db/database';
import type { VaultCipher } from '../key-crypto';
import type { GrindPool, SeedDerivedHit, SplitKeyHit } from './grind-pool';
import { grindLaneOf } from './lane-inputs';
import { ordersRepository, type OrderRow } from './orders.repository';
import { recordMatch } from './record-match';
import { shopSeller } from './shop-seller';

export interface GrinderDeps {
  db: Db;
  cipher: VaultCipher;
  env: { shopWallet?: string | undefined; isLocal: boolean };
  pool: GrindPool;
  log: FastifyBaseLogger;
  leaseMs: number;
  /** The wallet's SOL balance at `confirmed`, in lamports: read again when a key is found. */
  balanceOf(wallet: string): Promise<bigint>;
  /** A split-key or seed-derived find (deliver-lane-match.ts, then the order's payout). */
  deliver(
    order: OrderRow,
    owner: string,
    hit: SplitKeyHit | SeedDerivedHit,
    attempts: number,
  ): Promise<'found' | 'lost'>;
  /** A wallet-lane order's key was found and listed (a pattern bid's grind is then sold to the bid). */
  onFound?(orderId: string): Promise<void>;
  /** How often to look for work when the queue is empty. */
  pollMs?: number;
  now?: () => Date;
}

export interface Grinder {
  /** This instance's lease-owner id (one per process start). */
  readonly owner: string;
  start(): void;
  /** Stops claiming, stops the workers on the current order and lets go of its lease so work resumes at once. */
  stop(): Promise<void>;
}

/**
 * The lease loop of one instance (docs/domain.md#custom-orders): claim the next unheld order (fair turns), drop it if
 * its wallet no longer covers its price, else grind it on every worker, beat its lease (adding the attempts) every third of the lease, and record a match. A lost beat (cancelled, or
 * the lease taken over after a stall) stops the workers. Orders of a killed instance come back when their lease runs
 * out.
 */
export function createGrinder(deps: GrinderDeps): Grinder {
  const owner = randomUUID();
  const now = deps.now ?? (() => new Date());
  const pollMs = deps.pollMs ?? 1_000;
  let stopped = true;
  let loop: Promise<void> = Promise.resolve();
  let stopCurrent: (() => void) | null = null;
  let wake: (() => void) | null = null;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      timer.unref();
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  /**
   * The requester's balance against the order's price, read again when its turn comes and when its key is found
   *: the text of the refusal when it no longer covers it, else undefined. If the balance cannot be read,
   * the check made when the order was placed stands: the requester is not punished for an RPC outage.
   */
  async function shortfall(order: OrderRow, when: string): Promise<string | undefined> {
    if (order.forBid) return undefined; // the bid's escrow holds the price
    try {
      const wallet = await ordersRepository.requesterWallet(deps.db, order.requesterId);
      if (!wallet) return undefined;
      const balance = await deps.balanceOf(wallet);
      const price = order.price;
      if (balance >= price) return undefined;
      return `Your wallet held ${lamportsToSolString(balance)} SOL ${when}, less than the order's ${lamportsToSolString(price)} SOL`;
    } catch (err) {
      deps.log.warn({ err, orderId: order.id }, 'order balance re-check failed; the check at placement stands');
      return undefined;
    }
  }

  /**
   * When the key is found, a wallet that no longer covers the price does not get the 24-hour reservation. The key is
   * still listed by the shop, on open sale at the quoted price (grinding it cost the shop the same, and anyone may buy
   * it), and the order ends as expired with the reason.
   */
  async function reservationProblem(order: OrderRow): Promise<string | undefined> {
    const short = await shortfall(order, 'when the address was found');
    return short && `${short}, so it was not reserved for you: it is on open sale.`;
  }

  /**
   * When its turn comes, an order whose wallet no longer covers the price is dropped without grinding: otherwise one
   * stash of SOL moved from wallet to wallet after each placement would fill the queue for free.
   */
  async function turnProblem(order: OrderRow): Promise<string | undefined> {
    const short = await shortfall(order, "when the order's turn came");
    return short && `${short}, so it was cancelled before grinding. Add SOL and order again.`;
  }

  async function work(order: OrderRow): Promise<void> {
    const seller = await shopSeller(deps.db, deps.env);
    let pending = 0;
    const run = deps.pool.grind(order, (n) => (pending += n), grindLaneOf(order));
    stopCurrent = run.stop;
    const beatMs = Math.max(100, Math.floor(deps.leaseMs / 3));
    let beating = Promise.resolve();
    const timer = setInterval(() => {
      beating = beating.then(async () => {
        const attempts = pending;
        pending = 0;
        const held = await ordersRepository
          .heartbeat(deps.db, order.id, owner, { attempts, rate: deps.pool.rate(), now: now(), leaseMs: deps.leaseMs })
          .catch((err: unknown) => {
            deps.log.warn({ err, orderId: order.id }, 'order lease heartbeat failed');
            pending += attempts; // counted at the next beat
            return true;
          });
        if (!held) run.stop();
      });
    }, beatMs);
    timer.unref();
    try {
      const hit = await run.result;
      clearInterval(timer);
      await beating;
      if (hit) {
        const outcome =
          'secretKey' in hit
            ? await recordMatch(
                { db: deps.db, cipher: deps.cipher, seller, now, reservationProblem },
                order,
                owner,
                hit,
                pending,
              )
            : await deps.deliver(order, owner, hit, pending);
        deps.log.info({ orderId: order.id, lane: order.lane, outcome }, 'custom order ground');
        if (outcome === 'found' && 'secretKey' in hit && deps.onFound) {
          await deps
            .onFound(order.id)
            .catch((err: unknown) => deps.log.warn({ err, orderId: order.id }, 'found order not offered to its bid'));
        }
      } else if (stopped) {
        await ordersRepository.heartbeat(deps.db, order.id, owner, {
          attempts: pending,
          rate: deps.pool.rate(),
          now: now(),
          leaseMs: 0,
        });
        await ordersRepository.release(deps.db, order.id, owner);
      }
    } finally {
      clearInterval(timer);
      stopCurrent = null;
    }
  }

  async function run(): Promise<void> {
    while (!stopped) {
      try {
        const order = await ordersRepository.claim(deps.db, owner, now(), deps.leaseMs);
        // A paid-up-front order's price is in its escrow already: only a wallet-lane order's balance is read again.
        const dropped = order?.lane === 'wallet' && (await turnProblem(order));
        if (order && dropped) {
          await ordersRepository.cancelHeld(deps.db, order.id, owner, now(), dropped);
          deps.log.info({ orderId: order.id }, 'custom order dropped: the wallet no longer covers its price');
        } else if (order) await work(order);
        else await pause(pollMs);
      } catch (err) {
        deps.log.error({ err }, 'custom order grinder failed');
        await pause(pollMs);
      }
    }
  }

  return {
    owner,
    start() {
      if (!stopped) return;
      stopped = false;
      loop = run();
    },
    async stop() {
      stopped = true;
      stopCurrent?.();
      wake?.();
      await loop;
    },
  };
}
