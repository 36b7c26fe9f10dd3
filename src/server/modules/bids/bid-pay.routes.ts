import { z } from 'zod';
import { bidIdParamsSchema } from '@shared/api/bids';
import { ErrorCode } from '@shared/api/errors';
import { badRequest, conflict } from '@server/http/app-error';
import { RATE_LIMITS } from '@server/http/rate-limit';
import type { AppInstance } from '@server/types';
import {
  listingIconSvg,
  transactionRequestEndpoint,
  transactionRequestErrors,
  unsignedPaymentTransaction,
} from '../pay';
import { purchaseListingRepository, withChain, type PurchaseDeps } from '../purchases';
import { BID_DEPOSIT_WINDOW_MS, paymentOfBid } from './bid-escrow';
import { describePattern } from './bid-text';
import { bidsRepository } from './bids.repository';
import { bidNotFound } from './bids.service';

const URL = '/api/pay/bids/:id';

/**
 * Solana Pay transaction request for a bid's or offer's deposit (docs/domain.md#bids-and-offers), as for a purchase:
 * `solana:<origin>/api/pay/bids/{id}` in a QR code funds the bid from a phone. The transaction is built only for the
 * bidder's own wallet, and only while the deposit is awaited. The settlement pass finds the deposit in the escrow.
 */
export async function bidPayRoutes(app: AppInstance, opts: { deps: PurchaseDeps }): Promise<void> {
  const { deps } = opts;
  const load = async (id: string) => (await bidsRepository.findById(deps.db, id)) ?? Promise.reject(bidNotFound());

  await transactionRequestEndpoint(app, {
    url: URL,
    params: bidIdParamsSchema,
    paysFor: "a bid's deposit",
    description:
      'The account must be the bidder (else 400) and the bid still awaiting its deposit (else 409). The settlement ' +
      'pass finds the deposit in the bid escrow; no confirm call is needed.',
    iconUrl: async ({ id }) => {
      await load(id);
      return `${app.env.publicOrigin}/api/pay/bids/${id}/icon.svg`;
    },
    build: async ({ id }, account) => {
      const bid = await load(id);
      if (account !== bid.bidderWallet) {
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
        transaction: unsignedPaymentTransaction(payment, account, lifetime),
        message: `Vanity Vault: the deposit for ${what}. It comes back if nothing is bought.`,
      };
    },
  });

  app.get(
    `${URL}/icon.svg`,
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.payRequest },
      schema: {
        tags: ['pay'],
        summary: "The bid's icon: its pattern, or the offered address, highlighted (SVG)",
        params: bidIdParamsSchema,
        response: { 200: z.string().describe('image/svg+xml'), ...transactionRequestErrors },
      },
    },
    async (request, reply) => {
      const bid = await load(request.params.id);
      const listing = bid.addressId ? await purchaseListingRepository.withSeller(deps.db, bid.addressId) : undefined;
      const shown = listing
        ? { address: listing.address, pattern: null, patternPosition: null }
        : { address: describePattern(bid), pattern: bid.pattern, patternPosition: bid.position };
      reply.type('image/svg+xml').header('cache-control', 'public, max-age=300');
      return listingIconSvg({ ...shown, price: bid.maxPriceLamports });
    },
  );
}
