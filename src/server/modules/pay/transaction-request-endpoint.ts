import type { z } from 'zod';
import { accountBodySchema, transactionRequestMetaSchema, transactionRequestResponseSchema } from '@shared/api/pay';
import { errorResponses } from '@server/http/error-responses';
import { RATE_LIMITS } from '@server/http/rate-limit';
import type { AppInstance } from '@server/types';
import { setActionHeaders } from './cors-headers';

const errors = errorResponses(400, 404, 409, 429, 503);

/** What differs between one Solana Pay transaction request and another: what it pays for, and how it is built. */
export interface TransactionRequestSpec<Params extends z.ZodType> {
  url: string;
  params: Params;
  /** Completes "Solana Pay transaction request for …" in the API docs, e.g. "a purchase". */
  paysFor: string;
  /** The POST's rules, for the API docs. */
  description: string;
  /** The icon a wallet shows beside the label (an absolute URL). */
  iconUrl: (params: z.infer<Params>) => Promise<string>;
  /** The unsigned transaction for `account` to sign, or a typed 4xx (wrong wallet, nothing left to pay). */
  build: (params: z.infer<Params>, account: string) => Promise<z.infer<typeof transactionRequestResponseSchema>>;
}

/**
 * One Solana Pay transaction request (docs/domain.md#solana-pay-and-actions): the wallet GETs a label and icon, then
 * POSTs `{ account }` for the transaction to sign. No session: a phone wallet has none, and the answer is only useful
 * to the payer's own key. Web wallets fetch from their own origin, so every answer carries the Actions CORS headers.
 */
export async function transactionRequestEndpoint<Params extends z.ZodType>(
  app: AppInstance,
  spec: TransactionRequestSpec<Params>,
): Promise<void> {
  app.addHook('onRequest', async (_request, reply) => setActionHeaders(reply, undefined));
  app.options(spec.url, { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply.code(204).send(),
  );
  app.get(
    spec.url,
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.payRequest },
      schema: {
        tags: ['pay'],
        summary: `Solana Pay transaction request for ${spec.paysFor}: the label and icon a wallet shows`,
        params: spec.params,
        response: { 200: transactionRequestMetaSchema, ...errors },
      },
    },
    async (request) => ({ label: 'Vanity Vault', icon: await spec.iconUrl(request.params as z.infer<Params>) }),
  );
  app.post(
    spec.url,
    {
      config: { access: 'public', anyOrigin: true, rateLimit: RATE_LIMITS.payRequest },
      schema: {
        tags: ['pay'],
        summary: `Solana Pay transaction request for ${spec.paysFor}: the payment, built for the payer's wallet to sign`,
        description: spec.description,
        params: spec.params,
        body: accountBodySchema,
        response: { 200: transactionRequestResponseSchema, ...errors },
      },
    },
    async (request) => spec.build(request.params as z.infer<Params>, request.body.account),
  );
}

/** The icon route of a transaction request, beside it: `errors` as the request's own. */
export const transactionRequestErrors = errors;
