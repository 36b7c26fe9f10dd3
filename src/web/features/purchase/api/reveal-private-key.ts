import {
  revealKeyErrorSchema,
  revealKeyResponseSchema,
  transactionIdParamsSchema,
  type supportInfoSchema,
} from '@shared/api/transactions';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';

export const revealPrivateKeyInputSchema = transactionIdParamsSchema;
export type SupportInfo = z.infer<typeof supportInfoSchema>;

/** A refused reveal; `supportInfo` is set when the buyer paid but the key cannot be read (spec §8 Keys). */
export class RevealKeyError extends Error {
  override readonly name = 'RevealKeyError';
  constructor(
    message: string,
    readonly code: string,
    readonly supportInfo?: SupportInfo,
  ) {
    super(message);
  }
}

/**
 * POST /api/transactions/{id}/reveal-private-key. Not through apiFetch: its error body carries supportInfo,
 * which the generic error drops. The key is returned to the caller only — never cached, stored or logged.
 */
export async function revealPrivateKey(id: string, wallet: string): Promise<string> {
  const params = revealPrivateKeyInputSchema.parse({ id });
  const response = await fetch(`/api/transactions/${encodeURIComponent(params.id)}/reveal-private-key`, {
    method: 'POST',
    credentials: 'include',
    cache: 'no-store',
    headers: { Accept: 'application/json', 'x-wallet-address': wallet },
  });
  const body: unknown = await response.json().catch(() => undefined);
  if (response.ok) {
    const ok = revealKeyResponseSchema.safeParse(body);
    if (ok.success) return ok.data.privateKey;
    throw new RevealKeyError('Failed to reveal private key', 'INVALID_RESPONSE');
  }
  const failed = revealKeyErrorSchema.safeParse(body);
  if (!failed.success)
    throw new RevealKeyError(`${response.status}: ${response.statusText}`, `HTTP_${response.status}`);
  throw new RevealKeyError(failed.data.message, failed.data.error, failed.data.supportInfo);
}

/**
 * The revealed key lives only in this mutation's result: gcTime 0 drops it once no component shows it, and
 * `reset()` is "Hide".
 */
export function useRevealPrivateKey() {
  return useMutation({
    mutationFn: ({ id, wallet }: { id: string; wallet: string }) => revealPrivateKey(id, wallet),
    gcTime: 0,
  });
}
