import { z } from 'zod';

export const solanaClusterSchema = z.enum(['local', 'devnet', 'testnet', 'mainnet-beta']);
export type SolanaCluster = z.infer<typeof solanaClusterSchema>;

/** The allow-list of configuration the browser may see (GET /api/config). Nothing secret belongs here. */
export const publicConfigSchema = z.object({
  cluster: solanaClusterSchema,
  /** JSON-RPC endpoints in fallback order. Relative URLs (local mode: `/rpc`) resolve against the page origin. */
  rpcUrls: z.array(z.string()).min(1),
  /**
   * The PubSub (WebSocket) endpoint for signature subscriptions. A relative URL (local mode: `/rpc`) resolves
   * against the page origin with ws:/wss:. Absent when the server knows none: the browser then only polls.
   */
  wsUrl: z.string().optional(),
  /** Query string for Solana Explorer links: '' on mainnet, '?cluster=devnet', or a custom-RPC link in local mode. */
  explorerClusterQuery: z.string(),
  /**
   * How final a payment must be before its key unlocks (REVEAL_COMMITMENT). At `finalized` the pay screen says
   * "Finalizing…" while a purchase is verified (confirmed) but not yet completed.
   */
  revealCommitment: z.enum(['confirmed', 'finalized']),
  features: z.object({
    /** POST /api/dev/airdrop exists (local mode only). */
    devFaucet: z.boolean(),
    /** The in-page "Local Dev Wallet" is offered next to Phantom (local mode only). */
    localDevWallet: z.boolean(),
  }),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
