import {
  challengeBodySchema,
  challengeResponseSchema,
  type ChallengeBody,
  type ChallengeResponse,
} from '@shared/api/auth';
import { apiFetch } from '@web/lib/api-client';

export const createChallengeInputSchema = challengeBodySchema;

/** POST /api/auth/challenge: a fresh single-use SIWS input for this address and the exact text to sign. */
export function createChallenge(input: ChallengeBody): Promise<ChallengeResponse> {
  return apiFetch('/api/auth/challenge', {
    method: 'POST',
    body: createChallengeInputSchema.parse(input),
    schema: challengeResponseSchema,
  });
}
