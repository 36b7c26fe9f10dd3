/**
 * The local faucet's one budget per caller: POST /api/dev/airdrop, `requestAirdrop` on /rpc and the standard-port
 * RPC all count against it (modules/chain's routes and standard-ports.ts).
 */
export const AIRDROP_RATE_LIMIT = { max: 30, timeWindow: 60_000, bucket: 'POST /api/dev/airdrop' } as const;
