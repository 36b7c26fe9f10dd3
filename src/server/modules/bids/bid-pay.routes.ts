import { z } from 'zod';
import { bidIdParamsSchema } from '@shared/api/bids';
import { ErrorCode } from '@shared/api/errors';
import { accountBodySchema, transactionRequestMetaSchema, transactionRequestResponseSchema } from '@shared/api/pay';
import { lamportsToSolString } from '@shared/money';
import { badRequest, conflict } from '@server/http/app-error';
import { errorResponses } from '@server/http/error-responses';
import { RATE_LIMITS } from '@server/http/rate-limit';
import type { AppInstance } from '@server/types';
import { listingIconSvg, setActionHeaders, unsignedPaymentTransaction } from '../pay';
import { withChain, type PurchaseDeps } from '../purchases';
import { BID_DEPOSIT_WINDOW_MS, paymentOfBid } from './bid-escrow';
import { describePattern } from './bid-text';
import { bidsRepository } from './bids.repository';
import { bidNotFound } from './bids.service';

const errors = errorResponses(400, 404, 409, 429, 503);
const URL = '/api/pay/bids/:id';

/**
 * Solana Pay transaction request for a bid's or offer's deposit (docs/domain.md#bids-and-offers), as for a purchase:
 * `solana:<origin>/api/pay/bids/{id}` in a QR code funds the bid from a phone. No session (a phone wallet has none);
 * the transaction is built only for the bidder's own wallet, and only while the deposit is awaited. The settlement
 * pass finds the deposit in the escrow.
 */
export async function bidPayRoutes(app: AppInstance, opts: { deps: PurchaseDeps }): Promise<void> {
  const { deps } = opts;
  app.addHook('onRequest', async (_request, reply) => setActionHeaders(reply, undefined));
  const load = async (id: string) => (await bidsRepository.findById(deps.db, id)) ?? Promise.reject(bidNotFound());

  app.options(URL, { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply.code(204).send(),
  );

  app.get(
    URL,
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.payRequest },
      schema: {
        tags: ['pay'],
        summary: "Solana Pay transaction request for a bid's deposit: the label and icon a wallet shows",
        params: bidIdParamsSchema,
        response: { 200: transactionRequestMetaSchema, ...errors },
      },
    },
    async (request) => {
      await load(request.params.id);
      return { label: 'Vanity Vault', icon: `${app.env.publicOrigin}/api/pay/bids/${request.params.id}/icon.svg` };
    },
  );

  app.get(
    `${URL}/icon.svg`,
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.payRequest },
      schema: {
        tags: ['pay'],
        summary: "The bid's icon: its pattern, or the offered address, highlighted (SVG)",
        params: bidIdParamsSchema,
        response: { 200: z.string().describe('image/svg+xml'), ...errors },
      },
    },
    async (request, reply) => {
      const bid = await load(request.params.id);
      const listing = bid.addressId ? await bidsRepository.listingOf(deps.db, bid.addressId) : undefined;
      const shown = listing
        ? { address: listing.address, pattern: null, patternPosition: null }
        : { address: describePattern(bid), pattern: bid.pattern, patternPosition: bid.position };
      reply.type('image/svg+xml').header('cache-control', 'public, max-age=300');
      return listingIconSvg({ ...shown, price: lamportsToSolString(bid.maxPriceLamports) });
    },
  );

  app.post(
    URL,
    {
      config: { access: 'public', anyOrigin: true, rateLimit: RATE_LIMITS.payRequest },
      schema: {
        tags: ['pay'],
        summary: "Solana Pay transaction request: the bid's deposit, built for the bidder's wallet to sign",
        description:
          'The account must be the bidder (else 400) and the bid still awaiting its deposit (else 409). The settlement ' +
          'pass finds the deposit in the bid escrow; no confirm call is needed.',
        params: bidIdParamsSchema,
        body: accountBodySchema,
        response: { 200: transactionRequestResponseSchema, ...errors },
      },
    },
    async (request) => {
      const bid = await load(request.params.id);
      if (request.body.account !== bid.bidderWallet) {
        throw badRequest(
          ErrorCode.BUYER_MISMATCH,
          'Pay from the wallet you placed the bid with: this bid is another wallet’s.',
        );
      }
      const payment = paymentOfBid(bid);
      if (!payment || deps.now().getTime() > bid.createdAt.getTime() + BID_DEPOSIT_WINDOW_MS) {
        throw conflict(ErrorCode.BID_NOT_OPEN, 'This bid is no longer waiting for its deposit.');
      }
      const { value: lifetime } = await withChain(() =>
        deps.rpc.getLatestBlockhash({ commitment: 'confirmed' }).send(),
      );
      const what = bid.kind === 'offer' ? 'an offer' : `a bid on ${describePattern(bid)}`;
      return {
        transaction: unsignedPaymentTransaction(payment, request.body.account, lifetime),
        message: `Vanity Vault: the deposit for ${what}. It comes back if nothing is bought.`,
      };
    },
  );
}
