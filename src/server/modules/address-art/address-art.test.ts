import { describe, expect, it } from 'vitest';
import { addressCardSvg, renderPng } from './index';

const art = {
  address: 'MoonXz2bQ8hY3nS5rT7uV9wK1mN4pL6jH8gF2dC3ab<&',
  pattern: 'Moon',
  patternPosition: 'prefix',
  price: '12.5 SOL',
  rarityScore: 8.4,
  tier: 'RARE',
  category: 'word like',
};

describe('address art', () => {
  it('draws the pattern highlighted, price and rarity, with text escaped', () => {
    const svg = addressCardSvg(art);
    expect(svg).toContain('font-weight="bold">Moon</tspan>');
    expect(svg).toContain('12.5 SOL');
    expect(svg).toContain('8.4/10 RARE');
    expect(svg).toContain('&lt;&amp;');
    expect(svg).not.toContain('ab<&');
  });

  it('renders a 1200×630 PNG', () => {
    const png = renderPng(addressCardSvg(art));
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.readUInt32BE(16)).toBe(1200);
    expect(png.readUInt32BE(20)).toBe(630);
  });
});
