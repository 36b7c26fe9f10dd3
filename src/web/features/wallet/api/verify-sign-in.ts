import { sessionResponseSchema, verifyBodySchema, type SessionResponse, type VerifyBody } from '@shared/api/auth';
import { apiFetch } from '@web/lib/api-client';

export const verifySignInInputSchema = verifyBodySchema;

/** POST /api/auth/verify: on success the server sets the HttpOnly session cookie. */
export function verifySignIn(input: VerifyBody): Promise<SessionResponse> {
  return apiFetch('/api/auth/verify', {
    method: 'POST',
    body: verifySignInInputSchema.parse(input),
    schema: sessionResponseSchema,
  });
}
