import { afterEach, describe, expect, it, vi } from 'vitest';
import { quoteBid } from './quote-bid';

afterEach(() => vi.unstubAllGlobals());

describe('quoteBid', () => {
  it('asks GET /api/bids/quote with the pattern fields as a query, and reads the answer through the contract', async () => {
    const answer = { probability: 0.5, oneIn: 2, matchingStock: { count: 0, cheapest: [] }, grind: null };
    const fetch = vi.fn(async () => new Response(JSON.stringify(answer), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    expect(await quoteBid({ pattern: ' ab ', position: 'suffix', caseSensitive: false })).toEqual(answer);
    expect(fetch).toHaveBeenCalledWith(
      '/api/bids/quote?pattern=ab&position=suffix&caseSensitive=false',
      expect.anything(),
    );
  });

  it('refuses a pattern no address could match before asking', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    expect(() => quoteBid({ pattern: 'O0', position: 'prefix', caseSensitive: true })).toThrow(/base58/);
    expect(fetch).not.toHaveBeenCalled();
  });
});
