import { tolerantApiErrorSchema } from '@shared/api/error-schema';
import { supportInfoSchema, purchaseIdParamsSchema } from '@shared/api/transactions';
import { sealedRevealResponseSchema, type SafetyWarning } from '@shared/api/trust';
import { newRecipientKeyPair, openSealedKey } from '@shared/trust/sealed-key';
import { BrowserErrorCode, errorCodeOf, type ClientErrorCode } from '@web/lib/api-client';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';

export const revealPrivateKeyInputSchema = purchaseIdParamsSchema;
export type SupportInfo = z.infer<typeof supportInfoSchema>;

/**
 * A refused reveal; `supportInfo` is set when the buyer paid but the key cannot be read
 * (docs/product-spec.md#key-errors).
 */
export class RevealKeyError extends Error {
  override readonly name = 'RevealKeyError';
  constructor(
    message: string,
    readonly code: ClientErrorCode,
    readonly supportInfo?: SupportInfo,
  ) {
    super(message);
  }
}

/**
 * POST /api/transactions/{id}/reveal-private-key, always sealed (docs/domain.md#sealed-delivery): a one-time X25519 key
 * made here for this one reveal, so the response body holds only ciphertext that this tab alone opens. Not through
 * apiFetch: its error body carries supportInfo, which the generic error drops. The key is returned to the caller only —
 * never cached, stored or logged.
 */
/**
 * The opened key, and the account-safety warning when a check failed just before this reveal
 * (docs/domain.md#account-safety-checks).
 */
export interface RevealedKey {
  privateKey: string;
  safetyWarning?: SafetyWarning | undefined;
}

export async function revealPrivateKey(id: string, wallet: string, address: string): Promise<RevealedKey> {
  const params = revealPrivateKeyInputSchema.parse({ id });
  const recipient = newRecipientKeyPair();
  try {
    const response = await fetch(`/api/transactions/${encodeURIComponent(params.id)}/reveal-private-key`, {
      method: 'POST',
      credentials: 'include',
      cache: 'no-store',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'x-wallet-address': wallet },
      body: JSON.stringify({ recipientPublicKey: recipient.publicKey }),
    });
    const body: unknown = await response.json().catch(() => undefined);
    if (response.ok) return await openAnswer(body, recipient.secretKey, params.id, address);
    throw await refusal(response, body);
  } finally {
    recipient.secretKey.fill(0);
  }
}

async function openAnswer(
  body: unknown,
  secretKey: Uint8Array,
  transactionId: string,
  address: string,
): Promise<RevealedKey> {
  const sealed = sealedRevealResponseSchema.safeParse(body);
  // A plain answer to a sealed request means the seal was not honoured somewhere on the way: refuse it.
  if (!sealed.success) throw new RevealKeyError('Failed to reveal private key', BrowserErrorCode.INVALID_RESPONSE);
  try {
    const opened = await openSealedKey({
      sealed: sealed.data.sealed,
      recipientSecretKey: secretKey,
      transactionId,
      address,
    });
    return { privateKey: new TextDecoder().decode(opened), safetyWarning: sealed.data.safetyWarning };
  } catch {
    throw new RevealKeyError('The sealed key could not be opened in this browser', BrowserErrorCode.SEAL_OPEN_FAILED);
  }
}

/**
 * The server's revealKeyErrorSchema, read tolerantly like every error body (error-schema.ts): a code this build does
 * not know keeps the message and the support details.
 */
const refusalSchema = tolerantApiErrorSchema.extend({ supportInfo: supportInfoSchema.optional() });

async function refusal(response: Response, body: unknown): Promise<RevealKeyError> {
  const failed = refusalSchema.safeParse(body);
  const code = await errorCodeOf(response.status, failed.success ? failed.data.error : undefined);
  if (!failed.success) return new RevealKeyError(`${response.status}: ${response.statusText}`, code);
  return new RevealKeyError(failed.data.message, code, failed.data.supportInfo);
}

/**
 * The revealed key lives only in this mutation's result: gcTime 0 drops it once no component shows it, and
 * `reset()` is "Hide".
 */
export function useRevealPrivateKey() {
  return useMutation({
    mutationFn: ({ id, wallet, address }: { id: string; wallet: string; address: string }) =>
      revealPrivateKey(id, wallet, address),
    gcTime: 0,
  });
}
