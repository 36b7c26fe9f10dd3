import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '@web/lib/api-client';

const MAX_QUERY_RETRIES = 3;

/** A 4xx answer will not change by asking again (401, 404, validation): retry only network and 5xx failures. */
function shouldRetry(failureCount: number, error: unknown) {
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_QUERY_RETRIES;
}

/**
 * docs/product-spec.md#constants-and-limits client data defaults, the variant with 3 retries: data is fresh for 5
 * minutes, unused cache is dropped after 10 minutes, no refetch on window focus; changes (mutations) are never retried.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        staleTime: 5 * 60_000,
        gcTime: 10 * 60_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
