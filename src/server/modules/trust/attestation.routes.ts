import { errorResponses } from '@server/http/error-responses';
import { eq } from 'drizzle-orm';
import { ErrorCode } from '@shared/api/errors';
import { purchaseIdParamsSchema } from '@shared/api/transactions';
import { attestationKeyResponseSchema, receiptListResponseSchema } from '@shared/api/trust';
import { transactions } from '@server/db/schema';
import { forbidden, notFound, unauthorized } from '@server/http/app-error';
import type { AppInstance } from '@server/types';
import { receiptsRepository } from './receipts.repository';

export const CANONICALIZATION =
  'UTF-8 of JSON.stringify(statement) with keys sorted and no whitespace; every value is a string (RFC 8785 JCS)';

/** The published attestation key, and a buyer's own receipts (docs/domain.md#receipts). */
export async function attestationRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/api/attestation-key',
    {
      config: { access: 'public' },
      schema: {
        tags: ['trust'],
        summary: "The shop's ed25519 public key that signs sale and destroy receipts",
        response: { 200: attestationKeyResponseSchema },
      },
    },
    async () => ({
      publicKey: app.attestation.publicKey,
      algorithm: 'ed25519' as const,
      canonicalization: CANONICALIZATION,
    }),
  );

  app.get(
    '/api/transactions/:id/receipts',
    {
      config: { access: 'session' },
      schema: {
        tags: ['trust'],
        summary: "The signed receipts of the caller's own purchase",
        params: purchaseIdParamsSchema,
        response: {
          200: receiptListResponseSchema,
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const wallet = request.session?.walletAddress;
      if (!wallet) throw unauthorized();
      const db = app.database.db;
      const [row] = await db
        .select({ buyerWallet: transactions.buyerWallet })
        .from(transactions)
        .where(eq(transactions.id, request.params.id));
      if (!row) throw notFound(ErrorCode.TRANSACTION_NOT_FOUND, 'Transaction not found');
      if (row.buyerWallet !== wallet)
        throw forbidden(ErrorCode.BUYER_MISMATCH, 'Only the buyer may download its receipts');
      return { receipts: await receiptsRepository.listForTransaction(db, request.params.id) };
    },
  );
}
