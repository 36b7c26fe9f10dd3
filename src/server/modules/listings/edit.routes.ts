import { errorResponses } from '@server/http/error-responses';
import { ErrorCode } from '@shared/api/errors';
import {
  deleteListingResponseSchema,
  listingIdParamsSchema,
  listingSchema,
  updateListingBodySchema,
} from '@shared/api/listings';
import { AppError } from '../../http/app-error';
import type { AppInstance } from '../../types';
import { deleteListing, updateListing } from './edit-listing.service';
import { fallbackUsdPerSol, toListing } from './listing-view';
import { listingsRepository } from './listings.repository';
import { ADMIN_ONLY_MANAGE, actorOf, viewContext, type ListingsRoutesOptions } from './route-context';

const errors = errorResponses(400, 401, 403, 404, 409);
// Owners manage their listings; only admins own listings (docs/product-spec.md#roles-and-permissions), and a revoked
// admin loses the right at once.
const config = { access: 'admin', adminMessage: ADMIN_ONLY_MANAGE } as const;

export async function editRoutes(app: AppInstance, opts: ListingsRoutesOptions): Promise<void> {
  const usdPerSol = opts.usdPerSol ?? fallbackUsdPerSol;
  // Best effort: with the chain unreachable the edit still checks every payment settlement already knows of.
  const observe = (id: string) => opts.observePayments?.(id).catch(() => undefined);

  app.patch(
    '/api/addresses/:id',
    {
      config,
      schema: {
        tags: ['listings'],
        summary: 'Edit your listing: price alone, the featured toggle, or the full edit form',
        params: listingIdParamsSchema,
        body: updateListingBodySchema,
        response: { 200: listingSchema, ...errors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const ctx = await viewContext(usdPerSol);
      await observe(request.params.id);
      await updateListing(app.database, request.params.id, request.body, actor, ctx.usdPerSol);
      // Repriced (or listed again) to match a pattern bid: sold to it now.
      await opts.onListed?.([request.params.id]);
      const row = await listingsRepository.findById(app.database.db, request.params.id);
      if (!row) throw new AppError(500, ErrorCode.INTERNAL_ERROR, 'The listing could not be read back');
      return toListing(row, ctx);
    },
  );

  app.delete(
    '/api/addresses/:id',
    {
      config,
      schema: {
        tags: ['listings'],
        summary: 'Delete your listing (soft): it leaves the market and its stored key is destroyed',
        params: listingIdParamsSchema,
        response: { 200: deleteListingResponseSchema, ...errors },
      },
    },
    async (request) => {
      await observe(request.params.id);
      await deleteListing(app.database, request.params.id, actorOf(request));
      return { success: true as const, id: request.params.id };
    },
  );
}
