import { asc, desc, fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/database';
import { preparedOnce, type Preparable } from '../../db/prepared';
import { addresses } from '../../db/schema';
import { noKeptTotals, type KeptTotals } from './kept-totals';
import { ownPageColumns, pageColumns, withSellerWallets, type ListingViewRow, type PageRow } from './page-columns';

/** One page of a listing read: which rows, in which order, which slice. */
export interface ListingFilter {
  /**
   * Its values are placeholders (`sql.placeholder`), named in `values`. Built when called: only when a shape's
   * statements are first built, not on every request.
   */
  where: () => SQL | undefined;
  values: Record<string, unknown>;
  /**
   * Names the text of `where` (which clauses, not their values): the statements of one shape are built and
   * prepared once, then only executed with their values. Without one, they are built on every call.
   */
  shape?: string;
  sortBy: AnyPgColumn;
  /** id breaks ties in the same direction, so one index serves both directions and pages never overlap. */
  sortOrder: 'asc' | 'desc';
  /**
   * The filter includes a substring search. Its matches are found through the trigram indexes (or an address range
   * when anchored), not in sort order, so they are collected in one pass (see `pageListings`) instead of walking a
   * sort index until 20 turn up.
   */
  narrow: boolean;
  /**
   * The filter has predicates beyond the marketplace's own (category, length, price, rarity, seller). The capped
   * count is then left unordered, so the planner reads it from the filter's own index; ordered like the default
   * sort's index, it would walk that index through every listing the filter skips.
   */
  selective: boolean;
  /**
   * Names everything `where` depends on (the filters' values, not the sort or page), so a total counted for one
   * caller serves every caller of the same filter (`KeptTotals`). Without one, totals are never kept.
   */
  totalKey?: string;
  /**
   * Count only this far (or as far as the page buttons need, whichever is more) instead of COUNT_CAP: for a filter
   * whose matches are found by walking the sort index, where counting a thousand of them walks 50× the page.
   */
  countCap?: number;
  /** A seller's own list: the rows also carry `unlistedReason`. */
  own?: boolean;
  limit: number;
  offset: number;
}

export interface ListingPage {
  rows: ListingViewRow[];
  /** Exact when `totalExact`; otherwise there are more than `total` matches. */
  total: number;
  totalExact: boolean;
}

/**
 * Counting stops past this many listings. An exact total costs a pass over every match (940,000 index entries for
 * the default page at 1M listings, 150 ms a request); the browser needs it for a badge and the page buttons.
 */
export const COUNT_CAP = 1_000;
/**
 * Substring matches counted exactly up to this many (past it the total reads "5,000+"). A 3-character search matches
 * ~0.1–0.2% of random addresses (1,000–2,000 at 1M listings, 6,000–17,000 at 10M).
 */
export const MATCH_CAP = 5_000;
/**
 * Substring matches collected in one pass, their page sorted from them, up to this many (decision 0023). Past it the
 * text is common and walking the sort's index is the cheaper way to a page; below it the walk reads a row per
 * 1/rate of the table to find each of the page's 20 (at 10M listings, 15,000–30,000 rows from the heap for a
 * 3-character text where collecting its 6,000–13,000 matches reads half as many, in heap order). The total shown
 * is still counted up to MATCH_CAP only.
 */
export const SCAN_CAP = 20_000;
/**
 * The marketplace shows page buttons up to two pages past the current one (docs/product-spec.md#marketplace: 5 around
 * it).
 */
const PAGES_AHEAD = 2;

/**
 * The statements `pageListings` may send, as query builders: await one to run it, `.toSQL()` to EXPLAIN it.
 * Each is built when asked for (a getter): a request sends one or two of them, and building drizzle's query
 * objects is a good part of its JavaScript.
 */
export function pageStatements(db: Queryable, f: ListingFilter) {
  const cap = Math.max(f.narrow ? MATCH_CAP : (f.countCap ?? COUNT_CAP), f.offset + f.limit * (PAGES_AHEAD + 1));
  const dir = f.sortOrder === 'asc' ? asc : desc;
  // The page's numbers are parameters too, so a shape's statements serve every page and page size.
  const limit = sql.placeholder('limit');
  const offset = sql.placeholder('offset');
  const capPlusOne = sql.placeholder('capPlusOne');
  const scan = Math.max(SCAN_CAP, cap);
  const scanPlusOne = sql.placeholder('scanPlusOne');
  const columns = f.own ? ownPageColumns : pageColumns;
  const page = () => db.select(columns).from(addresses).$dynamic();
  const count = () => {
    // Ordered like addresses_market_created_idx (which carries status): the capped count is then its first cap + 1
    // entries, index-only. Unordered, the planner picks a heap scan that stops early only if the listings it
    // skips (sold, unlisted, deleted) are not bunched at the start of the table.
    const capping = db
      .select({ one: sql`1` })
      .from(addresses)
      .where(f.where())
      .$dynamic();
    const capped = (f.selective ? capping : capping.orderBy(desc(addresses.createdAt), desc(addresses.id)))
      .limit(capPlusOne)
      .as('capped');
    return db.select({ n: sql<number>`count(*)::int` }).from(capped);
  };
  return {
    cap,
    /** How many matches `matchedPage` collects at most: past it, the page is read in sort order (`ordered`). */
    scan,
    /** What every statement's placeholders stand for. */
    values: {
      ...f.values,
      limit: f.limit,
      offset: f.offset,
      capPlusOne: cap + 1,
      scanPlusOne: scan + 1,
      sliceFrom: f.offset + 1,
      sliceTo: f.offset + f.limit,
    },
    /** What the statements' text depends on: the filter's shape and the sort. */
    shape:
      f.shape === undefined
        ? undefined
        : `${f.shape} ${f.sortBy.name} ${f.sortOrder} ${f.narrow} ${f.selective} ${Boolean(f.own)}`,
    /** The page in sort order: for the marketplace, the first entries of one partial index. */
    get ordered() {
      return page().where(f.where()).orderBy(dir(f.sortBy), dir(addresses.id)).limit(limit).offset(offset);
    },
    /** The same page, each row carrying the capped count (an InitPlan, run once): one round trip for both. */
    get orderedCounted() {
      return db
        .select({ ...columns, total: sql<number>`(${count()})` })
        .from(addresses)
        .where(f.where())
        .orderBy(dir(f.sortBy), dir(addresses.id))
        .limit(limit)
        .offset(offset);
    },
    /** How many match, up to cap + 1. */
    get count() {
      return count();
    },
    /**
     * Up to scan + 1 matches counted, and when that is all of them this page's rows, in sort order; a single row of
     * nulls but `n` when none is on the page. One statement (it was two, the matching ids, then their rows),
     * so one round trip, and one statement to parse, plan and start.
     */
    get matchedPage() {
      const order = sql.raw(f.sortOrder);
      const m = db
        .select({ id: addresses.id, key: f.sortBy })
        .from(addresses)
        .where(f.where())
        .limit(scanPlusOne)
        .as('m');
      const slice = sql`[${sql.placeholder('sliceFrom')}::int:${sql.placeholder('sliceTo')}::int]`;
      const c = db
        .select({
          n: sql<number>`count(*)::int`.as('n'),
          ids: sql<string[] | null>`(array_agg(${m.id} order by ${m.key} ${order}, ${m.id} ${order}))${slice}`.as(
            'ids',
          ),
        })
        .from(m)
        .as('c');
      // Lateral, so the page's rows are looked up by the ids (a scan of the primary key), never joined by a scan of
      // the table; and only when the matches were all collected (n ≤ scan): past it the ids are not the page's.
      const p = page()
        .where(sql`${addresses.id} = any(${c.ids}) and ${c.n} < ${scanPlusOne}`)
        .as('p');
      const fields = p as unknown as Record<string, AnyPgColumn>;
      const sortKey = Object.keys(columns).find((k) => columns[k as keyof typeof columns] === f.sortBy)!;
      return db
        .select({ n: c.n, ...(Object.fromEntries(Object.keys(columns).map((k) => [k, fields[k]])) as typeof columns) })
        .from(c)
        .leftJoinLateral(p, sql`true`)
        .orderBy(dir(fields[sortKey]!), dir(fields.id!));
    },
  };
}

/** One of `pageStatements`' statements with its values in place: to EXPLAIN it (tests, the benchmark). */
export function withValues(
  query: { toSQL(): { sql: string; params: unknown[] } },
  values: Record<string, unknown>,
): SQL {
  const { sql: text, params } = query.toSQL();
  const filled = fillPlaceholders(params, values);
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [sql.raw(parts[0]!)];
  for (let i = 1; i < parts.length; i += 2)
    chunks.push(sql`${sql.param(filled[Number(parts[i]) - 1])}`, sql.raw(parts[i + 1]!));
  return sql.join(chunks);
}

/**
 * A page and its total, counted up to a cap (and always far enough to draw the page buttons of deep pages).
 * A total past the cap is kept in `totals` for a few seconds (`kept-totals.ts`); while it is, a page is the
 * one statement that reads its rows. Every statement is sent prepared (`runPrepared`), without a join: the
 * sellers' wallets come from `withSellerWallets`.
 *
 * Without a substring, one statement reads the page (the first entries of the sort's index) with the count (an
 * index-only scan of the default sort's index) beside it. With one, a single statement collects up to SCAN_CAP + 1 matches with their sort keys (a
 * bitmap scan of the trigram indexes, or a range of an address index when anchored); when that is all of them, the
 * same statement slices the page from them and looks its rows up by id. Only when there are more (a common substring) is the page read in sort order, where matches are
 * then frequent enough to fill it quickly. So no plan hangs on the planner's guess at how many rows
 * `ILIKE '%x%'` matches: it is often off by 10x, and a rare substring taken for a common one would walk the sort
 * index through tens of thousands of rows to find 20.
 */
export async function pageListings(
  db: Queryable,
  f: ListingFilter,
  totals: KeptTotals = noKeptTotals,
): Promise<ListingPage> {
  const q = pageStatements(db, f);
  // Each statement of the shape, prepared on its first use and kept (`preparedOnce`): built only then. A substring's
  // are planned for their text every time: PostgreSQL's plan for any text (after five executions of a named
  // statement) reads the whole table, as it cannot know that `LIKE $1` is a narrow range or a rare trigram (at 10M
  // listings, a parallel scan of 7 s where its plan for the text takes 1 ms; decision 0023).
  const run = <T>(kind: string, build: () => Preparable<T>, extra: Record<string, unknown> = {}) =>
    preparedOnce(db, q.shape === undefined ? undefined : `page ${kind} ${q.shape}`, build, {
      planEachTime: f.narrow,
    }).execute({
      ...q.values,
      ...extra,
    });
  // The filter and how far it is counted: everything a capped count depends on.
  const key = f.totalKey === undefined ? undefined : `${f.totalKey} ${q.cap}`;
  // Not for a substring: its count comes with its page in one pass, and at 10M listings the page of a text past the
  // cap is far cheaper sorted from its collected matches than read in sort order (decision 0023).
  const kept = key === undefined || f.narrow ? undefined : totals.get(key);
  // A total past the cap, counted for this filter a moment ago (by anybody): only the page's rows are read.
  if (kept !== undefined) return bounded(await rowsOf(db, await run('ordered', () => q.ordered)), kept, q.cap);
  if (!f.narrow) {
    const counted = await run('orderedCounted', () => q.orderedCounted);
    // A page past the end has no row to carry the count.
    const n = counted.length > 0 ? counted[0]!.total : ((await run('count', () => q.count))[0]?.n ?? 0);
    if (key !== undefined) totals.offer(key, n, q.cap);
    return bounded(await rowsOf(db, counted.map(withoutTotal)), n, q.cap);
  }
  const matched = await run('matchedPage', () => q.matchedPage);
  const n = matched[0]?.n ?? 0;
  if (n > q.scan) return bounded(await rowsOf(db, await run('ordered', () => q.ordered)), n, q.cap);
  // No match on the page: the one row the count comes in has no listing (its columns are null).
  const rows = matched.filter((r) => r.id !== null).map(withoutN);
  return bounded(await rowsOf(db, rows), n, q.cap);
}

const rowsOf = (db: Queryable, rows: PageRow[]) => withSellerWallets(db, rows);

const withoutN = <R extends { n: number }>({ n: _n, ...row }: R): Omit<R, 'n'> => row;

const withoutTotal = <R extends { total: number }>({ total: _total, ...row }: R): Omit<R, 'total'> => row;

function bounded(rows: ListingViewRow[], n: number, cap: number): ListingPage {
  return n > cap ? { rows, total: cap, totalExact: false } : { rows, total: n, totalExact: true };
}
