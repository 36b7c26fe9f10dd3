import { and, eq, gte, ilike, lt, lte, ne, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Pagination, SearchListingsQuery, UserListingsQuery } from '@shared/api/listings';
import { RARITY_TIERS, type SearchPosition } from '@shared/api/search-filters';
import { matchesNoAddress, reachesTrigrams } from '@shared/api/search-text';
import { addresses, marketplaceListing, users } from '../../db/schema';
import type { ListingFilter } from './listing-page.repository';

/** The user's own % and _ taken literally in an ILIKE pattern. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%text%` for ILIKE with the user's own % and _ taken literally. */
export const containsPattern = (text: string) => `%${literal(text)}%`;

/**
 * A filter's values and clauses. Each value is sent as a parameter named after its clause, so the statement's text
 * depends only on which clauses there are (the filter's `shape`) and is built and prepared once per shape
 * (`listing-page.repository.ts`). The clauses' SQL is built only then (`where`), not on every request: a request
 * only names its values (1 µs, where building drizzle's objects took 3–8 µs).
 */
class Clauses {
  readonly values: Record<string, unknown> = {};
  private readonly parts: (() => SQL | undefined)[] = [];

  /** A clause without a value of its own. */
  add(build: () => SQL | undefined): void {
    this.parts.push(build);
  }

  /** A clause around one value, sent as the parameter `name`. */
  param(name: string, value: unknown, build: (placeholder: Placeholder) => SQL): void {
    this.values[name] = value;
    this.parts.push(() => build(sql.placeholder(name)));
  }

  get size(): number {
    return this.parts.length;
  }

  /** Every clause, and-ed; built when called. */
  where(): () => SQL | undefined {
    const parts = this.parts;
    return () => and(...parts.map((build) => build()));
  }
}

function matching(clauses: Clauses, text: string | undefined, position: SearchPosition = 'anywhere'): void {
  if (!text) return;
  // Starts or ends with: the address itself, anchored, as a range of addresses_market_address_lower_idx (or of
  // addresses_market_address_reversed_idx, the address read backwards). Lowercased on both sides, which is what
  // ILIKE does: an address is ASCII, and text that is not (so matches none) is answered `false` by the caller.
  if (position === 'start')
    return clauses.param(
      'startsWith',
      `${literal(text.toLowerCase())}%`,
      (p) => sql`lower(${addresses.address}) like ${p}`,
    );
  if (position === 'end') {
    const reversed = [...text.toLowerCase()].reverse().join('');
    return clauses.param(
      'endsWith',
      `${literal(reversed)}%`,
      (p) => sql`reverse(lower(${addresses.address})) like ${p}`,
    );
  }
  // Each side has its trigram index (addresses_address_trgm_idx, addresses_pattern_trgm_idx): a BitmapOr.
  clauses.param('contains', containsPattern(text), (p) =>
    or(ilike(addresses.address, p), ilike(addresses.pattern, p))!,
  );
}

/**
 * The marketplace's filters (search-filters.ts). Each has an index that finds its matches without a scan (category and pattern length their
 * own partial btrees, price and rarity the sort indexes as ranges).
 */
function filtered(c: Clauses, q: SearchListingsQuery): void {
  const tier = q.tier ? RARITY_TIERS[q.tier] : undefined;
  if (q.category) c.param('category', q.category, (p) => eq(addresses.category, p));
  // A length bound asks for a pattern: listings without one (length 0) never match, not even "at most 3".
  if (q.minLength !== undefined || q.maxLength !== undefined)
    c.param('minLength', q.minLength ?? 1, (p) => gte(addresses.patternLength, p));
  if (q.maxLength !== undefined) c.param('maxLength', q.maxLength, (p) => lte(addresses.patternLength, p));
  if (q.minPrice !== undefined) c.param('minPrice', q.minPrice, (p) => gte(addresses.price, p));
  if (q.maxPrice !== undefined) c.param('maxPrice', q.maxPrice, (p) => lte(addresses.price, p));
  if (tier) c.param('tierMin', String(tier.min), (p) => gte(addresses.rarityScore, p));
  if (tier && 'below' in tier) c.param('tierBelow', String(tier.below), (p) => lt(addresses.rarityScore, p));
  // A position with no text to place acts on its own: listings whose pattern sits there. Read in sort
  // order like the other unindexed filters; most patterns are prefixes or suffixes, so a page fills quickly.
  if (!q.query && q.position !== 'anywhere')
    c.param('patternPosition', q.position === 'start' ? 'prefix' : 'suffix', (p) => eq(addresses.patternPosition, p));
  // One seller: addresses_seller_created_idx finds their listings; an unknown wallet matches nothing.
  if (q.seller)
    c.param('seller', q.seller, (p) =>
      eq(addresses.sellerId, sql`(select ${users.id} from ${users} where ${users.walletAddress} = ${p})`),
    );
}

function window(page: number, pageSize: number) {
  return { limit: pageSize, offset: (page - 1) * pageSize };
}

/**
 * Every field of the query but the sort, the page and the ignored wallet: what the matches depend on, so a total
 * counted for it holds for every sort and page of it (a filter added to the schema is part of it by default).
 */
function totalKeyOf(q: SearchListingsQuery): string {
  const { page: _page, pageSize: _size, sortBy: _sortBy, sortOrder: _order, walletAddress: _wallet, ...filter } = q;
  return `search ${JSON.stringify(filter)}`;
}

/** GET /api/addresses/search: listed, never deleted, optionally not sold; substring search on address/pattern. */
export function searchFilter(q: SearchListingsQuery): ListingFilter {
  const sortBy = { createdAt: addresses.createdAt, price: addresses.price, rarityScore: addresses.rarityScore }[
    q.sortBy
  ];
  // undefined: no search text; true: text too short for the trigram indexes.
  const short = q.query ? !reachesTrigrams(q.query, q.position) : undefined;
  const nothing = Boolean(q.query && matchesNoAddress(q.query) && (q.position !== 'anywhere' || short));
  const clauses = new Clauses();
  // marketplaceListing is the predicate of the addresses_market_* partial indexes, spelled the same way.
  clauses.add(() => marketplaceListing(addresses));
  if (q.excludeSold) clauses.add(() => sql`${addresses.status} <> 'sold'`);
  // Text no address can hold whatever its case (a 0, punctuation): an anchored search reads only the address,
  // and a short one anywhere would walk the whole sort index looking for it. Nothing matches; nothing is read.
  if (nothing) clauses.add(() => sql`false`);
  matching(clauses, q.query, q.position);
  const marketplace = clauses.size;
  filtered(clauses, q);
  const values = clauses.values;
  return {
    where: clauses.where(),
    values,
    // Everything the statement's text depends on besides the sort (`pageStatements` adds it): the clauses present.
    shape: `search ${q.excludeSold} ${nothing} ${short} ${Object.keys(values).join(',')}`,
    sortBy,
    sortOrder: q.sortOrder,
    // Only search text the trigram indexes can find is collected in one pass: the other filters' columns have
    // planner statistics, so their pages are read in sort order (or from the filter's index, whichever the planner
    // finds cheaper) like the default page, and counted up to COUNT_CAP from their own index.
    narrow: short === false,
    // Text too short for a trigram (1 character anchored, 2 anywhere) matches 1–5% of random addresses: its page is
    // the sort index walked until 20 match (≈400–2,000 rows), and it is counted only as far as the page buttons
    // need. Counting to COUNT_CAP would walk 20,000–100,000 rows.
    ...(short ? { countCap: 0 } : {}),
    selective: clauses.size > marketplace,
    totalKey: totalKeyOf(q),
    ...window(q.page, q.pageSize),
  };
}

/** GET /api/addresses/user: the seller's own listings, listed or not, never deleted. */
export function userFilter(sellerId: string, q: UserListingsQuery): ListingFilter {
  const sortBy = { createdAt: addresses.createdAt, price: addresses.price, patternLength: addresses.patternLength }[
    q.sortBy
  ];
  const clauses = new Clauses();
  clauses.param('sellerId', sellerId, (p) => eq(addresses.sellerId, p));
  clauses.add(() => ne(addresses.status, 'deleted'));
  if (q.status !== 'all') clauses.param('status', q.status, (p) => eq(addresses.status, p));
  if (q.category !== 'all' && q.category !== '')
    clauses.param('category', q.category, (p) => eq(addresses.category, p));
  matching(clauses, q.search);
  const values = clauses.values;
  return {
    where: clauses.where(),
    values,
    shape: `user ${Object.keys(values).join(',')}`,
    sortBy,
    sortOrder: q.sortOrder,
    narrow: Boolean(q.search),
    selective: false,
    own: true,
    ...window(q.page, q.pageSize),
  };
}

/** `totalExact: false` (a capped count): there are more than `total`, so at least one more page than it fills. */
export function pagination(page: number, pageSize: number, total: number, totalExact = true): Pagination {
  const totalPages = Math.max(1, Math.ceil((totalExact ? total : total + 1) / pageSize));
  return {
    page,
    pageSize,
    total,
    totalExact,
    totalPages,
    hasNextPage: page < totalPages,
    hasPreviousPage: page > 1,
  };
}
