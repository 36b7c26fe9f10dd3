import { ErrorCode, apiErrorSchema } from '@shared/api/errors';
import {
  byAddressParamsSchema,
  featuredListingsSchema,
  listingPageSchema,
  listingSchema,
  ownListingPageSchema,
  searchListingsQuerySchema,
  userListingsQuerySchema,
} from '@shared/api/listings';
import type { Db } from '../../db/database';
import { notFound } from '../../http/app-error';
import type { AppInstance } from '../../types';
import { publicAnswerOnSend } from '../../cache/public-answers';
import { fallbackUsdPerSol, toListing, toOwnListing, type ViewContext } from './listing-view';
import { createKeptTotals } from './kept-totals';
import { pageListings } from './listing-page.repository';
import { listingsRepository } from './listings.repository';
import { orderReservationOf } from './order-reservation';
import { createPublicReadCache } from './public-read-cache';
import { pagination, searchFilter, userFilter } from './read-filters';
import { actorOf, viewContext, type ListingsRoutesOptions } from './route-context';

/** Home page grid: enough for any layout, bounded. */
const FEATURED_LIMIT = 24;

export async function readRoutes(app: AppInstance, opts: ListingsRoutesOptions): Promise<void> {
  const usdPerSol = opts.usdPerSol ?? fallbackUsdPerSol;
  const db = () => app.database.db;
  const publicRead = createPublicReadCache(app.env.publicListingsMaxAgeMs, usdPerSol);
  // Shared by every search caller, cached answer or not; a seller's own list always counts afresh.
  const totals = createKeptTotals(app.env.listingTotalsMaxAgeMs);

  /**
   * The address page's listing, or null. It says when a listing ground to order is reserved, so the page shows
   * "Reserved" rather than a Buy that ends in a 403; the same for every caller: the requester's browser learns it is
   * theirs from its own orders (GET /api/orders/mine).
   */
  async function addressPageListing(reader: Db, address: string, ctx: ViewContext) {
    const row = await listingsRepository.findByAddress(reader, address);
    if (!row) return null;
    const reservation = await orderReservationOf(reader, row.id, new Date());
    return { ...toListing(row, ctx), reservedUntil: reservation?.until.toISOString() ?? null };
  }

  app.get(
    '/api/addresses/search',
    {
      config: { access: 'public', callerIndependent: true },
      onSend: publicAnswerOnSend,
      schema: {
        tags: ['listings'],
        summary: 'Marketplace search: listed addresses, newest first by default',
        querystring: searchListingsQuerySchema,
        response: { 200: listingPageSchema, 400: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const q = request.query;
      // The parsed query: defaults filled in, so `?page=1` and no page share one answer.
      return publicRead(request, reply, `search ${JSON.stringify(q)}`, async (ctx) => {
        const { rows, total, totalExact } = await pageListings(request.readDb, searchFilter(q), totals);
        return {
          addresses: rows.map((r) => toListing(r, ctx)),
          pagination: pagination(q.page, q.pageSize, total, totalExact),
        };
      });
    },
  );

  app.get(
    '/api/addresses/featured',
    {
      config: { access: 'public', callerIndependent: true },
      onSend: publicAnswerOnSend,
      schema: {
        tags: ['listings'],
        summary: 'Featured listings that are listed, available and not past their featured period',
        response: { 200: featuredListingsSchema },
      },
    },
    async (request, reply) =>
      publicRead(request, reply, 'featured', async (ctx) => {
        const rows = await listingsRepository.featured(request.readDb, FEATURED_LIMIT);
        return { addresses: rows.map((r) => toListing(r, ctx)) };
      }),
  );

  app.get(
    '/api/addresses/by-address/:address',
    {
      config: { access: 'public', callerIndependent: true },
      onSend: publicAnswerOnSend,
      schema: {
        tags: ['listings'],
        summary: 'One listing by its address (URL-encoded)',
        params: byAddressParamsSchema,
        response: { 200: listingSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { address } = request.params;
      return publicRead(request, reply, `by-address ${address}`, async (ctx) => {
        const listing = await addressPageListing(request.readDb, address, ctx);
        if (!listing) throw notFound(ErrorCode.LISTING_NOT_FOUND, 'Address not found');
        return listing;
      });
    },
  );

  // The address page's own read, like /api/auth/session-status: an unknown address is an answer the page shows
  // ("Address Not Found"), so it is a 200 with null; Chromium logs any 4xx fetch as a console error. API clients
  // keep the spec's 404 above.
  app.get(
    '/api/addresses/lookup/:address',
    {
      config: { access: 'public', callerIndependent: true },
      onSend: publicAnswerOnSend,
      schema: {
        tags: ['listings'],
        summary: 'One listing by its address, or null (never a 404)',
        params: byAddressParamsSchema,
        response: { 200: listingSchema.nullable(), 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { address } = request.params;
      return publicRead(request, reply, `lookup ${address}`, (ctx) => addressPageListing(request.readDb, address, ctx));
    },
  );

  app.get(
    '/api/addresses/user',
    {
      // walletAddress, when sent, must be the session wallet (the guard answers 403 WALLET_MISMATCH otherwise).
      config: { access: 'session' },
      schema: {
        tags: ['listings'],
        summary: "The signed-in seller's own listings",
        querystring: userListingsQuerySchema,
        response: { 200: ownListingPageSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => {
      const q = request.query;
      const actor = actorOf(request);
      const [{ rows, total, totalExact }, ctx] = await Promise.all([
        pageListings(db(), userFilter(actor.userId, q)),
        viewContext(usdPerSol),
      ]);
      return {
        addresses: rows.map((r) => toOwnListing(r, ctx)),
        pagination: pagination(q.page, q.pageSize, total, totalExact),
      };
    },
  );
}
