import type { PublicConfig } from '@shared/api/config';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from './api-client';

/** GET /api/config takes no input, so there is no input schema. */
export function getConfig(signal?: AbortSignal): Promise<PublicConfig> {
  // Read by the header (the wallet balance): the schema loads with the request, not with the entry chunk.
  const schema = () => import('@shared/api/config').then((m) => m.publicConfigSchema);
  return apiFetch('/api/config', { schema, signal });
}

/** The public configuration does not change while the server runs: fetch once per page load. */
export const configQueryOptions = () =>
  queryOptions({
    queryKey: ['config'],
    queryFn: ({ signal }) => getConfig(signal),
    staleTime: Infinity,
    gcTime: Infinity,
  });

export function useConfig() {
  return useQuery(configQueryOptions());
}
