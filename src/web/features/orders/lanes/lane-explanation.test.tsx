import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LaneExplanation } from './lane-explanation';

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');
const render = (lane: Parameters<typeof LaneExplanation>[0]['lane']) =>
  text(renderToStaticMarkup(<LaneExplanation lane={lane} />));

describe('LaneExplanation', () => {
  it('says plainly that no wallet can import a split key, and what it is for', () => {
    const said = render('split-key');
    expect(said).toContain('It is a raw scalar, not a seed');
    expect(said).toContain('Phantom, Backpack, Solflare, solana-keygen and web3.js all take a seed');
    expect(said).toContain('Import the key into any wallet');
    expect(said).toContain('nobody else ever holds the key');
  });

  it('says a seed-derived account has no key, works with every token tool, and is not for launchpads', () => {
    const said = render('seed-derived');
    expect(said).toContain('the account has no private key at all, and your wallet signs its creation');
    expect(said).toContain('works with every token tool');
    expect(said).toContain('Launchpads that insist on a mint signature need the split-key lane');
  });

  it('says the shop knew a wallet-lane key', () => {
    expect(render('wallet')).toContain('the shop generated it');
  });
});
