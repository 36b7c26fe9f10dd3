import { lamportsToPriceColumn } from '@shared/money';
import type { NewListingRow } from './listings.repository';

/**
 * The `addresses` columns a bulk upload writes (everything `listingRecord` sets), each with the PostgreSQL
 * element type of its array parameter. `search_tags` is itself an array: each row's tags travel as the text of
 * an array literal, cast per row, because `unnest` would flatten a two-dimensional array.
 */
export const LISTING_COLUMNS = {
  address: 'text',
  network: 'text',
  sellerId: 'uuid',
  price: 'numeric',
  currency: 'text',
  rarityScore: 'numeric',
  estimatedValue: 'numeric',
  category: 'text',
  pattern: 'text',
  patternPosition: 'text',
  isListed: 'bool',
  status: 'text',
  searchTags: 'text',
  patternLength: 'int4',
  repeatingDigits: 'int4',
  hasLeadingZeros: 'bool',
  leadingZeroCount: 'int4',
  hasTrailingZeros: 'bool',
  trailingZeroCount: 'int4',
  hasPalindrome: 'bool',
  hasSequence: 'bool',
  hasWordPattern: 'bool',
  caseSensitivePattern: 'bool',
} as const satisfies { [K in keyof NewListingRow]?: string };

export type ListingColumnKey = keyof typeof LISTING_COLUMNS;
export const LISTING_COLUMN_KEYS = Object.keys(LISTING_COLUMNS) as ListingColumnKey[];

/**
 * A batch of listings as one PostgreSQL array literal per column (`{"a","b",NULL}`): entry i of every array is
 * row i. Built where the rows are sealed (a worker), so the main thread passes 23 strings to the driver instead
 * of converting 23,000 values, and a worker hands over a few strings instead of thousands of small ones.
 */
export type EncodedListings = Record<ListingColumnKey, string>;

type Scalar = string | number | boolean | null;

/** One array element: NULL bare, text double-quoted with `"` and `\` escaped, numbers and booleans bare. */
function element(value: Scalar | readonly string[]): string {
  if (value === null) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('not a finite number');
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 't' : 'f';
  const text = typeof value === 'string' ? value : arrayLiteral(value);
  const plain = !text.includes('"') && !text.includes('\\');
  return `"${plain ? text : text.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}

/** The PostgreSQL array literal of `values` (one dimension; a nested array becomes the quoted text of its own literal). */
export function arrayLiteral(values: readonly (Scalar | readonly string[])[]): string {
  return `{${values.map(element).join(',')}}`;
}

/** The array literal of uuids as PostgreSQL returned them (nothing to quote), NULL for the gaps. */
export const uuidArrayLiteral = (ids: readonly (string | null)[]) => `{${ids.map((id) => id ?? 'NULL').join(',')}}`;

/** Collects `listingRecord`s and encodes them column by column. */
export class ListingColumnsBuilder {
  private readonly columns = LISTING_COLUMN_KEYS.map(() => [] as (Scalar | readonly string[])[]);

  /**
   * Every column must be set: a missing one would insert NULL instead of its default. The row's only `bigint`s are
   * its `lamports` columns (price, estimated value), written as their column type writes them.
   */
  push(row: NewListingRow): void {
    LISTING_COLUMN_KEYS.forEach((key, i) => {
      const value = row[key];
      if (value === undefined) throw new TypeError(`listing column ${key} is missing`);
      this.columns[i]!.push(
        typeof value === 'bigint' ? lamportsToPriceColumn(value) : (value as Scalar | readonly string[]),
      );
    });
  }

  encode(): EncodedListings {
    return Object.fromEntries(
      LISTING_COLUMN_KEYS.map((key, i) => [key, arrayLiteral(this.columns[i]!)]),
    ) as EncodedListings;
  }
}
