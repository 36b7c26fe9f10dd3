import { z } from 'zod';
import { solanaAddressSchema } from './auth';

/**
 * Paying from any wallet (docs/domain.md#solana-pay-and-actions): the Solana Pay transaction request and Solana Actions
 * shapes. Field names are the specs' own (Solana Pay "Transaction Request"; @solana/actions-spec `ActionGetResponse`,
 * `ActionPostRequest`, `TransactionResponse`, `ActionsJson`), so wallets and blink clients read them as sent.
 */

/** `{ account }`: the wallet that will sign. Solana Pay and Actions both send it; anything but an address is a 400. */
export const accountBodySchema = z.object({
  account: solanaAddressSchema.describe('base58 public key of the wallet that will sign and pay'),
});
export type AccountBody = z.infer<typeof accountBodySchema>;

/** Solana Pay GET: what the wallet shows before the buyer agrees to fetch the transaction. */
export const transactionRequestMetaSchema = z.object({
  label: z.string(),
  icon: z.url().describe('absolute URL of an SVG, PNG or WebP icon'),
});

/** Solana Pay POST answer: an unsigned, serialised transaction (base64) with the buyer as fee payer. */
export const transactionRequestResponseSchema = z.object({
  transaction: z.string().describe('base64 of the serialised, unsigned transaction'),
  message: z.string().optional(),
});

export const transactionRequestParamsSchema = z.object({ transactionId: z.uuid({ error: 'Unknown purchase' }) });

export const actionListingParamsSchema = z.object({
  address: solanaAddressSchema.describe('the listed vanity address'),
});

/** `CompletedAction`: the last step of the chain, shown after the payment is sent. */
const completedActionSchema = z.object({
  type: z.literal('completed'),
  icon: z.url(),
  title: z.string(),
  description: z.string(),
  label: z.string(),
  disabled: z.boolean().optional(),
});

/** `ActionGetResponse` (Actions spec): the blink's card and its one button. */
export const actionGetResponseSchema = z.object({
  type: z.literal('action'),
  icon: z.url(),
  title: z.string(),
  description: z.string(),
  label: z.string(),
  disabled: z.boolean().optional(),
  error: z.object({ message: z.string() }).optional(),
});
export type ActionMetadata = z.infer<typeof actionGetResponseSchema>;

/** `TransactionResponse` with an inline `links.next` to a completion message (action chaining). */
export const actionPostResponseSchema = z.object({
  type: z.literal('transaction'),
  transaction: z.string().describe('base64 of the serialised, unsigned transaction'),
  message: z.string().optional(),
  links: z.object({ next: z.object({ type: z.literal('inline'), action: completedActionSchema }) }),
});

/** `ActionsJson`: which site pages map to which action API paths. */
export const actionsJsonSchema = z.object({
  rules: z.array(z.object({ pathPattern: z.string(), apiPath: z.string() })),
});
