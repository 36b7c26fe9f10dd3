import { LAMPORTS_PER_SOL } from '@shared/money';
import { describe, expect, it } from 'vitest';
import { listingIconSvg } from './listing-icon';

const address = 'VauLTx8ZnFqY2kWbq3mR7sHcJ1dT9eUaPoLiKgN4wXyz';
const gold = (svg: string) =>
  [...svg.matchAll(/<tspan fill="#f5c451" font-weight="700">(.)<\/tspan>/g)].map((m) => m[1]).join('');

describe('listing icon', () => {
  it('draws every character of the address once, the pattern in gold', () => {
    const svg = listingIconSvg({ address, pattern: 'VauLT', patternPosition: 'prefix', price: 500_000_000n });
    expect(gold(svg)).toBe('VauLT');
    expect([...svg.matchAll(/<tspan [^>]*>(.)<\/tspan>/g)].map((m) => m[1]).join('')).toBe(address);
    expect(svg).toContain('0.5 SOL');
  });

  it('escapes a stored pattern, so it cannot add markup', () => {
    const svg = listingIconSvg({ address, pattern: '<script>"&', patternPosition: null, price: LAMPORTS_PER_SOL });
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('Pattern: &lt;script&gt;&quot;&amp;');
  });
});
