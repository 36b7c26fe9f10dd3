/**
 * A shop off local mode (devnet) whose one RPC endpoint is port 9 (discard) on loopback: nothing listens there, so
 * every chain call fails fast and none reaches a real cluster. Off local mode the attestation key must be given
 * (receipts, docs/domain.md#receipts): any fresh 32-byte seed does.
 */
export const unreachableDevnetEnv = (): Record<string, string> => ({
  SOLANA_CLUSTER: 'devnet',
  SOLANA_RPC_URLS: 'http://127.0.0.1:9',
  ATTESTATION_KEY: JSON.stringify(Array.from(crypto.getRandomValues(new Uint8Array(32)))),
});
