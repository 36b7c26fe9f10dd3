import { errorResponses } from '@server/http/error-responses';
import { ErrorCode, apiErrorSchema } from '@shared/api/errors';
import { byAddressParamsSchema } from '@shared/api/listings';
import {
  addressProvenanceSchema,
  myOrdersSchema,
  orderConfirmSchema,
  orderParamsSchema,
  orderPatternSchema,
  orderPlaceSchema,
  orderQuoteSchema,
  orderSchema,
} from '@shared/api/orders';
import { notFound, unauthorized, conflict } from '../../http/app-error';
import type { AppInstance } from '../../types';
import { ordersRepository, type OrderRow } from './orders.repository';
import { orderView, placeOrder, quoteOrder, type OrdersContext } from './orders.service';

const MINUTE = 60_000;
const errors = errorResponses(400, 401, 403, 404);
const orderNotFound = () => notFound(ErrorCode.ORDER_NOT_FOUND, 'Order not found');

/** POST /api/orders/quote, POST /api/orders, GET /api/orders/mine, GET /api/orders/{id}, POST /api/orders/{id}/cancel. */
export async function ordersRoutes(
  app: AppInstance,
  opts: { ctx: OrdersContext; settle: (order: OrderRow) => Promise<void> },
) {
  const { ctx, settle } = opts;
  const sessionOf = (request: { session: { userId: string; walletAddress: string } | null }) => {
    if (!request.session) throw unauthorized();
    return request.session;
  };

  app.post(
    '/api/orders/quote',
    {
      // Typed live on the order page, so generous; quoting is pure arithmetic.
      config: { access: 'public', walletMatch: false, rateLimit: { max: 240, timeWindow: MINUTE, keyBy: 'ip' } },
      schema: {
        tags: ['orders'],
        summary: "Quote a custom pattern: difficulty, time at the shop's measured rate, price, rarity",
        body: orderPatternSchema,
        response: { 200: orderQuoteSchema, 400: apiErrorSchema },
      },
    },
    async (request) => quoteOrder(ctx, request.body),
  );

  app.post(
    '/api/orders',
    {
      config: {
        access: 'session',
        sessionMessage: 'Connect your wallet to place an order.',
        rateLimit: [
          { max: 30, timeWindow: MINUTE, keyBy: 'ip' },
          { max: 10, timeWindow: MINUTE, keyBy: 'wallet' },
        ],
      },
      schema: {
        tags: ['orders'],
        summary:
          'Place a custom-pattern order on a lane: a wallet-lane order needs a wallet holding its price; a split-key ' +
          '(basePoint) or seed-derived (base, owner) order answers with the payment into its own escrow. Capped per ' +
          'wallet and per client address',
        body: orderPlaceSchema,
        response: { 201: orderSchema, 409: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const order = await placeOrder(ctx, request.body, {
        userId: session.userId,
        walletAddress: session.walletAddress,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      return reply.code(201).send(order);
    },
  );

  // Not GET /api/orders: with trailing slashes ignored, 'GET /api/orders/' would then answer for an empty id.
  app.get(
    '/api/orders/mine',
    {
      config: { access: 'session' },
      schema: {
        tags: ['orders'],
        summary: "The signed-in wallet's orders, newest first",
        response: { 200: myOrdersSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const rows = await ordersRepository.listFor(ctx.db, session.userId);
      return { orders: await Promise.all(rows.map((r) => orderView(ctx, r.order, r.address, r.purchaseId))) };
    },
  );

  app.get(
    '/api/orders/:id',
    {
      config: { access: 'session' },
      schema: {
        tags: ['orders'],
        summary: 'An order: attempts so far, rate, chance found by now, ETA',
        params: orderParamsSchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const row = await ordersRepository.findWithAddress(ctx.db, request.params.id);
      // Another wallet's order is "not found": ids are not to be probed.
      if (!row || row.order.requesterId !== session.userId) throw orderNotFound();
      return orderView(ctx, row.order, row.address, row.purchaseId);
    },
  );

  app.post(
    '/api/orders/:id/cancel',
    {
      config: { access: 'session' },
      schema: {
        tags: ['orders'],
        summary: 'Cancel an order while it is queued or grinding',
        params: orderParamsSchema,
        response: { 200: orderSchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const existing = await ordersRepository.findWithAddress(ctx.db, request.params.id);
      if (!existing || existing.order.requesterId !== session.userId) throw orderNotFound();
      const row = await ordersRepository.cancel(ctx.db, request.params.id, session.userId, ctx.now());
      if (!row) {
        throw conflict(
          ErrorCode.ORDER_NOT_CANCELLABLE,
          `This order is ${existing.order.status}: it can no longer be cancelled`,
        );
      }
      // A paid deposit goes back now; the worker's pass would send it within seconds anyway.
      if (row.escrow !== null) await settle(row);
      return orderView(ctx, row, null);
    },
  );

  app.get(
    '/api/addresses/provenance/:address',
    {
      config: { access: 'public', callerIndependent: true },
      schema: {
        tags: ['orders'],
        summary: 'Whether the shop ground this address on a lane whose key it never held (split key, seed-derived)',
        params: byAddressParamsSchema,
        response: { 200: addressProvenanceSchema.nullable(), 400: apiErrorSchema },
      },
    },
    async (request) => {
      const row = await ordersRepository.deliveredAt(request.readDb, request.params.address);
      if (!row || row.lane === 'wallet' || !row.foundAt) return null;
      return {
        address: request.params.address,
        lane: row.lane,
        keyHeldByShop: 'never' as const,
        pattern: row.pattern,
        position: row.position,
        deliveredAt: row.foundAt.toISOString(),
      };
    },
  );

  app.post(
    '/api/orders/:id/confirm',
    {
      config: {
        access: 'session',
        rateLimit: [{ max: 30, timeWindow: MINUTE, keyBy: 'wallet' }],
      },
      schema: {
        tags: ['orders'],
        summary:
          "Look at a split-key or seed-derived order's escrow now, after the wallet paid (the worker also watches it)",
        params: orderParamsSchema,
        body: orderConfirmSchema,
        response: { 200: orderSchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const existing = await ordersRepository.findWithAddress(ctx.db, request.params.id);
      if (!existing || existing.order.requesterId !== session.userId) throw orderNotFound();
      if (existing.order.escrow === null) {
        throw conflict(ErrorCode.ORDER_NOT_PAYABLE, 'A wallet-lane order is paid by buying its listing once found');
      }
      await settle(existing.order);
      const row = await ordersRepository.findWithAddress(ctx.db, request.params.id);
      return orderView(ctx, row!.order, row!.address, row!.purchaseId);
    },
  );
}
