import {
  destroyKeyBodySchema,
  destroyKeyResponseSchema,
  revealKeyErrorSchema,
  revealKeyResponseSchema,
  purchaseIdParamsSchema,
} from '@shared/api/transactions';
import { revealKeyBodySchema } from '@shared/api/reveal';
import { safetyWarningSchema, sealedRevealResponseSchema } from '@shared/api/trust';
import { z } from 'zod';
import { RATE_LIMITS } from '@server/http/rate-limit';
import type { AppInstance } from '@server/types';
import type { PurchaseDeps } from './deps';
import { destroyKey, KeySupportError, revealKey } from './keys.service';
import { actorOf, purchaseErrorResponses } from './routes-common';
import { revealSafetyWarning } from './safety-gate';
import { sealRevealedKey } from './sealed-reveal';

/** The bought key (docs/domain.md#key-vault): reveal and destroy, the buyer's session only, audited every time. */
export async function keyRoutes(app: AppInstance, opts: { deps: PurchaseDeps }): Promise<void> {
  // Read at request time: the vault plugin decorates the app independently of this one.
  const keyDeps = () => ({
    db: opts.deps.db,
    cipher: app.vault.cipher,
    attestation: app.attestation,
    revealCommitment: opts.deps.revealCommitment,
  });

  app.post(
    '/api/transactions/:id/reveal-private-key',
    {
      // The x-wallet-address header the browser sends is checked against the session by the guard.
      config: { access: 'session', rateLimit: RATE_LIMITS.reveal },
      schema: {
        tags: ['transactions'],
        summary: 'Reveals the private key of a verified purchase to its buyer',
        params: purchaseIdParamsSchema,
        body: revealKeyBodySchema,
        response: {
          200: z.union([
            sealedRevealResponseSchema,
            revealKeyResponseSchema.extend({ safetyWarning: safetyWarningSchema.optional() }),
          ]),
          500: revealKeyErrorSchema,
          ...purchaseErrorResponses,
        },
      },
    },
    async (request, reply) => {
      try {
        const { privateKey, address } = await revealKey(keyDeps(), request.params.id, actorOf(request));
        // Never cached by a browser or a proxy.
        reply.header('cache-control', 'no-store');
        const warning = await revealSafetyWarning(opts.deps, address, request.log);
        const safetyWarning = warning ? { safetyWarning: warning } : {};
        // With the browser's one-time key the plaintext never enters a response body (docs/domain.md#sealed-delivery).
        const recipient = request.body?.recipientPublicKey;
        if (recipient)
          return { ...(await sealRevealedKey(privateKey, request.params.id, recipient)), ...safetyWarning };
        return { success: true as const, privateKey, ...safetyWarning };
      } catch (err) {
        if (!(err instanceof KeySupportError)) throw err;
        request.log.error(
          { code: err.code, transactionId: request.params.id },
          'verified purchase without a readable key',
        );
        // Always a 500 (KeySupportError): the one status whose schema carries supportInfo.
        return reply.code(500).send({ error: err.code, message: err.message, supportInfo: err.supportInfo });
      }
    },
  );

  app.delete(
    '/api/transactions/:id/private-key',
    {
      config: { access: 'session' },
      schema: {
        tags: ['transactions'],
        summary: 'Permanently destroys the stored private key of a purchase',
        params: purchaseIdParamsSchema,
        body: destroyKeyBodySchema,
        response: { 200: destroyKeyResponseSchema, ...purchaseErrorResponses },
      },
    },
    async (request) => {
      await destroyKey(keyDeps(), request.params.id, actorOf(request));
      return { success: true as const, message: 'The private key was destroyed', transactionId: request.params.id };
    },
  );
}
