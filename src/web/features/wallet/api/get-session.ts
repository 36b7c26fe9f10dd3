import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, isApiError } from '@web/lib/api-client';
import { sessionResponseSchema, type SessionResponse } from '@shared/api/auth';

/** GET /api/auth/session (no input). A 401 is an answer, not a failure: nobody is signed in. */
export async function getSession(signal?: AbortSignal): Promise<SessionResponse | null> {
  try {
    return await apiFetch('/api/auth/session', { schema: sessionResponseSchema, signal });
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export const sessionQueryKey = ['auth', 'session'] as const;

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => getSession(signal),
  });

export function useSession() {
  return useQuery(sessionQueryOptions());
}
