import { z } from 'zod';
import { isRecipientPublicKey } from '../trust/sealed-key';
import { base64Length } from './trust';

// Apart from the other trust shapes: checking the key is X25519 arithmetic, which only the server's reveal needs.

/**
 * Reveal body (docs/domain.md#sealed-delivery). With `recipientPublicKey` (a one-time X25519 public key, 32 bytes
 * base64) the answer is sealed to it; without a body, or with an empty object (what many clients send), the spec's
 * plain `{ success, privateKey }` stays, for API callers.
 */
export const revealKeyBodySchema = z
  .object({
    recipientPublicKey: z
      .string()
      .max(64)
      .refine(
        (v) => base64Length(v) === 32 && isRecipientPublicKey(v),
        'recipientPublicKey must be a 32-byte X25519 public key in base64',
      )
      .optional(),
  })
  .strict()
  // No body at all: fastify hands the validator null.
  .nullish();
