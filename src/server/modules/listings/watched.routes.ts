import { and, desc, eq, ne } from 'drizzle-orm';
import { apiErrorSchema } from '@shared/api/errors';
import { featuredListingsSchema } from '@shared/api/listings';
import type { Queryable } from '../../db/database';
import { addresses, watchlist } from '../../db/schema';
import type { AppInstance } from '../../types';
import { fallbackUsdPerSol, toListing } from './listing-view';
import { selectListings } from './listings.repository';
import { actorOf, viewContext, type ListingsRoutesOptions } from './route-context';

/** A profile shows at most this many starred listings; starring is a click, so the list must stay bounded. */
export const WATCHED_LIMIT = 200;

/** The listings a user starred, newest star first; deleted listings drop out (as in GET /api/watchlist). */
const watchedListings = (db: Queryable, userId: string) =>
  selectListings(db)
    .innerJoin(watchlist, eq(watchlist.addressId, addresses.id))
    .where(and(eq(watchlist.userId, userId), ne(addresses.status, 'deleted')))
    .orderBy(desc(watchlist.createdAt), desc(watchlist.id))
    .limit(WATCHED_LIMIT);

/** GET /api/addresses/watched: the profile's "My watchlist" (GET /api/watchlist only carries the ids). */
export async function watchedRoutes(app: AppInstance, opts: ListingsRoutesOptions): Promise<void> {
  const usdPerSol = opts.usdPerSol ?? fallbackUsdPerSol;
  app.get(
    '/api/addresses/watched',
    {
      config: { access: 'session' },
      schema: {
        tags: ['listings', 'watchlist'],
        summary: 'The listings the signed-in wallet starred, newest star first',
        response: { 200: featuredListingsSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const [rows, ctx] = await Promise.all([watchedListings(app.database.db, actor.userId), viewContext(usdPerSol)]);
      return { addresses: rows.map((r) => toListing(r, ctx)) };
    },
  );
}
