import { z } from 'zod';
import { isSolanaAddress } from '../keys/base58';
import { parseSolToLamports } from '../money';

// Base58 of the right length is not enough: it must decode to a 32-byte key, or the faucet would fail with a 500.
const base58Address = z.string().refine(isSolanaAddress, 'Enter a base58 Solana address');

export const gasFeesResponseSchema = z.object({
  /** The network fee quoted for a purchase transaction, in SOL (spec: feeInSOL; fallback 0.000005). */
  feeInSOL: z.number(),
  lamports: z.string(),
  source: z.enum(['rpc', 'fallback']),
});
export type GasFeesResponse = z.infer<typeof gasFeesResponseSchema>;

/** The local-mode faucet: at most MAX_AIRDROP_SOL per call. */
export const MAX_AIRDROP_SOL = 100;
export const airdropRequestSchema = z.object({
  address: base58Address,
  sol: z
    .number({ error: 'The amount (sol) must be a number' })
    .positive('The amount (sol) must be greater than 0')
    .max(MAX_AIRDROP_SOL, `At most ${MAX_AIRDROP_SOL} SOL per airdrop`)
    // 5e-324 is positive but no whole number of lamports: refused here rather than failing in the handler.
    .refine((sol) => wholeLamports(sol), 'The amount (sol) can have at most 9 decimal places (1 lamport)'),
});

function wholeLamports(sol: number): boolean {
  try {
    return parseSolToLamports(sol) > 0n;
  } catch {
    return false;
  }
}

export const airdropResponseSchema = z.object({ signature: z.string(), lamports: z.string() });
