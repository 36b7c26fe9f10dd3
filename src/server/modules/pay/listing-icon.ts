import { lamportsToSolString } from '@shared/money';
import { highlightRange } from '@shared/format/highlight';

/**
 * The Action icon of a listing (docs/domain.md#solana-pay-and-actions): a square SVG with the address in four lines and
 * its pattern in gold, so a blink shows what is for sale before anyone opens the site. Drawn from the stored address
 * and pattern only; both are escaped, though an address is base58 and cannot carry markup.
 */

export const listingIconUrl = (origin: string, address: string) =>
  `${origin}/api/actions/listings/${encodeURIComponent(address)}/icon.svg`;

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

const LINE = 11;
const GOLD = '#f5c451';
const PLAIN = '#c9cfdb';

export function listingIconSvg(listing: {
  address: string;
  pattern: string | null;
  patternPosition: string | null;
  price: bigint;
}): string {
  const range = highlightRange(listing.address, listing.pattern, listing.patternPosition);
  const lines: string[] = [];
  for (let start = 0; start < listing.address.length; start += LINE) {
    const spans: string[] = [];
    for (let i = start; i < Math.min(start + LINE, listing.address.length); i += 1) {
      const marked = range !== null && i >= range[0] && i < range[1];
      spans.push(
        `<tspan fill="${marked ? GOLD : PLAIN}"${marked ? ' font-weight="700"' : ''}>${escapeXml(listing.address[i]!)}</tspan>`,
      );
    }
    lines.push(`<text x="48" y="${190 + lines.length * 62}">${spans.join('')}</text>`);
  }
  const pattern = listing.pattern ? escapeXml(listing.pattern) : 'vanity';
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">',
    '<rect width="512" height="512" rx="32" fill="#0b1020"/>',
    '<rect x="16" y="16" width="480" height="480" rx="24" fill="none" stroke="#f5c451" stroke-opacity="0.45" stroke-width="2"/>',
    '<text x="48" y="92" font-family="system-ui, sans-serif" font-size="30" font-weight="700" fill="#f5c451">Vanity Vault</text>',
    `<text x="48" y="130" font-family="system-ui, sans-serif" font-size="22" fill="#8b93a7">Pattern: ${pattern}</text>`,
    `<g font-family="ui-monospace, Menlo, Consolas, monospace" font-size="44" letter-spacing="1">${lines.join('')}</g>`,
    `<text x="48" y="462" font-family="system-ui, sans-serif" font-size="26" font-weight="600" fill="#4ade80">${lamportsToSolString(listing.price)} SOL</text>`,
    '</svg>',
  ].join('');
}
