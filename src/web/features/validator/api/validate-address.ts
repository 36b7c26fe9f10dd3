import type { ValidateAddressResponse, validateAddressBodySchema } from '@shared/api/listings';
import { guessNetwork } from '@shared/format/address';
import { queryOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from '@web/lib/api-client';

export type ValidateAddressInput = z.input<typeof validateAddressBodySchema>;

/**
 * POST /api/addresses/validate: the address trimmed, the network guessed per docs/product-spec.md#validation-rules
 * unless given.
 */
export async function validateAddress(
  input: ValidateAddressInput,
  signal?: AbortSignal,
): Promise<ValidateAddressResponse> {
  // The home page shows the validator at first paint; its schemas (and Zod) load when it is first used.
  const { validateAddressBodySchema, validateAddressResponseSchema } = await import('@shared/api/listings');
  const body = validateAddressBodySchema.parse({ ...input, network: input.network ?? guessNetwork(input.address) });
  return apiFetch('/api/addresses/validate', { method: 'POST', body, schema: validateAddressResponseSchema, signal });
}

/** A rarity report is a pure function of its input, so a page may also read it as a query (address detail). */
export const rarityQueryOptions = (input: ValidateAddressInput) =>
  queryOptions({
    queryKey: ['rarity', input.address, input.network ?? null, input.pattern ?? null],
    queryFn: ({ signal }) => validateAddress(input, signal),
    staleTime: Infinity,
  });

/** The validator's button: nothing is cached or invalidated, each press asks again. */
export const useValidateAddress = () =>
  useMutation({ mutationFn: (input: ValidateAddressInput) => validateAddress(input) });
