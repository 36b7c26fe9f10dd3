import { errorResponses } from '@server/http/error-responses';
import { z } from 'zod';
import {
  accountBodySchema,
  actionGetResponseSchema,
  actionListingParamsSchema,
  actionPostResponseSchema,
  actionsJsonSchema,
} from '@shared/api/pay';
import { RATE_LIMITS } from '@server/http/rate-limit';
import type { AppInstance } from '@server/types';
import { orderReservationOf } from '../listings';
import type { PurchaseDeps } from '../purchases';
import { completedActionOf, actionMetadataOf } from './action-metadata';
import { createActionPurchase, loadActionListing } from './action-purchase.service';
import { blockchainIdOf, setActionHeaders } from './cors-headers';
import { listingIconSvg } from './listing-icon';

const errors = errorResponses(400, 404, 409, 429, 503);
const ACTION_URL = '/api/actions/listings/:address';

/**
 * Solana Actions (docs/domain.md#solana-pay-and-actions): every listing is a blink. `/actions.json` maps the site's
 * address pages to the action API; GET answers the card, POST `{ account }` an unsigned payment for an unreserved
 * purchase. Every answer, errors and OPTIONS included, carries the CORS and version headers the spec requires.
 */
export async function actionsRoutes(app: AppInstance, opts: { deps: PurchaseDeps }): Promise<void> {
  const { deps } = opts;
  const origin = app.env.publicOrigin;
  const blockchainId = blockchainIdOf(deps.cluster, deps.rpc);
  app.addHook('onRequest', async (_request, reply) => {
    // A chain that does not answer only costs the chain header; the card itself needs no chain.
    setActionHeaders(reply, await blockchainId().catch(() => undefined));
  });

  const preflight = { config: { access: 'public' as const }, schema: { hide: true } };
  for (const url of ['/actions.json', ACTION_URL]) {
    app.options(url, preflight, async (_request, reply) => reply.code(204).send());
  }

  app.get(
    '/actions.json',
    {
      schema: {
        tags: ['actions'],
        summary: "Maps the site's address pages to the action API",
        response: { 200: actionsJsonSchema },
      },
    },
    async () => ({
      rules: [
        { pathPattern: '/address/*', apiPath: '/api/actions/listings/*' },
        { pathPattern: '/api/actions/**', apiPath: '/api/actions/**' },
      ],
    }),
  );

  app.get(
    ACTION_URL,
    {
      config: { access: 'public' },
      schema: {
        tags: ['actions'],
        summary: 'The action card of a listing: icon, title, rarity and price; disabled once sold or reserved',
        params: actionListingParamsSchema,
        response: { 200: actionGetResponseSchema, ...errors },
      },
    },
    async (request) => {
      const listing = await loadActionListing(deps, request.params.address);
      return actionMetadataOf(origin, listing, await orderReservationOf(deps.db, listing.id, deps.now()));
    },
  );

  app.post(
    ACTION_URL,
    {
      config: { access: 'public', anyOrigin: true, rateLimit: RATE_LIMITS.actionPurchase },
      schema: {
        tags: ['actions'],
        summary:
          'An unsigned payment for the named account; creates an unreserved purchase (the listing stays for sale)',
        description:
          'No sign-in, and no user is created: the payment proves the payer. The first valid payment to land buys the ' +
          'address; every other is refunded from its escrow. The purchase row expires with the blockhash (about 2 minutes).',
        params: actionListingParamsSchema,
        body: accountBodySchema,
        response: { 200: actionPostResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { listing, transaction } = await createActionPurchase(deps, request.params.address, request.body.account);
      return {
        type: 'transaction' as const,
        transaction,
        message: `Sign to buy ${listing.address}. Then sign in at ${origin} with this wallet to reveal the private key.`,
        links: { next: { type: 'inline' as const, action: completedActionOf(origin, listing) } },
      };
    },
  );

  app.get(
    `${ACTION_URL}/icon.svg`,
    {
      config: { access: 'public' },
      schema: {
        tags: ['actions'],
        summary: 'The action icon: the address with its pattern highlighted (SVG)',
        params: actionListingParamsSchema,
        response: { 200: z.string().describe('image/svg+xml'), ...errors },
      },
    },
    async (request, reply) => {
      const listing = await loadActionListing(deps, request.params.address);
      reply.type('image/svg+xml').header('cache-control', 'public, max-age=300');
      return listingIconSvg(listing);
    },
  );
}
