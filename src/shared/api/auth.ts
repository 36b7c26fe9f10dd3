import { z } from 'zod';
import { isSolanaAddress } from '../keys/base58';

/**
 * Sign-In With Solana (docs/domain.md#sign-in-sessions-and-roles). The server makes the `solana:signIn` input, the
 * wallet signs its text (with `solana:signIn`, or `solana:signMessage` for wallets without it), and the server checks
 * the exact bytes.
 */

/** A Solana account address: base58 that decodes to a 32-byte public key. */
export const solanaAddressSchema = z
  .string({ error: 'Wallet address is required' })
  .trim()
  .refine(isSolanaAddress, 'Wallet address must be a base58 Solana address');

const base64 = (what: string, maxChars: number) =>
  z
    .string({ error: `${what} is required` })
    .min(1, `${what} is required`)
    .max(maxChars, `${what} is too long`)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, `${what} must be base64`);

/** The fields of a Wallet Standard `SolanaSignInInput` this server issues; all are required. */
export const signInInputSchema = z.object({
  domain: z.string().min(1).max(255),
  address: solanaAddressSchema,
  statement: z.string().max(500),
  uri: z.string().min(1).max(500),
  version: z.string().min(1).max(8),
  chainId: z.string().min(1).max(64),
  nonce: z.string().regex(/^[A-Za-z0-9]{16,64}$/, 'Nonce must be 16 to 64 letters and digits'),
  issuedAt: z.string().min(1).max(40),
  expirationTime: z.string().min(1).max(40),
});
export type SignInInput = z.infer<typeof signInInputSchema>;

export const challengeBodySchema = z.object({ address: solanaAddressSchema });
export type ChallengeBody = z.infer<typeof challengeBodySchema>;

export const challengeResponseSchema = z.object({
  input: signInInputSchema,
  /** The exact text to sign: what `solana:signIn` builds from `input`. */
  message: z.string(),
});
export type ChallengeResponse = z.infer<typeof challengeResponseSchema>;

export const verifyBodySchema = z.object({
  input: signInInputSchema,
  /** The signed bytes, base64 (the wallet's `signedMessage`, or the UTF-8 of `message` for signMessage). */
  signedMessage: base64('signedMessage', 4096),
  /** The 64-byte ed25519 signature, base64. */
  signature: base64('signature', 100),
});
export type VerifyBody = z.infer<typeof verifyBodySchema>;

export const sessionResponseSchema = z.object({
  walletAddress: z.string(),
  isAdmin: z.boolean(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
