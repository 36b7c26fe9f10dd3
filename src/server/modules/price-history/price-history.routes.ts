import { ErrorCode, apiErrorSchema } from '@shared/api/errors';
import { priceHistoryParamsSchema, priceHistorySchema, type PricePoint } from '@shared/api/price-history';
import { lamportsToSolString } from '@shared/money';
import { notFound } from '../../http/app-error';
import type { AppInstance } from '../../types';
import { priceHistoryRepository } from './price-history.repository';

/** GET /api/addresses/{id}/price-history (public): the address page's price chart. */
export async function priceRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/api/addresses/:id/price-history',
    {
      config: { access: 'public' },
      schema: {
        tags: ['listings'],
        summary: "A listing's price events, oldest first, starting with its listing price",
        params: priceHistoryParamsSchema,
        response: { 200: priceHistorySchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const db = app.database.db;
      const listing = await priceHistoryRepository.listing(db, request.params.id);
      if (!listing) throw notFound(ErrorCode.LISTING_NOT_FOUND, 'Address not found');
      const events = await priceHistoryRepository.events(db, request.params.id);
      // Creating a listing writes no history row: its first price is the first event's previous price, or the
      // current price when it was never repriced.
      const first = events[0];
      const points: PricePoint[] = [];
      if (!first || first.changeType !== 'listed') {
        points.push({
          price: lamportsToSolString(first?.previousPrice ?? listing.price),
          currency: listing.currency,
          changeType: 'listed',
          timestamp: listing.createdAt.toISOString(),
        });
      }
      for (const e of events) {
        points.push({
          price: lamportsToSolString(e.price),
          currency: e.currency,
          changeType: e.changeType,
          timestamp: e.timestamp.toISOString(),
        });
      }
      return { points };
    },
  );
}
