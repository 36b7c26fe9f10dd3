import { ErrorCode } from '@shared/api/errors';
import type { Order, OrderPatternBody, OrderQuote, OrderStatus } from '@shared/api/orders';
import { lamportsToSolString, parseSolToLamports } from '@shared/money';
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
import { recordAudit } from '../audit';
import { withChain } from '../purchases';
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
  /** Keys per second of this instance's whole pool, 0 before it is measured. */
  rate(): number;
  perWorkerRate(): number;
  now(): Date;
}

export function maxExpectedAttempts(ctx: OrdersContext): number {
  if (ctx.env.orderMaxExpectedAttempts) return ctx.env.orderMaxExpectedAttempts;
  return (ctx.perWorkerRate() || FALLBACK_KEYS_PER_SECOND_PER_WORKER) * DEFAULT_LIMIT_SECONDS;
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
  const limit = maxExpectedAttempts(ctx);
  if (!(probability > 0) || 1 / probability > limit) {
    throw badRequest(
      ErrorCode.PATTERN_TOO_HARD,
      `This pattern needs about ${formatCount(1 / probability)} attempts on average; the shop grinds at most ` +
        `${formatCount(limit)}. Try a shorter pattern, or ignore case.`,
    );
  }
  return { order, probability };
}

export function quoteOrder(ctx: OrdersContext, body: OrderPatternBody): OrderQuote {
  const { order, probability } = checked(ctx, body);
  const difficulty = difficultyOf(probability);
  const rate = ctx.rate();
  return {
    ...order,
    difficulty,
    keysPerSecond: Math.round(rate),
    seconds: {
      expected: secondsAt(difficulty.expectedAttempts, rate),
      p50: secondsAt(difficulty.attempts50, rate),
      p95: secondsAt(difficulty.attempts95, rate),
    },
    price: lamportsToSolString(orderPriceLamports(order, probability)),
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
 * Places an order at its quoted price (issue 26: orders cost something to hold). The wallet's balance must cover it
 * and everything it has already committed to (its other active orders, its found orders still reserved for it); a
 * wallet has at most `orderMaxPerWallet` active orders and a client address `orderMaxPerIp`; the queue holds at most
 * `orderQueueMax`. The balance is read before the transaction so no lock waits on the RPC; the caps are exact because
 * placements are serialised (`lockPlacement`).
 */
export async function placeOrder(ctx: OrdersContext, body: OrderPatternBody, actor: OrderActor): Promise<Order> {
  const { order, probability } = checked(ctx, body);
  await shopSeller(ctx.db, ctx.env); // refuse up front when the shop cannot list what it would find
  const price = orderPriceLamports(order, probability);
  const balance = await withChain(() => ctx.balanceOf(actor.walletAddress));
  const now = ctx.now();
  const cannotPay = (owed: bigint) =>
    conflict(
      ErrorCode.INSUFFICIENT_FUNDS,
      `Your wallet holds ${lamportsToSolString(balance)} SOL; this order is quoted at ${lamportsToSolString(price)} ` +
        'SOL' +
        (owed > 0n ? ` on top of ${lamportsToSolString(owed)} SOL for your other orders` : '') +
        '. An order needs a wallet that can pay for what it finds: add SOL and try again.',
    );
  // A wallet that cannot pay even this order is refused before the placement lock, which every placement queues on
  // (issue 26: fifty empty wallets retrying every second must not hold up the orders that can be paid).
  if (balance < price) throw cannotPay(0n);
  const row = await ctx.db.transaction(async (tx) => {
    await ordersRepository.lockPlacement(tx);
    const committed = await ordersRepository.committedFor(tx, actor.userId, now);
    const owed = committed.reduce((sum, o) => sum + parseSolToLamports(o.price), 0n);
    if (balance < price + owed) throw cannotPay(owed);
    const mine = committed.filter((o) => o.status === 'queued' || o.status === 'grinding').length;
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
      probability,
      price: lamportsToSolString(price),
      ip: actor.ip ?? null,
      quotedSeconds: secondsAt(1 / probability, ctx.rate()),
    });
    await recordAudit(tx, {
      action: 'order.place',
      performedBy: actor.walletAddress,
      ip: actor.ip ?? null,
      userAgent: actor.userAgent ?? null,
      metadata: { orderId: inserted.id, pattern: order.pattern, position: order.position, price: inserted.price },
    });
    return inserted;
  });
  return orderView(ctx, row, null);
}

/**
 * The state a reader is shown: a found order whose listing has sold reads as purchased, and one whose
 * reservation has run out as expired, as `ordersRepository.settle` will write them within seconds. Computed
 * rather than written, because no GET writes (issue 17).
 */
export function shownStatus(row: OrderRow, addressStatus: string | null, now: Date): OrderStatus {
  if (row.status !== 'found') return row.status;
  if (addressStatus === 'sold') return 'purchased';
  if (row.reservedUntil !== null && row.reservedUntil < now) return 'expired';
  return 'found';
}

/** The requester's view: progress, the honest chance found by now, and an ETA at the current rate. */
export async function orderView(
  ctx: OrdersContext,
  row: OrderRow,
  address: string | null,
  addressStatus: string | null = null,
): Promise<Order> {
  const attempts = Number(row.attempts);
  const expectedAttempts = 1 / row.probability;
  const rate = row.status === 'grinding' && row.rate > 0 ? row.rate : ctx.rate();
  const active = row.status === 'queued' || row.status === 'grinding';
  const status = shownStatus(row, addressStatus, ctx.now());
  return {
    id: row.id,
    pattern: row.pattern,
    position: row.position,
    caseSensitive: row.caseSensitive,
    status,
    price: lamportsToSolString(parseSolToLamports(row.price)), // '0.001', not the column's '0.00100000'
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
    address,
    addressId: row.addressId,
    reservedUntil: row.reservedUntil?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    foundAt: row.foundAt?.toISOString() ?? null,
  };
}

/**
 * Still queued after longer than its quoted grind time (issue 26): the page then says how far back it is. An order
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
