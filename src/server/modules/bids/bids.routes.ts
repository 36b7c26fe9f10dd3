import {
  bidIdParamsSchema,
  bidQuoteQuerySchema,
  bidQuoteSchema,
  bidSchema,
  bestOfferSchema,
  createBidSchema,
  createOfferSchema,
  createdBidSchema,
  myBidsSchema,
  offerListSchema,
  offerSchema,
} from '@shared/api/bids';
import { apiErrorSchema } from '@shared/api/errors';
import { listingIdParamsSchema } from '@shared/api/listings';
import { orderConfirmSchema } from '@shared/api/orders';
import { errorResponses } from '@server/http/error-responses';
import { forbidden, unauthorized } from '../../http/app-error';
import { ErrorCode } from '@shared/api/errors';
import type { AppInstance } from '../../types';
import type { BidsRuntime } from './bids-runtime';
import {
  acceptOffer,
  bidNotFound,
  bidView,
  cancelBid,
  createBid,
  createOffer,
  declineOffer,
  offerNotFound,
  offerView,
  quoteBid,
} from './bids.service';
import { bidsRepository } from './bids.repository';
import { purchaseListingRepository } from '../purchases';

const MINUTE = 60_000;
const errors = errorResponses(400, 401, 403, 404);
const tags = ['bids'];

/**
 * Pattern bids and offers (docs/domain.md#bids-and-offers): POST /api/bids, GET /api/bids/quote|mine|{id},
 * POST /api/bids/{id}/confirm|cancel; POST /api/addresses/{id}/offers, GET /api/addresses/{id}/offers/best,
 * GET /api/offers/{id}|mine|received, POST /api/offers/{id}/accept|decline|cancel|confirm.
 */
export async function bidsRoutes(app: AppInstance, opts: { runtime: BidsRuntime }) {
  const { runtime } = opts;
  const deps = runtime.deps;
  const sessionOf = (request: { session: { userId: string; walletAddress: string } | null }) => {
    if (!request.session) throw unauthorized();
    return request.session;
  };
  /** A bid of the signed-in wallet; another wallet's is "not found": ids are not to be probed. */
  const ownBid = async (request: { session: { userId: string } | null; params: { id: string } }, kind: string) => {
    const session = sessionOf(request as never);
    const bid = await bidsRepository.findById(deps.db, request.params.id);
    if (!bid || bid.kind !== kind || bid.bidderId !== session.userId) {
      throw kind === 'offer' ? offerNotFound() : bidNotFound();
    }
    return bid;
  };
  const writeLimits = {
    rateLimit: [
      { max: 30, timeWindow: MINUTE, keyBy: 'ip' as const },
      { max: 20, timeWindow: MINUTE, keyBy: 'wallet' as const },
    ],
  };

  app.get(
    '/api/bids/quote',
    {
      config: { access: 'public', rateLimit: { max: 240, timeWindow: MINUTE, keyBy: 'ip' } },
      schema: {
        tags,
        summary: 'Before bidding: how often such an address occurs, the matching stock now, what a grind would cost',
        querystring: bidQuoteQuerySchema,
        response: { 200: bidQuoteSchema, 400: apiErrorSchema },
      },
    },
    async (request) => quoteBid(request.readDb, request.query, runtime.grindQuote),
  );

  app.post(
    '/api/bids',
    {
      config: { access: 'session', sessionMessage: 'Connect your wallet to place a bid.', ...writeLimits },
      schema: {
        tags,
        summary:
          'Place a pattern bid; it counts once its deposit (the max price with its fees) lands in the bid’s own escrow',
        body: createBidSchema,
        response: { 201: createdBidSchema, 409: apiErrorSchema, 429: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createBid(deps, request.body, sessionOf(request))),
  );

  app.get(
    '/api/bids/mine',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: "The signed-in wallet's pattern bids, newest first",
        response: { 200: myBidsSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const rows = await bidsRepository.mine(deps.db, sessionOf(request).userId, 'pattern');
      return { bids: await Promise.all(rows.map((r) => bidView(deps.db, r))) };
    },
  );

  app.get(
    '/api/bids/:id',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'A pattern bid: status, the purchase it filled, refunds',
        params: bidIdParamsSchema,
        response: { 200: bidSchema, ...errors },
      },
    },
    async (request) => bidView(deps.db, await ownBid(request, 'pattern')),
  );

  app.post(
    '/api/bids/:id/confirm',
    {
      config: { access: 'session', rateLimit: { max: 60, timeWindow: MINUTE, keyBy: 'wallet' } },
      schema: {
        tags,
        summary: 'Read the bid’s escrow now, right after paying the deposit (a funded bid fills from stock at once)',
        params: bidIdParamsSchema,
        body: orderConfirmSchema,
        response: { 200: bidSchema, ...errors },
      },
    },
    async (request) => bidView(deps.db, await runtime.settle(await ownBid(request, 'pattern'))),
  );

  app.post(
    '/api/bids/:id/cancel',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'Cancel a bid before it fills; its deposit goes back, minus the network fee',
        params: bidIdParamsSchema,
        response: { 200: bidSchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const bid = await ownBid(request, 'pattern');
      await cancelBid(deps, bid);
      return bidView(deps.db, (await bidsRepository.findById(deps.db, bid.id))!);
    },
  );

  app.post(
    '/api/addresses/:id/offers',
    {
      config: { access: 'session', sessionMessage: 'Connect your wallet to make an offer.', ...writeLimits },
      schema: {
        tags,
        summary: 'Offer less than the listed price; the deposit is escrowed until the seller accepts or declines',
        params: listingIdParamsSchema,
        body: createOfferSchema,
        response: { 201: createdBidSchema, 409: apiErrorSchema, 429: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createOffer(deps, request.params.id, request.body, sessionOf(request))),
  );

  app.get(
    '/api/addresses/:id/offers/best',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The best funded offer on a listing, naming no bidder',
        params: listingIdParamsSchema,
        response: { 200: bestOfferSchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      const open = (await bidsRepository.liveOffersOf(request.readDb, request.params.id)).filter(
        (o) => o.status === 'open',
      );
      return {
        addressId: request.params.id,
        bestOffer: open[0] ? (await offerView(request.readDb, open[0])).price : null,
        openOffers: open.length,
      };
    },
  );

  app.get(
    '/api/offers/mine',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: "The signed-in wallet's offers, newest first",
        response: { 200: offerListSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const rows = await bidsRepository.mine(deps.db, sessionOf(request).userId, 'offer');
      return { offers: await Promise.all(rows.map((r) => offerView(deps.db, r))) };
    },
  );

  app.get(
    '/api/offers/received',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'Open offers on the signed-in seller’s listings, best first',
        response: { 200: offerListSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const rows = await bidsRepository.receivedOffers(deps.db, sessionOf(request).userId);
      return { offers: await Promise.all(rows.map((r) => offerView(deps.db, r))) };
    },
  );

  /** An offer its bidder or its listing's seller may see and act on; "not found" to anyone else. */
  const visibleOffer = async (request: { session: { userId: string } | null; params: { id: string } }) => {
    const session = sessionOf(request as never);
    const offer = await bidsRepository.findById(deps.db, request.params.id);
    if (!offer || offer.kind !== 'offer') throw offerNotFound();
    const listing = await purchaseListingRepository.withSeller(deps.db, offer.addressId!);
    const role = offer.bidderId === session.userId ? 'bidder' : listing?.sellerId === session.userId ? 'seller' : null;
    if (!role) throw offerNotFound();
    return { offer, role };
  };
  const asSeller = async (request: Parameters<typeof visibleOffer>[0]) => {
    const { offer, role } = await visibleOffer(request);
    if (role !== 'seller') throw forbidden(ErrorCode.NOT_LISTING_OWNER, 'Only the seller of the address can do this');
    return offer;
  };

  app.get(
    '/api/offers/:id',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'An offer, to its bidder or the seller',
        params: bidIdParamsSchema,
        response: { 200: offerSchema, ...errors },
      },
    },
    async (request) => offerView(deps.db, (await visibleOffer(request)).offer),
  );

  const offerAction = (
    path: string,
    summary: string,
    act: (request: Parameters<typeof visibleOffer>[0]) => Promise<string>,
    extra: Record<string, unknown> = {},
  ) =>
    app.post(
      `/api/offers/:id/${path}`,
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary,
          params: bidIdParamsSchema,
          ...extra,
          response: { 200: offerSchema, 409: apiErrorSchema, ...errors },
        },
      },
      async (request) => offerView(deps.db, (await bidsRepository.findById(deps.db, await act(request)))!),
    );

  offerAction('accept', 'Accept an open offer: the address is sold to it at once', async (request) => {
    const offer = await asSeller(request);
    await acceptOffer(deps, offer);
    return offer.id;
  });
  offerAction('decline', 'Decline an open offer; the deposit goes back to the bidder', async (request) => {
    const offer = await asSeller(request);
    await declineOffer(deps, offer);
    return offer.id;
  });
  offerAction('cancel', 'Cancel your offer; the deposit goes back, minus the network fee', async (request) => {
    const offer = await ownBid(request, 'offer');
    await cancelBid(deps, offer);
    return offer.id;
  });
  offerAction(
    'confirm',
    'Read the offer’s escrow now, right after paying the deposit',
    async (request) => (await runtime.settle(await ownBid(request, 'offer'))).id,
    { body: orderConfirmSchema },
  );
}
