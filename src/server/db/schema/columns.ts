import { sql, type SQL } from 'drizzle-orm';
import { customType, numeric, timestamp, uuid, type PgColumn } from 'drizzle-orm/pg-core';
import { lamportsToPriceColumn, priceColumnLamports } from '@shared/money';

/**
 * Column helpers shared by every table file. SQL names are written out in snake_case on each column (not left
 * to drizzle's `casing` option) so the schema means the same thing whichever way a driver is configured.
 */

/** Random uuid primary key: ids appear in URLs, so they must not be guessable or enumerable. */
export const id = () => uuid('id').primaryKey().defaultRandom();

/**
 * A money amount: `numeric(18,8)` in the database (the spec's stored form), `bigint` lamports in the program
 * (docs/domain.md#money). The one place a stored amount is parsed or written: repositories read and write lamports,
 * and the API edge formats them once. For a non-SOL currency the unit is 1e-9 of that currency.
 */
export const lamports = customType<{ data: bigint; driverData: string }>({
  dataType: () => 'numeric(18, 8)',
  toDriver: lamportsToPriceColumn,
  fromDriver: (text) => priceColumnLamports(String(text)),
});

/** A `lamports` column's default of zero, as SQL: drizzle-kit cannot write a `bigint` default into its snapshot. */
export const ZERO_LAMPORTS = sql`'0'`;

/** A USD (or other decimal, not-lamport) figure: numeric(18,8) read as a string, so no float ever touches it. */
export const decimalAmount = (name: string) => numeric(name, { precision: 18, scale: 8 });

/** A rarity score, 0–10 with one decimal (docs/domain.md#rarity-and-value). */
export const rarity = (name: string) => numeric(name, { precision: 3, scale: 1 });

/** A fee or discount percentage, 0–100 with two decimals (2.50 = 2.5%). */
export const percentage = (name: string) => numeric(name, { precision: 5, scale: 2 });

/** A signed relative change in percent; wide because a price can move by more than 100%. */
export const changePercent = (name: string) => numeric(name, { precision: 12, scale: 4 });

export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

// Newest-first indexes are declared `.desc().nullsFirst()`: that is what a plain `ORDER BY … DESC` means in
// PostgreSQL, and drizzle-kit would otherwise write NULLS LAST, which the planner cannot use for that order.

export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

/**
 * `column IN ('a', 'b')` for a CHECK constraint or a partial index predicate. DDL cannot take bind
 * parameters, so the values are inlined; they come only from the constant lists in `values.ts`.
 */
export function oneOf(column: PgColumn, values: readonly string[]): SQL {
  const list = values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ');
  return sql`${column} in (${sql.raw(list)})`;
}
