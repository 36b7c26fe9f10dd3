import type { BidQuote } from '@shared/api/bids';
import { describe, expect, it } from 'vitest';
import { renderStatic, textOf } from '@tests/helpers/render-web';
import { QuotePanel } from './quote-panel';

const A = 'AbCdEfGhJkLmNpQrStUvWxYz23456789abcdefghijk';
const quote = (overrides: Partial<BidQuote> = {}): BidQuote => ({
  probability: 1 / 1156,
  oneIn: 1156,
  matchingStock: { count: 3, cheapest: [{ id: 'l1', address: A, price: '0.05' }] },
  grind: { price: '0.02', p95Seconds: 3 },
  ...overrides,
});
const prefix = { pattern: 'ab', position: 'prefix', caseSensitive: false } as const;

describe('QuotePanel', () => {
  it('says the odds, the matching stock with a link to each, and what a grind would cost', () => {
    const html = renderStatic(<QuotePanel quote={quote()} pattern={prefix} />);
    const text = textOf(html);
    expect(text).toContain('1 in 1.16 thousand addresses match');
    expect(text).toContain('3 addresses in stock match it now, cheapest first:');
    expect(html).toContain(`href="/address/${A}"`);
    expect(text).toContain('0.05 SOL');
    expect(text).toContain('A custom grind would cost 0.02 SOL (95% found within 3 seconds).');
    expect(html).toContain('href="/order?pattern=ab&amp;position=prefix"');
  });

  it('says when nothing matches now and when the shop cannot grind it, and offers no order for "anywhere"', () => {
    const html = renderStatic(
      <QuotePanel
        quote={quote({ matchingStock: { count: 0, cheapest: [] }, grind: null })}
        pattern={{ ...prefix, position: 'anywhere' }}
      />,
    );
    const text = textOf(html);
    expect(text).toContain('Nothing in stock matches it now: a bid waits for the next matching listing.');
    expect(text).toContain('The shop cannot grind this pattern to order');
    expect(html).not.toContain('/order?');
  });
});
