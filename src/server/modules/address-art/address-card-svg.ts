import { highlightRange } from '@shared/format/highlight';

/**
 * The 1200×630 picture of one address (link previews, and the Solana Actions icon on another branch): the
 * address in monospace with its pattern in green, then price and rarity. Plain SVG text in the fonts that
 * render-png.ts loads, so it renders the same on every machine.
 */
export interface AddressArt {
  address: string;
  pattern: string | null;
  patternPosition: string | null;
  /** Display form, e.g. '1.5 SOL'. */
  price: string;
  rarityScore: number;
  /** The rarity model's tier name, e.g. 'RARE' (src/shared/rarity/tier.ts). */
  tier: string;
  /** The rarity engine's category, dashes as spaces. */
  category: string;
}

export const ART_WIDTH = 1200;
export const ART_HEIGHT = 630;
export const MONO_FAMILY = 'DejaVu Sans Mono';
export const SANS_FAMILY = 'DejaVu Sans';

const COLORS = {
  background: '#05070d',
  panel: '#0d1220',
  border: '#1e293b',
  text: '#e2e8f0',
  muted: '#94a3b8',
  money: '#34d399',
  gold: '#fbbf24',
};

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/** The address as one or two lines of <tspan>s, the pattern's characters green and bold. */
function addressLines(art: AddressArt, x: number, y: number, size: number): string {
  const range = highlightRange(art.address, art.pattern, art.patternPosition);
  // DejaVu Sans Mono advances 0.602 em per character: 44 characters at 38 px fill 1,006 of the 1,200 px.
  const perLine = Math.floor((ART_WIDTH - 2 * x) / (size * 0.602));
  const lines: string[] = [];
  for (let start = 0; start < art.address.length; start += perLine) {
    const end = Math.min(art.address.length, start + perLine);
    const spans: string[] = [];
    const cut = (from: number, to: number, on: boolean) => {
      if (to <= from) return;
      const text = escapeXml(art.address.slice(from, to));
      spans.push(on ? `<tspan fill="${COLORS.money}" font-weight="bold">${text}</tspan>` : `<tspan>${text}</tspan>`);
    };
    if (range) {
      const [a, b] = range;
      cut(start, Math.min(end, Math.max(start, a)), false);
      cut(Math.max(start, a), Math.min(end, b), true);
      cut(Math.max(start, b), end, false);
    } else {
      cut(start, end, false);
    }
    lines.push(`<text x="${x}" y="${y + lines.length * size * 1.3}" xml:space="preserve">${spans.join('')}</text>`);
  }
  return `<g font-family="${MONO_FAMILY}" font-size="${size}" fill="${COLORS.text}">${lines.join('')}</g>`;
}

export function addressCardSvg(art: AddressArt): string {
  const pad = 70;
  const stat = (x: number, label: string, value: string, color: string) =>
    `<text x="${x}" y="470" font-family="${SANS_FAMILY}" font-size="24" fill="${COLORS.muted}">${escapeXml(label)}</text>` +
    `<text x="${x}" y="530" font-family="${SANS_FAMILY}" font-size="52" font-weight="bold" fill="${color}">${escapeXml(value)}</text>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${ART_WIDTH}" height="${ART_HEIGHT}" viewBox="0 0 ${ART_WIDTH} ${ART_HEIGHT}">`,
    `<rect width="${ART_WIDTH}" height="${ART_HEIGHT}" fill="${COLORS.background}"/>`,
    `<rect x="24" y="24" width="${ART_WIDTH - 48}" height="${ART_HEIGHT - 48}" rx="28" fill="${COLORS.panel}" stroke="${COLORS.border}" stroke-width="2"/>`,
    // The vault mark of the site's favicon, then the name.
    `<circle cx="${pad + 22}" cy="100" r="20" fill="none" stroke="${COLORS.money}" stroke-width="6"/>`,
    `<circle cx="${pad + 22}" cy="100" r="6" fill="${COLORS.money}"/>`,
    `<text x="${pad + 60}" y="112" font-family="${SANS_FAMILY}" font-size="34" font-weight="bold" fill="${COLORS.text}">Vanity Vault</text>`,
    `<text x="${pad}" y="210" font-family="${SANS_FAMILY}" font-size="26" fill="${COLORS.muted}">Vanity Solana address · ${escapeXml(art.category)}</text>`,
    addressLines(art, pad, 290, 38),
    stat(pad, 'Price', art.price, COLORS.money),
    stat(560, 'Rarity', `${art.rarityScore.toFixed(1)}/10 ${art.tier}`, COLORS.gold),
    '</svg>',
  ].join('');
}
