import { purchaseIdParamsSchema } from '@shared/api/transactions';
import { receiptListResponseSchema } from '@shared/api/trust';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from '@web/lib/api-client';

export const getReceiptsInputSchema = purchaseIdParamsSchema;
export type ReceiptWithKind = z.infer<typeof receiptListResponseSchema>['receipts'][number];

/** GET /api/transactions/{id}/receipts: the buyer's own signed receipts. */
export async function getReceipts(id: string, signal?: AbortSignal): Promise<ReceiptWithKind[]> {
  const params = getReceiptsInputSchema.parse({ id });
  const body = await apiFetch(`/api/transactions/${encodeURIComponent(params.id)}/receipts`, {
    schema: receiptListResponseSchema,
    signal,
  });
  return body.receipts;
}

export const receiptsQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['transactions', id, 'receipts'], queryFn: ({ signal }) => getReceipts(id, signal) });

export const useReceipts = (id: string, enabled: boolean) => useQuery({ ...receiptsQueryOptions(id), enabled });
