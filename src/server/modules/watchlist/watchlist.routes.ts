import { errorResponses } from '@server/http/error-responses';
import { ErrorCode, apiErrorSchema } from '@shared/api/errors';
import { watchlistParamsSchema, watchlistSchema } from '@shared/api/watchlist';
import { notFound, unauthorized } from '../../http/app-error';
import type { AppInstance } from '../../types';
import { watchlistRepository } from './watchlist.repository';

const config = { access: 'session' } as const;
const errors = errorResponses(400, 401, 403, 404);

/** GET /api/watchlist, PUT and DELETE /api/watchlist/{addressId}: the signed-in wallet's starred listings. */
export async function watchlistRoutes(app: AppInstance): Promise<void> {
  const db = () => app.database.db;
  const userOf = (request: { session: { userId: string } | null }) => {
    if (!request.session) throw unauthorized();
    return request.session.userId;
  };
  const list = async (userId: string) => ({ addressIds: await watchlistRepository.listIds(db(), userId) });

  app.get(
    '/api/watchlist',
    {
      config,
      schema: {
        tags: ['watchlist'],
        summary: 'Listings the signed-in wallet starred',
        response: { 200: watchlistSchema, 401: apiErrorSchema },
      },
    },
    async (request) => list(userOf(request)),
  );

  app.put(
    '/api/watchlist/:addressId',
    {
      config,
      schema: {
        tags: ['watchlist'],
        summary: 'Star a listing (idempotent)',
        params: watchlistParamsSchema,
        response: { 200: watchlistSchema, ...errors },
      },
    },
    async (request) => {
      const userId = userOf(request);
      if (!(await watchlistRepository.listingExists(db(), request.params.addressId))) {
        throw notFound(ErrorCode.LISTING_NOT_FOUND, 'Address not found');
      }
      await watchlistRepository.add(db(), userId, request.params.addressId);
      return list(userId);
    },
  );

  app.delete(
    '/api/watchlist/:addressId',
    {
      config,
      schema: {
        tags: ['watchlist'],
        summary: 'Unstar a listing (idempotent)',
        params: watchlistParamsSchema,
        response: { 200: watchlistSchema, ...errors },
      },
    },
    async (request) => {
      const userId = userOf(request);
      await watchlistRepository.remove(db(), userId, request.params.addressId);
      return list(userId);
    },
  );
}
