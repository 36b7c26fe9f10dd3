import { bulkCreateBodySchema, bulkCreateResponseSchema, type BulkCreateResponse } from '@shared/api/listings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { invalidateTradeCaches } from '@web/features/purchase';

export { bulkCreateBodySchema };
// docs/product-spec.md#constants-and-limits: a bulk upload may take up to 5 minutes.
export const BULK_TIMEOUT_MS = 5 * 60_000;

/**
 * POST /api/bulk-create-listings. Not through apiFetch: the spec's messages for this call differ (timeout,
 * "Server error (status): body" for a non-JSON answer, else the server's error field).
 */
export async function bulkCreateListings(body: z.input<typeof bulkCreateBodySchema>): Promise<BulkCreateResponse> {
  let response: Response;
  try {
    response = await fetch('/api/bulk-create-listings', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(bulkCreateBodySchema.parse(body)),
      signal: AbortSignal.timeout(BULK_TIMEOUT_MS),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') {
      throw new Error('Upload timed out after 5 minutes. Try with smaller batches.', { cause: error });
    }
    throw new Error('Bulk upload failed', { cause: error });
  }
  const text = await response.text().catch(() => '');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    if (!response.ok) throw new Error(`Server error (${response.status}): ${text || response.statusText}`);
    throw new Error('Bulk upload failed');
  }
  if (!response.ok) {
    const { error, message } = (json ?? {}) as { error?: unknown; message?: unknown };
    throw new Error(typeof message === 'string' ? message : typeof error === 'string' ? error : 'Bulk upload failed');
  }
  const parsed = bulkCreateResponseSchema.safeParse(json);
  if (!parsed.success) throw new Error('Bulk upload failed');
  return parsed.data;
}

export function useBulkCreateListings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkCreateListings,
    // The rows carry private keys: do not keep them in the mutation cache.
    gcTime: 0,
    onSuccess: () => invalidateTradeCaches(queryClient),
  });
}
