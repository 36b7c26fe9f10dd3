import { getTableName, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { addresses } from '../../db/schema';
import { LISTING_COLUMNS, LISTING_COLUMN_KEYS, type EncodedListings } from './listing-columns';

const NAMES = LISTING_COLUMN_KEYS.map((k) => `"${addresses[k].name}"`);
const INSERT_COLUMNS = sql.raw(NAMES.join(', '));
// search_tags arrive as the text of one array literal per row (unnest would flatten a 2-D array).
const SELECT_LIST = sql.raw(
  NAMES.map((name, i) => (LISTING_COLUMN_KEYS[i] === 'searchTags' ? `u.${name}::text[]` : `u.${name}`)).join(', '),
);

/**
 * The trigram (GIN) index on `address` is most of a bulk insert's database cost (≈45 of ≈90 µs per row at
 * 100,000 rows). GIN queues new entries in a pending list and merges it into the index when it exceeds
 * `gin_pending_list_limit` (4 MB): the bigger the batch merged at once, the fewer visits per trigram, so a chunk
 * transaction lets the list grow to 16 MB and gives the merge 64 MB of memory (it needs both), which cuts the
 * database's CPU for 100,000 rows by about a quarter (9.1 s → 6.7 s). `set_config(…, true)` is SET LOCAL: it ends
 * with the transaction. The price: while an upload runs, a search reads up to 16 MB of pending entries, and
 * another writer that crosses its own 4 MB limit merges the list (longer than usual); `mergePendingIndexEntries`
 * empties it at the end of the upload.
 */
const BULK_CHUNK_SETTINGS = sql`select set_config('gin_pending_list_limit', '16MB', true), set_config('work_mem', '64MB', true)`;

export const bulkWriteRepository = {
  /** For a chunk transaction: see BULK_CHUNK_SETTINGS. */
  async useBulkSettings(tx: Queryable): Promise<void> {
    await tx.execute(BULK_CHUNK_SETTINGS);
  },

  /**
   * Merges the GIN pending lists of `addresses` into their indexes (one transaction, with memory for the
   * merge), so searches after an upload do not scan what it queued. Returns false when the database refused
   * (e.g. a role that does not own the indexes): the next writer or autovacuum then merges them instead.
   */
  async mergePendingIndexEntries(db: Queryable): Promise<boolean> {
    try {
      await db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('maintenance_work_mem', '64MB', true)`);
        await tx.execute(sql`
          select gin_clean_pending_list(i.indexrelid)
          from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am am on am.oid = c.relam
          where i.indrelid = ${getTableName(addresses)}::regclass and am.amname = 'gin'`);
      });
      return true;
    } catch {
      return false;
    }
  },

  /**
   * One `INSERT … SELECT … FROM unnest($1::text::text[], $2::text::uuid[], …)` for a whole batch: one text
   * parameter per column (an array literal) instead of one per value (23 instead of 23,000 for 1,000 rows), so
   * neither drizzle nor PostgreSQL builds or parses a giant statement. The parameters are typed text and cast,
   * which both drivers pass through unchanged. An address listed already (or inserted concurrently) is skipped,
   * not an error: the caller reports every address missing from the result as a duplicate. Rows go in in address
   * order: an insert waits for another transaction that holds the same address uncommitted, so two uploads sharing
   * addresses in different orders would each wait for the other (a deadlock); in one order, one of them goes first.
   */
  async insertListings(db: Queryable, listings: EncodedListings): Promise<{ id: string; address: string }[]> {
    const arrays = LISTING_COLUMN_KEYS.map(
      (k) => sql`${sql.param(listings[k])}::text::${sql.raw(LISTING_COLUMNS[k])}[]`,
    );
    const result = await db.execute(sql`
      insert into ${addresses} (${INSERT_COLUMNS})
      select ${SELECT_LIST} from unnest(${sql.join(arrays, sql`, `)}) as u(${INSERT_COLUMNS})
      order by u."address" collate "C"
      on conflict (address) do nothing
      returning id, address`);
    return (result as unknown as { rows: { id: string; address: string }[] }).rows;
  },
};
