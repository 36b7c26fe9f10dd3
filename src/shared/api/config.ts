import { z } from 'zod';

export const solanaClusterSchema = z.enum(['local', 'devnet', 'testnet', 'mainnet-beta']);
export type SolanaCluster = z.infer<typeof solanaClusterSchema>;

/** The allow-list of configuration the browser may see (GET /api/config). Nothing secret belongs here. */
export const publicConfigSchema = z.object({
  cluster: solanaClusterSchema,
  /** JSON-RPC endpoints in fallback order. Relative URLs (local mode: `/rpc`) resolve against the page origin. */
  rpcUrls: z.array(z.string()).min(1),
  /** Query string for Solana Explorer links: '' on mainnet, '?cluster=devnet', or a custom-RPC link in local mode. */
  explorerClusterQuery: z.string(),
  features: z.object({
    /** POST /api/dev/airdrop exists (local mode only). */
    devFaucet: z.boolean(),
    /** The in-page "Local Dev Wallet" is offered next to Phantom (local mode only). */
    localDevWallet: z.boolean(),
  }),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
