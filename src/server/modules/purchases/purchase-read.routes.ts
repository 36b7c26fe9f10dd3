import {
  purchaseListSchema,
  purchaseLookupParamsSchema,
  purchaseSchema,
  walletQuerySchema,
} from '@shared/api/transactions';
import { ErrorCode } from '@shared/api/errors';
import { AppError } from '@server/http/app-error';
import { createPublicAnswers, publicAnswerOnSend } from '@server/cache/public-answers';
import type { AppInstance } from '@server/types';
import type { PurchaseDeps } from './deps';
import { getPurchase, recentSales, purchasesOfWallet } from './read.service';
import { actorOf, purchaseErrorResponses } from './routes-common';

/**
 * Reads of purchases (docs/product-spec.md#api-calls). The walletAddress a caller passes is checked by the guard, never
 * trusted.
 */
export async function purchaseReadRoutes(app: AppInstance, opts: { deps: PurchaseDeps }): Promise<void> {
  const { deps } = opts;
  // Recent sales are the same for every caller (no payment details, which only a pending buyer sees): kept as
  // long as the marketplace's own public reads, and offered to shared caches as long.
  const publicAnswers = createPublicAnswers(app.env.publicListingsMaxAgeMs);

  app.get(
    '/api/transactions/recent',
    {
      config: { access: 'public', callerIndependent: true },
      onSend: publicAnswerOnSend,
      schema: {
        tags: ['transactions'],
        summary: 'Latest sales, newest first (home page)',
        response: { 200: purchaseListSchema, ...purchaseErrorResponses },
      },
    },
    async (request, reply) =>
      publicAnswers(request, reply, 'recent', () => recentSales({ ...deps, db: request.readDb }, 10)),
  );

  app.get(
    '/api/transactions/user',
    {
      config: { access: 'session' },
      schema: {
        tags: ['transactions'],
        summary: "The signed-in wallet's purchases and sales",
        querystring: walletQuerySchema,
        response: { 200: purchaseListSchema, ...purchaseErrorResponses },
      },
    },
    async (request) => purchasesOfWallet(deps, actorOf(request).wallet, 'any'),
  );

  app.get(
    '/api/transactions/purchases',
    {
      config: { access: 'session' },
      schema: {
        tags: ['transactions'],
        summary: "The signed-in wallet's purchases",
        querystring: walletQuerySchema,
        response: { 200: purchaseListSchema, ...purchaseErrorResponses },
      },
    },
    async (request) => purchasesOfWallet(deps, actorOf(request).wallet, 'buyer'),
  );

  app.get(
    '/api/transactions/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['transactions'],
        summary: 'One transaction by id or payment signature, without secrets',
        params: purchaseLookupParamsSchema,
        response: { 200: purchaseSchema, ...purchaseErrorResponses },
      },
    },
    async (request) => getPurchase(deps, request.params.id, request.session?.walletAddress),
  );

  // The transaction pages' own read, like /api/auth/session-status: an unknown id is an answer the page shows
  // ("Transaction Not Found"), so it is a 200 with null; Chromium logs any 4xx fetch as a console error. API
  // clients keep the spec's 404 above.
  app.get(
    '/api/transactions/lookup/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['transactions'],
        summary: 'One transaction by id or payment signature, or null (never a 404)',
        params: purchaseLookupParamsSchema,
        response: { 200: purchaseSchema.nullable(), ...purchaseErrorResponses },
      },
    },
    async (request) => {
      try {
        return await getPurchase(deps, request.params.id, request.session?.walletAddress);
      } catch (err) {
        if (err instanceof AppError && err.code === ErrorCode.TRANSACTION_NOT_FOUND) return null;
        throw err;
      }
    },
  );
}
