import { errorResponses } from '@server/http/error-responses';
import { createListingBodySchema, createListingResponseSchema } from '@shared/api/listings';
import type { AppInstance } from '../../types';
import { createListing } from './create-listing.service';
import { requestedListingType } from './listing-type';
import { fallbackUsdPerSol, toListing } from './listing-view';
import { listingsRepository } from './listings.repository';
import { ADMIN_ONLY_CREATE, actorOf, viewContext, type ListingsRoutesOptions } from './route-context';

const errors = errorResponses(400, 401, 403, 409);

export async function createRoutes(app: AppInstance, opts: ListingsRoutesOptions): Promise<void> {
  const usdPerSol = opts.usdPerSol ?? fallbackUsdPerSol;
  app.post(
    '/api/addresses',
    {
      // sellerId, when sent, must be the signed-in wallet (403 WALLET_MISMATCH): the seller is always the session.
      config: {
        access: 'admin',
        adminMessage: ADMIN_ONLY_CREATE,
        // docs/product-spec.md#validation-rules: the create form's message when no wallet is connected (signed in).
        sessionMessage: 'Wallet not connected. Please connect your wallet first.',
        walletFields: ['sellerId'],
      },
      schema: {
        tags: ['listings'],
        summary: 'Create a listing of your own (admin); the private key proves ownership and is stored encrypted',
        body: createListingBodySchema,
        response: { 201: createListingResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const { row, safetyWarnings } = await createListing(
        { database: app.database, cipher: app.vault.cipher, safetyCheck: opts.safetyCheck },
        {
          address: body.address,
          network: body.network,
          price: body.price,
          currency: body.currency,
          pattern: body.pattern,
          isListed: body.isListed,
          listingType: requestedListingType(body) ?? 'standard',
          privateKey: body.privateKey,
        },
        actorOf(request),
      );
      // A pattern bid waiting for this address buys it now; the answer then shows it sold.
      let fresh = row;
      if (opts.onListed) {
        await opts.onListed([row.id]);
        fresh = (await listingsRepository.findById(app.database.db, row.id)) ?? row;
      }
      const listing = toListing(fresh, await viewContext(usdPerSol));
      return reply.code(201).send(safetyWarnings.length ? { ...listing, safetyWarnings } : listing);
    },
  );
}
