import { describe, expect, it } from 'vitest';
import { actionApiUrl, depositRequestUrl, transactionRequestLink, transactionRequestUrl } from './solana-pay-url';

describe('Solana Pay and Actions URLs', () => {
  const id = '0b9c4a52-6f3e-4f7a-9d55-1f2e3d4c5b6a';

  it('writes a query-less transaction-request link as is, without a trailing slash from the origin', () => {
    expect(transactionRequestUrl('https://shop.example/', id)).toBe(`solana:https://shop.example/api/pay/${id}`);
    expect(transactionRequestLink('https://shop.example', id)).toBe(`https://shop.example/api/pay/${id}`);
  });

  it('URL-encodes the link when it carries a query, as the spec requires', () => {
    const url = transactionRequestUrl('https://shop.example/?x=1', id);
    expect(url.startsWith('solana:https%3A%2F%2F')).toBe(true);
    expect(decodeURIComponent(url.slice('solana:'.length))).toBe(`https://shop.example/?x=1/api/pay/${id}`);
  });

  it("writes a bid's or an offer's deposit request the same way", () => {
    expect(depositRequestUrl('https://shop.example/', id)).toBe(`solana:https://shop.example/api/pay/bids/${id}`);
  });

  it('builds the action API URL of an address', () => {
    expect(actionApiUrl('https://shop.example', 'So11111111111111111111111111111111111111112')).toBe(
      'https://shop.example/api/actions/listings/So11111111111111111111111111111111111111112',
    );
  });
});
