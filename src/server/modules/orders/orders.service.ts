import { ErrorCode } from '@shared/api/errors';
import type { Order, OrderPatternBody, OrderPlaceBody, OrderQuote, OrderStatus } from '@shared/api/orders';
import type { OrderLane } from '@shared/domain-values';
import { lamportsToSolString } from '@shared/money';
import {
  chanceFoundBy,
  difficultyOf,
  orderPriceLamports,
  orderProbability,
  orderRarityScore,
  patternProblem,
  secondsAt,
  type OrderPattern,
} from '@shared/orders/quote';
import { AppError, badRequest, conflict } from '../../http/app-error';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/unique-violation';
import { recordAudit } from '../audit';
import { withChain } from '../purchases';
import { orderOwner, settlementRepository } from '../settlement';
import { receiptsRepository } from '../trust';
import type { VaultCipher } from '../key-crypto';
import { laneInputsOf } from './lane-inputs';
import { deadlineOf, newOrderEscrow, paidUpFront, paymentOfOrder } from './order-escrow';
import { ordersRepository, type OrderRow } from './orders.repository';
import { shopSeller } from './shop-seller';

/** What one worker finds in 30 minutes is the default limit (the "one core, 30 minutes"). */
const DEFAULT_LIMIT_SECONDS = 30 * 60;
/** Used for that limit until this instance has measured its own rate (or when it runs no grinder). */
const FALLBACK_KEYS_PER_SECOND_PER_WORKER = 5_000;

export interface OrdersContext {
  db: Db;
  env: {
    shopWallet?: string | undefined;
    isLocal: boolean;
    orderMaxExpectedAttempts?: number | undefined;
    orderQueueMax: number;
    orderMaxPerWallet: number;
    orderMaxPerIp: number;
  };
  /** The wallet's SOL balance at `confirmed`, in lamports. */
  balanceOf(wallet: string): Promise<bigint>;
  /** Candidates per second of this instance's whole pool on a lane (wallet by default), 0 before it is measured. */
  rate(lane?: OrderLane): number;
  perWorkerRate(lane?: OrderLane): number;
  /** Seals each paid-up-front order's escrow key. */
  cipher: VaultCipher;
  now(): Date;
}

/** The hardest pattern a lane takes: what one of its workers tries in the default half hour. */
export function maxExpectedAttempts(ctx: OrdersContext, lane: OrderLane = 'wallet'): number {
  if (ctx.env.orderMaxExpectedAttempts) return ctx.env.orderMaxExpectedAttempts;
  // Before a lane is measured, the wallet lane's fallback: the slowest lane, so never a promise too hard to keep.
  return (ctx.perWorkerRate(lane) || FALLBACK_KEYS_PER_SECOND_PER_WORKER) * DEFAULT_LIMIT_SECONDS;
}

/** The pattern checked and priced; every refusal is a 400 naming what is wrong. */
function checked(ctx: OrdersContext, body: OrderPatternBody): { order: OrderPattern; probability: number } {
  const order: OrderPattern = {
    pattern: body.pattern,
    position: body.position,
    caseSensitive: body.caseSensitive ?? true,
  };
  const problem = patternProblem(order);
  if (problem) throw badRequest(ErrorCode.INVALID_PATTERN, problem);
  const probability = orderProbability(order);
  const limit = maxExpectedAttempts(ctx, body.lane);
  if (!(probability > 0) || 1 / probability > limit) {
    throw badRequest(
      ErrorCode.PATTERN_TOO_HARD,
      `This pattern needs about ${formatCount(1 / probability)} attempts on average; the shop grinds at most ` +
        `${formatCount(limit)}. Try a shorter pattern, or ignore case.`,
    );
  }
  return { order, probability };
}

/**
 * Every lane has the same odds (its addresses are uniform 32-byte values, as keypairs' are), its own measured rate
 * and its own price rule (`orderPriceLamports`).
 */
export function quoteOrder(ctx: OrdersContext, body: OrderPatternBody): OrderQuote {
  const { order, probability } = checked(ctx, body);
  const lane = body.lane ?? 'wallet';
  const difficulty = difficultyOf(probability);
  const rate = ctx.rate(lane);
  return {
    lane,
    ...order,
    difficulty,
    keysPerSecond: Math.round(rate),
    seconds: {
      expected: secondsAt(difficulty.expectedAttempts, rate),
      p50: secondsAt(difficulty.attempts50, rate),
      p95: secondsAt(difficulty.attempts95, rate),
    },
    price: lamportsToSolString(orderPriceLamports(order, probability, lane)),
    rarityScore: orderRarityScore(probability),
  };
}

export interface OrderActor {
  userId: string;
  walletAddress: string;
  ip?: string | null;
  userAgent?: string | null;
}

const tooMany = (n: number, max: number) =>
  conflict(
    ErrorCode.ORDER_ALREADY_ACTIVE,
    `You already have ${n} order${n === 1 ? '' : 's'} queued or being ground; a wallet may have at most ${max} at ` +
      'once. Cancel one or wait for it first.',
  );

/**
 * Places an order at its quoted price (orders cost something to hold). A wallet-lane order is bought like a
 * listing once found, so the wallet's balance must cover it and everything it has already committed to (its other
 * wallet-lane orders, its found orders still reserved for it). A split-key or seed-derived order is paid up front
 * into its own escrow (order-escrow.ts) and waits for that deposit before it is ground. Either way a wallet holds at
 * most `orderMaxPerWallet` orders at once and a client address `orderMaxPerIp`, and the queue holds at most
 * `orderQueueMax`. The balance is read before the transaction so no lock waits on the RPC; the caps are exact because
 * placements are serialised (`lockPlacement`).
 */
export async function placeOrder(
  ctx: OrdersContext,
  body: OrderPlaceBody,
  actor: OrderActor,
  { forBid = false } = {},
): Promise<Order> {
  const { order, probability } = checked(ctx, body);
  const inputs = laneInputsOf(body, actor.walletAddress);
  // A bid's grind is paid from the bid's escrow, like a paid-up-front order from its own: no balance is read.
  const upFront = paidUpFront(inputs.lane) || forBid;
  const seller = await shopSeller(ctx.db, ctx.env); // refuse up front when the shop cannot sell what it would find
  const price = orderPriceLamports(order, probability, inputs.lane);
  const now = ctx.now();
  const balance = upFront ? null : await withChain(() => ctx.balanceOf(actor.walletAddress));
  const cannotPay = (owed: bigint) =>
    conflict(
      ErrorCode.INSUFFICIENT_FUNDS,
      `Your wallet holds ${lamportsToSolString(balance ?? 0n)} SOL; this order is quoted at ` +
        `${lamportsToSolString(price)} SOL` +
        (owed > 0n ? ` on top of ${lamportsToSolString(owed)} SOL for your other orders` : '') +
        '. An order needs a wallet that can pay for what it finds: add SOL and try again.',
    );
  // A wallet that cannot pay even this order is refused before the placement lock, which every placement queues on
  // (fifty empty wallets retrying every second must not hold up the orders that can be paid).
  if (balance !== null && balance < price) throw cannotPay(0n);
  const expectedSeconds = secondsAt(1 / probability, ctx.rate(inputs.lane));
  const escrow = paidUpFront(inputs.lane) ? newOrderEscrow(ctx.cipher, price, seller.walletAddress) : null;
  const place = () =>
    ctx.db.transaction(async (tx) => {
      await ordersRepository.lockPlacement(tx);
      const committed = await ordersRepository.committedFor(tx, actor.userId, now);
      if (balance !== null) {
        // Paid-up-front orders hold their price in escrow: only wallet-lane ones are owed from the balance.
        const owed = committed.filter((o) => o.lane === 'wallet' && !o.forBid).reduce((sum, o) => sum + o.price, 0n);
        if (balance < price + owed) throw cannotPay(owed);
      }
      const mine = committed.filter((o) => o.status !== 'found').length;
      if (mine >= ctx.env.orderMaxPerWallet) throw tooMany(mine, ctx.env.orderMaxPerWallet);
      if (actor.ip && (await ordersRepository.activeCountForIp(tx, actor.ip)) >= ctx.env.orderMaxPerIp) {
        throw new AppError(
          429,
          ErrorCode.TOO_MANY_ORDERS,
          `Too many orders are queued from your network (at most ${ctx.env.orderMaxPerIp}). Please wait for one to finish.`,
        );
      }
      const waiting = await ordersRepository.activeCount(tx);
      if (waiting >= ctx.env.orderQueueMax) {
        throw new AppError(
          503,
          ErrorCode.GRINDER_BUSY,
          `The grinder is busy: ${waiting} orders are ahead. Please try again later.`,
        );
      }
      const inserted = await ordersRepository.insert(tx, {
        requesterId: actor.userId,
        ...order,
        ...inputs,
        probability,
        price,
        ip: actor.ip ?? null,
        quotedSeconds: expectedSeconds,
        forBid,
        ...(escrow
          ? {
              status: 'awaiting-payment' as const,
              ...escrow.columns,
              deadline: deadlineOf(
                now,
                secondsAt(difficultyOf(probability).attempts95, ctx.perWorkerRate(inputs.lane)),
              ),
            }
          : {}),
      });
      if (escrow) await settlementRepository.insertEscrowKey(tx, orderOwner(inserted.id), escrow.key);
      await recordAudit(tx, {
        action: 'order.place',
        performedBy: actor.walletAddress,
        ip: actor.ip ?? null,
        userAgent: actor.userAgent ?? null,
        metadata: {
          orderId: inserted.id,
          lane: inputs.lane,
          pattern: order.pattern,
          position: order.position,
          price: inserted.price,
        },
      });
      return inserted;
    });
  const row = await place().catch((err: unknown) => {
    // custom_orders_base_point_idx: every P is ground once, ever (DESIGN.md §14).
    if (isUniqueViolation(err, 'custom_orders_base_point_idx')) {
      throw badRequest(
        ErrorCode.BASE_POINT_REUSED,
        'basePoint has been sent before: make a fresh one (a new a) for every order',
      );
    }
    throw err;
  });
  return orderView(ctx, row, null);
}

/**
 * The state a reader is shown: a found order whose address its requester bought reads as purchased, and one whose
 * reservation has run out (bought by nobody, or by a stranger once on open sale) as expired, as
 * `ordersRepository.settle` will write them within seconds. Computed rather than written, because no GET writes.
 */
export function shownStatus(row: OrderRow, boughtByRequester: boolean, now: Date): OrderStatus {
  if (row.status !== 'found') return row.status;
  if (boughtByRequester) return 'purchased';
  if (row.reservedUntil !== null && row.reservedUntil < now) return 'expired';
  return 'found';
}

/**
 * The requester's view: progress, the honest chance found by now, and an ETA at the current rate. `purchaseId`: the
 * requester's purchase of the order's address, if any (`ordersRepository.findWithAddress`).
 */
export async function orderView(
  ctx: OrdersContext,
  row: OrderRow,
  address: string | null,
  purchaseId: string | null = null,
): Promise<Order> {
  const attempts = Number(row.attempts);
  const expectedAttempts = 1 / row.probability;
  const rate = row.status === 'grinding' && row.rate > 0 ? row.rate : ctx.rate();
  const active = row.status === 'queued' || row.status === 'grinding';
  const status = shownStatus(row, purchaseId !== null, ctx.now());
  return {
    id: row.id,
    pattern: row.pattern,
    position: row.position,
    caseSensitive: row.caseSensitive,
    status,
    price: lamportsToSolString(row.price),
    probability: row.probability,
    expectedAttempts,
    attempts,
    keysPerSecond: Math.round(rate),
    // Found (then purchased or expired): certain.
    chanceFoundByNow: row.foundAt !== null ? 1 : chanceFoundBy(row.probability, attempts),
    // Memoryless: however long it has run, a match is still 1/p attempts away on average.
    etaSeconds: active ? secondsAt(expectedAttempts, rate) : null,
    queuePosition: row.status === 'queued' ? await ordersRepository.ahead(ctx.db, row) : null,
    waitedPastEta: row.status === 'queued' && waitedPastEta(row, ctx.now()),
    closedReason: row.closedReason,
    address: address ?? (row.status === 'delivered' ? row.foundAddress : null),
    addressId: row.addressId,
    reservedUntil: row.reservedUntil?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    foundAt: row.foundAt?.toISOString() ?? null,
    purchaseId: status === 'purchased' ? purchaseId : null,
    ...(await laneView(ctx, row)),
  };
}

/**
 * What a split-key or seed-derived order adds to the requester's view: its inputs, once delivered the address and
 * the public value that completes it (t or the seed), the deposit's instructions while they are awaited, and the
 * transfers its escrow made.
 */
async function laneView(ctx: OrdersContext, row: OrderRow) {
  const delivered = row.status === 'delivered';
  const transfers = row.escrow === null ? [] : await settlementRepository.landedTransfersOfOrder(ctx.db, row.id);
  return {
    lane: row.lane,
    basePoint: row.basePoint,
    base: row.seedBase,
    owner: row.seedOwner,
    tweak: delivered ? row.tweak : null,
    seed: delivered ? row.seed : null,
    payment: paymentOfOrder(row),
    deadline: row.deadline?.toISOString() ?? null,
    payoutSignature: transfers.find((t) => t.kind === 'payout')?.signature ?? null,
    refundSignatures: transfers.filter((t) => t.kind === 'refund').map((t) => t.signature),
    receipt: delivered ? ((await receiptsRepository.findForOrder(ctx.db, row.id)) ?? null) : null,
  };
}

/**
 * Still queued after longer than its quoted grind time: the page then says how far back it is. An order
 * placed before the rate was measured had no time quoted; it counts as overdue after the default limit's half hour.
 */
function waitedPastEta(row: OrderRow, now: Date): boolean {
  const quotedMs = (row.quotedSeconds ?? DEFAULT_LIMIT_SECONDS) * 1000;
  return now.getTime() - row.createdAt.getTime() > quotedMs;
}

function formatCount(n: number): string {
  if (!Number.isFinite(n)) return 'infinitely many';
  return Math.round(n).toLocaleString('en-US');
}
