import { watchSchema } from '@shared/api/alerts';
import { patternFieldsSchema, type PatternFields } from '@shared/api/bids';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { watchKeys } from './bid-keys';

export const watchPatternInputSchema = patternFieldsSchema;

/**
 * POST /api/watches: be told (the bell) when a matching address is listed; no deposit, nothing bought. Watching a
 * pattern already watched answers the same watch (200 rather than 201).
 */
export const watchPattern = (input: PatternFields) =>
  apiFetch('/api/watches', { method: 'POST', body: watchPatternInputSchema.parse(input), schema: watchSchema });

export function useWatchPattern() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: watchPattern,
    onSettled: () => client.invalidateQueries({ queryKey: watchKeys.mine() }),
  });
}
