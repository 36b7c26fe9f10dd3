import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionResponseSchema } from '@shared/api/auth';
import { apiFetch } from '@web/lib/api-client';
import { sessionQueryKey } from './get-session';

/** POST /api/dev/make-me-admin (no input, local mode only): the signed-in wallet becomes an admin. */
export const makeMeAdmin = () =>
  apiFetch('/api/dev/make-me-admin', { method: 'POST', body: {}, schema: sessionResponseSchema });

/** The session then says isAdmin, so the header's admin links and the admin pages follow at once. */
export function useMakeMeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeMeAdmin,
    onSuccess: (session) => queryClient.setQueryData(sessionQueryKey, session),
  });
}
