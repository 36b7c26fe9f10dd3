import { describe, expect, it } from 'vitest';
import { explorerAddressUrl, explorerClusterQuery, explorerTxUrl } from './explorer';

const SIG = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';
const ADDRESS = 'So11111111111111111111111111111111111111112';

describe('Solana Explorer links', () => {
  it('uses no cluster parameter on mainnet', () => {
    expect(explorerTxUrl(SIG, 'mainnet-beta')).toBe(`https://explorer.solana.com/tx/${SIG}`);
    expect(explorerAddressUrl(ADDRESS, 'mainnet-beta')).toBe(`https://explorer.solana.com/address/${ADDRESS}`);
  });

  it('names devnet and testnet', () => {
    expect(explorerTxUrl(SIG, 'devnet')).toBe(`https://explorer.solana.com/tx/${SIG}?cluster=devnet`);
    expect(explorerAddressUrl(ADDRESS, 'testnet')).toBe(
      `https://explorer.solana.com/address/${ADDRESS}?cluster=testnet`,
    );
  });

  it('points local links at our RPC as a custom cluster', () => {
    expect(explorerTxUrl(SIG, 'local', 'http://localhost:5000/rpc')).toBe(
      `https://explorer.solana.com/tx/${SIG}?cluster=custom&customUrl=http%3A%2F%2Flocalhost%3A5000%2Frpc`,
    );
    expect(explorerClusterQuery('local')).toBe('?cluster=custom&customUrl=http%3A%2F%2Flocalhost%3A8899');
  });
});
