import { z } from 'zod';
import { receiptSchema } from '../trust/receipt-schema';

/** Trust API shapes (docs/domain.md#trust-model): proof of custody, sealed key delivery, receipts. */

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** Decoded length of a canonical base64 string, or -1 when it is not one. */
export function base64Length(value: string): number {
  if (!BASE64.test(value) || value.length % 4 !== 0) return -1;
  const padding = value.endsWith('==') ? 2 : value.endsWith('=') ? 1 : 0;
  return (value.length / 4) * 3 - padding;
}

export const CHALLENGE_MIN_BYTES = 16;
export const CHALLENGE_MAX_BYTES = 64;

export const custodyProofBodySchema = z.object({
  challenge: z
    .string({ error: 'challenge is required' })
    .min(1, 'challenge is required')
    .max(100, `challenge must be ${CHALLENGE_MIN_BYTES}–${CHALLENGE_MAX_BYTES} bytes of base64`)
    .refine((v) => base64Length(v) >= 0, 'challenge must be base64')
    .refine((v) => {
      const n = base64Length(v);
      return n >= CHALLENGE_MIN_BYTES && n <= CHALLENGE_MAX_BYTES;
    }, `challenge must be ${CHALLENGE_MIN_BYTES}–${CHALLENGE_MAX_BYTES} bytes of base64`),
});
export type CustodyProofBody = z.infer<typeof custodyProofBodySchema>;

export const custodyProofResponseSchema = z.object({
  /** The signed off-chain message bytes, base64. */
  message: z.string(),
  /** The ed25519 signature over `message`, base64 (64 bytes). */
  signature: z.string(),
  /** The listed address that signed. */
  address: z.string(),
});
export type CustodyProof = z.infer<typeof custodyProofResponseSchema>;

export const sealedKeySchema = z.object({
  algorithm: z.literal('X25519-HKDF-SHA256-AES-256-GCM'),
  ephemeralPublicKey: z.string(),
  nonce: z.string(),
  ciphertext: z.string(),
});

export const attestationKeyResponseSchema = z.object({
  publicKey: z.string().describe('the ed25519 attestation public key, base58'),
  algorithm: z.literal('ed25519'),
  canonicalization: z.string(),
});
export type AttestationKeyInfo = z.infer<typeof attestationKeyResponseSchema>;

export const receiptListResponseSchema = z.object({
  receipts: z.array(receiptSchema.extend({ kind: z.enum(['sale', 'destroy']) })),
});

export const safetyCheckSchema = z.object({
  name: z.enum(['system-owned', 'no-token-accounts', 'never-used', 'not-look-alike']),
  /** info: a harmless state worth knowing (token accounts others opened, dust received); it never refuses a sale. */
  status: z.enum(['pass', 'info', 'warn', 'fail']),
  detail: z.string(),
});
export type SafetyCheck = z.infer<typeof safetyCheckSchema>;

export const safetyReportSchema = z.object({
  address: z.string(),
  checks: z.array(safetyCheckSchema),
  /** The worst of the checks, in the order fail, warn, info, pass. */
  status: z.enum(['pass', 'info', 'warn', 'fail']),
  checkedAt: z.iso.datetime(),
  slot: z.string().describe('the slot the chain was read at, as a decimal string'),
});
export type SafetyReport = z.infer<typeof safetyReportSchema>;

/** An admin's fresh re-check of a listing (POST /api/addresses/:id/safety): the report, and whether it unlisted. */
export const safetyRecheckResponseSchema = safetyReportSchema.extend({
  unlisted: z.boolean().describe('true when this re-check failed and took the listing off the market'),
});
export type SafetyRecheck = z.infer<typeof safetyRecheckResponseSchema>;

/**
 * docs/domain.md#account-safety-checks before every reveal: when a check fails the key is still revealed (the buyer
 * paid), with this warning naming what changed on chain and when it was read.
 */
export const safetyWarningSchema = z.object({
  message: z.string(),
  checkedAt: z.string(),
  slot: z.string(),
  failed: z.array(safetyCheckSchema),
});
export type SafetyWarning = z.infer<typeof safetyWarningSchema>;

export const sealedRevealResponseSchema = z.object({
  success: z.literal(true),
  sealed: sealedKeySchema,
  safetyWarning: safetyWarningSchema.optional(),
});
export type SealedRevealResponse = z.infer<typeof sealedRevealResponseSchema>;
