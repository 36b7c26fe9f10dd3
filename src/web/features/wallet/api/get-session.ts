import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import type { SessionResponse } from '@shared/api/auth';

/**
 * GET /api/auth/session-status (no input): the session, or null when nobody is signed in. Not the spec's
 * GET /api/auth/session, whose 401 Chromium logs as a console error on every anonymous page load.
 */
export function getSession(signal?: AbortSignal): Promise<SessionResponse | null> {
  // Every page asks for the session at its first render: the schema loads with the request, not the entry chunk.
  const schema = () => import('@shared/api/auth').then((m) => m.sessionResponseSchema.nullable());
  return apiFetch('/api/auth/session-status', { schema, signal });
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
