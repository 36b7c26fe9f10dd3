import { createHash } from 'node:crypto';
import { RARITY_TIERS, rarityTierOf } from '@shared/api/search-filters';
import { lamportsToSolString } from '@shared/money';
import { pageMeta, SITE_NAME } from '@shared/seo/page-meta';
import type { Queryable } from '../../db/database';
import { listingsRepository } from '../listings';
import { ART_HEIGHT, ART_WIDTH, type AddressArt } from '../address-art';

const escapeHtml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c]!);

type Listed = NonNullable<Awaited<ReturnType<typeof listingsRepository.findByAddress>>>;

/** What the link-preview picture shows of a listing. */
export function artOf(row: Listed): AddressArt {
  const score = Number(row.rarityScore);
  return {
    address: row.address,
    pattern: row.pattern,
    patternPosition: row.patternPosition,
    price: `${lamportsToSolString(row.price)} ${row.currency}`,
    rarityScore: score,
    tier: RARITY_TIERS[rarityTierOf(score)].label,
    category: row.category.replace(/-/g, ' '),
  };
}

/** Changes whenever the picture would: part of the image URL, so previews and caches pick up a new price. */
export const artVersion = (art: AddressArt) =>
  createHash('sha256').update(JSON.stringify(art)).digest('base64url').slice(0, 12);

export const ogImagePath = (address: string) => `/og/address/${encodeURIComponent(address)}.png`;

/**
 * The <head> tags of the page at `pathname`: title, description and canonical URL for every route; OpenGraph and
 * Twitter card tags (with the server-rendered picture) for an address that is listed; noindex for the 404 page.
 */
export async function pageHead(db: Queryable, origin: string, pathname: string): Promise<string> {
  const meta = pageMeta(pathname);
  let { title, description } = meta;
  const tags: string[] = [];
  const property = (name: string, content: string) =>
    tags.push(`<meta property="${name}" content="${escapeHtml(content)}" />`);
  const named = (name: string, content: string) =>
    tags.push(`<meta name="${name}" content="${escapeHtml(content)}" />`);

  const address = /^\/address\/([^/]+)\/?$/.exec(pathname)?.[1];
  const row = address ? await findListing(db, address) : undefined;
  if (row) {
    const art = artOf(row);
    description = `${art.price} · rarity ${art.rarityScore.toFixed(1)}/10 ${art.tier} · ${art.category}. ${description}`;
    const url = `${origin}/address/${encodeURIComponent(row.address)}`;
    const image = `${origin}${ogImagePath(row.address)}?v=${artVersion(art)}`;
    const alt = `${row.address}${row.pattern ? ` with the pattern ${row.pattern}` : ''}, ${art.price}, rarity ${art.tier}`;
    property('og:site_name', SITE_NAME);
    property('og:type', 'website');
    property('og:title', title);
    property('og:description', description);
    property('og:url', url);
    property('og:image', image);
    property('og:image:type', 'image/png');
    property('og:image:width', String(ART_WIDTH));
    property('og:image:height', String(ART_HEIGHT));
    property('og:image:alt', alt);
    named('twitter:card', 'summary_large_image');
    named('twitter:title', title);
    named('twitter:description', description);
    named('twitter:image', image);
    named('twitter:image:alt', alt);
  }
  if (meta.notFound) named('robots', 'noindex');
  else if (!address || row)
    tags.push(`<link rel="canonical" href="${escapeHtml(origin + canonicalPath(pathname))}" />`);
  title = escapeHtml(title);
  return [`<title>${title}</title>`, `<meta name="description" content="${escapeHtml(description)}" />`, ...tags].join(
    '\n    ',
  );
}

const canonicalPath = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

async function findListing(db: Queryable, encoded: string): Promise<Listed | undefined> {
  let address: string;
  try {
    address = decodeURIComponent(encoded);
  } catch {
    return undefined;
  }
  if (address.length > 128) return undefined;
  return listingsRepository.findByAddress(db, address);
}
