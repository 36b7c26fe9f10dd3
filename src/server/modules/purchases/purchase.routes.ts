import { PaymentCheckCode } from '@shared/api/errors';
import {
  confirmPurchaseBodySchema,
  initiatePurchaseBodySchema,
  initiatePurchaseResponseSchema,
  purchaseIdParamsSchema,
  purchaseSchema,
} from '@shared/api/transactions';
import { RATE_LIMITS } from '@server/http/rate-limit';
import type { AppInstance } from '@server/types';
import { confirmPurchase, loadOwnPurchase } from './confirm.service';
import type { PurchaseDeps } from './deps';
import { initiatePurchase } from './initiate.service';
import { viewOf } from './read.service';
import { actorOf, purchaseErrorResponses } from './routes-common';
import { outcomeError, withChain } from './verify-outcome';
import { verifyPurchase } from './verify.service';

/** Buying (docs/domain.md#purchases): reserve, hand in the payment signature, ask the server to verify. */
export async function purchaseRoutes(app: AppInstance, opts: { deps: PurchaseDeps }): Promise<void> {
  const { deps } = opts;

  app.post(
    '/api/transactions/initiate',
    {
      config: { access: 'session', rateLimit: RATE_LIMITS.initiate },
      schema: {
        tags: ['transactions'],
        summary:
          'Reserves a listing for 15 minutes and returns the payment to make (201); asked again by the buyer who ' +
          'holds its unpaid reservation, returns that same purchase (200)',
        body: initiatePurchaseBodySchema,
        response: {
          200: initiatePurchaseResponseSchema,
          201: initiatePurchaseResponseSchema,
          ...purchaseErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const { response, created } = await initiatePurchase(deps, request.body, actorOf(request));
      return reply.code(created ? 201 : 200).send(response);
    },
  );

  app.post(
    '/api/transactions/:id/confirm',
    {
      config: { access: 'session' },
      schema: {
        tags: ['transactions'],
        summary: "Stores the buyer's payment signature and verifies it when it is already confirmed",
        params: purchaseIdParamsSchema,
        body: confirmPurchaseBodySchema,
        response: { 200: purchaseSchema, ...purchaseErrorResponses },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { detail, verification } = await confirmPurchase(deps, request.params.id, request.body, actor);
      // A payment that failed its check is refused now rather than at the next poll (it is on its way back).
      if (verification?.kind === 'refunded' && verification.code in PaymentCheckCode) throw outcomeError(verification);
      return viewOf(deps, detail, actor.wallet);
    },
  );

  app.patch(
    '/api/transactions/:id/verify',
    {
      config: { access: 'session' },
      schema: {
        tags: ['transactions'],
        summary: "Checks the payment on chain (the server's own verification)",
        params: purchaseIdParamsSchema,
        response: { 200: purchaseSchema, ...purchaseErrorResponses },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await loadOwnPurchase(deps.db, request.params.id, actor.wallet);
      const outcome = await withChain(() => verifyPurchase(deps, request.params.id, actor.wallet));
      if (outcome.kind !== 'verified') throw outcomeError(outcome);
      return viewOf(deps, await loadOwnPurchase(deps.db, request.params.id, actor.wallet), actor.wallet);
    },
  );
}
