import { apiFetch } from '@web/lib/api-client';

/** POST /api/auth/logout (no input): ends the server session and clears its cookie. */
export async function logout(): Promise<void> {
  await apiFetch('/api/auth/logout', { method: 'POST', body: {} });
}
