/**
 * Sitemap XML (sitemaps.org protocol 0.9). At most 50,000 URLs per file: past that, /sitemap.xml becomes an index
 * of /sitemap-1.xml, /sitemap-2.xml, … each holding its share of the listings' address pages.
 */
export const URLS_PER_SITEMAP = 50_000;
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** The app's pages a crawler should know besides the listings (the rest need a wallet or are per purchase). */
export const STATIC_PATHS = ['/', '/marketplace', '/terms-of-service'];

export interface SitemapUrl {
  loc: string;
  lastmod?: Date;
}

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
const entry = (tag: string, u: SitemapUrl) =>
  `<${tag}><loc>${escapeXml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod.toISOString()}</lastmod>` : ''}</${tag}>`;

export const urlsetXml = (urls: SitemapUrl[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n${urls.map((u) => entry('url', u)).join('\n')}\n</urlset>\n`;

export const sitemapIndexXml = (sitemaps: SitemapUrl[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NS}">\n${sitemaps.map((s) => entry('sitemap', s)).join('\n')}\n</sitemapindex>\n`;

/**
 * How the URLs (the static pages first, then the listings) fall into files: one file when they fit, else
 * `files` files of `perFile`. File n (1-based) holds URLs [(n-1)·perFile, n·perFile).
 */
export function sitemapPlan(listings: number, perFile = URLS_PER_SITEMAP) {
  const total = STATIC_PATHS.length + listings;
  return { total, files: Math.max(1, Math.ceil(total / perFile)), perFile };
}
