import { activityParamsSchema, activitySchema, type Activity } from '@shared/api/activity';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';

export const activityInputSchema = activityParamsSchema;

/** GET /api/addresses/{id}/activity: what happened to the listing, newest first. */
export function getActivity(id: string, signal?: AbortSignal): Promise<Activity> {
  const input = activityInputSchema.parse({ id });
  return apiFetch(`/api/addresses/${input.id}/activity`, { schema: activitySchema, signal });
}

export const activityQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['addresses', 'activity', id],
    queryFn: ({ signal }) => getActivity(id, signal),
    staleTime: 30_000,
  });

export const useActivity = (id: string) => useQuery(activityQueryOptions(id));
